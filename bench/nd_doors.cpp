// SPDX-License-Identifier: BSD-3-Clause
// One redistribution planned through both doors under MPI (bench/README.md,
// "N-D planning"): an N x N double matrix from row-cyclic(1) on P x 1
// processes to column-cyclic(1) on 1 x P, as a plan of the 2D door
// (mr2d_plan_create_comm_gemr2d, ScaLAPACK descriptors) and of the N-D door
// (mr2d_plan_create_comm_nd). Printed per N: the median over REPS plan
// creations (each plan destroyed) of the slowest process, and the growth of
// the peak resident memory of the first creation, largest over processes.
//   mpirun -n P mr2d_nd_doors [REPS]
#include <mpi.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "mr2d/mr2d_comm.h"
#include "mr2d/mr2d_nd.h"
#include "program_args.hpp"

namespace {

long peak_kib() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return r.ru_maxrss;
}

// Median over `reps` of the slowest process's seconds for create() (which
// returns a plan to destroy), and the first creation's largest memory growth.
template <class Create>
void time_door(const char* name, mr2d_int n, int reps, Create&& create) {
  std::vector<double> t;
  long grown = 0;
  for (int k = 0; k < reps; ++k) {
    MPI_Barrier(MPI_COMM_WORLD);
    const long before = peak_kib();
    const double t0 = MPI_Wtime();
    mr2d_plan plan = create();
    double s = MPI_Wtime() - t0;
    if (k == 0) grown = peak_kib() - before;
    if (plan == nullptr) std::printf("%s: %s\n", name, mr2d_last_error());
    mr2d_plan_destroy(&plan);
    MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t.push_back(s);
  }
  MPI_Allreduce(MPI_IN_PLACE, &grown, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  std::sort(t.begin(), t.end());
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) std::printf("%-10s %8lld %14.6f %12ld\n", name, static_cast<long long>(n), t[t.size() / 2], grown);
}

}  // namespace

const char kUsage[] =
    "usage: mr2d_nd_doors [REPS]   (under mpirun -n P)\n"
    "  Plans N x N doubles from row-cyclic(1) to column-cyclic(1) on P processes (N = 4096, 16384)\n"
    "  through the 2D door and the N-D door; REPS creations timed (default 9).\n";

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const program_args::Args args(argc, argv, kUsage);
  const int reps = args.count() >= 1 ? static_cast<int>(args.integer(args.at(1), "REPS", 1, 1000)) : 9;
  int p = 1, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) std::printf("%-10s %8s %14s %12s\n", "door", "N", "seconds", "peak +KiB");
  for (mr2d_int n : {mr2d_int{4096}, mr2d_int{16384}}) {
    // 2D: rows cyclic over a P x 1 grid, columns cyclic over 1 x P.
    const mr2d_grid ga{p, 1, nullptr}, gb{1, p, nullptr};
    const mr2d_int rows_a = (n - rank + p - 1) / p;
    const mr2d_int desca[9] = {1, 0, n, n, 1, n, 0, 0, std::max<mr2d_int>(rows_a, 1)};
    const mr2d_int descb[9] = {1, 0, n, n, n, 1, 0, 0, n};
    time_door("2D", n, reps, [&] {
      mr2d_plan plan = nullptr;
      mr2d_plan_create_comm_gemr2d(&plan, MPI_COMM_WORLD, MR2D_D, n, n, 1, 1, desca, &ga, 1, 1, descb, &gb, nullptr);
      return plan;
    });
    // N-D: the same distributions of a C-order array.
    const mr2d_int sizes[2] = {n, n};
    const int grid_a[2] = {p, 1}, grid_b[2] = {1, p};
    const mr2d_int blocks_a[2] = {1, MR2D_ND_COLLAPSED}, blocks_b[2] = {MR2D_ND_COLLAPSED, 1};
    mr2d_nd_array da{}, db{};
    da.ndims = db.ndims = 2;
    da.sizes = db.sizes = sizes;
    da.grid = grid_a;
    db.grid = grid_b;
    da.blocks = blocks_a;
    db.blocks = blocks_b;
    time_door("N-D", n, reps, [&] {
      mr2d_plan plan = nullptr;
      mr2d_plan_create_comm_nd(&plan, MPI_COMM_WORLD, MR2D_D, nullptr, &da, &db, nullptr);
      return plan;
    });
  }
  MPI_Finalize();
  return 0;
}

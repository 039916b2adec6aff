// SPDX-License-Identifier: BSD-3-Clause
// Simulation driver: the moves of a 3D FFT pencil pipeline through the N-D
// door (mr2d_nd.h over MPI_COMM_WORLD). An N^3 complex array A(x, y, z) in
// x-pencils on a 1 x P1 x P2 grid becomes B(y, z, x) on P1 x 1 x P2 (perm
// 2, 0, 1: y-pencils, y fastest), then C(z, x, y) on 1 x P1 x P2 (z-pencils),
// with blocks of BLOCK (default: MR2D_ND_BLOCK) in every distributed
// dimension. Each move is a persistent plan (transport `mpi`), executed REPS
// times. Under SMPI, MPI_Wtime is simulated time. One CSV row on rank 0:
//   processes,n,block,plan_s,move1_s,move2_s
// with the slowest process's plan creation (both plans) and the median of
// the slowest process's execution of each move. Arrays are SMPI-shared (one
// page set for all processes) so that thousands of processes fit in memory:
// the data is not checked here (the MPI tests check N-D moves element by
// element).
//   nd_pencils_driver N P1 P2 [BLOCK [REPS]]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "mr2d/mr2d_nd.h"

#ifdef MR2D_SIMULATED_MPI
#include <smpi/smpi.h>
#define ND_ALLOC(bytes) SMPI_SHARED_MALLOC(bytes)
#define ND_FREE(p) SMPI_SHARED_FREE(p)
#else
#define ND_ALLOC(bytes) std::malloc(bytes)
#define ND_FREE(p) std::free(p)
#endif

namespace {

// One side: sizes, grid and blocks of a 3D array in C order.
struct Side {
  mr2d_int sizes[3];
  int grid[3];
  mr2d_int blocks[3];
  mr2d_nd_array view() const {
    mr2d_nd_array d{};
    d.ndims = 3;
    d.sizes = sizes;
    d.grid = grid;
    d.blocks = blocks;
    return d;
  }
};

double slowest(double mine) {
  double all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 4) {
    if (rank == 0) std::fprintf(stderr, "usage: nd_pencils_driver N P1 P2 [BLOCK [REPS]]\n");
    MPI_Finalize();
    return 2;
  }
  const mr2d_int n = std::atoll(argv[1]);
  const int p1 = std::atoi(argv[2]), p2 = std::atoi(argv[3]);
  const mr2d_int block = argc > 4 ? std::atoll(argv[4]) : MR2D_ND_BLOCK;
  const int reps = argc > 5 ? std::atoi(argv[5]) : 3;
  if (p1 * p2 != size || n < 1 || reps < 1) {
    if (rank == 0) std::fprintf(stderr, "nd_pencils_driver: P1 x P2 must be the %d processes\n", size);
    MPI_Finalize();
    return 2;
  }
  const mr2d_int c = MR2D_ND_COLLAPSED;
  const Side a{{n, n, n}, {1, p1, p2}, {c, block, block}};
  const Side b{{n, n, n}, {p1, 1, p2}, {block, c, block}};
  const Side z{{n, n, n}, {1, p1, p2}, {c, block, block}};
  const int perm[3] = {2, 0, 1};
  const mr2d_nd_array da = a.view(), db = b.view(), dc = z.view();
  const mr2d_options opts{MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_MPI, 0};
  long long elements[3] = {0, 0, 0};
  mr2d_int counts[3];
  for (int k = 0; k < 3; ++k) {
    const mr2d_nd_array* d = k == 0 ? &da : k == 1 ? &db : &dc;
    mr2d_nd_local_shape(d, rank, counts, &elements[k]);
  }
  void* arrays[3];
  for (int k = 0; k < 3; ++k) arrays[k] = ND_ALLOC(static_cast<std::size_t>(std::max(elements[k], 1LL)) * 16);
  mr2d_plan first = nullptr, second = nullptr;
  double t0 = MPI_Wtime();
  int err = mr2d_plan_create_comm_nd(&first, MPI_COMM_WORLD, MR2D_Z, perm, &da, &db, &opts);
  if (err == MR2D_SUCCESS) err = mr2d_plan_create_comm_nd(&second, MPI_COMM_WORLD, MR2D_Z, perm, &db, &dc, &opts);
  const double plan_s = slowest(MPI_Wtime() - t0);
  std::vector<double> moves[2];
  for (int r = 0; r < reps && err == MR2D_SUCCESS; ++r)
    for (int k = 0; k < 2 && err == MR2D_SUCCESS; ++k) {
      MPI_Barrier(MPI_COMM_WORLD);
      t0 = MPI_Wtime();
      err = mr2d_plan_execute(k == 0 ? first : second, arrays[k], arrays[k + 1]);
      moves[k].push_back(slowest(MPI_Wtime() - t0));
    }
  if (err != MR2D_SUCCESS && rank == 0) std::fprintf(stderr, "nd_pencils_driver: %s\n", mr2d_last_error());
  if (err == MR2D_SUCCESS && rank == 0) {
    for (std::vector<double>& m : moves) std::sort(m.begin(), m.end());
    std::printf("%d,%lld,%lld,%.6f,%.6f,%.6f\n", size, static_cast<long long>(n), static_cast<long long>(block), plan_s,
                moves[0][moves[0].size() / 2], moves[1][moves[1].size() / 2]);
  }
  mr2d_plan_destroy(&first);
  mr2d_plan_destroy(&second);
  for (void* p : arrays) ND_FREE(p);
  MPI_Finalize();
  return err == MR2D_SUCCESS ? 0 : 1;
}

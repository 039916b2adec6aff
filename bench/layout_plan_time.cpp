// SPDX-License-Identifier: BSD-3-Clause
// Plan creation and one execution of grid-layout redistributions through the
// C API, timed on the slowest process: a layout of B x B blocks of 10 x 10
// elements with random owners to a block-cyclic matrix (64 x 64 blocks on a
// 2 x P/2 grid) and to a layout with splits shifted by 5 (bench/README.md,
// "Grid-layout planning"). Checks, hashes, the overlap test and the
// exchanges are included; P must be even.
//   mpirun -np P mr2d_layout_plan_time [B]
#include <mpi.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "mr2d/blacs.h"
#include "mr2d/mr2d_layout.h"
#include "program_args.hpp"

namespace {

const char kUsage[] =
    "usage: mr2d_layout_plan_time [B]\n"
    "  Under mpirun with an even number of processes: times creating and executing the plan\n"
    "  of a layout of B x B blocks (default 1000) to a block-cyclic matrix and to a layout.\n";

constexpr mr2d_int kBlock = 10;

// CPU seconds of this process so far (user and system): what a loaded,
// shared machine does not inflate as it does wall time.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// A layout of b x b blocks, the inner splits moved up by `shift`; this
// process's blocks packed one after another in `data`, given by offset.
struct Layout {
  std::vector<mr2d_int> splits;
  std::vector<int> owners;
  std::vector<mr2d_block> blocks;
  std::vector<double> data;
  mr2d_grid_layout layout{};
  mr2d_matrix matrix{};

  Layout(int b, mr2d_int shift, int nprocs, int me, unsigned seed) {
    std::mt19937 rng(seed);
    for (int k = 0; k <= b; ++k) splits.push_back(k == 0 || k == b ? k * kBlock : k * kBlock - shift);
    owners.resize(static_cast<std::size_t>(b) * static_cast<std::size_t>(b));
    for (int& o : owners) o = static_cast<int>(rng() % static_cast<unsigned>(nprocs));
    std::size_t used = 0;
    for (int c = 0; c < b; ++c)
      for (int r = 0; r < b; ++r) {
        if (owners[static_cast<std::size_t>(r + c * b)] != me) continue;
        mr2d_block blk{};
        blk.row = r;
        blk.col = c;
        blk.ld = splits[static_cast<std::size_t>(r + 1)] - splits[static_cast<std::size_t>(r)];
        blk.offset = static_cast<long long>(used);
        used += static_cast<std::size_t>(blk.ld * (splits[static_cast<std::size_t>(c + 1)] - splits[static_cast<std::size_t>(c)]));
        blocks.push_back(blk);
      }
    data.assign(used + 1, 1.0);
    layout = {b * kBlock, b * kBlock, b, b, splits.data(), splits.data(), owners.data(),
              static_cast<int>(blocks.size()), blocks.data()};
    matrix.layout = &layout;
  }
};

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(argc, argv, kUsage);
  const int b = args.count() >= 1 ? static_cast<int>(args.integer(args.at(1), "B", 1, 4000)) : 1000;
  MPI_Init(&argc, &argv);
  int me = 0, nprocs = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs % 2 != 0) {
    if (me == 0) std::fprintf(stderr, "mr2d_layout_plan_time: needs an even number of processes\n");
    MPI_Finalize();
    return 2;
  }
  int ctxt = 0, grid = 0, pr = 0, pc = 0, myr = 0, myc = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", 1, nprocs);
  Cblacs_get(0, 0, &grid);
  Cblacs_gridinit(&grid, "R", 2, nprocs / 2);
  Cblacs_gridinfo(grid, &pr, &pc, &myr, &myc);
  const mr2d_int n = b * kBlock, nb = 64;
  auto local = [&](int p, int np) {
    const mr2d_int blocks = n / nb;
    mr2d_int count = blocks / np * nb;
    if (p < blocks % np) count += nb;
    else if (p == blocks % np) count += n % nb;
    return count;
  };
  const mr2d_int lrows = local(myr, pr), lcols = local(myc, pc);
  mr2d_int desc[9] = {1, grid, n, n, nb, nb, 0, 0, lrows > 1 ? lrows : 1};
  std::vector<double> cyclic(static_cast<std::size_t>(desc[8] * (lcols > 1 ? lcols : 1)), 0.0);
  mr2d_matrix to_cyclic{};
  to_cyclic.desc = desc;
  Layout a(b, 0, nprocs, me, 1), shifted(b, kBlock / 2, nprocs, me, 2);
  for (int target = 0; target < 2; ++target) {
    MPI_Barrier(MPI_COMM_WORLD);
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpu_seconds();
    mr2d_plan plan = nullptr;
    int rc = mr2d_plan_create_layout_transform(&plan, MR2D_D, "N", n, n, 1, 1, &a.matrix, 1, 1,
                                               target == 0 ? &to_cyclic : &shifted.matrix, ctxt, nullptr);
    const double create = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double create_cpu = cpu_seconds() - c0;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = std::chrono::steady_clock::now();
    c0 = cpu_seconds();
    if (rc == MR2D_SUCCESS) rc = mr2d_plan_execute(plan, a.data.data(), target == 0 ? cyclic.data() : shifted.data.data());
    const double run = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double mine[4] = {create, run, create_cpu, cpu_seconds() - c0}, slowest[4] = {0, 0, 0, 0};
    MPI_Reduce(mine, slowest, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (me == 0)
      std::printf("%d x %d blocks -> %s: plan creation %.3f s (CPU %.3f s), execution %.3f s (CPU %.3f s) "
                  "(slowest process)%s\n",
                  b, b, target == 0 ? "block-cyclic (64 x 64 blocks, 2 x P/2)" : "layout with shifted splits",
                  slowest[0], slowest[2], slowest[1], slowest[3], rc == MR2D_SUCCESS ? "" : " FAILED");
    if (rc != MR2D_SUCCESS) std::fprintf(stderr, "%s\n", mr2d_last_error());
    mr2d_plan_destroy(&plan);
  }
  Cblacs_exit(1);
  MPI_Finalize();
  return 0;
}

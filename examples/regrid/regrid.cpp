// SPDX-License-Identifier: BSD-3-Clause
// A matrix changes processor sets: it starts on 2 processes (1x2 grid), grows
// onto all 6 (2x3 grid) for a phase that needs them, then shrinks onto 3 of
// them (3x1 grid). Every hop is one call in the union context of the 6 ranks;
// a process outside a grid still calls, with a descriptor whose CTXT is -1.
// After each hop every element is checked against the formula it came from.
//   mr2d_regrid [M N]   (6 processes)
#include <mpi.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "dist_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "program.hpp"
#include "timing.hpp"

using examples::DistMatrix;
using examples::Grid;
using examples::position_value;

namespace {

/// Rank 0 prints which ranks hold the matrix, where and how much.
void describe(const char* phase, const DistMatrix<double>& d) {
  int rank = 0, nprocs = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  const int mine[4] = {d.grid.myrow, d.grid.mycol, d.rows, d.cols};
  std::vector<int> all(4 * static_cast<std::size_t>(nprocs));
  MPI_Gather(mine, 4, MPI_INT, all.data(), 4, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank != 0) return;
  std::string members, outside;
  for (int r = 0; r < nprocs; ++r) {
    const int* v = &all[4 * static_cast<std::size_t>(r)];
    if (v[0] >= 0)
      members += "  rank " + std::to_string(r) + " at (" + std::to_string(v[0]) + "," +
                 std::to_string(v[1]) + ") holds " + std::to_string(v[2]) + "x" +
                 std::to_string(v[3]) + "\n";
    else
      outside += " " + std::to_string(r);
  }
  std::printf("%s: %dx%d grid, %dx%d blocks\n%s  %s\n", phase, d.grid.nprow, d.grid.npcol,
              d.desc[4], d.desc[5], members.c_str(),
              outside.empty() ? "no rank is outside"
                              : ("ranks" + outside + " are outside (they pass CTXT = -1)").c_str());
}

/// Copies the whole of `from` into `to` over the union context; returns the
/// number of elements of `to` (all processes together) that differ from expected(i, j).
long long hop(const char* what, const DistMatrix<double>& from, DistMatrix<double>& to,
              int ctxt_union, const std::function<double(int, int)>& expected) {
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  mr2d::gemr2d(from.desc[2], from.desc[3], from.data(), 1, 1, from.desc, to.data(), 1, 1,
               to.desc, ctxt_union);
  const double seconds = examples::slowest(MPI_Wtime() - t0);
  long long wrong = 0, total = 0;
  to.for_each([&](double x, int i, int j) { wrong += x != expected(i, j); });
  MPI_Allreduce(&wrong, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) std::printf("%s: %.4f s, %lld wrong elements\n", what, seconds, total);
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(
      argc, argv,
      "usage: mr2d_regrid [M [N]]\n"
      "  an M x N matrix (default 3000 x 2000) moves from 2 processes onto 6, then\n"
      "  onto 3 others, one mr2d call per hop, every element checked after each.\n"
      "  Runs on 6 processes: mpirun -np 6 mr2d_regrid. Guide: docs/examples.md\n",
      {"M", "N"});
  const int rank = program.rank;
  if (program.nprocs != 6) return program.usage_error("mr2d_regrid runs on 6 processes");
  const int m = program.arg(1, 3000), n = program.arg(2, 2000);
  const Grid all_six = examples::make_grid(1, 6);
  const Grid on_two = examples::make_grid_on({0, 1}, 1, 2);
  const Grid on_six = examples::make_grid(2, 3);
  const Grid on_three = examples::make_grid_on({5, 3, 4}, 3, 1);

  DistMatrix<double> small(on_two, m, n, 64, 64);
  DistMatrix<double> wide(on_six, m, n, 32, 48);
  DistMatrix<double> narrow(on_three, m, n, 100, 100);
  if (rank == 0)
    std::printf("mr2d regrid: %d x %d doubles; union context: 1x6 grid of all ranks\n", m, n);

  long long wrong = 0;
  try {
    small.for_each([](double& x, int i, int j) { x = position_value(i, j); });
    describe("phase 1", small);
    wrong += hop("grow 1x2 -> 2x3", small, wide, all_six.ctxt, position_value);

    // The wide phase's work: every element x becomes 2x + 1 on its owner.
    wide.for_each([](double& x, int, int) { x = 2 * x + 1; });
    describe("phase 2 (x := 2x + 1)", wide);
    wrong += hop("shrink 2x3 -> 3x1", wide, narrow, all_six.ctxt,
                 [](int i, int j) { return 2 * position_value(i, j) + 1; });
    describe("phase 3", narrow);
  } catch (const mr2d::Error& e) {
    std::fprintf(stderr, "rank %d: mr2d failed: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (rank == 0) std::printf("verification: %s\n", wrong == 0 ? "passed" : "FAILED");
  return program.finish(wrong == 0);
}

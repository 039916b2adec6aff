// SPDX-License-Identifier: BSD-3-Clause
// The 3D ADI example: steps of the 3D heat equation on an NX x NY x NZ grid
// (sweeps.hpp), each an implicit line solve along x, y and z in turn, on a
// P1 x P2 grid of processes in pencils. Between two sweeps one mr2d N-D
// redistribution with an axis permutation turns the field into the pencils
// of the next direction, so that every line solve runs on a contiguous local
// line; the four moves are persistent plans made once. Timed beside the same
// steps with hand-written pack + MPI_Alltoallv moves; both results are
// compared with a serial run of the same sweeps (exactly) and with the
// closed form of heat_mode.hpp.
//   mr2d_adi3d [NX [NY [NZ [STEPS [P1]]]]]
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "heat_mode.hpp"
#include "mr2d/mr2d.hpp"
#include "mr2d/shared_allocator.hpp"
#include "pencil_alltoallv.hpp"
#include "pencils.hpp"
#include "program.hpp"
#include "sweeps.hpp"
#include "timing.hpp"

using examples::Pencils;

namespace {

constexpr double t_end = 0.05;
/// Largest grid every process also runs serially for the check (128^3).
constexpr long long kLargestChecked = 1LL << 21;

/// Slowest process's seconds of a whole run, its sweeps and its moves.
struct RunTimes {
  double total, sweeps, moves;
};

/// Runs, times and checks both variants; whether both passed. Every mr2d
/// plan and communicator is freed before it returns, ahead of MPI_Finalize.
bool compare(int rank, int nprocs, const std::array<int, 3>& n, int steps, int p1) {
  const double dt = t_end / steps;
  const examples::PencilGrid grid(p1, nprocs / p1, rank);
  const Pencils xp(examples::kX, n, grid), yp(examples::kY, n, grid), zp(examples::kZ, n, grid);
  const std::array<const Pencils*, 3> pencils{&xp, &yp, &zp};
  const std::vector<adi3d::LineSolver> solve = adi3d::solvers(n, dt);
  // x- and z-pencils in u, y-pencils in v, in mr2d_alloc memory.
  std::vector<double, mr2d::SharedAllocator<double>> u(std::max<std::size_t>({1, xp.elements(), zp.elements()})),
      v(std::max<std::size_t>(1, yp.elements()));
  // The field ends in z-pencils after an odd number of steps.
  const Pencils& last = steps % 2 == 0 ? xp : zp;

  const mr2d::Plan<double> x_to_y = examples::pencil_plan<double>(xp, yp, MPI_COMM_WORLD);
  const mr2d::Plan<double> y_to_z = examples::pencil_plan<double>(yp, zp, MPI_COMM_WORLD);
  const mr2d::Plan<double> z_to_y = examples::pencil_plan<double>(zp, yp, MPI_COMM_WORLD);
  const mr2d::Plan<double> y_to_x = examples::pencil_plan<double>(yp, xp, MPI_COMM_WORLD);
  const adi3d::Moves mr2d_moves{[&](const double* a, double* b) { x_to_y.execute(a, b); },
                                [&](const double* a, double* b) { y_to_z.execute(a, b); },
                                [&](const double* a, double* b) { z_to_y.execute(a, b); },
                                [&](const double* a, double* b) { y_to_x.execute(a, b); }};
  // x <-> y: the processes of one P1 column exchange (same p2); y <-> z: one P2 row (same p1).
  MPI_Comm along_p1, along_p2;
  MPI_Comm_split(MPI_COMM_WORLD, grid.my2, grid.my1, &along_p1);
  MPI_Comm_split(MPI_COMM_WORLD, grid.my1, grid.my2, &along_p2);
  examples::PencilAlltoallv<double> hand_xy(xp, yp, along_p1), hand_yz(yp, zp, along_p2), hand_zy(zp, yp, along_p2),
      hand_yx(yp, xp, along_p1);
  const adi3d::Moves hand_moves{[&](const double* a, double* b) { hand_xy.execute(a, b); },
                                [&](const double* a, double* b) { hand_yz.execute(a, b); },
                                [&](const double* a, double* b) { hand_zy.execute(a, b); },
                                [&](const double* a, double* b) { hand_yx.execute(a, b); }};

  auto start = [&] {
    xp.for_each([&](std::size_t at, int x, int y, int z) { u[at] = adi3d::mode_value(n, x, y, z, 0, dt); });
  };
  auto timed_run = [&](const adi3d::Moves& moves) {
    start();  // a warm-up step, so that no timed run pays for first-touched buffers
    adi3d::advance(pencils, solve, 2, u.data(), v.data(), moves);
    start();
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    const adi3d::Split s = adi3d::advance(pencils, solve, steps, u.data(), v.data(), moves);
    return RunTimes{examples::slowest(MPI_Wtime() - t0), examples::slowest(s.sweeps), examples::slowest(s.moves)};
  };

  const bool check = static_cast<long long>(n[0]) * n[1] * n[2] <= kLargestChecked;
  std::vector<double> serial;
  if (check) {
    std::vector<double> initial(static_cast<std::size_t>(n[0]) * static_cast<std::size_t>(n[1]) *
                                static_cast<std::size_t>(n[2]));
    for (int z = 0, k = 0; z < n[2]; ++z)
      for (int y = 0; y < n[1]; ++y)
        for (int x = 0; x < n[0]; ++x, ++k) initial[static_cast<std::size_t>(k)] = adi3d::mode_value(n, x, y, z, 0, dt);
    serial = adi3d::serial_run(n, solve, steps, std::move(initial));
  }
  // Largest difference from the serial run and from the closed form, over all processes.
  auto differences = [&] {
    std::array<double, 2> d{0, 0};
    last.for_each([&](std::size_t at, int x, int y, int z) {
      const std::size_t k =
          static_cast<std::size_t>(x) +
          static_cast<std::size_t>(n[0]) *
              (static_cast<std::size_t>(y) + static_cast<std::size_t>(n[1]) * static_cast<std::size_t>(z));
      d[0] = std::max(d[0], std::fabs(u[at] - serial[k]));
      d[1] = std::max(d[1], std::fabs(u[at] - adi3d::mode_value(n, x, y, z, steps, dt)));
    });
    MPI_Allreduce(MPI_IN_PLACE, d.data(), 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return d;
  };

  const RunTimes t_mr2d = timed_run(mr2d_moves);
  const std::array<double, 2> d_mr2d = check ? differences() : std::array<double, 2>{0, 0};
  const RunTimes t_hand = timed_run(hand_moves);
  const std::array<double, 2> d_hand = check ? differences() : std::array<double, 2>{0, 0};
  MPI_Comm_free(&along_p1);
  MPI_Comm_free(&along_p2);

  const bool passed = !check || (d_mr2d[0] == 0 && d_hand[0] == 0 && d_mr2d[1] <= 1e-12 && d_hand[1] <= 1e-12);
  if (rank == 0) {
    std::printf(
        "mr2d adi3d: %d x %d x %d grid, %d steps (sweeps x, y, z, every other step z, y, x)\n"
        "  on %d processes, %d x %d pencil grid; times: slowest process\n",
        n[0], n[1], n[2], steps, nprocs, grid.p1, grid.p2);
    std::printf("  %-45s %10s %10s %10s\n", "variant", "total (s)", "sweeps (s)", "moves (s)");
    std::printf("  %-45s %10.4f %10.4f %10.4f\n", "mr2d pencils (4 N-D plans)", t_mr2d.total, t_mr2d.sweeps,
                t_mr2d.moves);
    std::printf("  %-45s %10.4f %10.4f %10.4f\n", "hand-written pencils (pack + MPI_Alltoallv)", t_hand.total,
                t_hand.sweeps, t_hand.moves);
    if (check) {
      std::printf("  largest difference from the serial run: %.2e with mr2d, %.2e by hand (must be 0)\n", d_mr2d[0],
                  d_hand[0]);
      std::printf("  largest error against the closed form: %.2e with mr2d, %.2e by hand (limit 1e-12)\n", d_mr2d[1],
                  d_hand[1]);
      std::printf("verification: %s\n", passed ? "passed" : "FAILED");
    } else {
      std::printf("verification: skipped (%lld points; the serial check holds at most %lld)\n",
                  static_cast<long long>(n[0]) * n[1] * n[2], kLargestChecked);
    }
  }
  return passed;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(argc, argv,
                                  "usage: mr2d_adi3d [NX [NY [NZ [STEPS [P1]]]]]\n"
                                  "  STEPS steps (default 10) of the 3D heat equation on an NX x NY x NZ grid\n"
                                  "  (default 48^3; NY, NZ default to NX): implicit line solves along x, y and\n"
                                  "  z, the field moved between them by mr2d N-D redistributions to the\n"
                                  "  pencils of the next direction, on a P1 x P2 process grid (P1 divides the\n"
                                  "  process count P; default the largest divisor <= sqrt(P)); beside the same\n"
                                  "  steps with hand-written MPI_Alltoallv moves. Checked against a serial run\n"
                                  "  (exactly) and the closed-form solution, up to 2^21 points.\n",
                                  {"NX", "NY", "NZ", "STEPS", "P1"});
  const int nprocs = program.nprocs;
  const int nx = program.arg(1, 48), ny = program.arg(2, nx), nz = program.arg(3, ny), steps = program.arg(4, 10);
  const int p1 = program.arg(5, examples::PencilGrid::default_p1(nprocs));
  if (nprocs % p1 != 0) return program.usage_error("P1 must divide the process count");
  return program.finish(compare(program.rank, nprocs, {nx, ny, nz}, steps, p1));
}

// The ADI example: Peaceman-Rachford steps of the 2D heat equation on P
// processes (see peaceman_rachford.hpp). U lives in whole columns (1xP grid);
// every step moves a right-hand side to whole rows (Px1 grid) and another one
// back, through two persistent mr2d plans made once. The same run is repeated
// with ScaLAPACK's pdgemr2d doing the moves. Both results are checked against
// a serial run on rank 0 and against the closed form of heat_modes.hpp.
//   mr2d_adi [N [STEPS]]
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "dist_matrix.hpp"
#include "heat_modes.hpp"
#include "mr2d/mr2d.hpp"
#include "peaceman_rachford.hpp"
#include "program.hpp"
#include "timing.hpp"

using examples::DistMatrix;
using examples::Grid;

namespace {

constexpr double t_end = 0.05;

/// This process's pieces of U and of the right-hand sides in both layouts.
struct Layouts {
  DistMatrix<double> u_cols, r_cols, r_rows, s_rows;
  Layouts(const Grid& cols, const Grid& rows, int n, int block)
      : u_cols(cols, n, n, n, block), r_cols(cols, n, n, n, block),
        r_rows(rows, n, n, block, n), s_rows(rows, n, n, block, n) {}
  adi::Buffers buffers() {
    return {u_cols.desc[2], u_cols.data(), r_cols.data(), u_cols.cols,
            r_rows.data(),  s_rows.data(), r_rows.rows,   r_rows.ld()};
  }
};

/// Slowest process's seconds: whole run, computing, waiting, redistributing.
struct RunTimes {
  double total, compute, wait, redistribution;
};

template <class ToRows, class ToCols>
RunTimes timed_run(Layouts& l, double c, int steps, ToRows&& to_rows, ToCols&& to_cols) {
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  const adi::Split split = adi::advance(l.buffers(), c, steps, MPI_COMM_WORLD, to_rows, to_cols);
  return {examples::slowest(MPI_Wtime() - t0), examples::slowest(split.compute),
          examples::slowest(split.wait), examples::slowest(split.redistribution)};
}

void print_times(const char* label, const RunTimes& t) {
  std::printf("  %-38s total %.3f s, compute %.3f s, wait %.3f s, redistribution %.3f s\n", label, t.total,
              t.compute, t.wait, t.redistribution);
}

double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0;
  for (std::size_t k = 0; k < a.size(); ++k) d = std::max(d, std::fabs(a[k] - b[k]));
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(argc, argv);
  const int rank = program.rank, nprocs = program.nprocs;
  const int n = program.arg(1, 1000), steps = program.arg(2, 20);
  const double dt = t_end / steps, h = 1.0 / (n + 1), c = dt / 2 / (h * h);
  const int block = (n + nprocs - 1) / nprocs;

  // The 1xP grid holds every process, so it also serves as the union context.
  const Grid cols = examples::make_grid(1, nprocs);
  const Grid rows = examples::make_grid(nprocs, 1);
  const int ctxt_union = cols.ctxt;
  Layouts l(cols, rows, n, block);
  DistMatrix<double> on_rank0(examples::make_grid(1, 1), n, n, n, n);

  auto start = [&] {
    l.u_cols.for_each([&](double& u, int i, int j) { u = adi::exact_value(i, j, n, 0, dt); });
  };
  auto result_on_rank0 = [&] {
    mr2d::gemr2d(n, n, l.u_cols.data(), 1, 1, l.u_cols.desc, on_rank0.data(), 1, 1,
                 on_rank0.desc, ctxt_union);
    return on_rank0.local;
  };

  start();
  double t0 = MPI_Wtime();
  const mr2d::Plan<double> to_rows(n, n, 1, 1, l.r_cols.desc, 1, 1, l.r_rows.desc, ctxt_union);
  const mr2d::Plan<double> to_cols(n, n, 1, 1, l.s_rows.desc, 1, 1, l.u_cols.desc, ctxt_union);
  const double plan_seconds = examples::slowest(MPI_Wtime() - t0);
  const RunTimes with_mr2d = timed_run(
      l, c, steps, [&] { to_rows.execute(l.r_cols.data(), l.r_rows.data()); },
      [&] { to_cols.execute(l.s_rows.data(), l.u_cols.data()); });
  const std::vector<double> u_mr2d = result_on_rank0();

  start();
  const RunTimes with_scalapack = timed_run(
      l, c, steps,
      [&] { Cpdgemr2d(n, n, l.r_cols.data(), 1, 1, l.r_cols.desc, l.r_rows.data(), 1, 1, l.r_rows.desc, ctxt_union); },
      [&] { Cpdgemr2d(n, n, l.s_rows.data(), 1, 1, l.s_rows.desc, l.u_cols.data(), 1, 1, l.u_cols.desc, ctxt_union); });
  const std::vector<double> u_scalapack = result_on_rank0();

  bool passed = true;
  if (rank == 0) {
    // Serial: one process holds whole rows and whole columns at once, so both
    // layouts are the full matrix and nothing moves.
    std::vector<double> u(static_cast<std::size_t>(n) * static_cast<std::size_t>(n)), r(u.size());
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) u[static_cast<std::size_t>(i + j * n)] = adi::exact_value(i, j, n, 0, dt);
    adi::advance(adi::Buffers{n, u.data(), r.data(), n, r.data(), u.data(), n, n}, c, steps, MPI_COMM_SELF,
                 [] {}, [] {});
    std::vector<double> closed(u.size());
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) closed[static_cast<std::size_t>(i + j * n)] = adi::exact_value(i, j, n, steps, dt);
    const double d_mr2d = max_difference(u_mr2d, u), d_scalapack = max_difference(u_scalapack, u);
    const double d_closed = max_difference(u_mr2d, closed);
    passed = d_mr2d <= 1e-12 && d_scalapack <= 1e-12 && d_closed <= 1e-10;

    const double mbytes = 8.0 * n * n / 1e6;
    std::printf("mr2d ADI: %d x %d interior points, %d Peaceman-Rachford steps of dt = %g, %d processes\n",
                n, n, steps, dt, nprocs);
    std::printf("  U in whole columns (1x%d grid, %dx%d blocks); each step moves one right-hand side\n"
                "  to whole rows (%dx1 grid, %dx%d blocks) and one back: %d redistributions of %.1f MB\n",
                nprocs, n, block, nprocs, block, n, 2 * steps, mbytes);
    char label[64];
    std::snprintf(label, sizeof label, "with mr2d plans (made once, %.4f s):", plan_seconds);
    print_times(label, with_mr2d);
    print_times("with ScaLAPACK pdgemr2d:", with_scalapack);
    std::printf("  (slowest process for each figure; wait: barrier before each redistribution, load imbalance);\n"
                "  redistribution speedup %.1fx\n",
                with_scalapack.redistribution / with_mr2d.redistribution);
    std::printf("  max |U - serial U|: %.2e with mr2d, %.2e with ScaLAPACK (limit 1e-12)\n", d_mr2d, d_scalapack);
    std::printf("  max |U - closed form|: %.2e (limit 1e-10)\n", d_closed);
    std::printf("verification: %s\n", passed ? "passed" : "FAILED");
  }
  return program.finish(passed);
}

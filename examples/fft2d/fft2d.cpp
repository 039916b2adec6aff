// SPDX-License-Identifier: BSD-3-Clause
// The 2D FFT example: an N x N complex matrix in whole rows on P processes
// gets 1D FFTs along its rows, mr2d moves it to whole columns on the first Q
// processes, and 1D FFTs down the columns finish the 2D transform. By default
// the move goes in column panels (column_panels.hpp), all started after the
// row FFTs, and the column FFTs of each panel run as soon as it arrived,
// while the later panels move: through one mr2d batch per panel and through a
// hand-written pack + MPI_Ialltoallv + unpack per panel. With --blocking one
// persistent mr2d plan moves the whole matrix between the two sets of FFTs,
// timed against the same pipeline with ScaLAPACK's pzgemr2d. Verified on
// rank 0 against FFTW's serial 2D transform; when built with libfftw3-mpi,
// also timed against FFTW's own distributed transform.
//   mr2d_fft2d [--blocking] [N [Q [PANELS]]]   (Q <= P, default P; PANELS default 4)
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <deque>
#include <memory>
#include <vector>

#include "column_panels.hpp"
#include "dist_matrix.hpp"
#include "fft_lines.hpp"
#include "mr2d/mr2d.hpp"
#include "program.hpp"
#include "started_move.hpp"
#include "timing.hpp"
#ifdef MR2D_HAVE_FFTW_MPI
#include "fftw_mpi_time.hpp"
#endif

using examples::DistMatrix;
using examples::Grid;
using examples::median_seconds;
using zdouble = std::complex<double>;

namespace {

zdouble input(int i, int j) { return {std::sin(0.7 * i + 1.3 * j), std::cos(0.11 * i - 0.29 * j)}; }

// ScaLAPACK's C entry point takes its own complex struct.
mr2d_dcomplex* as_c(zdouble* z) { return reinterpret_cast<mr2d_dcomplex*>(z); }

/// ||x - reference|| / ||reference|| in the Frobenius norm.
double relative_error(const std::vector<zdouble>& x, const std::vector<zdouble>& reference) {
  double diff = 0, norm = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    diff += std::norm(x[k] - reference[k]);
    norm += std::norm(reference[k]);
  }
  return std::sqrt(diff / norm);
}

/// FFTW's serial 2D transform of the input. Column-major storage reads as
/// FFTW's row-major transposed, and the 2D DFT commutes with transposition.
std::vector<zdouble> serial_fft(int n) {
  std::vector<zdouble> x(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  auto* z = reinterpret_cast<fftw_complex*>(x.data());
  fftw_plan plan = fftw_plan_dft_2d(n, n, z, z, FFTW_FORWARD, FFTW_ESTIMATE);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) x[static_cast<std::size_t>(i + j * n)] = input(i, j);
  fftw_execute(plan);
  fftw_destroy_plan(plan);
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(
      argc, argv,
      "usage: mr2d_fft2d [--blocking] [N [Q [PANELS]]]\n"
      "  2D FFT of an N x N complex matrix (default 1024): rows on all P processes,\n"
      "  moved by mr2d to whole columns on the first Q <= P processes (default P)\n"
      "  in PANELS column panels (default 4), the column FFTs of each panel while\n"
      "  the next ones move, beside a hand-written MPI_Ialltoallv pipeline;\n"
      "  --blocking moves the whole matrix with one mr2d plan between the row and\n"
      "  the column FFTs, timed against ScaLAPACK's pzgemr2d (--quick: not).\n"
      "  Checked against FFTW's serial transform. Any process count (mpirun -np P).\n"
      "  Guide: docs/examples.md\n",
      {"N", "Q", "PANELS"}, 46340, {"--blocking", "--quick"});
#ifdef MR2D_HAVE_FFTW_MPI
  fftw_mpi_init();
#endif
  const int rank = program.rank, nprocs = program.nprocs;
  const bool blocking = program.switched("--blocking");
  // For benchmark launches that alternate the two modes (bench/overlap_examples.sh).
  const bool quick = blocking && program.switched("--quick");
  const int n = program.arg(1, 1024), q = program.arg(2, nprocs);
  if (q < 1 || q > nprocs) return program.usage_error("Q must be between 1 and the process count");
  const int row_block = (n + nprocs - 1) / nprocs, col_block = (n + q - 1) / q;
  // No more panels than a process has columns: each panel has some.
  const int panels = std::min(program.arg(3, 4), col_block);
  const Grid all = examples::make_grid(1, nprocs);
  DistMatrix<zdouble> rows(examples::make_grid(nprocs, 1), n, n, row_block, n);
  DistMatrix<zdouble> cols(examples::make_grid(1, q), n, n, n, col_block);
  DistMatrix<zdouble> on_rank0(examples::make_grid(1, 1), n, n, n, n);

  // Row FFTs in groups of rows of about 256 KB (FftRows).
  const int rows_per_plan = std::max(4, std::min(64, (1 << 18) / (16 * n)));
  const fft2d::FftRows row_ffts(rows.data(), n, rows.rows, rows.ld(), rows_per_plan);
  auto fill = [&] { rows.for_each([](zdouble& z, int i, int j) { z = input(i, j); }); };
  auto gather = [&] {
    mr2d::gemr2d(n, n, cols.data(), 1, 1, cols.desc, on_rank0.data(), 1, 1, on_rank0.desc,
                 all.ctxt);
    return std::vector<zdouble>(on_rank0.local.begin(), on_rank0.local.end());
  };
  const int reps = 7;

  // Each pipeline's median time and result on rank 0, under its label.
  struct Run {
    const char* label;
    double seconds;
    std::vector<zdouble> result;
  };
  std::vector<Run> runs;
  double move_mr2d = 0, move_scalapack = 0;
  std::vector<double> stages;  // overlapped: row FFTs, mr2d panels, hand-written panels, column FFTs
  if (blocking) {
    const fft2d::FftLines col_ffts(cols.data(), n, cols.cols, 1, cols.ld());
    const mr2d::Plan<zdouble> to_cols(n, n, 1, 1, rows.desc, 1, 1, cols.desc, all.ctxt);
    auto mr2d_move = [&] { to_cols.execute(rows.data(), cols.data()); };
    auto scalapack_move = [&] {
      Cpzgemr2d(n, n, as_c(rows.data()), 1, 1, rows.desc, as_c(cols.data()), 1, 1, cols.desc, all.ctxt);
    };
    // Times the whole transform; leaves the transform of fresh input in `cols`.
    auto pipeline = [&](auto&& move) {
      return median_seconds(reps, [&] {
        row_ffts.execute();
        move();
        col_ffts.execute();
      }, fill);
    };
    const double t_mr2d = pipeline(mr2d_move);
    runs.push_back({"row FFTs, mr2d plan, column FFTs:", t_mr2d, gather()});
    move_mr2d = median_seconds(reps, mr2d_move);
    if (!quick) {
      const double t_scalapack = pipeline(scalapack_move);
      runs.push_back({"row FFTs, ScaLAPACK pzgemr2d, column FFTs:", t_scalapack, gather()});
      move_scalapack = median_seconds(reps, scalapack_move);
    }
  } else {
    // Panel k: the k-th slice of every process's columns, its column FFTs
    // planned on that slice, moved by one batch of a plan per slice.
    const auto slices = fft2d::column_panels(n, col_block, q, panels);
    std::deque<fft2d::FftLines> panel_ffts;
    std::deque<mr2d::Plan<zdouble>> slice_plans;
    std::deque<examples::BatchMove> mr2d_panels;
    std::deque<examples::HandMove<zdouble>> hand_panels;
    const examples::Block my_rows{rows.global_row(0), rows.rows, 0, n, rows.ld()};
    for (const auto& panel : slices) {
      std::vector<mr2d_plan> parts;
      for (const fft2d::Slice& s : panel) {
        if (s.width == 0) continue;
        slice_plans.emplace_back(n, s.width, 1, s.first + 1, rows.desc, 1, s.first + 1, cols.desc, all.ctxt);
        parts.push_back(slice_plans.back().handle());
      }
      mr2d_panels.emplace_back(parts, std::vector<const void*>(parts.size(), rows.data()),
                               std::vector<void*>(parts.size(), cols.data()));
      const fft2d::Slice mine = cols.grid.member() ? panel[static_cast<std::size_t>(cols.grid.mycol)] : fft2d::Slice{};
      zdouble* first = cols.data() + static_cast<std::size_t>(mine.local_first) * static_cast<std::size_t>(cols.ld());
      panel_ffts.emplace_back(first, n, mine.width, 1, cols.ld());
      hand_panels.emplace_back(my_rows, rows.data(), examples::Block{0, n, mine.first, mine.width, cols.ld()},
                               first, MPI_COMM_WORLD);
    }
    // Every panel started once the row FFTs are done; the column FFTs of
    // each as soon as it arrived, the later panels moved on between them.
    auto pipeline = [&](auto& moves) {
      for (auto& m : moves) m.start();
      for (auto& m : moves) m.wait();
      return median_seconds(reps, [&] {
        row_ffts.execute();
        for (auto& m : moves) m.start();
        for (std::size_t k = 0; k < moves.size(); ++k) {
          moves[k].wait();
          panel_ffts[k].execute();
          for (std::size_t later = k + 1; later < moves.size(); ++later) moves[later].test();
        }
      }, fill);
    };
    const double t_mr2d = pipeline(mr2d_panels);
    runs.push_back({"row FFTs, mr2d panels, column FFTs per panel:", t_mr2d, gather()});
    const double t_hand = pipeline(hand_panels);
    runs.push_back({"row FFTs, hand-written MPI_Ialltoallv panels:", t_hand, gather()});
    // Each stage alone, for what the overlap can hide at most.
    auto all_panels = [](auto& moves) {
      for (auto& m : moves) m.start();
      for (auto& m : moves) m.wait();
    };
    stages = {median_seconds(reps, [&] { row_ffts.execute(); }),
              median_seconds(reps, [&] { all_panels(mr2d_panels); }),
              median_seconds(reps, [&] { all_panels(hand_panels); }),
              median_seconds(reps, [&] {
                for (const auto& f : panel_ffts) f.execute();
              })};
  }
#ifdef MR2D_HAVE_FFTW_MPI
  const double fftw_mpi = fft2d::fftw_mpi_seconds(n, reps, input);
#endif

  bool passed = true;
  if (rank == 0) {
    const std::vector<zdouble> reference = serial_fft(n);
    std::printf("mr2d fft2d: %d x %d complex doubles; rows on %d processes (%dx1 grid, %dx%d blocks),\n"
                "  columns on %d (1x%d grid, %dx%d blocks); union context: 1x%d grid\n",
                n, n, nprocs, nprocs, row_block, n, q, q, n, col_block, nprocs);
    if (blocking)
      std::printf("  blocking: the whole matrix moves between the row and the column FFTs\n");
    else
      std::printf("  overlapped: %d column panels started after the row FFTs, the column FFTs of each\n"
                  "  as it arrives while the later ones move\n", panels);
    std::printf("  times: median of %d, slowest process\n", reps);
    std::vector<double> errors;
    for (const Run& r : runs) {
      std::printf("  %-47s %.4f s\n", r.label, r.seconds);
      errors.push_back(relative_error(r.result, reference));
      passed = passed && errors.back() <= 1e-12;
    }
    if (quick)
      std::printf("  redistribution alone: mr2d %.4f s\n", move_mr2d);
    else if (blocking)
      std::printf("  redistribution alone: mr2d %.4f s, ScaLAPACK %.4f s, speedup %.1fx\n", move_mr2d,
                  move_scalapack, move_scalapack / move_mr2d);
    else
      std::printf("  stages alone: row FFTs %.4f s; all panels moved by mr2d %.4f s, by hand %.4f s;\n"
                  "  column FFTs %.4f s\n", stages[0], stages[1], stages[2], stages[3]);
    mr2d_stats stats;
    mr2d_get_stats(&stats);
    std::printf("  matrices in mr2d_alloc memory: rank 0 read %.1f MB of its %.1f MB received in place from node peers\n",
                stats.bytes_direct / 1e6, stats.bytes_received / 1e6);
#ifdef MR2D_HAVE_FFTW_MPI
    std::printf("  FFTW MPI 2D transform on %d processes (transposed output): %.4f s\n", nprocs, fftw_mpi);
#else
    std::printf("  FFTW MPI comparison skipped: built without libfftw3-mpi\n");
#endif
    std::printf("  relative error vs serial FFTW 2D: %.2e with mr2d", errors[0]);
    if (errors.size() > 1)
      std::printf(", %.2e with %s", errors[1], blocking ? "ScaLAPACK" : "the hand-written pipeline");
    std::printf(" (limit 1e-12)\n");
    std::printf("verification: %s\n", passed ? "passed" : "FAILED");
  }
  return program.finish(passed);
}

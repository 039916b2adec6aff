// SPDX-License-Identifier: BSD-3-Clause
// The 2D FFT example: an N x N complex matrix in whole rows on P processes
// gets 1D FFTs along its rows, one persistent mr2d plan moves it to whole
// columns on the first Q processes, and 1D FFTs down the columns finish the
// 2D transform. Verified on rank 0 against FFTW's serial 2D transform; timed
// against the same pipeline with ScaLAPACK's pzgemr2d and, when built with
// libfftw3-mpi, against FFTW's own distributed transform.
//   mr2d_fft2d [N [Q]]   (Q <= P, default P)
#include <mpi.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

#include "dist_matrix.hpp"
#include "fft_lines.hpp"
#include "mr2d/mr2d.hpp"
#include "program.hpp"
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
      "usage: mr2d_fft2d [N [Q]]\n"
      "  2D FFT of an N x N complex matrix (default 1024): rows on all P processes,\n"
      "  one mr2d plan to whole columns on the first Q <= P processes (default P);\n"
      "  checked against FFTW's serial transform, timed against ScaLAPACK's\n"
      "  pzgemr2d. Any process count (mpirun -np P). Guide: docs/examples.md\n",
      {"N", "Q"});
#ifdef MR2D_HAVE_FFTW_MPI
  fftw_mpi_init();
#endif
  const int rank = program.rank, nprocs = program.nprocs;
  const int n = program.arg(1, 1024), q = program.arg(2, nprocs);
  if (q < 1 || q > nprocs) return program.usage_error("Q must be between 1 and the process count");
  const int row_block = (n + nprocs - 1) / nprocs, col_block = (n + q - 1) / q;
  const Grid all = examples::make_grid(1, nprocs);
  DistMatrix<zdouble> rows(examples::make_grid(nprocs, 1), n, n, row_block, n);
  DistMatrix<zdouble> cols(examples::make_grid(1, q), n, n, n, col_block);
  DistMatrix<zdouble> on_rank0(examples::make_grid(1, 1), n, n, n, n);

  const fft2d::FftLines row_ffts(rows.data(), n, rows.rows, rows.ld(), 1);
  const fft2d::FftLines col_ffts(cols.data(), n, cols.cols, 1, cols.ld());
  const mr2d::Plan<zdouble> to_cols(n, n, 1, 1, rows.desc, 1, 1, cols.desc, all.ctxt);
  auto mr2d_move = [&] { to_cols.execute(rows.data(), cols.data()); };
  auto scalapack_move = [&] {
    Cpzgemr2d(n, n, as_c(rows.data()), 1, 1, rows.desc, as_c(cols.data()), 1, 1, cols.desc, all.ctxt);
  };
  auto fill = [&] { rows.for_each([](zdouble& z, int i, int j) { z = input(i, j); }); };
  auto gather = [&] {
    mr2d::gemr2d(n, n, cols.data(), 1, 1, cols.desc, on_rank0.data(), 1, 1, on_rank0.desc,
                 all.ctxt);
    return std::vector<zdouble>(on_rank0.local.begin(), on_rank0.local.end());
  };

  // Times the whole transform; leaves the transform of fresh input in `cols`.
  const int reps = 7;
  auto pipeline = [&](auto&& move) {
    return median_seconds(reps, [&] {
      row_ffts.execute();
      move();
      col_ffts.execute();
    }, fill);
  };
  const double pipeline_mr2d = pipeline(mr2d_move);
  const std::vector<zdouble> result_mr2d = gather();
  const double pipeline_scalapack = pipeline(scalapack_move);
  const std::vector<zdouble> result_scalapack = gather();
  const double move_mr2d = median_seconds(reps, mr2d_move);
  const double move_scalapack = median_seconds(reps, scalapack_move);
#ifdef MR2D_HAVE_FFTW_MPI
  const double fftw_mpi = fft2d::fftw_mpi_seconds(n, reps, input);
#endif

  bool passed = true;
  if (rank == 0) {
    const std::vector<zdouble> reference = serial_fft(n);
    const double e_mr2d = relative_error(result_mr2d, reference);
    const double e_scalapack = relative_error(result_scalapack, reference);
    passed = e_mr2d <= 1e-12 && e_scalapack <= 1e-12;
    std::printf("mr2d fft2d: %d x %d complex doubles; rows on %d processes (%dx1 grid, %dx%d blocks),\n"
                "  columns on %d (1x%d grid, %dx%d blocks); union context: 1x%d grid\n",
                n, n, nprocs, nprocs, row_block, n, q, q, n, col_block, nprocs);
    std::printf("  times: median of %d, slowest process\n", reps);
    std::printf("  row FFTs, mr2d plan, column FFTs:            %.4f s\n", pipeline_mr2d);
    std::printf("  row FFTs, ScaLAPACK pzgemr2d, column FFTs:   %.4f s\n", pipeline_scalapack);
    std::printf("  redistribution alone: mr2d %.4f s, ScaLAPACK %.4f s, speedup %.1fx\n", move_mr2d,
                move_scalapack, move_scalapack / move_mr2d);
    mr2d_stats stats;
    mr2d_get_stats(&stats);
    std::printf("  matrices in mr2d_alloc memory: rank 0 read %.1f MB of its %.1f MB received in place from node peers\n",
                stats.bytes_direct / 1e6, stats.bytes_received / 1e6);
#ifdef MR2D_HAVE_FFTW_MPI
    std::printf("  FFTW MPI 2D transform on %d processes (transposed output): %.4f s\n", nprocs, fftw_mpi);
#else
    std::printf("  FFTW MPI comparison skipped: built without libfftw3-mpi\n");
#endif
    std::printf("  relative error vs serial FFTW 2D: %.2e with mr2d, %.2e with ScaLAPACK (limit 1e-12)\n",
                e_mr2d, e_scalapack);
    std::printf("verification: %s\n", passed ? "passed" : "FAILED");
  }
  return program.finish(passed);
}

// SPDX-License-Identifier: BSD-3-Clause
// FFTW's own distributed 2D transform of an n x n complex matrix on all
// processes, for comparison. The output stays transposed
// (FFTW_MPI_TRANSPOSED_OUT): like the mr2d pipeline's, it ends with whole
// columns of the result on each process, after one global transpose.
#pragma once

#include <fftw3-mpi.h>

#include <complex>
#include <cstddef>

#include "fft_lines.hpp"
#include "timing.hpp"

namespace fft2d {

/// Median seconds of `reps` FFTW MPI transforms (slowest process each).
template <class Value>
double fftw_mpi_seconds(int n, int reps, Value&& value) {
  ptrdiff_t local_rows = 0, first_row = 0;
  const ptrdiff_t alloc = fftw_mpi_local_size_2d(n, n, MPI_COMM_WORLD, &local_rows, &first_row);
  fftw_complex* data = fftw_alloc_complex(static_cast<std::size_t>(alloc > 0 ? alloc : 1));
  fftw_plan plan = fftw_mpi_plan_dft_2d(n, n, data, data, MPI_COMM_WORLD, FFTW_FORWARD,
                                        planning | FFTW_MPI_TRANSPOSED_OUT);
  auto fill = [&] {
    for (ptrdiff_t i = 0; i < local_rows; ++i)
      for (ptrdiff_t j = 0; j < n; ++j) {
        const std::complex<double> v = value(static_cast<int>(first_row + i), static_cast<int>(j));
        data[i * n + j][0] = v.real();
        data[i * n + j][1] = v.imag();
      }
  };
  const double seconds = examples::median_seconds(reps, [&] { fftw_execute(plan); }, fill);
  fftw_destroy_plan(plan);
  fftw_free(data);
  return seconds;
}

}  // namespace fft2d

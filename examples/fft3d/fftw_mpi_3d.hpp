// SPDX-License-Identifier: BSD-3-Clause
// FFTW's own distributed 3D transform, for comparison: slabs of whole (y, z)
// planes over all processes, 2D FFTs of the planes, one global transpose,
// FFTs along x. The output stays transposed (FFTW_MPI_TRANSPOSED_OUT): slabs
// of y, each holding whole (x, z) planes, so that like the pencil pipelines
// it ends after its last transpose and FFTs, without moving the data back.
#pragma once

#include <fftw3-mpi.h>

#include <array>
#include <complex>
#include <cstddef>

#include "fft_lines.hpp"

namespace fft3d {

class FftwMpi3d {
 public:
  /// Plans an n[0] x n[1] x n[2] forward transform (x, y, z; z fastest in
  /// FFTW's row-major order), collective over MPI_COMM_WORLD. Planning
  /// measures (fft2d::planning), so it comes before the data is filled.
  explicit FftwMpi3d(const std::array<int, 3>& n) : n_(n) {
    const ptrdiff_t alloc =
        fftw_mpi_local_size_3d_transposed(n[0], n[1], n[2], MPI_COMM_WORLD, &x_count_, &x_first_, &y_count_, &y_first_);
    data_ = fftw_alloc_complex(static_cast<std::size_t>(alloc > 0 ? alloc : 1));
    plan_ = fftw_mpi_plan_dft_3d(n[0], n[1], n[2], data_, data_, MPI_COMM_WORLD, FFTW_FORWARD,
                                 fft2d::planning | FFTW_MPI_TRANSPOSED_OUT);
  }
  FftwMpi3d(const FftwMpi3d&) = delete;
  FftwMpi3d& operator=(const FftwMpi3d&) = delete;
  ~FftwMpi3d() {
    fftw_destroy_plan(plan_);
    fftw_free(data_);
  }

  /// Fills this process's x slab with value(x, y, z).
  template <class Value>
  void fill(Value&& value) {
    for (ptrdiff_t x = 0; x < x_count_; ++x)
      for (int y = 0; y < n_[1]; ++y)
        for (int z = 0; z < n_[2]; ++z) at((x * n_[1] + y) * n_[2] + z) = value(static_cast<int>(x_first_ + x), y, z);
  }

  void execute() const { fftw_execute(plan_); }

  /// Calls f(element, kx, ky, kz) for this process's part of the result
  /// (a y slab stored [y][x][z]).
  template <class F>
  void for_each_result(F&& f) {
    for (ptrdiff_t y = 0; y < y_count_; ++y)
      for (int x = 0; x < n_[0]; ++x)
        for (int z = 0; z < n_[2]; ++z) f(at((y * n_[0] + x) * n_[2] + z), x, static_cast<int>(y_first_ + y), z);
  }

 private:
  std::complex<double>& at(ptrdiff_t k) { return reinterpret_cast<std::complex<double>*>(data_)[k]; }

  std::array<int, 3> n_;
  ptrdiff_t x_count_ = 0, x_first_ = 0, y_count_ = 0, y_first_ = 0;
  fftw_complex* data_ = nullptr;
  fftw_plan plan_ = nullptr;
};

}  // namespace fft3d

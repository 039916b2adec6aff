// SPDX-License-Identifier: BSD-3-Clause
// In-place 1D FFTs of whole lines of a column-major local array: along its
// rows (stride ld between points) or down its columns (contiguous points).
#pragma once

#include <fftw3.h>

#include <complex>

namespace fft2d {

/// Planning flags of every timed transform. FFTW_ESTIMATE picks a slow loop
/// order for rows with a stride (several times slower at N = 1024), so FFTW
/// measures; plans are made before the data is filled, as measuring
/// overwrites the arrays.
constexpr unsigned planning = FFTW_MEASURE;

class FftLines {
 public:
  /// `count` lines of n points; point k of line l is at l * across + k * along.
  FftLines(std::complex<double>* data, int n, int count, int along, int across) {
    if (count == 0) return;
    auto* z = reinterpret_cast<fftw_complex*>(data);
    plan_ = fftw_plan_many_dft(1, &n, count, z, nullptr, along, across, z, nullptr, along, across,
                               FFTW_FORWARD, planning);
  }
  FftLines(const FftLines&) = delete;
  FftLines& operator=(const FftLines&) = delete;
  ~FftLines() {
    if (plan_) fftw_destroy_plan(plan_);
  }
  void execute() const {
    if (plan_) fftw_execute(plan_);
  }

 private:
  fftw_plan plan_ = nullptr;
};

}  // namespace fft2d

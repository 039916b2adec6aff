// SPDX-License-Identifier: BSD-3-Clause
// In-place 1D FFTs of whole lines of a column-major local array: along its
// rows (stride ld between points) or down its columns (contiguous points).
#pragma once

#include <fftw3.h>

#include <algorithm>
#include <complex>
#include <deque>

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

/// FFTs along `count` rows of n points of a column-major array (leading
/// dimension ld), a few neighbouring rows per plan: those rows share every
/// cache line they touch, and a group fits the cache, whereas one plan over
/// all rows strides through the whole array for every point.
class FftRows {
 public:
  FftRows(std::complex<double>* data, int n, int count, int ld, int rows_per_plan) {
    for (int first = 0; first < count; first += rows_per_plan)
      groups_.emplace_back(data + first, n, std::min(rows_per_plan, count - first), ld, 1);
  }
  void execute() const {
    for (const FftLines& g : groups_) g.execute();
  }

 private:
  std::deque<FftLines> groups_;
};

}  // namespace fft2d

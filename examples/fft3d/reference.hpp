// SPDX-License-Identifier: BSD-3-Clause
// The input of the 3D FFT example and its check: FFTW's serial 3D transform
// of the whole input, computed by every process, against which each process
// compares the elements of the result it holds, by their global indices.
#pragma once

#include <fftw3.h>
#include <mpi.h>

#include <array>
#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

namespace fft3d {

inline std::complex<double> input(int x, int y, int z) {
  return {std::sin(0.7 * x + 1.3 * y - 0.4 * z), std::cos(0.11 * x - 0.29 * y + 0.53 * z)};
}

class Reference {
 public:
  explicit Reference(const std::array<int, 3>& n) : n_(n) {
    values_.resize(static_cast<std::size_t>(n[0]) * static_cast<std::size_t>(n[1]) * static_cast<std::size_t>(n[2]));
    auto* z = reinterpret_cast<fftw_complex*>(values_.data());
    // Planned before the fill: planning may overwrite the array.
    fftw_plan plan = fftw_plan_dft_3d(n[0], n[1], n[2], z, z, FFTW_FORWARD, FFTW_ESTIMATE);
    for (int x = 0; x < n[0]; ++x)
      for (int y = 0; y < n[1]; ++y)
        for (int k = 0; k < n[2]; ++k) values_[index(x, y, k)] = input(x, y, k);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
  }

  /// Relative error in the Frobenius norm over all processes of a result
  /// that for_each(f) walks as f(element, kx, ky, kz).
  template <class ForEach>
  double relative_error(ForEach&& for_each) const {
    double sums[2] = {0, 0};  // squared difference, squared reference
    for_each([&](const std::complex<double>& v, int kx, int ky, int kz) {
      const std::complex<double> r = values_[index(kx, ky, kz)];
      sums[0] += std::norm(v - r);
      sums[1] += std::norm(r);
    });
    MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return std::sqrt(sums[0] / sums[1]);
  }

 private:
  std::size_t index(int x, int y, int z) const {
    return (static_cast<std::size_t>(x) * static_cast<std::size_t>(n_[1]) + static_cast<std::size_t>(y)) *
               static_cast<std::size_t>(n_[2]) +
           static_cast<std::size_t>(z);
  }

  std::array<int, 3> n_;
  std::vector<std::complex<double>> values_;
};

}  // namespace fft3d

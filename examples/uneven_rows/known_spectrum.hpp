// SPDX-License-Identifier: BSD-3-Clause
// A dense symmetric matrix whose eigenvalues are known: A = H D H with the
// Householder reflector H = I - tau u u^T (orthogonal and symmetric, tau =
// 2 / u^T u) and D = diag(d). Every element has a closed form, so each rank
// fills its own rows without the others, and the spectrum is d.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace uneven_rows {

class KnownSpectrum {
 public:
  explicit KnownSpectrum(int n) : d_(static_cast<std::size_t>(n)), u_(d_.size()) {
    double uu = 0;
    for (int k = 0; k < n; ++k) {
      d_[static_cast<std::size_t>(k)] = (k + 1.0) / n - 0.5;  // ascending, spacing 1/n
      u_[static_cast<std::size_t>(k)] = 1.0 + 0.5 * std::sin(0.7 * k);
      uu += u_[static_cast<std::size_t>(k)] * u_[static_cast<std::size_t>(k)];
    }
    tau_ = 2.0 / uu;
    for (int k = 0; k < n; ++k) udu_ += u(k) * u(k) * d(k);
  }

  /// A(i, j) = d_i [i = j] - tau u_i u_j (d_i + d_j) + tau^2 u_i u_j (u^T D u).
  double operator()(int i, int j) const {
    const double uij = u(i) * u(j);
    return (i == j ? d(i) : 0.0) - tau_ * uij * (d(i) + d(j)) + tau_ * tau_ * uij * udu_;
  }
  /// Eigenvalue k in ascending order.
  double d(int k) const { return d_[static_cast<std::size_t>(k)]; }
  /// Largest |eigenvalue|, the 2-norm of A.
  double norm() const { return std::max(std::fabs(d_.front()), std::fabs(d_.back())); }

 private:
  double u(int k) const { return u_[static_cast<std::size_t>(k)]; }
  std::vector<double> d_, u_;
  double tau_ = 0, udu_ = 0;
};

}  // namespace uneven_rows

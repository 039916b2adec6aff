// SPDX-License-Identifier: BSD-3-Clause
// One implicit (backward Euler) step of the 1D heat equation along a line of
// n interior points with zero boundary values: (1 + 2c) u_i - c u_(i-1) -
// c u_(i+1) = r_i, c = dt / h^2, solved in place by the Thomas algorithm.
// The elimination factors depend only on n and c, so they are computed once
// per direction and every line reuses them; a line is solved with the same
// operations in the same order wherever it lies in memory, so the
// distributed sweeps and the serial run agree exactly.
#pragma once

#include <cstddef>
#include <vector>

namespace adi3d {

class LineSolver {
 public:
  LineSolver(int n, double c) : off_(-c), upper_(static_cast<std::size_t>(n)), pivot_(static_cast<std::size_t>(n)) {
    const double diag = 1 + 2 * c;
    double previous = 0;  // upper_[i - 1]
    for (std::size_t i = 0; i < upper_.size(); ++i) {
      pivot_[i] = 1 / (diag - off_ * previous);
      upper_[i] = off_ * pivot_[i];
      previous = upper_[i];
    }
  }

  /// Solves in place for the right-hand side at r[0], r[stride], ...
  void solve(double* r, std::ptrdiff_t stride) const {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(upper_.size());
    if (n == 0) return;
    r[0] *= pivot_[0];
    for (std::ptrdiff_t i = 1; i < n; ++i)
      r[i * stride] = (r[i * stride] - off_ * r[(i - 1) * stride]) * pivot_[static_cast<std::size_t>(i)];
    for (std::ptrdiff_t i = n - 2; i >= 0; --i)
      r[i * stride] -= upper_[static_cast<std::size_t>(i)] * r[(i + 1) * stride];
  }

 private:
  double off_;                         // the off-diagonal, -c
  std::vector<double> upper_, pivot_;  // eliminated upper diagonal; 1 / pivot
};

}  // namespace adi3d

// SPDX-License-Identifier: BSD-3-Clause
// The trapezoid of p?trmr2d, relative to the submatrix (not to the global
// diagonal): upper keeps (i, j) with i <= j + max(m - n, 0) - e, lower keeps
// i >= j - max(n - m, 0) + e, e = 1 for a unit diagonal. PBLAS's p?tradd
// starts the diagonal at the submatrix's top-left corner whatever its shape
// (`corner`): upper keeps i <= j - e, lower i >= j + e. For gemr2d the shape
// is `full`. Pure, no MPI.
#pragma once

#include <algorithm>

#include "common/index_types.hpp"

namespace mr2d::index {

enum class Shape { full, upper, lower };

struct Trapezoid {
  Shape shape = Shape::full;
  bool unit_diag = false;
  Index m = 0;          ///< rows of the submatrix
  Index n = 0;          ///< columns of the submatrix
  bool corner = false;  ///< the diagonal starts at (0, 0) (PBLAS's p?tradd)

  /// Rows [lo, hi) of column j (0-based within the submatrix) that are copied.
  std::pair<Index, Index> rows_of_column(Index j) const {
    const Index e = unit_diag ? 1 : 0;
    if (shape == Shape::upper) {
      Index hi = j + (corner ? 0 : std::max<Index>(m - n, 0)) - e + 1;
      return {0, std::clamp<Index>(hi, 0, m)};
    }
    if (shape == Shape::lower) {
      Index lo = j - (corner ? 0 : std::max<Index>(n - m, 0)) + e;
      return {std::clamp<Index>(lo, 0, m), m};
    }
    return {0, m};
  }
};

}  // namespace mr2d::index

// SPDX-License-Identifier: BSD-3-Clause
// Rectangle counts; see runs_2d.hpp.
#include "index/runs_2d.hpp"

namespace mr2d::index {

Index count_in(const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid) {
  if (trapezoid.shape == Shape::full) return rows.count() * cols.count();
  Index total = 0;
  cols.for_each([&](Index t, Index len, Index, Index) {
    for (Index j = t; j < t + len; ++j) total += rows_in_column(rows, trapezoid, j);
  });
  return total;
}

}  // namespace mr2d::index

// SPDX-License-Identifier: BSD-3-Clause
// Counts over a rectangle of two run sets (rows x columns of the copied
// range), clipped column by column to the trapezoid of p?trmr2d. Pure, no MPI.
#pragma once

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"

namespace mr2d::index {

/// Positions of `rows` inside the trapezoid in column j of the copied range.
inline Index rows_in_column(const RunSet& rows, const Trapezoid& trapezoid, Index j) {
  if (trapezoid.shape == Shape::full) return rows.count();
  const auto [lo, hi] = trapezoid.rows_of_column(j);
  return rows.count_between(lo, hi);
}

/// Number of elements of rows x cols inside the trapezoid.
Index count_in(const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid);

}  // namespace mr2d::index

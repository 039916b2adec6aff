// SPDX-License-Identifier: BSD-3-Clause
// The part of PBLAS's p?tradd that lies outside its trapezoid: p?tradd adds
// alpha * op(A) to C in panels of kb columns (or rows) of sub(C), each with
// its kb x kb diagonal block whole, zeros in place of the elements outside
// the trapezoid. Those elements y of sub(C) become y + 0: a -0.0 turns +0.0,
// everything else keeps its value. Pure, no MPI.
#pragma once

#include "common/index_types.hpp"
#include "index/cyclic_1d.hpp"

namespace mr2d::kernels {

/// PBLAS's panel width (its pilaenv): 32 for every type.
inline constexpr Index kTraddPanel = 32;

/// Where sub(C) lies: the local array and its leading dimension, C's axes
/// (`start` the 0-based first row or column of sub(C)) and this process's
/// grid coordinates.
struct LocalC {
  void* c;
  Index ldc;
  index::Axis rows, cols;
  Index myrow, mycol;
};

/// Adds +0 to the elements (i, j) of the m x n sub(C) (0-based in it) that
/// share a diagonal block of `kb` (i / kb == j / kb, both below min(m, n))
/// and lie strictly outside the trapezoid (upper: i > j; lower: i < j), where
/// this process holds them. `type` is an mr2d_type of s, d, c or z. Returns how many elements it added
/// 0 to on this process.
Index tradd_band(int type, bool upper, Index m, Index n, Index kb, const LocalC& at);

}  // namespace mr2d::kernels

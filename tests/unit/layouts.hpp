// SPDX-License-Identifier: BSD-3-Clause
// Layout builder shared by the unit tests that assemble problems by hand and
// by the kernel micro-benchmark.
#pragma once

#include "problem/problem.hpp"

namespace mr2d::test {

/// A p x q grid with mb x nb blocks over a rows x cols matrix, its positions
/// held by ranks first, first+1, ... in row-major order.
inline model::MatrixLayout grid_layout(Index p, Index q, Index mb, Index nb, Index rows, Index cols,
                                      int first = 0) {
  model::MatrixLayout l;
  l.nprow = p;
  l.npcol = q;
  l.mb = mb;
  l.nb = nb;
  l.rows = rows;
  l.cols = cols;
  for (Index k = 0; k < p * q; ++k) l.rank_of.push_back(first + static_cast<int>(k));
  return l;
}

}  // namespace mr2d::test

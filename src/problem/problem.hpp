// SPDX-License-Identifier: BSD-3-Clause
// A redistribution problem as every process of the union agrees on it after
// the parameter exchange: 0-based, 64-bit, with the union rank of every grid
// position. Plain data, no MPI.
#pragma once

#include <utility>
#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"

namespace mr2d::model {

/// One matrix (A or B): the global fields of its descriptor, the submatrix
/// start, and its grid as union ranks in row-major grid order.
struct MatrixLayout {
  Index rows = 0, cols = 0;              ///< M_, N_
  Index mb = 1, nb = 1;                  ///< MB_, NB_
  Index rsrc = 0, csrc = 0;              ///< RSRC_, CSRC_
  Index i0 = 0, j0 = 0;                  ///< IA-1, JA-1
  Index nprow = 1, npcol = 1;            ///< grid shape
  Index row_stride = 1, col_stride = 1;  ///< strided sections: rows i0, i0+row_stride, ...
  std::vector<int> rank_of;              ///< union rank of grid position (r, c) at r*npcol + c

  /// Processes of the grid.
  Index processes() const { return nprow * npcol; }
  int rank_at(Index r, Index c) const { return rank_of[static_cast<std::size_t>(r * npcol + c)]; }
};

/// The layout of a matrix's transpose: rows and columns, blocks, sources,
/// window start, strides and grid exchanged.
inline MatrixLayout transposed(const MatrixLayout& l) {
  MatrixLayout t;
  t.rows = l.cols;
  t.cols = l.rows;
  t.mb = l.nb;
  t.nb = l.mb;
  t.rsrc = l.csrc;
  t.csrc = l.rsrc;
  t.i0 = l.j0;
  t.j0 = l.i0;
  t.nprow = l.npcol;
  t.npcol = l.nprow;
  t.row_stride = l.col_stride;
  t.col_stride = l.row_stride;
  t.rank_of.resize(l.rank_of.size());
  for (Index r = 0; r < t.nprow; ++r)
    for (Index c = 0; c < t.npcol; ++c) t.rank_of[static_cast<std::size_t>(r * t.npcol + c)] = l.rank_at(c, r);
  return t;
}

struct Problem {
  Index m = 0, n = 0;  ///< submatrix size (of sub(A))
  MatrixLayout a, b;
  /// B holds op(sub(A)) with op T or C: `b` is B's layout transposed (see
  /// transposed()), so that the plan is in A's index space; local row and
  /// column indices of B are exchanged in its run sets.
  bool transposed = false;
  index::Shape shape = index::Shape::full;
  bool unit_diag = false;
  bool corner = false;  ///< the trapezoid's diagonal starts at (0, 0) (PBLAS's p?tradd)
  Index elem_size = 8;  ///< bytes per element
};

/// Turns a problem whose m x n and B describe sub(B) = op(sub(A)) with op T
/// or C into A's index space: sub(A) is n x m, B is seen transposed, and
/// sub(B)'s upper trapezoid is the lower one of its transpose (and back).
inline void plan_in_a_space(Problem& p) {
  std::swap(p.m, p.n);
  p.b = transposed(p.b);
  p.transposed = true;
  if (p.shape != index::Shape::full)
    p.shape = p.shape == index::Shape::upper ? index::Shape::lower : index::Shape::upper;
}

/// The two 1D problems of a redistribution: rows and columns.
inline index::AxisPair row_axes(const Problem& p) {
  return {{p.a.mb, p.a.nprow, p.a.rsrc, p.a.i0, p.a.row_stride},
          {p.b.mb, p.b.nprow, p.b.rsrc, p.b.i0, p.b.row_stride},
          p.m};
}
inline index::AxisPair col_axes(const Problem& p) {
  return {{p.a.nb, p.a.npcol, p.a.csrc, p.a.j0, p.a.col_stride},
          {p.b.nb, p.b.npcol, p.b.csrc, p.b.j0, p.b.col_stride},
          p.n};
}

/// The trapezoid of the problem's submatrix (full for gemr2d).
inline index::Trapezoid trapezoid_of(const Problem& p) { return {p.shape, p.unit_diag, p.m, p.n, p.corner}; }

}  // namespace mr2d::model

// A redistribution problem as every process of the union agrees on it after
// the parameter exchange: 0-based, 64-bit, with the union rank of every grid
// position. Plain data, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"

namespace mr2d::model {

/// One matrix (A or B): the global fields of its descriptor, the submatrix
/// start, and its grid as union ranks in row-major grid order.
struct MatrixLayout {
  Index rows = 0, cols = 0;    ///< M_, N_
  Index mb = 1, nb = 1;        ///< MB_, NB_
  Index rsrc = 0, csrc = 0;    ///< RSRC_, CSRC_
  Index i0 = 0, j0 = 0;        ///< IA-1, JA-1
  Index nprow = 1, npcol = 1;  ///< grid shape
  Index row_stride = 1, col_stride = 1;  ///< strided sections: rows i0, i0+row_stride, ...
  std::vector<int> rank_of;    ///< union rank of grid position (r, c) at r*npcol + c

  /// Processes of the grid.
  Index processes() const { return nprow * npcol; }
  int rank_at(Index r, Index c) const { return rank_of[static_cast<std::size_t>(r * npcol + c)]; }
};

struct Problem {
  Index m = 0, n = 0;           ///< submatrix size
  MatrixLayout a, b;
  index::Shape shape = index::Shape::full;
  bool unit_diag = false;
  Index elem_size = 8;          ///< bytes per element
};

/// The two 1D problems of a redistribution: rows and columns.
inline index::AxisPair row_axes(const Problem& p) {
  return {{p.a.mb, p.a.nprow, p.a.rsrc, p.a.i0, p.a.row_stride},
          {p.b.mb, p.b.nprow, p.b.rsrc, p.b.i0, p.b.row_stride}, p.m};
}
inline index::AxisPair col_axes(const Problem& p) {
  return {{p.a.nb, p.a.npcol, p.a.csrc, p.a.j0, p.a.col_stride},
          {p.b.nb, p.b.npcol, p.b.csrc, p.b.j0, p.b.col_stride}, p.n};
}

/// The trapezoid of the problem's submatrix (full for gemr2d).
inline index::Trapezoid trapezoid_of(const Problem& p) { return {p.shape, p.unit_diag, p.m, p.n}; }

}  // namespace mr2d::model

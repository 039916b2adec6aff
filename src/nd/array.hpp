// SPDX-License-Identifier: BSD-3-Clause
// An N-dimensional distributed array as the library sees it: per dimension
// the global extent, block, grid size, source coordinate, allocated local
// extent and window, in Fortran order (dimension 0 fastest in memory), with
// the union rank of every grid position. A C-order array is the same array
// with its dimensions reversed (canonical()). Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"

namespace mr2d::nd {

inline constexpr int kMaxDims = 8;
inline constexpr Index kBlockDefault = -1;  ///< MR2D_ND_BLOCK
inline constexpr Index kCollapsed = -2;     ///< MR2D_ND_COLLAPSED
enum class Order { c = 0, fortran = 1 };    ///< the values of MR2D_ND_ORDER_*

/// One array as passed (tables copied, defaults not yet applied): empty
/// vectors stand for NULL tables.
struct Description {
  int ndims = 0;
  std::vector<Index> sizes, blocks, leading, starts, counts;
  std::vector<Index> grid, sources;
  std::vector<Index> ranks;  ///< empty: position k is rank k
  int grid_order = 0, storage_order = 0;
};

/// One dimension of a checked array, defaults applied.
struct Dim {
  Index n = 0;       ///< global extent
  Index block = 1;   ///< block size (BLOCK: ceil(n / p); collapsed: n)
  Index procs = 1;   ///< grid size along it
  Index source = 0;  ///< coordinate of the first block
  Index start = 0;   ///< window start
  Index count = 0;   ///< window extent
  Index weight = 0;  ///< position number = sum of coordinate * weight
};

/// A checked array in Fortran order.
struct Array {
  std::vector<Dim> dims;
  std::vector<Index> ranks;    ///< union rank of each position number; empty: position k is rank k
  Index positions = 0;         ///< grid positions (the product of the grid)
  std::vector<Index> leading;  ///< this process's allocated extent per dimension
                               ///< (given, or its local counts)

  int ndims() const { return static_cast<int>(dims.size()); }
  /// Union rank of grid position number p.
  Index rank_at(Index p) const { return ranks.empty() ? p : ranks[static_cast<std::size_t>(p)]; }
  /// Grid coordinate of the process holding global index i of dimension d.
  Index owner(int d, Index i) const {
    const Dim& x = dims[static_cast<std::size_t>(d)];
    return pos_mod(i / x.block + x.source, x.procs);
  }
  /// Local index of global index i of dimension d on its owner.
  Index local(int d, Index i) const {
    const Dim& x = dims[static_cast<std::size_t>(d)];
    return (i / (x.block * x.procs)) * x.block + i % x.block;
  }
};

/// Indices of dimension `d` held at grid coordinate `coord` (ScaLAPACK's NUMROC).
Index local_count(const Dim& d, Index coord);

}  // namespace mr2d::nd

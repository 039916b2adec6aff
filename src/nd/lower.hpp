// SPDX-License-Identifier: BSD-3-Clause
// An N-dimensional redistribution as a 2D one between grid layouts, which
// the whole 2D engine (plans, batches, started plans, the node transport)
// then runs.
//
// Let r be the dimension of A that becomes B's first (fastest) dimension.
// View A's window as a matrix whose rows flatten A's dimensions 0..k-1 and
// whose columns flatten dimensions k..N-1, with k = max(r, 1). A run of
// dimension 0 (at fixed other indices) is contiguous in A's memory, a run
// of dimension k steps by A's stride of k: every block of A cut at its block
// boundaries and at each change of the other indices is a column-major
// block with that stride as leading dimension. If r = 0, B is the same
// matrix (op N): its rows, dimension 0, are B's first dimension, contiguous
// in B; if r > 0, B holds its transpose (op T): B's rows are runs of A's
// dimension r, contiguous in B, B's columns runs of A's dimension 0. Any
// permutation is one of the two, so every N-D case is one grid-layout call.
// Pure, no MPI.
#pragma once

#include <vector>

#include "common/fault.hpp"
#include "nd/array.hpp"

namespace mr2d::nd {

/// One of this process's blocks of a grid layout: its block row and column,
/// its first element's offset in the local array, its leading dimension.
struct Block {
  Index row = 0, col = 0, offset = 0, ld = 1;
};

/// A grid layout's tables (mr2d_grid_layout) for one side.
struct Layout {
  Index rows = 0, cols = 0;
  std::vector<Index> row_splits, col_splits;
  std::vector<Index> owners;  ///< block (r, c) at r + c * block rows: union ranks
  std::vector<Block> mine;    ///< the non-empty blocks of `me`
  Index block_rows() const { return static_cast<Index>(row_splits.size()) - 1; }
  Index block_cols() const { return static_cast<Index>(col_splits.size()) - 1; }
};

/// The 2D call: sub(B) (m x n) := op(sub(A)) between the two layouts.
struct Lowered {
  char op = 'N';
  Index m = 0, n = 0;
  Layout a, b;
};

/// Most blocks of one side's table (block rows x block columns).
inline constexpr Index kMaxBlocks = Index{1} << 24;

/// The grid-layout form of B(perm[d] <- i_d) = A(i) for union rank `me`
/// (both arrays checked, in Fortran order; perm between them). Fails only
/// with nd_window_overflow (more than 2^63 - 1 elements) or
/// nd_too_many_blocks.
Fault lower(const Array& a, const Array& b, const std::vector<int>& perm, Index me, Lowered& out);

}  // namespace mr2d::nd

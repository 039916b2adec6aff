// SPDX-License-Identifier: BSD-3-Clause
// A redistribution with grid-layout sides cut into tiles, each an ordinary
// block-cyclic problem that plan::make_plan handles: a block of a grid side
// is a matrix of its own on a 1 x 1 grid of its owner, a block-cyclic side
// keeps its grid with the window start moved to the tile. Tiles are the
// products of row segments and column segments, cut at the split points of
// every grid side (B's columns cut A's rows under op T or C). All in A's
// index space, 0-based within sub(A). Pure, no MPI.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "common/index_types.hpp"
#include "layout/tables.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"

namespace mr2d::layout {

/// Positions [lo, hi) of one dimension of sub(A), inside one block row (or
/// column) of each grid side: `a` of A, `b` of B in B's own index (-1 for a
/// block-cyclic side).
struct Segment {
  Index lo = 0, hi = 0;
  int a = -1, b = -1;
};

/// Cuts [0, extent) at the splits of `a` and `b` (null: a block-cyclic side,
/// no cuts) seen from their window starts; only non-empty segments.
std::vector<Segment> merge_splits(Index extent, const std::vector<Index>* a, Index a_start, const std::vector<Index>* b,
                                  Index b_start);

/// One side of the redistribution.
struct Side {
  const Tables* grid = nullptr;  ///< its grid layout, or null: block-cyclic
  Index row0 = 0, col0 = 0;      ///< grid side: window start in its own index, 0-based
  /// Block-cyclic side: its layout in A's index space (B transposed under op
  /// T or C, as model::plan_in_a_space does), window start included.
  model::MatrixLayout cyclic;
};

/// How sub(A) is cut. Index vectors of the block-cyclic sides (count of each
/// process row / column per segment) make pair volumes and membership cheap.
struct Tiling {
  Index m = 0, n = 0;       ///< sub(A) in A's index space
  bool transposed = false;  ///< op T or C: B's rows are A's columns
  Side a, b;
  Index elem_size = 8;
  std::vector<Segment> rows, cols;

  /// The owner of the tile's block on a grid side.
  int owner_a(const Segment& r, const Segment& c) const { return a.grid->owner(r.a, c.a); }
  int owner_b(const Segment& r, const Segment& c) const {
    return transposed ? b.grid->owner(c.b, r.b) : b.grid->owner(r.b, c.b);
  }
  /// B's block (row, column) of a tile, in B's index.
  std::pair<Index, Index> block_b(const Segment& r, const Segment& c) const {
    return transposed ? std::pair<Index, Index>{c.b, r.b} : std::pair<Index, Index>{r.b, c.b};
  }
};

/// Cuts sub(A) (m x n in A's index space) for sides `a` and `b`.
Tiling make_tiling(Index m, Index n, bool transposed, const Side& a, const Side& b, Index elem_size);

/// Tiles (row segment, column segment) process `me` sends or receives data
/// of, in the order every process enumerates them (column segments outer).
std::vector<std::pair<int, int>> tiles_of(const Tiling& t, int me);

/// Elements each pair of different processes exchanges, over all tiles,
/// from the owner tables and the block-cyclic counts alone.
std::vector<model::Edge> pair_volumes(const Tiling& t);

/// The problem of one tile, reusing one object (its block-cyclic rank
/// tables are copied once).
class TileProblems {
 public:
  explicit TileProblems(const Tiling& t);
  const model::Problem& at(const Segment& r, const Segment& c);

 private:
  const Tiling& t_;
  model::Problem p_;
};

}  // namespace mr2d::layout

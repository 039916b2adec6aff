// SPDX-License-Identifier: BSD-3-Clause
// The plans of the tiles one process takes part in. Moved to the origin (a
// block's corner to its start, a block-cyclic window by whole cycles, which
// moves every process's local indices alike), a tile's plan depends only on
// its size, the leading dimensions, the owners and where it starts in the
// cycle; the move goes into the array pointers as two shifts per tile. So
// tiles alike share one plan: millions of tiles, a few plans. Pure, no MPI.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "layout/tiles.hpp"
#include "plan/plan.hpp"

namespace mr2d::layout {

/// One tile of this process: its plan, and where its corner lies from the
/// start of A's and B's block (or the call's array of a block-cyclic side),
/// in elements.
struct TilePart {
  std::int32_t plan = 0;
  std::int32_t row = 0, col = 0;  ///< the tile's row and column segment
  Index a_shift = 0, b_shift = 0;
};

struct TilePlans {
  std::vector<plan::Plan> plans;
  std::vector<TilePart> parts;  ///< in tiles_of's order
};

/// Leading dimension of this process's block (row, col) of a grid side (in
/// that side's own index), 0 where it holds none.
using LdOf = std::function<Index(Index row, Index col)>;

/// Plans process `me`'s tiles; lda / ldb are the local leading dimensions of
/// block-cyclic sides, lda_of / ldb_of those of grid sides' blocks.
TilePlans plan_tiles(const Tiling& t, int me, Index lda, Index ldb, const LdOf& lda_of, const LdOf& ldb_of);

}  // namespace mr2d::layout

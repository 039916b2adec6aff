// SPDX-License-Identifier: BSD-3-Clause
// Rank relabelling: the ranks to place B's grid positions on so that the
// most of sub(B) is already on the process that will hold it. Each B position
// q and rank r keep volume(r, q) elements when q lands on r, so the best
// placement is a maximum-weight assignment of positions to ranks. Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "relabel/volumes.hpp"

namespace mr2d::relabel {

struct Settings {
  /// Up to this many B positions the assignment is exact; above it, greedy.
  Index exact_limit = 4096;
  /// Pair visits the exact search may make (about 2 s) before it gives way
  /// to the greedy one; only dense volume matrices come near it.
  Index exact_budget = Index{1} << 28;
};

struct Placement {
  std::vector<int> rank_of;  ///< rank of B's position r * npcol + c
  Index kept = 0;            ///< elements that stay on their process with rank_of
  Index kept_default = 0;    ///< ... with the default order
  Index total = 0;           ///< elements of the copy
  bool exact = true;         ///< no placement keeps more (else greedy)
};

/// Places `positions` B positions on distinct ranks of `ranks` (distinct, at
/// least `positions` of them). The default order puts position q on
/// ranks[q]; it is returned unless another placement keeps strictly more.
/// Positions that keep nothing get their default rank when it is free, else
/// the first free ranks in the order of `ranks`.
Placement place(const std::vector<Volume>& volumes, int positions, const std::vector<int>& ranks,
                const Settings& settings = {});

}  // namespace mr2d::relabel

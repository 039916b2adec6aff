// SPDX-License-Identifier: BSD-3-Clause
// How much of sub(B) each grid position of B receives from each rank of A:
// the sparse volume matrix that rank relabelling maximises the diagonal of.
// Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "problem/problem.hpp"
#include "problem/edges.hpp"

namespace mr2d::relabel {

/// Elements B's grid position `position` (r * npcol + c) receives from the
/// process with union rank `rank` in A's grid.
struct Volume {
  int rank = 0;
  int position = 0;
  Index elems = 0;  ///< > 0
};

/// Every nonzero volume of `problem` (general or trapezoidal copy); B's
/// ranks are ignored. O(pairs) through model::edges_from; `runs` is
/// model::pair_runs(problem), which callers compute first to bound the work.
std::vector<Volume> volumes(const model::Problem& problem, const model::PairRuns& runs);
std::vector<Volume> volumes(const model::Problem& problem);

/// Elements that stay on their process when B's position q is on rank
/// rank_of[q].
Index kept_elements(const std::vector<Volume>& volumes, const std::vector<int>& rank_of);

/// Elements of the copy: the sum of all volumes.
Index total_elements(const std::vector<Volume>& volumes);

}  // namespace mr2d::relabel

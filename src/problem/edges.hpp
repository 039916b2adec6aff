// SPDX-License-Identifier: BSD-3-Clause
// The communicating pairs of a redistribution, for every process at once,
// computed from the agreed problem without MPI: who sends how many elements
// to whom. Schedules, traffic counts and the `mr2d plan` command start here.
#pragma once

#include <utility>
#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "problem/problem.hpp"

namespace mr2d::model {

/// One communicating pair (from == to for the part a process keeps).
struct Edge {
  int from = -1, to = -1;
  Index count = 0;  ///< elements
};

/// Every pair with data, senders in grid order. gemr2d: O(number of pairs);
/// trmr2d adds the per-column trims.
std::vector<Edge> all_edges(const Problem& problem);

/// An upper bound on the runs of one period that runs_for stores over all
/// coordinates of one side (unit strides), in O(1): callers check it before
/// building them.
Index run_table_bound(const index::AxisPair& axes);

/// The run sets of all_edges, per source row and per source column, each as
/// (destination coordinate, runs). Lets a caller bound the work before edges_from.
struct PairRuns {
  std::vector<std::vector<std::pair<Index, index::RunSet>>> rows, cols;
  /// Row pairs times column pairs (saturating): the edge count for gemr2d, an
  /// upper bound for trmr2d.
  Index pair_count() const;
  /// Columns a trapezoidal count walks over all pairs (saturating; 0 for gemr2d).
  Index trapezoid_columns(const Problem& problem) const;
};
PairRuns pair_runs(const Problem& problem);
std::vector<Edge> edges_from(const Problem& problem, const PairRuns& runs);

/// Number of union ranks the problem names (1 + the largest rank in either grid).
int rank_count(const Problem& problem);

}  // namespace mr2d::model

// SPDX-License-Identifier: BSD-3-Clause
// Maximum-weight bipartite matchings between B's grid positions (rows) and
// the ranks that may hold them (columns), over the sparse pairs that share
// data. Pairs absent from the list weigh nothing, so a row may stay
// unmatched. Pure, no MPI.
#pragma once

#include <limits>
#include <optional>
#include <vector>

#include "common/index_types.hpp"

namespace mr2d::relabel {

/// One pair of the bipartite graph: row, column and the weight of matching them.
struct Pair {
  int row = 0;
  int col = 0;
  Index weight = 0;  ///< > 0; each (row, col) appears at most once
};

/// A matching of greatest total weight: result[row] is the row's column or -1.
/// Shortest augmenting paths (Jonker and Volgenant 1987) with Dijkstra over
/// the sparse pairs; worst case O(rows * (pairs + rows) log(pairs + rows)),
/// usually far less: most rows are matched before any search, and a search
/// stops at the first free column. Nothing when the searches would visit
/// more than `budget` pairs (dense volume matrices with near-equal weights).
std::optional<std::vector<int>> exact_matching(int rows, int cols, const std::vector<Pair>& pairs,
                                               Index budget = std::numeric_limits<Index>::max());

/// A greedy matching: pairs by descending weight, each taken while both its
/// row and its column are free. At least half the greatest weight;
/// O(pairs log pairs).
std::vector<int> greedy_matching(int rows, int cols, const std::vector<Pair>& pairs);

/// Total weight of the pairs a matching uses.
Index matching_weight(const std::vector<Pair>& pairs, const std::vector<int>& match);

}  // namespace mr2d::relabel

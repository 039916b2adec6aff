// SPDX-License-Identifier: BSD-3-Clause
// Edge colouring of a bipartite graph with exactly max-degree colours
// (König's theorem; alternating-path method of
// Evers (2025) section 4.2.5). Used for
// the 2D communication graph and for single dimensions. Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"

namespace mr2d::schedule {

/// An edge from left vertex u in [0, left) to right vertex v in [0, right).
struct BipartiteEdge {
  int u, v;
};

/// Colour classes (lists of edge indices), edges coloured in the given order.
/// Needs left+right times max-degree table entries; returns empty when that
/// exceeds `table_limit` (caller falls back).
std::vector<std::vector<std::size_t>> colour_edges(const std::vector<BipartiteEdge>& edges, int left, int right,
                                                   const std::vector<std::size_t>& order, Index table_limit);

}  // namespace mr2d::schedule

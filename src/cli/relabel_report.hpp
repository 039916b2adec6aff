// SPDX-License-Identifier: BSD-3-Clause
// `mr2d plan --relabel`: the ranks B's grid positions should be placed on so
// that the least data moves, with the bytes moved before and after. No MPI.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "problem/problem.hpp"
#include "problem/edges.hpp"
#include "relabel/relabel.hpp"

namespace mr2d::cli {

struct RelabelReport {
  relabel::Placement placement;  ///< over the union's ranks, B's own first
  Index nprow = 1, npcol = 1;    ///< B's grid
  Index elem_size = 8;
  /// Cblacs_gridmap's usermap: the rank of B's position (r, c) at r + c * nprow.
  std::vector<int> usermap() const;
};

/// Places B's positions on the union's ranks (0 .. rank_count - 1; the default
/// order is B's own ranks, --b-first ..), from the edges of `pb`.
RelabelReport relabel_report(const model::Problem& pb, const std::vector<model::Edge>& edges);

void print_relabel_text(std::ostream& out, const RelabelReport& r);
/// The "relabel" member of the JSON report, without a trailing comma.
std::string relabel_json(const RelabelReport& r);

}  // namespace mr2d::cli

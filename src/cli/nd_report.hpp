// SPDX-License-Identifier: BSD-3-Clause
// What `mr2d plan` reports of an N-D redistribution beyond the volumes of
// any plan: each side as described, the matrix form the library plans it
// in, each process's share of A and B and the volume of every pair. No MPI.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/nd_sides.hpp"
#include "problem/edges.hpp"

namespace mr2d::cli {

/// One process's share of a side.
struct NdShare {
  Index position = -1;  ///< its grid position number, -1 off the grid
  Index elements = 0;   ///< elements of the window it holds
};

/// One process of the union.
struct NdProcess {
  NdShare a, b;
};

/// Every union rank's share, from the grids and the local counts.
std::vector<NdProcess> nd_processes(const NdPlan& plan);

/// A side as the report's A: / B: line shows it, or its JSON object.
std::string nd_side_text(const NdSide& side);
std::string nd_side_json(const NdSide& side);

/// Writes the lines after the volumes: the matrix form, processes and pairs
/// (the first `most` of each, the rest counted).
void nd_text(std::ostream& out, const NdPlan& plan, const std::vector<NdProcess>& processes,
             const std::vector<model::Edge>& edges, Index elem_size, Index most = 32);
/// Writes the JSON member "nd": the same, every process and pair.
void nd_json(std::ostream& out, const NdPlan& plan, const std::vector<NdProcess>& processes,
             const std::vector<model::Edge>& edges, Index elem_size);

}  // namespace mr2d::cli

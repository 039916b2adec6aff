// SPDX-License-Identifier: BSD-3-Clause
// Volume matrix of a redistribution; see volumes.hpp.
#include "relabel/volumes.hpp"

#include <numeric>

namespace mr2d::relabel {

std::vector<Volume> volumes(const model::Problem& problem, const model::PairRuns& runs) {
  // B's grid on "ranks" 0.. in row-major order turns each edge's receiver into
  // a grid position; pair runs depend on the grid shapes only, not on ranks.
  model::Problem by_position = problem;
  by_position.b.rank_of.resize(static_cast<std::size_t>(problem.b.processes()));
  std::iota(by_position.b.rank_of.begin(), by_position.b.rank_of.end(), 0);
  std::vector<Volume> out;
  for (const model::Edge& e : model::edges_from(by_position, runs)) out.push_back({e.from, e.to, e.count});
  return out;
}

std::vector<Volume> volumes(const model::Problem& problem) { return volumes(problem, model::pair_runs(problem)); }

Index kept_elements(const std::vector<Volume>& volumes, const std::vector<int>& rank_of) {
  Index kept = 0;
  for (const Volume& v : volumes)
    if (rank_of[static_cast<std::size_t>(v.position)] == v.rank) kept += v.elems;
  return kept;
}

Index total_elements(const std::vector<Volume>& volumes) {
  Index total = 0;
  for (const Volume& v : volumes) total += v.elems;
  return total;
}

}  // namespace mr2d::relabel

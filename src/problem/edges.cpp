// SPDX-License-Identifier: BSD-3-Clause
// The communicating pairs; see edges.hpp.
#include "problem/edges.hpp"

#include <algorithm>
#include <limits>

#include "index/runs_2d.hpp"

namespace mr2d::model {

using index::Role;
using index::RunSet;

int rank_count(const Problem& pb) {
  int nranks = 0;
  for (int r : pb.a.rank_of) nranks = std::max(nranks, r + 1);
  for (int r : pb.b.rank_of) nranks = std::max(nranks, r + 1);
  return nranks;
}

PairRuns pair_runs(const Problem& pb) {
  // Per dimension, the run sets of every source coordinate: rows and columns
  // are independent, so a pair's volume comes from one row set and one column set.
  const index::AxisPair rows = row_axes(pb);
  const index::AxisPair cols = col_axes(pb);
  PairRuns out;
  for (Index pr = 0; pr < pb.a.nprow; ++pr) out.rows.push_back(index::runs_for(rows, Role::sender, pr));
  for (Index pc = 0; pc < pb.a.npcol; ++pc) out.cols.push_back(index::runs_for(cols, Role::sender, pc));
  return out;
}

namespace {

Index peers(const std::vector<std::vector<std::pair<Index, RunSet>>>& sets) {
  Index total = 0;
  for (const auto& s : sets) total += static_cast<Index>(s.size());
  return total;
}

constexpr Index kIndexMax = std::numeric_limits<Index>::max();

}  // namespace

Index PairRuns::pair_count() const { return mul_capped(peers(rows), peers(cols), kIndexMax); }

Index PairRuns::trapezoid_columns(const Problem& pb) const {
  // count_in walks every column of the column set once per row pair; over
  // all column sets the columns add up to n.
  return pb.shape == index::Shape::full ? 0 : mul_capped(peers(rows), pb.n, kIndexMax);
}

std::vector<Edge> edges_from(const Problem& pb, const PairRuns& runs) {
  const index::Trapezoid trap = trapezoid_of(pb);
  std::vector<Edge> edges;
  for (Index pr = 0; pr < pb.a.nprow; ++pr)
    for (Index pc = 0; pc < pb.a.npcol; ++pc)
      for (const auto& [qc, cs] : runs.cols[static_cast<std::size_t>(pc)])
        for (const auto& [qr, rs] : runs.rows[static_cast<std::size_t>(pr)]) {
          const Index count = index::count_in(rs, cs, trap);
          if (count > 0) edges.push_back({pb.a.rank_at(pr, pc), pb.b.rank_at(qr, qc), count});
        }
  return edges;
}

std::vector<Edge> all_edges(const Problem& pb) { return edges_from(pb, pair_runs(pb)); }

Index run_table_bound(const index::AxisPair& axes) {
  // runs_for cuts one period at the block boundaries of both sides; a
  // one-process side walks blocks at least as long as the other side's (or the
  // whole range), so the smaller block size bounds its boundaries too.
  if (axes.extent <= 0) return 0;  // runs_for stores nothing (and the period is undefined)
  const Index period = index::pattern_period(axes);
  auto walk = [&](const index::Axis& self, const index::Axis& other) {
    if (self.nprocs > 1) return self.nb;
    return other.nprocs > 1 ? other.nb : std::max<Index>(axes.extent, 1);
  };
  return 3 + period / walk(axes.src, axes.dst) + period / walk(axes.dst, axes.src);
}

}  // namespace mr2d::model

// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional plans per dimension; see dim_plan.hpp.
#include "nd/dim_plan.hpp"

#include <algorithm>
#include <limits>

#include "common/checked.hpp"
#include "mr2d/mr2d.h"
#include "nd/check.hpp"
#include "nd/reasons.hpp"

namespace mr2d::nd {

namespace {

// Grid coordinate along `x` of grid position `position` (-1 off the grid).
Index coord_of(const Dim& x, Index position) { return position < 0 ? -1 : (position / x.weight) % x.procs; }

// The partners of a direction: every combination of one coordinate per
// dimension, placed on `other`'s grid (dimension `other_dim[d]` there),
// odometer-wise, with the product of the counts.
void combine(Direction& dir, const Array& other, const std::vector<int>& other_dim) {
  const std::size_t n = dir.dims.size();
  for (const DimPeers& peers : dir.dims)
    if (peers.empty()) return;
  std::vector<std::int32_t> at(n, 0);
  for (;;) {
    Index position = 0, elements = 1;
    for (std::size_t d = 0; d < n; ++d) {
      const auto& [coord, runs] = dir.dims[d][static_cast<std::size_t>(at[d])];
      position += coord * other.dims[static_cast<std::size_t>(other_dim[d])].weight;
      elements *= runs.count();  // at most the window, which fits (checked)
    }
    dir.partners.push_back({other.rank_at(position), elements, at});
    dir.elements += elements;
    std::size_t d = 0;
    while (d < n && ++at[d] == static_cast<std::int32_t>(dir.dims[d].size())) at[d++] = 0;
    if (d == n) break;
  }
  std::sort(dir.partners.begin(), dir.partners.end(),
            [](const Partner& x, const Partner& y) { return x.rank < y.rank; });
}

}  // namespace

index::AxisPair axes_of(const Array& a, const Array& b, const std::vector<int>& perm, int d) {
  const Dim& xa = a.dims[static_cast<std::size_t>(d)];
  const Dim& xb = b.dims[static_cast<std::size_t>(perm[static_cast<std::size_t>(d)])];
  return {{xa.block, xa.procs, xa.source, xa.start}, {xb.block, xb.procs, xb.source, xb.start}, xa.count};
}

Index DimPlan::stored_runs() const {
  Index runs = 0;
  for (const Direction* dir : {&send, &receive})
    for (const DimPeers& peers : dir->dims)
      for (const auto& entry : peers) runs += static_cast<Index>(entry.second.period_runs().size());
  return runs;
}

Fault plan_by_dimension(const Array& a, const Array& b, const std::vector<int>& perm, Index me, DimPlan& out) {
  out = DimPlan{};
  const int n = a.ndims();
  Index elements = 1;
  for (const Dim& x : a.dims) {
    const std::optional<Index> more = checked_mul(elements, x.count);
    if (!more) return Fault::of(MR2D_ERR_ARGUMENT, NdReason::nd_window_overflow).in(-1, 0);
    elements = *more;
  }
  const Index pos_a = position_of(a, me), pos_b = position_of(b, me);
  out.send.member = pos_a >= 0;
  out.receive.member = pos_b >= 0;
  // Dimension d of A is dimension perm[d] of B; B's partners are placed by
  // perm, A's by the identity.
  std::vector<int> same(static_cast<std::size_t>(n));
  for (int d = 0; d < n; ++d) same[static_cast<std::size_t>(d)] = d;
  for (int d = 0; d < n; ++d) {
    const Dim& xa = a.dims[static_cast<std::size_t>(d)];
    const Dim& xb = b.dims[static_cast<std::size_t>(perm[static_cast<std::size_t>(d)])];
    const index::AxisPair axes = axes_of(a, b, perm, d);
    if (out.send.member) out.send.dims.push_back(index::runs_for(axes, index::Role::sender, coord_of(xa, pos_a)));
    if (out.receive.member)
      out.receive.dims.push_back(index::runs_for(axes, index::Role::receiver, coord_of(xb, pos_b)));
  }
  if (out.send.member) combine(out.send, b, perm);
  if (out.receive.member) combine(out.receive, a, same);
  return {};
}

}  // namespace mr2d::nd

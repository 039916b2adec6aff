// SPDX-License-Identifier: BSD-3-Clause
// Strided runs; see strided_1d.hpp.
#include "index/strided_1d.hpp"

#include <map>

namespace mr2d::index {

namespace {

struct Place {
  Index owner, local;
};

// Owner and local index of global index g on a block-cyclic axis.
Place place_of(const Axis& a, Index g) { return {owner(g, a.nb, a.src, a.nprocs), local_index(g, a.nb, a.nprocs)}; }

}  // namespace

Index strided_period(const Axis& axis) {
  const Index cycle = axis.nb * axis.nprocs;
  return cycle / gcd(axis.stride, cycle);
}

std::vector<std::pair<Index, RunSet>> strided_runs_for(const AxisPair& axes, Role role, Index coord) {
  const Index n = axes.extent;
  std::vector<std::pair<Index, RunSet>> result;
  if (n <= 0) return result;
  const Axis& s = axes.src;
  const Axis& d = axes.dst;
  const Index period = lcm_capped(strided_period(s), strided_period(d), n);
  const bool periodic = period < n;
  // Over one period each side's global index advances by a whole number of
  // cycles nb*P, so every local index advances by that many blocks.
  const Index src_step = periodic ? period * s.stride / (s.nb * s.nprocs) * s.nb : 0;
  const Index dst_step = periodic ? period * d.stride / (d.nb * d.nprocs) * d.nb : 0;

  std::map<Index, std::vector<Run>> by_peer;
  for (Index t = 0; t < period; ++t) {
    const Place ps = place_of(s, s.start + t * s.stride);
    const Place pd = place_of(d, d.start + t * d.stride);
    const Index mine = role == Role::sender ? ps.owner : pd.owner;
    if (mine != coord) continue;
    std::vector<Run>& runs = by_peer[role == Role::sender ? pd.owner : ps.owner];
    if (!runs.empty()) {
      Run& last = runs.back();
      if (last.t + last.len == t && last.src + last.len == ps.local && last.dst + last.len == pd.local) {
        ++last.len;
        continue;
      }
    }
    runs.push_back({t, 1, ps.local, pd.local});
  }
  for (auto& [peer, runs] : by_peer)
    result.emplace_back(peer, RunSet(std::move(runs), periodic ? period : n, src_step, dst_step, n));
  return result;
}

}  // namespace mr2d::index

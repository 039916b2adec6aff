// SPDX-License-Identifier: BSD-3-Clause
// ScaLAPACK's caterpillar order (Evers (2025)
// section 4.2.4): processes in both grids take the
// same position in the sender and receiver lists, then send-only and
// receive-only processes follow; in iteration s the sender at position i
// meets the receiver at position (tot - 1 - s - i) mod tot.
#include <algorithm>
#include <map>

#include "schedule/schedule.hpp"

namespace mr2d::schedule {

Schedule caterpillar(const model::Problem& pb, const std::vector<model::Edge>& edges) {
  const int nranks = model::rank_count(pb);
  std::vector<char> sends(static_cast<std::size_t>(nranks), 0), recvs(sends);
  for (int r : pb.a.rank_of) sends[static_cast<std::size_t>(r)] = 1;
  for (int r : pb.b.rank_of) recvs[static_cast<std::size_t>(r)] = 1;

  std::vector<Index> send_pos(static_cast<std::size_t>(nranks), -1), recv_pos(send_pos);
  Index next = 0;
  for (int r : pb.a.rank_of)  // grid order, as ScaLAPACK flattens grids row-major
    if (recvs[static_cast<std::size_t>(r)])
      send_pos[static_cast<std::size_t>(r)] = recv_pos[static_cast<std::size_t>(r)] = next++;
  Index ns = next, nr = next;
  for (int r : pb.a.rank_of)
    if (send_pos[static_cast<std::size_t>(r)] < 0) send_pos[static_cast<std::size_t>(r)] = ns++;
  for (int r : pb.b.rank_of)
    if (recv_pos[static_cast<std::size_t>(r)] < 0) recv_pos[static_cast<std::size_t>(r)] = nr++;
  const Index tot = std::max(ns, nr);

  std::map<Index, std::vector<model::Edge>> by_iteration;
  for (const model::Edge& e : edges) {
    if (e.from == e.to) continue;
    const Index i = send_pos[static_cast<std::size_t>(e.from)];
    const Index j = recv_pos[static_cast<std::size_t>(e.to)];
    by_iteration[pos_mod(tot - 1 - i - j, tot)].push_back(e);
  }
  Schedule s;
  s.kind = Kind::caterpillar;
  for (auto& [iteration, step] : by_iteration) s.steps.push_back(std::move(step));
  return s;
}

Schedule shifted(const std::vector<model::Edge>& edges, int nranks) {
  std::map<Index, std::vector<model::Edge>> by_shift;
  for (const model::Edge& e : edges)
    if (e.from != e.to) by_shift[pos_mod(Index{e.to} - e.from, Index{nranks})].push_back(e);
  Schedule s;
  s.kind = Kind::caterpillar;
  for (auto& [shift, step] : by_shift) s.steps.push_back(std::move(step));
  return s;
}

}  // namespace mr2d::schedule

// SPDX-License-Identifier: BSD-3-Clause
// Per-process traffic; see traffic.hpp.
#include "problem/traffic.hpp"

namespace mr2d::model {

std::vector<ProcessTraffic> all_traffic(const Problem& pb) { return traffic_from(all_edges(pb), rank_count(pb)); }

std::vector<ProcessTraffic> traffic_from(const std::vector<Edge>& edges, int nranks) {
  std::vector<ProcessTraffic> out(static_cast<std::size_t>(nranks));
  for (const Edge& e : edges) {
    ProcessTraffic& from = out[static_cast<std::size_t>(e.from)];
    if (e.from == e.to) {
      from.elems_local += e.count;
      continue;
    }
    ProcessTraffic& to = out[static_cast<std::size_t>(e.to)];
    from.messages_sent += 1;
    from.elems_sent += e.count;
    to.messages_received += 1;
    to.elems_received += e.count;
  }
  return out;
}

}  // namespace mr2d::model

// SPDX-License-Identifier: BSD-3-Clause
// What every process sends, receives and keeps in a redistribution: messages
// and elements per union rank, from the pairs of edges.hpp. No MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"

namespace mr2d::model {

struct ProcessTraffic {
  Index messages_sent = 0, messages_received = 0;
  Index elems_sent = 0, elems_received = 0, elems_local = 0;
};

/// Traffic of every union rank (indexed by rank; ranks in neither grid get zeros).
/// gemr2d: O(number of communicating pairs); trmr2d adds the per-column trims.
std::vector<ProcessTraffic> all_traffic(const Problem& problem);

/// Per-rank traffic from a list of edges over `nranks` ranks.
std::vector<ProcessTraffic> traffic_from(const std::vector<Edge>& edges, int nranks);

}  // namespace mr2d::model

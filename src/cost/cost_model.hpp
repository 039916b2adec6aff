// SPDX-License-Identifier: BSD-3-Clause
// What a redistribution costs under a simple machine model: the totals and
// maxima of the traffic, the step lower bound (the most distinct peers any
// process has on one side, Evers (2025) section 4.1) and a predicted time.
// Used by plan queries, phase and schedule choices and the `mr2d plan`
// command. No MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "cost/network.hpp"
#include "problem/traffic.hpp"

namespace mr2d::model {

/// Nominal machine constants of the cost model: per-message latency, network
/// and memory-copy bandwidths. Predictions scale with them; the defaults are
/// those of one node with shared-memory MPI.
struct CostModel {
  double latency_s = 5e-6;
  double network_bytes_per_s = 4e9;
  double copy_bytes_per_s = 8e9;
  /// A network with contention (network.hpp); when enabled, schedules are
  /// priced by it instead of the constants above.
  Network network;
  /// The pipelining chunk of the execution priced on the network (0: whole
  /// messages).
  Index chunk_bytes = 0;
};

struct TrafficSummary {
  int processes = 0;
  Index bytes_moved = 0;  ///< between different processes
  Index bytes_local = 0;  ///< copied by a process to itself
  Index max_bytes_out = 0, max_bytes_in = 0;
  Index messages = 0;
  Index max_messages_out = 0, max_messages_in = 0;
  Index steps_lower_bound = 0;   ///< max over processes of max(peers out, peers in)
  double predicted_seconds = 0;  ///< slowest process under the model, all messages at once
};

/// Byte counts are exact when m * n * elem_size fits in Index (every sum is
/// at most that); callers with larger problems must reject them first.
TrafficSummary summarize(const std::vector<ProcessTraffic>& traffic, Index elem_size, const CostModel& model = {});

/// Model time of one process: latency per message plus bytes over the network
/// plus every byte copied (packed, unpacked or kept) once through memory.
double predicted_seconds(const ProcessTraffic& t, Index elem_size, const CostModel& model);

}  // namespace mr2d::model

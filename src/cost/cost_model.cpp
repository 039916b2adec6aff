// SPDX-License-Identifier: BSD-3-Clause
// Traffic under the cost model; see cost_model.hpp.
#include "cost/cost_model.hpp"

#include <algorithm>

namespace mr2d::model {

double predicted_seconds(const ProcessTraffic& t, Index elem_size, const CostModel& model) {
  // In double: a process's sent plus received bytes may exceed 64 bits even
  // where every single byte count fits.
  const double es = static_cast<double>(elem_size);
  const double wire = (static_cast<double>(t.elems_sent) + static_cast<double>(t.elems_received)) * es;
  const double copied = wire + static_cast<double>(t.elems_local) * es;
  return model.latency_s * static_cast<double>(t.messages_sent + t.messages_received) +
         wire / model.network_bytes_per_s + copied / model.copy_bytes_per_s;
}

TrafficSummary summarize(const std::vector<ProcessTraffic>& traffic, Index elem_size, const CostModel& model) {
  TrafficSummary s;
  s.processes = static_cast<int>(traffic.size());
  for (const ProcessTraffic& t : traffic) {
    s.bytes_moved += t.elems_sent * elem_size;
    s.bytes_local += t.elems_local * elem_size;
    s.max_bytes_out = std::max(s.max_bytes_out, t.elems_sent * elem_size);
    s.max_bytes_in = std::max(s.max_bytes_in, t.elems_received * elem_size);
    s.messages += t.messages_sent;
    s.max_messages_out = std::max(s.max_messages_out, t.messages_sent);
    s.max_messages_in = std::max(s.max_messages_in, t.messages_received);
    s.predicted_seconds = std::max(s.predicted_seconds, predicted_seconds(t, elem_size, model));
  }
  s.steps_lower_bound = std::max(s.max_messages_out, s.max_messages_in);
  return s;
}

}  // namespace mr2d::model

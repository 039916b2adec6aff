// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The summary of an execution (mr2d_plan_query); see execution.hpp.
#include <algorithm>

#include "cost/cost_model.hpp"
#include "driver/execution.hpp"
#include "driver/network_option.hpp"
#include "driver/public_enums.hpp"
#include "problem/traffic.hpp"

namespace mr2d::driver {

namespace {

// One block-cyclic call: its passes' traffic from the agreed problems, the
// whole problem's bound and price (the route's own, under a network model).
void add_passes(const Execution& e, const Part& part, mr2d_plan_info& info) {
  const Index es = part.problem.elem_size;
  Index buffers = 0;
  const bool network = cost_model().network.enabled;
  for (std::size_t k = 0; k < part.passes.size(); ++k) {
    const route::Route& route = e.routes[k];
    const auto traffic = model::all_traffic(part.passes[k]);
    // Processes in neither grid have no entry: they move nothing.
    const auto me = static_cast<std::size_t>(part.plans[k].me);
    const model::ProcessTraffic mine = me < traffic.size() ? traffic[me] : model::ProcessTraffic{};
    const auto summary = model::summarize(traffic, es);
    info.messages_sent += mine.messages_sent;
    info.messages_received += mine.messages_received;
    info.bytes_sent += mine.elems_sent * es;
    info.bytes_received += mine.elems_received * es;
    info.bytes_local += mine.elems_local * es;
    info.steps += route.steps;
    info.steps_lower_bound += summary.steps_lower_bound;
    info.predicted_seconds +=
        network ? route.predicted_seconds : std::max(summary.predicted_seconds, route.predicted_seconds);
    buffers = std::max(buffers, route.send_buffer_bytes + route.recv_buffer_bytes);
  }
  info.schedule = to_public(e.routes.front().kind);
  info.extra_bytes = buffers + part.middle_elems * es;
}

// Several parts or tiles in one route: its messages and buffers.
void add_route(const Execution& e, mr2d_plan_info& info) {
  const route::Route& r = e.routes.front();
  for (const Part& part : e.parts)
    for (const Piece& piece : part.pieces) {
      const plan::Plan& plan = part.plans[static_cast<std::size_t>(piece.plan)];
      if (plan.has_self) info.bytes_local += plan.self.count * plan.elem_size;
    }
  info.messages_sent = static_cast<long long>(r.sends.size());
  info.messages_received = static_cast<long long>(r.recvs.size());
  for (const route::Message& m : r.sends)
    for (const route::Chunk& c : m.chunks) info.bytes_sent += c.payload;
  for (const route::Message& m : r.recvs)
    for (const route::Chunk& c : m.chunks) info.bytes_received += c.payload;
  info.steps = r.steps;
  info.steps_lower_bound = r.steps_lower_bound;
  info.predicted_seconds = r.predicted_seconds;
  info.schedule = to_public(r.kind);
  info.extra_bytes = r.send_buffer_bytes + r.recv_buffer_bytes;
}

}  // namespace

mr2d_plan_info describe(const Execution& e) {
  mr2d_plan_info info{};
  info.phases = e.parts.size() == 1 ? e.parts.front().phases : MR2D_PHASES_ONE;
  const bool cdc = std::any_of(e.parts.begin(), e.parts.end(), [](const Part& p) { return p.cdc; });
  info.indexing = cdc ? MR2D_INDEXING_CDC : MR2D_INDEXING_BBC;
  if (e.routes.empty()) return info;
  const bool one_call = !e.batch && e.parts.size() == 1 && !e.parts.front().passes.empty();
  if (one_call)
    add_passes(e, e.parts.front(), info);
  else
    add_route(e, info);
  info.shm_bytes = e.node_local && e.channel != nullptr && e.channel->shm ? e.channel->shm->bytes_held() : 0;
  return info;
}

}  // namespace mr2d::driver

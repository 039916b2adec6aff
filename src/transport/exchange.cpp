// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Plan execution; see exchange.hpp.
#include "transport/exchange.hpp"

#include <algorithm>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/give_up_notice.hpp"
#include "transport/self_copy.hpp"
#include "transport/time_breakdown.hpp"
#include "transport/shm_exchange.hpp"
#include "transport/transfer.hpp"

namespace mr2d::transport {

Status execute(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
               Traffic& traffic) {
  const PhaseTimer timed(Phase::execution);
  Transfer transfer(channel, parts, route, plan_id, node_local, {&channel.send, &channel.recv});
  transfer.start();
  Status st = transfer.wait();
  traffic += transfer.traffic();
  return st;
}

Status abandon(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
               const Status& why) {
  const StepLock hold(channel);
  if (!channel.alive || channel.broken) return why;
  bool in_sync = node_local && channel.shm;
  // Announced alone, after every execution started before (their links done).
  if (in_sync && !wait_for_links(channel).ok()) in_sync = false;
  if (in_sync) {
    Traffic traffic;
    SelfCopies self(parts, traffic);
    ShmExchange shm(*channel.shm, parts, route, plan_id, self, channel.lease.comm);
    in_sync = shm.start().ok();
    if (in_sync) shm.give_up(why);
  }
  // Node-local links stay in step (both sides counted the execution); MPI
  // peers may have sent messages this process never receives, which a later
  // execution of the same plan would match.
  for (const auto* side : {&route.sends, &route.recvs})
    for (const route::Message& m : *side) in_sync = in_sync && m.node_local;
  // Peers over MPI are told too, instead of waiting for messages that never come.
  send_give_ups(channel.lease.comm, channel.tag(plan_id), mpi_peers(route, node_local && channel.shm));
  if (!in_sync) {
    channel.broken = true;
    if (channel.shm) channel.shm->mark_failed();
  }
  return why;
}

route::NodeLocal node_routing(const Channel& channel, bool node_local, Index chunk_bytes) {
  route::NodeLocal node;
  if (!node_local || !channel.shm) return node;
  const ShmLinks& links = *channel.shm;
  int size = 0;
  MPI_Comm_size(channel.union_comm, &size);
  node.on_node.assign(static_cast<std::size_t>(size), false);
  for (int k = 0; k < links.node_size(); ++k)
    if (k != links.me()) node.on_node[static_cast<std::size_t>(links.rank_of(k))] = true;
  node.pool_bytes = links.pool_bytes();
  // A few chunks of every message fit in the pool at once.
  const Index cap = links.pool_bytes() / static_cast<Index>(kRingChunks);
  node.chunk_bytes = chunk_bytes > 0 ? std::min(chunk_bytes, cap) : cap;
  return node;
}

}  // namespace mr2d::transport

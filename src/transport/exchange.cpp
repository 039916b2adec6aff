// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Plan execution; see exchange.hpp.
#include "transport/exchange.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/backoff.hpp"
#include "transport/mpi_stages.hpp"
#include "transport/self_copy.hpp"
#include "transport/shm_exchange.hpp"

namespace mr2d::transport {

namespace {

Status out_of_memory() { return failure(MR2D_ERR_MEMORY, "", "out of memory for message buffers"); }

Status run(Channel& ch, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
           Traffic& traffic, std::unique_ptr<ShmExchange>& shm) {
  SelfCopies self(parts, traffic);
  if (node_local && ch.shm) shm = std::make_unique<ShmExchange>(*ch.shm, parts, route, plan_id, self, ch.lease.comm);
  auto on_mpi = [&](bool receiving, int k) {
    return !shm || !(receiving ? shm->recv_on_node(static_cast<std::size_t>(k))
                               : shm->send_on_node(static_cast<std::size_t>(k)));
  };

  // Node-local messages first: packing them never waits for an MPI peer.
  if (shm) {
    Status st = shm->start();
    if (!st.ok()) return st;
  }
  // While MPI messages travel: pack node-local messages, unpack arrived ones,
  // copy my own part (along with node-local receives, if there are any),
  // except what goes with a message (SelfCopies::pack, unpack).
  auto meanwhile = [&]() -> Status {
    bool progressed = true;
    while (shm && progressed) shm->step(traffic, progressed);
    if (!shm || !shm->receiving()) self.copy_unpaired();
    return {};
  };

  // The channel's buffers, taken on first use (node-local messages need none).
  unsigned char* sendbuf = nullptr;
  unsigned char* recvbuf = nullptr;
  auto buffer = [&](unsigned char*& buf, BufferPool& pool, Index bytes) {
    if (buf == nullptr)
      buf = static_cast<unsigned char*>(pool.get(static_cast<std::size_t>(std::max<Index>(bytes, 1))));
    return buf != nullptr;
  };
  // Adds a stage's MPI messages of one side to the runner, each in its region of `buf`.
  auto add_side = [&](StageRunner& runner, bool receiving, const std::vector<int>& which) -> bool {
    unsigned char*& buf = receiving ? recvbuf : sendbuf;
    const std::vector<route::Message>& messages = receiving ? route.recvs : route.sends;
    Index off = 0;
    for (int k : which) {
      if (!on_mpi(receiving, k)) continue;
      if (!buffer(buf, receiving ? ch.recv : ch.send, receiving ? route.recv_buffer_bytes : route.send_buffer_bytes))
        return false;
      const route::Message& m = messages[static_cast<std::size_t>(k)];
      runner.add(receiving, m, buf + off);
      off += route::chunk_slots(m, route.window).region(m, route.window);
    }
    return true;
  };
  for (const route::Stage& stage : route.stages) {
    StageRunner runner(parts, self, ch.lease.comm, ch.tag(plan_id), route.window);
    // Receives first, so every message finds its buffer.
    if (!add_side(runner, true, stage.recvs) || !add_side(runner, false, stage.sends)) return out_of_memory();
    // On failure the runner's destructor takes back what it posted.
    Status st = runner.run(meanwhile, traffic);
    if (!st.ok()) return st;
  }
  // Whatever node-local work is left: the peers' chunks, and while none has
  // arrived, my own part up to the end of the next expected chunk.
  Backoff backoff(ch.lease.comm);
  StallReport stall;
  while (shm && !shm->done()) {
    bool progressed = false;
    shm->step(traffic, progressed);
    if (progressed) {
      backoff.reset();
      stall.progress();
    } else if (!self.finished() && self.advance(shm->next_expected())) {
      // Kept columns copied while the peers' chunks are under way.
    } else {
      if (stall.check("rank %d, node-local messages of plan %llu not complete (a peer may be executing "
                      "another redistribution, or have left this one after an error)",
                      parts.front().plan->me, static_cast<unsigned long long>(plan_id)))
        return {MR2D_ERR_TIMEOUT, message_of("", "timed out (MR2D_TIMEOUT) waiting for node peer rank ") +
                                      std::to_string(shm->waiting_for())};
      backoff.wait();
    }
  }
  self.finish();
  return shm ? shm->failure() : Status{};
}

}  // namespace

Status execute(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
               Traffic& traffic) {
  if (!channel.alive)
    return failure(MR2D_ERR_CONTEXT, "", "the union context of this plan was exited (blacs_gridexit)");
  if (channel.broken)
    return {MR2D_ERR_MPI,
            message_of(
                "", "an earlier redistribution over this union context failed; its messages may still be in flight")};
  // A failed execution may leave sends in flight and peers mid-message: the
  // channel keeps its buffers and refuses further traffic.
  Status st;
  std::unique_ptr<ShmExchange> shm;
  // Node peers learn of the failure from the links: the messages of this
  // execution are given up with its status, and later ones refused.
  auto fail = [&channel, &shm](const Status& why) {
    channel.broken = true;
    if (shm) shm->give_up(why);
    if (channel.shm) channel.shm->mark_failed();
  };
  try {
    st = run(channel, parts, route, plan_id, node_local, traffic, shm);
  } catch (...) {
    fail(failure(MR2D_ERR_INTERNAL, "", "exception during a transfer"));
    throw;
  }
  if (!st.ok()) fail(st);
  return st;
}

Status abandon(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
               const Status& why) {
  if (!channel.alive || channel.broken) return why;
  bool in_sync = node_local && channel.shm;
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

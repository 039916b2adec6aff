// SPDX-License-Identifier: BSD-3-Clause
// (MPI) An execution in steps; see transfer.hpp.
#include "transport/transfer.hpp"

#include <algorithm>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/give_up_notice.hpp"
#include "transport/time_breakdown.hpp"

namespace mr2d::transport {

namespace {

constexpr unsigned kProbeEvery = 16;

Status out_of_memory() { return failure(MR2D_ERR_MEMORY, "", "out of memory for message buffers"); }

}  // namespace

void Transfer::step_all(Channel& channel, bool& moved) {
  std::vector<Transfer*>& all = channel.transfers;
  for (std::size_t i = 0; i < all.size();) {
    Transfer* t = all[i];
    t->advance(moved, false);
    if (i < all.size() && all[i] == t) ++i;
  }
}

Transfer::Transfer(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id,
                   bool node_local, MessageBuffers buffers)
    : channel_(channel), parts_(parts), route_(route), plan_id_(plan_id), buffers_(buffers), self_(parts, traffic_) {
  if (node_local && channel.shm) shm_.emplace(*channel.shm, parts, route, plan_id, self_, channel.lease.comm);
}

// The message is built only for a transfer left unfinished: most end over.
Transfer::~Transfer() {
  if (!over_) abandon(failure(MR2D_ERR_INTERNAL, "", "an execution was left unfinished"));
}

Status Transfer::start(bool held) {
  const StepLock hold(channel_);
  if (!channel_.alive)
    finish(failure(MR2D_ERR_CONTEXT, "", "the union context of this plan was exited (blacs_gridexit)"));
  else if (channel_.broken)
    finish({MR2D_ERR_MPI,
            message_of(
                "", "an earlier redistribution over this union context failed; its messages may still be in flight")});
  if (over_) return status_;
  channel_.transfers.push_back(this);
  joined_ = true;
  held_ = held;
  bool moved = false;
  advance(moved, false);
  return status_;
}

void Transfer::then(Transfer* next) {
  const StepLock hold(channel_);
  next_ = next;
  if (over_ && status_.ok()) next->held_ = false;
}

bool Transfer::progress(bool may_block, bool* moved_out) {
  const StepLock hold(channel_);
  if (!deferred_.ok()) finish(deferred_);
  if (over_) return true;
  bool moved = false;
  // Started executions on other unions move too (started_channels.hpp); a
  // simulated MPI must then not block on this one's messages.
  const bool others = others_started(channel_);
  try {
    if (channel_.transfers.size() == 1)
      advance(moved, may_block && !others && !holds_links());
    else
      step_all(channel_, moved);
  } catch (...) {
    abandon(failure(MR2D_ERR_INTERNAL, "", "exception during a transfer"));
    throw;
  }
  if (others) step_started(&channel_, moved);
  if (over_) return true;
  // Idle: let MPI move too now and then. A node peer may wait in MPI for a
  // send this process left in flight before (BLACS does), while this
  // process, testing only shared memory, would never enter MPI (backoff.hpp).
  if (!moved && ++idle_ % kProbeEvery == 0) {
    int flag = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, channel_.lease.comm, &flag, MPI_STATUS_IGNORE);
    // A peer this process only sends to may have given up.
    Status gave_up = take_give_up(channel_.lease.comm, channel_.tag(plan_id_), mpi_peers());
    if (!gave_up.ok()) finish(gave_up);
    if (over_) return true;
  }
  if (moved)
    stall_.progress();
  else if (stall_.check("rank %d, plan %llu not complete (a peer may be executing another redistribution, or "
                        "have left this one after an error)",
                        parts_.front().plan->me, static_cast<unsigned long long>(plan_id_)))
    finish(stalled());
  if (moved_out != nullptr) *moved_out = moved;
  return over_;
}

Status Transfer::wait() {
  Backoff backoff(channel_.lease.comm);
  bool moved = false;
  while (!progress(true, &moved)) {
    if (moved) {
      backoff.reset();
    } else {
      const PhaseTimer waiting(Phase::wait);
      backoff.wait();
    }
  }
  return status_;
}

void Transfer::advance(bool& moved, bool may_block) {
  if (over_ || held_) return;
  advance_mpi(moved, may_block);
  if (!over_) advance_node(moved);
  if (!over_ && stage_ == route_.stages.size() && !holds_links()) {
    self_.finish();
    const Status st = shm_ ? shm_->failure() : Status{};
    MR2D_CHECK(!st.ok() || self_.all_complete());
    finish(st);
  }
}

void Transfer::advance_mpi(bool& moved, bool may_block) {
  while (stage_ < route_.stages.size()) {
    if (!runner_ && !through_mpi(route_.stages[stage_])) {
      ++stage_;  // nothing of it goes through MPI: no runner to set up
      continue;
    }
    if (!runner_) {
      runner_.emplace(parts_, self_, channel_.lease.comm, channel_.tag(plan_id_), route_.window);
      const route::Stage& stage = route_.stages[stage_];
      // Receives first, so every message finds its buffer; each message in
      // its region of the side's buffer.
      for (bool receiving : {true, false}) {
        const std::vector<route::Message>& messages = receiving ? route_.recvs : route_.sends;
        BufferPool* pool = receiving ? buffers_.recv : buffers_.send;
        const Index bytes = receiving ? route_.recv_buffer_bytes : route_.send_buffer_bytes;
        unsigned char* buf = nullptr;
        Index off = 0;
        for (int k : receiving ? stage.recvs : stage.sends) {
          const route::Message& m = messages[static_cast<std::size_t>(k)];
          if (shm_ && m.node_local) continue;
          if (buf == nullptr)
            buf = static_cast<unsigned char*>(pool->get(static_cast<std::size_t>(std::max<Index>(bytes, 1))));
          if (buf == nullptr) return finish(out_of_memory());
          runner_->add(receiving, m, buf + off);
          off += route::chunk_slots(m, route_.window).region(m, route_.window);
        }
      }
      Status st = runner_->post_first(traffic_);
      if (!st.ok()) return finish(st);
      moved = true;
    }
    Status st = runner_->test(traffic_, moved, may_block);
    if (!st.ok()) return finish(st);
    if (!runner_->done()) return;
    runner_.reset();
    ++stage_;
  }
}

bool Transfer::through_mpi(const route::Stage& stage) const {
  for (int k : stage.recvs)
    if (!shm_ || !route_.recvs[static_cast<std::size_t>(k)].node_local) return true;
  for (int k : stage.sends)
    if (!shm_ || !route_.sends[static_cast<std::size_t>(k)].node_local) return true;
  return false;
}

void Transfer::advance_node(bool& moved) {
  if (!shm_) {
    self_.copy_unpaired();  // while MPI messages travel; paired parts go with theirs
    return;
  }
  if (!shm_started_) {
    bool alone = true;
    if (!links_free(alone)) return;
    bool ready = false;
    Status st = shm_->ready(alone, ready, shm_waiting_);
    if (!st.ok()) return fail(st);
    if (!ready) return;
    shm_->announce(alone);
    shm_started_ = true;
    moved = true;
  }
  bool progressed = true;
  while (progressed && !shm_->done()) {
    shm_->step(traffic_, progressed);
    moved = moved || progressed;
  }
  // My own part: all at once where nothing node-local arrives any more,
  // else up to the end of the next expected chunk while none has arrived.
  if (!shm_->receiving())
    self_.copy_unpaired();
  else if (!moved && !self_.finished())
    moved = self_.advance(shm_->next_expected());
}

bool Transfer::links_free(bool& alone) const {
  // Executions announce in the order they started (both ends of a link
  // count epochs alike); one still under way leaves this one behind it.
  alone = true;
  for (const Transfer* t : channel_.transfers) {
    if (t == this) return true;
    if (t->shm_ && !t->shm_started_) return false;
    alone = alone && !t->holds_links();
  }
  return true;
}

Status Transfer::stalled() const {
  if (runner_ && !runner_->done()) return runner_->timed_out();
  bool alone = true;
  if (shm_ && !shm_started_) {
    if (!links_free(alone))
      return failure(MR2D_ERR_TIMEOUT, "",
                     "timed out (MR2D_TIMEOUT) waiting for an earlier execution's node-local messages");
    return previous_unread(shm_waiting_);
  }
  if (shm_ && !shm_->done())
    return {MR2D_ERR_TIMEOUT, message_of("", "timed out (MR2D_TIMEOUT) waiting for node peer rank ") +
                                  std::to_string(shm_->waiting_for())};
  return failure(MR2D_ERR_TIMEOUT, "", "timed out (MR2D_TIMEOUT) waiting for a transfer");
}

void Transfer::finish(const Status& status) {
  if (over_) return;
  over_ = true;
  status_ = status;
  if (status.ok() && next_ != nullptr) next_->held_ = false;
  if (!status.ok()) {
    // A failed transfer may leave sends in flight and peers mid-message: the
    // channel refuses further traffic, and node peers learn of the failure
    // from the links (this execution's messages given up, later ones refused).
    channel_.broken = true;
    if (shm_ && shm_started_) shm_->give_up(status);
    if (channel_.alive) send_give_ups(channel_.lease.comm, channel_.tag(plan_id_), mpi_peers());
    if (channel_.shm) channel_.shm->mark_failed();
    if (runner_ && runner_->sending() && buffers_.send != nullptr) buffers_.send->abandon();
    runner_.reset();  // takes back its posted requests
  }
  leave_channel();
}

void Transfer::abandon(const Status& why) {
  const StepLock hold(channel_);
  if (!over_) finish(why.ok() ? failure(MR2D_ERR_INTERNAL, "", "transfer abandoned") : why);
}

void Transfer::fail(const Status& status) {
  if (on_thread_)
    deferred_ = status;
  else
    finish(status);
}

void Transfer::step_node(Channel& channel, bool& moved) {
  for (Transfer* t : channel.transfers) {
    if (t->over_ || t->held_ || !t->deferred_.ok()) continue;
    t->on_thread_ = true;
    t->advance_node(moved);
    t->on_thread_ = false;
  }
}

const std::vector<int>& Transfer::mpi_peers() {
  if (!peers_known_) {
    mpi_peers_ = transport::mpi_peers(route_, shm_.has_value());
    peers_known_ = true;
  }
  return mpi_peers_;
}

void Transfer::step_channel(Channel& channel, bool& moved) {
  try {
    step_all(channel, moved);
  } catch (...) {
    while (!channel.transfers.empty())
      channel.transfers.front()->abandon(
          failure(MR2D_ERR_INTERNAL, "", "exception while stepping a started execution"));
  }
}

void Transfer::leave_channel() {
  if (!joined_) return;
  joined_ = false;
  std::vector<Transfer*>& all = channel_.transfers;
  all.erase(std::remove(all.begin(), all.end(), this), all.end());
}

Status wait_for_links(Channel& channel) {
  Backoff backoff(channel.lease.comm);
  StallReport stall;
  for (;;) {
    bool held = false;
    {
      const StepLock hold(channel);
      for (const Transfer* t : channel.transfers) held = held || t->holds_links();
    }
    if (!held) return {};
    bool moved = false;
    {
      const StepLock hold(channel);
      Transfer::step_all(channel, moved);
    }
    step_started(&channel, moved);
    if (moved) {
      backoff.reset();
      stall.progress();
      continue;
    }
    if (stall.check("node-local messages of an earlier execution not complete"))
      return failure(MR2D_ERR_TIMEOUT, "",
                     "timed out (MR2D_TIMEOUT) waiting for an earlier execution's node-local messages");
    backoff.wait();
  }
}

}  // namespace mr2d::transport

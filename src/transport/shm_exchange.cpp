// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) Node-local messages; see shm_exchange.hpp.
#include "transport/shm_exchange.hpp"

#include <algorithm>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/backoff.hpp"
#include "transport/chunk_copy.hpp"
#include "transport/exchange.hpp"

namespace mr2d::transport {

namespace {

Status mismatch() {
  return {MR2D_ERR_INCONSISTENT,
          "mr2d: processes executed different redistributions at the same time (plans or calls "
          "in a different order on different processes)"};
}

Status peer_failed(int rank) {
  return {MR2D_ERR_MPI, "mr2d: node peer rank " + std::to_string(rank) +
                            " failed an earlier redistribution over this union context and left its messages"};
}

}  // namespace

std::uint64_t status_word(const Status& status) {
  return static_cast<std::uint64_t>(status.ok() ? MR2D_ERR_INTERNAL : status.code);
}

Status peer_status(std::uint64_t word, int peer_rank, bool peer_sent) {
  const int code = static_cast<int>(word);
  if (code == MR2D_ERR_INCONSISTENT) return mismatch();
  return {code, std::string("mr2d: node peer rank ") + std::to_string(peer_rank) + " gave up the message it " +
                    (peer_sent ? "was sending" : "was receiving") + " here (its status: " +
                    mr2d_status_name(code) + ")"};
}

ShmExchange::ShmExchange(ShmLinks& links, const Parts& parts, const route::Route& route,
                         std::uint64_t plan_id, SelfCopies& self, MPI_Comm progress_comm)
    : links_(links), parts_(parts), route_(route), plan_id_(plan_id), self_(self), progress_comm_(progress_comm),
      space_(links.space) {}

Status ShmExchange::start() {
  // The pool is reused: every receiver must have read the previous execution.
  Backoff backoff(progress_comm_);
  StallReport stall;
  for (int r = 0; r < links_.node_size(); ++r) {
    if (r == links_.me()) continue;
    const ShmSlot* slot = &links_.out_slot(r);
    while (slot->consumed.load(std::memory_order_acquire) < links_.epoch_out[static_cast<std::size_t>(r)]) {
      if (slot->receiver_dead.load(std::memory_order_acquire) != 0) return peer_failed(links_.rank_of(r));
      if (stall.check("rank %d, node peer rank %d has not read the previous redistribution's data",
                      parts_.front().plan->me, links_.rank_of(r)))
        return {MR2D_ERR_TIMEOUT, "mr2d: timed out (MR2D_TIMEOUT) waiting for node peer rank " +
                                      std::to_string(links_.rank_of(r)) + " to read the previous redistribution's data"};
      backoff.wait();
    }
  }
  space_.reset(links_.pool_bytes());
  for (std::size_t k = 0; k < route_.sends.size(); ++k) {
    if (!send_on_node(k)) continue;
    const int link = links_.local_index(route_.sends[k].peer);
    outs_.push_back(Out{k, link, ++links_.epoch_out[static_cast<std::size_t>(link)]});
  }
  for (std::size_t k = 0; k < route_.recvs.size(); ++k) {
    if (!recv_on_node(k)) continue;
    const int link = links_.local_index(route_.recvs[k].peer);
    ins_.push_back(In{k, link, ++links_.epoch_in[static_cast<std::size_t>(link)]});
  }
  sends_left_ = outs_.size();
  recvs_left_ = ins_.size();
  // Announce every message before packing any, so receivers can check the plan early.
  for (const Out& o : outs_) {
    ShmSlot& slot = links_.out_slot(o.link);
    slot.plan.store(plan_id_, std::memory_order_relaxed);
    slot.ready.store(link_word(o.epoch, 0), std::memory_order_release);
  }
  return {};
}

Status ShmExchange::step(Traffic& traffic, bool& progressed) {
  progressed = false;
  Status s = pack_one(traffic, progressed);
  if (!s.ok()) return s;
  unpack_ready(traffic, progressed);
  return {};
}

void ShmExchange::finish(Out& o) {
  o.done = true;
  --sends_left_;
}

void ShmExchange::watch_receiver(Out& o, bool& progressed) {
  const ShmSlot& slot = links_.out_slot(o.link);
  const std::uint64_t word = slot.taken.load(std::memory_order_acquire);
  // Space of chunks the receiver has read goes back to the pool, also after
  // the message is done on this side (all packed, accepted).
  const std::vector<route::Chunk>& chunks = route_.sends[o.k].chunks;
  auto give_back = [&](std::size_t upto) {
    for (; o.freed < upto; ++o.freed) space_.give(o.at[o.freed % kRingChunks], chunks[o.freed].bytes);
    progressed = true;
  };
  if (epoch_order(word, o.epoch) == 0) {
    if (word_given_up(word)) {
      if (!o.done) {
        note(peer_status(slot.receiver_status.load(std::memory_order_relaxed), links_.rank_of(o.link), false));
        finish(o);
      }
      if (o.freed < o.next) give_back(o.next);
      return;
    }
    o.accepted = true;
    if (o.freed < word_chunks(word)) give_back(word_chunks(word));
  } else if (!o.done && slot.receiver_dead.load(std::memory_order_acquire) != 0) {
    note(peer_failed(links_.rank_of(o.link)));
    finish(o);
    progressed = true;
    return;
  }
  if (!o.done && o.accepted && o.next == chunks.size()) {
    finish(o);
    progressed = true;
  }
}

Status ShmExchange::pack_one(Traffic& traffic, bool& progressed) {
  if (sends_left_ == 0) return {};
  for (Out& o : outs_)
    if (!o.done || o.freed < o.next) watch_receiver(o, progressed);
  // Round robin over the messages, one chunk at a time: every receiver gets
  // its first chunk early, and a full ring does not hold up the others.
  for (std::size_t tried = 0; tried < outs_.size(); ++tried, cursor_ = (cursor_ + 1) % outs_.size()) {
    Out& o = outs_[cursor_];
    const std::vector<route::Chunk>& chunks = route_.sends[o.k].chunks;
    if (o.done || o.next == chunks.size() || o.next - o.freed >= kRingChunks) continue;
    const route::Chunk& chunk = chunks[o.next];
    const Index at = space_.take(chunk.bytes);
    if (at < 0) continue;
    pack_chunk(parts_, chunk, links_.pool() + at);
    o.at[o.next % kRingChunks] = at;
    ShmSlot& slot = links_.out_slot(o.link);
    slot.where[o.next % kRingChunks].store(static_cast<std::uint64_t>(at), std::memory_order_relaxed);
    ++o.next;
    slot.ready.store(link_word(o.epoch, o.next), std::memory_order_release);
    traffic.bytes_sent += chunk.payload;
    if (o.next == 1) traffic.messages_sent += 1;
    cursor_ = (cursor_ + 1) % outs_.size();
    progressed = true;
    return {};
  }
  return {};
}

void ShmExchange::abandon(In& in, const Status& why) {
  note(why);
  ShmSlot& slot = links_.in_slot(in.link);
  slot.receiver_status.store(status_word(why), std::memory_order_relaxed);
  slot.taken.store(link_word(in.epoch, kGivenUp | in.next), std::memory_order_release);
  slot.consumed.store(in.epoch, std::memory_order_release);
  in.done = true;
  --recvs_left_;
}

void ShmExchange::unpack_ready(Traffic& traffic, bool& progressed) {
  for (In& in : ins_) {
    if (in.done) continue;
    const std::vector<route::Chunk>& chunks = route_.recvs[in.k].chunks;
    ShmSlot& slot = links_.in_slot(in.link);
    const std::uint64_t word = slot.ready.load(std::memory_order_acquire);
    const std::int32_t order = epoch_order(word, in.epoch);
    const int sender = links_.rank_of(in.link);
    if (order == 0 && word_given_up(word)) {
      abandon(in, peer_status(slot.sender_status.load(std::memory_order_relaxed), sender, true));
      progressed = true;
      continue;
    }
    if (order > 0 || (order == 0 && !in.accepted && slot.plan.load(std::memory_order_relaxed) != plan_id_)) {
      abandon(in, mismatch());
      progressed = true;
      continue;
    }
    if (order < 0) {
      // The sender has not started this execution yet, or never will.
      if (slot.sender_dead.load(std::memory_order_acquire) != 0) {
        abandon(in, peer_failed(sender));
        progressed = true;
      }
      continue;
    }
    if (!in.accepted) {
      in.accepted = true;
      slot.taken.store(link_word(in.epoch, 0), std::memory_order_release);
      progressed = true;
    }
    const std::size_t packed = word_chunks(word);
    while (in.next < packed && in.next < chunks.size()) {
      const route::Chunk& chunk = chunks[in.next];
      self_.before(chunk);
      const std::uint64_t at = slot.where[in.next % kRingChunks].load(std::memory_order_relaxed);
      unpack_chunk(parts_, chunk, links_.inbox(in.link) + at);
      traffic.bytes_received += chunk.payload;
      ++in.next;
      slot.taken.store(link_word(in.epoch, in.next), std::memory_order_release);
      progressed = true;
    }
    if (in.next == chunks.size()) {
      slot.consumed.store(in.epoch, std::memory_order_release);
      in.done = true;
      --recvs_left_;
    }
  }
}

void ShmExchange::give_up(const Status& why) {
  for (Out& o : outs_) {
    if (o.done) continue;
    ShmSlot& slot = links_.out_slot(o.link);
    slot.sender_status.store(status_word(why), std::memory_order_relaxed);
    slot.ready.store(link_word(o.epoch, kGivenUp | o.next), std::memory_order_release);
    finish(o);
  }
  for (In& in : ins_)
    if (!in.done) abandon(in, why);
}

int ShmExchange::waiting_for() const {
  for (const In& in : ins_)
    if (!in.done) return links_.rank_of(in.link);
  for (const Out& o : outs_)
    if (!o.done) return links_.rank_of(o.link);
  return -1;
}

const route::Chunk* ShmExchange::next_expected() const {
  // The chunk whose kept columns end first, as far as parts compare.
  const route::Chunk* next = nullptr;
  for (const In& in : ins_) {
    const std::vector<route::Chunk>& chunks = route_.recvs[in.k].chunks;
    if (in.done) continue;
    const route::Chunk& c = chunks[in.next];
    if (next == nullptr || c.sections.front().part < next->sections.front().part ||
        (c.sections.front().part == next->sections.front().part &&
         c.sections.front().col_hi < next->sections.front().col_hi))
      next = &c;
  }
  return next;
}

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) Node-local messages; see shm_exchange.hpp.
#include "transport/shm_exchange.hpp"

#include <algorithm>

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

}  // namespace

ShmExchange::ShmExchange(ShmLinks& links, const Parts& parts, const route::Route& route,
                         std::uint64_t plan_id, SelfCopies& self, MPI_Comm progress_comm)
    : links_(links), parts_(parts), route_(route), plan_id_(plan_id), self_(self), progress_comm_(progress_comm) {
  send_link_.reserve(route.sends.size());
  for (const route::Message& m : route.sends) send_link_.push_back(links.local_index(m.peer));
  recv_link_.reserve(route.recvs.size());
  for (const route::Message& m : route.recvs) recv_link_.push_back(links.local_index(m.peer));
}

Status ShmExchange::start() {
  // The outbox is reused: every receiver must have read the previous execution.
  Backoff backoff(progress_comm_);
  StallReport stall;
  for (std::size_t r = 0; r < links_.epoch_out.size(); ++r) {
    const std::uint64_t last = links_.epoch_out[r];
    if (last == 0) continue;
    ShmSlot& slot = links_.out_slot(static_cast<int>(r));
    while (slot.consumed.load(std::memory_order_acquire) < last) {
      stall.check("rank %d, node peer %zu has not read the previous redistribution's data",
                  parts_.front().plan->me, r);
      backoff.wait();
    }
  }
  Index bytes = 0;
  for (std::size_t k = 0; k < send_link_.size(); ++k) {
    if (send_link_[k] < 0) continue;
    const route::Message& m = route_.sends[k];
    const route::ChunkSlots slots = route::chunk_slots(m, kShmSlots);
    outs_.push_back(Out{k, send_link_[k], ++links_.epoch_out[static_cast<std::size_t>(send_link_[k])], bytes,
                        slots});
    bytes += slots.region(m, kShmSlots);
  }
  for (std::size_t k = 0; k < recv_link_.size(); ++k) {
    if (recv_link_[k] < 0) continue;
    ins_.push_back(In{k, recv_link_[k], ++links_.epoch_in[static_cast<std::size_t>(recv_link_[k])],
                      route::chunk_slots(route_.recvs[k], kShmSlots)});
  }
  sends_left_ = outs_.size();
  recvs_left_ = ins_.size();
  std::uint64_t generation = 0;
  if (!outs_.empty()) outbox_ = links_.outbox(static_cast<std::size_t>(bytes), generation);
  // Announce every message before packing any, so receivers can check the plan early.
  for (const Out& o : outs_) {
    ShmSlot& slot = links_.out_slot(o.link);
    slot.plan.store(outbox_ != nullptr ? plan_id_ : kFailedPlan, std::memory_order_relaxed);
    slot.offset.store(static_cast<std::uint64_t>(o.byte_offset), std::memory_order_relaxed);
    slot.generation.store(generation, std::memory_order_relaxed);
    slot.ready.store(ready_word(o.epoch, 0), std::memory_order_release);
  }
  if (!outs_.empty() && outbox_ == nullptr) {
    failure_ = {MR2D_ERR_MEMORY, "mr2d: no shared memory for the node-local messages (/dev/shm full?)"};
    for (Out& o : outs_) o.next = route_.sends[o.k].chunks.size();
    sends_left_ = 0;
  }
  return {};
}

void ShmExchange::abandon(In& in, ShmSlot& slot, Status why) {
  if (failure_.ok()) failure_ = std::move(why);
  in.next = route_.recvs[in.k].chunks.size();
  slot.consumed.store(in.epoch, std::memory_order_release);
  --recvs_left_;
}

Status ShmExchange::step(Traffic& traffic, bool& progressed) {
  progressed = false;
  Status s = pack_one(traffic, progressed);
  if (!s.ok()) return s;
  return unpack_ready(traffic, progressed);
}

Index ShmExchange::place(const route::ChunkSlots& slots, const route::Chunk& chunk, std::size_t k) {
  return slots.offset(chunk, static_cast<Index>(k % kShmSlots));
}

bool ShmExchange::slot_free(const Out& o) const {
  if (o.slots.direct || o.next < static_cast<std::size_t>(kShmSlots)) return true;
  const std::uint64_t need = ready_word(o.epoch, o.next - static_cast<std::size_t>(kShmSlots) + 1);
  return links_.out_slot(o.link).taken.load(std::memory_order_acquire) >= need;
}

Status ShmExchange::pack_one(Traffic& traffic, bool& progressed) {
  if (sends_left_ == 0) return {};
  // Round robin over the messages, one chunk at a time: every receiver gets
  // its first chunk early, and a full ring does not hold up the others.
  std::size_t tried = 0;
  for (; tried < outs_.size(); ++tried, cursor_ = (cursor_ + 1) % outs_.size()) {
    const Out& o = outs_[cursor_];
    if (o.next < route_.sends[o.k].chunks.size() && slot_free(o)) break;
  }
  if (tried == outs_.size()) return {};
  Out& o = outs_[cursor_];
  cursor_ = (cursor_ + 1) % outs_.size();
  const std::vector<route::Chunk>& chunks = route_.sends[o.k].chunks;
  const route::Chunk& chunk = chunks[o.next];
  pack_chunk(parts_, chunk, outbox_ + o.byte_offset + place(o.slots, chunk, o.next));
  ++o.next;
  links_.out_slot(o.link).ready.store(ready_word(o.epoch, o.next), std::memory_order_release);
  traffic.bytes_sent += chunk.payload;
  if (o.next == 1) traffic.messages_sent += 1;
  if (o.next == chunks.size()) --sends_left_;
  progressed = true;
  return {};
}

Status ShmExchange::unpack_ready(Traffic& traffic, bool& progressed) {
  for (In& in : ins_) {
    const std::vector<route::Chunk>& chunks = route_.recvs[in.k].chunks;
    if (in.next == chunks.size()) continue;
    ShmSlot& slot = links_.in_slot(in.link);
    const std::uint64_t word = slot.ready.load(std::memory_order_acquire);
    const std::uint64_t epoch = word >> 32;
    if (epoch < in.epoch) continue;  // the sender has not started this execution yet
    if (epoch > in.epoch) return mismatch();
    if (in.base == nullptr) {
      const std::uint64_t plan = slot.plan.load(std::memory_order_relaxed);
      if (plan == kFailedPlan) {
        abandon(in, slot, {MR2D_ERR_MEMORY, "mr2d: a node peer had no shared memory for its messages"});
        progressed = true;
        continue;
      }
      if (plan != plan_id_) return mismatch();
      const unsigned char* box = links_.inbox(in.link, slot.generation.load(std::memory_order_relaxed));
      if (box == nullptr) {
        abandon(in, slot, {MR2D_ERR_MPI, "mr2d: cannot map a node peer's shared memory"});
        progressed = true;
        continue;
      }
      in.base = box + slot.offset.load(std::memory_order_relaxed);
    }
    const std::uint64_t packed = word & 0xffffffffu;
    while (in.next < packed && in.next < chunks.size()) {
      const route::Chunk& chunk = chunks[in.next];
      self_.before(chunk);
      unpack_chunk(parts_, chunk, in.base + place(in.slots, chunk, in.next));
      traffic.bytes_received += chunk.payload;
      ++in.next;
      slot.taken.store(ready_word(in.epoch, in.next), std::memory_order_release);
      progressed = true;
    }
    if (in.next == chunks.size()) {
      slot.consumed.store(in.epoch, std::memory_order_release);
      --recvs_left_;
    }
  }
  return {};
}

const route::Chunk* ShmExchange::next_expected() const {
  // The chunk whose kept columns end first, as far as parts compare.
  const route::Chunk* next = nullptr;
  for (const In& in : ins_) {
    const std::vector<route::Chunk>& chunks = route_.recvs[in.k].chunks;
    if (in.next == chunks.size()) continue;
    const route::Chunk& c = chunks[in.next];
    if (next == nullptr || c.sections.front().part < next->sections.front().part ||
        (c.sections.front().part == next->sections.front().part &&
         c.sections.front().col_hi < next->sections.front().col_hi))
      next = &c;
  }
  return next;
}

}  // namespace mr2d::transport

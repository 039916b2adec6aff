// (Shared memory) Node-local messages; see shm_exchange.hpp.
#include "transport/shm_exchange.hpp"

#include <algorithm>

#include "kernels/pack.hpp"
#include "kernels/transform.hpp"
#include "mr2d/mr2d.h"
#include "transport/backoff.hpp"
#include "transport/exchange.hpp"

namespace mr2d::transport {

namespace {

Status mismatch() {
  return {MR2D_ERR_INCONSISTENT,
          "mr2d: processes executed different redistributions at the same time (plans or calls "
          "in a different order on different processes)"};
}

}  // namespace

ShmExchange::ShmExchange(ShmLinks& links, const plan::Plan& plan, const route::Route& route,
                         std::uint64_t plan_id, const void* a, void* b, SelfCopy& self)
    : links_(links), plan_(plan), route_(route), plan_id_(plan_id), a_(a), b_(b), self_(self) {
  send_link_.reserve(plan.sends.size());
  for (const plan::Transfer& t : plan.sends) send_link_.push_back(links.local_index(t.peer));
  recv_link_.reserve(plan.recvs.size());
  for (const plan::Transfer& t : plan.recvs) recv_link_.push_back(links.local_index(t.peer));
}

Status ShmExchange::start() {
  // The outbox is reused: every receiver must have read the previous execution.
  Backoff backoff;
  StallReport stall;
  for (std::size_t r = 0; r < links_.epoch_out.size(); ++r) {
    const std::uint64_t last = links_.epoch_out[r];
    if (last == 0) continue;
    ShmSlot& slot = links_.out_slot(static_cast<int>(r));
    while (slot.consumed.load(std::memory_order_acquire) < last) {
      stall.check("rank %d, node peer %zu has not read the previous redistribution's data",
                  plan_.me, r);
      backoff.wait();
    }
  }
  Index bytes = 0;
  for (std::size_t k = 0; k < send_link_.size(); ++k) {
    if (send_link_[k] < 0) continue;
    const auto& chunks = route_.send_chunks[k];
    outs_.push_back(Out{k, send_link_[k], ++links_.epoch_out[static_cast<std::size_t>(send_link_[k])], bytes,
                        route::chunk_slots(chunks, kShmSlots)});
    bytes += route::slot_elems(chunks, kShmSlots) * plan_.elem_size;
  }
  for (std::size_t k = 0; k < recv_link_.size(); ++k) {
    if (recv_link_[k] < 0) continue;
    ins_.push_back(In{k, recv_link_[k], ++links_.epoch_in[static_cast<std::size_t>(recv_link_[k])],
                      route::chunk_slots(route_.recv_chunks[k], kShmSlots)});
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
    for (Out& o : outs_) o.next = route_.send_chunks[o.k].size();
    sends_left_ = 0;
  }
  return {};
}

void ShmExchange::abandon(In& in, ShmSlot& slot, Status why) {
  if (failure_.ok()) failure_ = std::move(why);
  in.next = route_.recv_chunks[in.k].size();
  slot.consumed.store(in.epoch, std::memory_order_release);
  --recvs_left_;
}

Status ShmExchange::step(Traffic& traffic, bool& progressed) {
  progressed = false;
  Status s = pack_one(traffic, progressed);
  if (!s.ok()) return s;
  return unpack_ready(traffic, progressed);
}

Index ShmExchange::place(const route::ChunkSlots& slots, const route::Chunk& chunk, std::size_t k) const {
  return slots.offset(chunk, static_cast<Index>(k % kShmSlots)) * plan_.elem_size;
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
    if (o.next < route_.send_chunks[o.k].size() && slot_free(o)) break;
  }
  if (tried == outs_.size()) return {};
  Out& o = outs_[cursor_];
  cursor_ = (cursor_ + 1) % outs_.size();
  const plan::Transfer& t = plan_.sends[o.k];
  const route::Chunk& chunk = route_.send_chunks[o.k][o.next];
  const Index es = plan_.elem_size;
  const Index n = kernels::pack(a_, plan_.lda, plan_.rows(t), plan_.cols(t), plan_.trapezoid, es,
                                outbox_ + o.byte_offset + place(o.slots, chunk, o.next),
                                {chunk.col_lo, chunk.col_hi});
  MR2D_CHECK(n == chunk.count);
  ++o.next;
  links_.out_slot(o.link).ready.store(ready_word(o.epoch, o.next), std::memory_order_release);
  traffic.bytes_sent += n * es;
  if (o.next == 1) traffic.messages_sent += 1;
  if (o.next == route_.send_chunks[o.k].size()) --sends_left_;
  progressed = true;
  return {};
}

Status ShmExchange::unpack_ready(Traffic& traffic, bool& progressed) {
  const Index es = plan_.elem_size;
  for (In& in : ins_) {
    const std::vector<route::Chunk>& chunks = route_.recv_chunks[in.k];
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
    const plan::Transfer& t = plan_.recvs[in.k];
    while (in.next < packed && in.next < chunks.size()) {
      const route::Chunk& chunk = chunks[in.next];
      self_.upto(chunk.col_hi);
      const Index n = kernels::unpack_with(in.base + place(in.slots, chunk, in.next), plan_.rows(t),
                                           plan_.cols(t), plan_.trapezoid, es, self_.update(), b_,
                                           plan_.ldb, {chunk.col_lo, chunk.col_hi});
      MR2D_CHECK(n == chunk.count);
      traffic.bytes_received += n * es;
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

Index ShmExchange::next_window_end() const {
  Index end = INT64_MAX;
  for (const In& in : ins_) {
    const std::vector<route::Chunk>& chunks = route_.recv_chunks[in.k];
    if (in.next < chunks.size()) end = std::min(end, chunks[in.next].col_hi);
  }
  return end;
}

}  // namespace mr2d::transport

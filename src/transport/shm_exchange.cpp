// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) Node-local messages; see shm_exchange.hpp.
#include "transport/shm_exchange.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/backoff.hpp"
#include "common/checked.hpp"
#include "common/env.hpp"
#include "kernels/transform.hpp"
#include "transport/exchange.hpp"
#include "transport/shared_arrays.hpp"

namespace mr2d::transport {

namespace {

Status mismatch() {
  return {MR2D_ERR_INCONSISTENT,
          message_of("",
                     "processes executed different redistributions at the same time (plans or calls "
                     "in a different order on different processes)")};
}

Status peer_failed(int rank) {
  return {MR2D_ERR_MPI, message_of("", "node peer rank ") + std::to_string(rank) +
                            " failed an earlier redistribution over this union context and left its messages"};
}

// One past the largest source-side local index of a run set (0 if empty).
Index src_end(const index::RunSet& runs) {
  Index end = 0;
  runs.for_each([&end](Index, Index len, Index src, Index) { end = std::max(end, src + len); });
  return end;
}

// Elements a column-major array with leading dimension `ld` spans from its
// start to the last element of rows x cols, or nothing on overflow.
std::optional<Index> array_extent(const index::RunSet& rows, const index::RunSet& cols, Index ld) {
  const Index row_end = src_end(rows), col_end = src_end(cols);
  if (row_end == 0 || col_end == 0) return Index{0};
  if (row_end > ld) return std::nullopt;
  const std::optional<Index> before = checked_mul(col_end - 1, ld);
  return before ? checked_add(*before, row_end) : std::nullopt;
}

// MR2D_TEST_REFUSE_DIRECT=r: union rank r cannot map its node peers' arrays
// (as when they belong to another user), to test the fallback to the pool.
bool refuses_direct(int rank) {
  static const Index refused = count_env("MR2D_TEST_REFUSE_DIRECT", -1);
  return rank == refused;
}

}  // namespace

Status previous_unread(int rank) {
  return {MR2D_ERR_TIMEOUT, message_of("", "timed out (MR2D_TIMEOUT) waiting for node peer rank ") +
                                std::to_string(rank) + " to read the previous redistribution's data"};
}

std::uint64_t status_word(const Status& status) {
  return static_cast<std::uint64_t>(status.ok() ? MR2D_ERR_INTERNAL : status.code);
}

Status peer_status(std::uint64_t word, int peer_rank, bool peer_sent) {
  const int code = static_cast<int>(word);
  if (code == MR2D_ERR_INCONSISTENT) return mismatch();
  return {code, message_of("", "node peer rank ") + std::to_string(peer_rank) + " gave up the message it " +
                    (peer_sent ? "was sending" : "was receiving") + " here (its status: " + mr2d_status_name(code) +
                    ")"};
}

ShmExchange::ShmExchange(ShmLinks& links, const Parts& parts, const route::Route& route, std::uint64_t plan_id,
                         SelfCopies& self, MPI_Comm progress_comm)
    : links_(links),
      parts_(parts),
      route_(route),
      plan_id_(plan_id),
      self_(self),
      progress_comm_(progress_comm),
      space_(links.space) {}

Status ShmExchange::ready(bool alone, bool& ready, int& waiting) const {
  ready = false;
  // Whether the receiver of local index r has read epoch `e` of its slot
  // (else: an error where it failed, or whom this execution waits for).
  auto read = [&](int r, std::uint64_t e, Status& failed) {
    const ShmSlot& slot = links_.out_slot(r, e);
    if (slot.consumed.load(std::memory_order_acquire) >= e) return true;
    if (slot.receiver_dead.load(std::memory_order_acquire) != 0) failed = peer_failed(links_.rank_of(r));
    waiting = links_.rank_of(r);
    return false;
  };
  Status failed;
  for (int r = 0; r < links_.node_size(); ++r) {
    if (r == links_.me()) continue;
    const std::uint64_t last = links_.epoch_out[static_cast<std::size_t>(r)];
    // Alone, the pool starts afresh: every earlier epoch must have been read.
    // Behind executions still under way, only the slot this one takes: read
    // at its previous use, kLinkSlots epochs ago.
    if (alone) {
      for (std::uint64_t back = 0; back < kLinkSlots && back <= last; ++back)
        if (!read(r, last - back, failed)) return failed;
    } else {
      // My message of that epoch must be finished here too: it watches the slot.
      if (links_.out_busy[static_cast<std::size_t>(r) * kLinkSlots + (last + 1) % kLinkSlots]) {
        waiting = links_.rank_of(r);
        return {};
      }
      if (last + 1 >= kLinkSlots && !read(r, last + 1 - kLinkSlots, failed)) return failed;
    }
  }
  ready = true;
  return {};
}

Status ShmExchange::start() {
  Backoff backoff(progress_comm_);
  StallReport stall;
  bool is_ready = false;
  int waiting = -1;
  for (;;) {
    Status st = ready(true, is_ready, waiting);
    if (!st.ok()) return st;
    if (is_ready) break;
    if (stall.check("rank %d, node peer rank %d has not read the previous redistribution's data",
                    parts_.front().plan->me, waiting))
      return previous_unread(waiting);
    backoff.wait();
  }
  announce(true);
  return {};
}

void ShmExchange::announce(bool alone) {
  const Index tables = collect_offers() ? offer_entries() : 0;
  if (alone) {
    // Nothing of an earlier execution is in the pool any more.
    const Index need = placed_bytes(links_.pool_bytes(), tables);
    const Index from = placement_start(links_.placement_end, need, links_.pool_bytes());
    links_.placement_end = from + need;
    space_.reset(links_.pool_bytes(), from);
  }
  const Index table = tables > 0 ? publish_offers(tables) : -1;
  Index placed = 0;  // offers of the messages before in the tables
  for (std::size_t k = 0; k < route_.sends.size(); ++k) {
    if (!send_on_node(k)) continue;
    const int link = links_.local_index(route_.sends[k].peer);
    outs_.push_back(Out{k, link, ++links_.epoch_out[static_cast<std::size_t>(link)]});
    links_.out_busy[busy_index(outs_.back())] = 1;
    // Every node-local message has its table, offered or not (publish_offers).
    const Index entry = placed;
    placed += static_cast<Index>(route_.sends[k].carried.size());
    if (table < 0 || !offerable(k)) continue;
    outs_.back().offered = true;
    outs_.back().table = table + entry * static_cast<Index>(sizeof(DirectOffer));
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
    ShmSlot& slot = links_.out_slot(o.link, o.epoch);
    slot.plan.store(plan_id_, std::memory_order_relaxed);
    if (o.offered) slot.offers.store(static_cast<std::uint64_t>(o.table), std::memory_order_relaxed);
    slot.ready.store(link_word(o.epoch, o.offered ? kDirect : 0), std::memory_order_release);
  }
}

bool ShmExchange::collect_offers() {
  offers_.clear();
  // One count for every table: a receiver drops its mappings when the
  // count changes, which must not happen between two parts of one message.
  const std::uint64_t frees = shared_array_frees();
  bool any = false;
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    const Part& part = parts_[p];
    if (part.a == nullptr || part.plan->sends.empty()) continue;
    const ArrayHome home = shared_array_home(part.a);
    if (home.id == 0) continue;
    if (!any) offers_.assign(parts_.size(), DirectOffer{});
    offers_[p] = DirectOffer{home.id, home.fd, home.bytes, home.offset, part.plan->lda, frees, home.dev, home.ino};
    any = true;
  }
  return any;
}

Index ShmExchange::offer_entries() const {
  Index entries = 0;
  for (std::size_t k = 0; k < route_.sends.size(); ++k)
    if (send_on_node(k)) entries += static_cast<Index>(route_.sends[k].carried.size());
  return entries;
}

Index ShmExchange::placed_bytes(Index cap, Index tables) const {
  Index need = PoolSpace::rounded(static_cast<Index>(sizeof(DirectOffer)) * tables);
  for (std::size_t k = 0; k < route_.sends.size() && need <= cap; ++k)
    if (send_on_node(k))
      for (const route::Chunk& chunk : route_.sends[k].chunks) need += PoolSpace::rounded(chunk.bytes);
  return need;
}

Index ShmExchange::publish_offers(Index tables) {
  const Index at = space_.take(static_cast<Index>(sizeof(DirectOffer)) * tables);
  if (at < 0) return -1;
  table_at_ = at;
  table_bytes_ = static_cast<Index>(sizeof(DirectOffer)) * tables;
  // One table per node-local message, one offer per plan it carries, in the
  // order it carries them: a receiver numbers the plans its own way (in grid
  // layouts each process holds only the plans of its tiles), but both ends
  // carry a message's transfers in the same order.
  unsigned char* table = links_.pool() + at;
  for (std::size_t k = 0; k < route_.sends.size(); ++k)
    if (send_on_node(k))
      for (const route::Carried& c : route_.sends[k].carried) {
        std::memcpy(table, &offers_[static_cast<std::size_t>(c.part)], sizeof(DirectOffer));
        table += sizeof(DirectOffer);
      }
  return at;
}

bool ShmExchange::offerable(std::size_t k) const {
  for (const route::Carried& c : route_.sends[k].carried)
    if (offers_[static_cast<std::size_t>(c.part)].id == 0) return false;
  return !route_.sends[k].carried.empty();
}

bool ShmExchange::map_offers(const In& in, const ShmSlot& slot) {
  const std::vector<route::Carried>& carried = route_.recvs[in.k].carried;
  const std::uint64_t at = slot.offers.load(std::memory_order_relaxed);
  const std::uint64_t bytes = sizeof(DirectOffer) * carried.size();
  const auto pool = static_cast<std::uint64_t>(links_.pool_bytes());
  if (at % alignof(DirectOffer) != 0 || at > pool || pool - at < bytes) return false;
  if (refuses_direct(links_.rank_of(links_.me()))) return false;
  const unsigned char* table = links_.inbox(in.link) + at;
  src_.assign(parts_.size(), nullptr);
  src_ld_.assign(parts_.size(), 0);
  // The sender's table for this message: one offer per transfer it carries,
  // in the order both ends carry them. Every offer carries the same count of
  // released arrays; a different one would drop mappings already taken for
  // this message.
  std::uint64_t frees = 0;
  for (std::size_t e = 0; e < carried.size(); ++e) {
    DirectOffer o{};
    std::memcpy(&o, table + e * sizeof(DirectOffer), sizeof o);  // a copy: the sender's memory
    if (o.id == 0 || o.ld <= 0 || o.offset < 0 || o.offset >= o.bytes || (e > 0 && o.frees != frees)) return false;
    frees = o.frees;
    const auto p = static_cast<std::size_t>(carried[e].part);
    const plan::Plan& plan = *parts_[p].plan;
    const plan::Transfer& t = plan.recvs[static_cast<std::size_t>(carried[e].transfer)];
    // Every element read must lie inside the mapped file.
    const std::optional<Index> extent = array_extent(plan.rows(t), plan.cols(t), o.ld);
    const std::optional<Index> need = extent ? checked_mul(*extent, plan.elem_size) : std::nullopt;
    if (!need || *need > o.bytes - o.offset) return false;
    const unsigned char* base =
        links_.arrays.map(in.link, links_.pid_of(in.link), o.frees, {o.id, o.fd, o.dev, o.ino, o.bytes});
    if (base == nullptr) return false;
    src_[p] = base + o.offset;
    src_ld_[p] = o.ld;
  }
  return true;
}

void ShmExchange::copy_direct(const In& in, Traffic& traffic) {
  for (const route::Chunk& chunk : route_.recvs[in.k].chunks) {
    for (const route::Section& s : chunk.sections) {
      const auto p = static_cast<std::size_t>(s.part);
      const Part& part = parts_[p];
      const plan::Plan& plan = *part.plan;
      const plan::Transfer& t = plan.recvs[static_cast<std::size_t>(s.transfer)];
      Index n = self_.together(s, {src_[p], src_ld_[p], false, &plan.rows(t), &plan.cols(t)});
      if (n < 0) {
        self_.before(s);
        n = kernels::copy_with(src_[p], src_ld_[p], part.b, plan.ldb, plan.rows(t), plan.cols(t), plan.trapezoid,
                               {plan.elem_size, part.update, {s.col_lo, s.col_hi}, part.stream});
      }
      MR2D_CHECK(n == s.count);
      self_.received(s);
    }
    traffic.bytes_received += chunk.payload;
    traffic.bytes_direct += chunk.payload;
  }
}

void ShmExchange::step(Traffic& traffic, bool& progressed) {
  progressed = false;
  pack_round(traffic, progressed, kRingChunks);
  unpack_ready(traffic, progressed);
}

void ShmExchange::finish(Out& o) {
  o.done = true;
  links_.out_busy[busy_index(o)] = 0;
  // Every receiver has taken its offers by now: the tables' space goes back.
  if (--sends_left_ == 0 && table_at_ >= 0) {
    space_.give(table_at_, table_bytes_);
    table_at_ = -1;
  }
}

void ShmExchange::watch_receiver(Out& o, Traffic& traffic, bool& progressed) {
  const ShmSlot& slot = links_.out_slot(o.link, o.epoch);
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
    if (word_direct(word)) {
      // The receiver reads A in place: done once it has read every chunk.
      if (!o.direct) self_.unpair_sent();
      o.direct = true;
      if (!o.done && word_chunks(word) == chunks.size()) {
        for (const route::Chunk& c : chunks) traffic.bytes_sent += c.payload;
        traffic.messages_sent += 1;
        finish(o);
        progressed = true;
      }
      return;
    }
    if (o.freed < word_chunks(word)) give_back(word_chunks(word));
  } else if (!o.done && slot.receiver_dead.load(std::memory_order_acquire) != 0) {
    note(peer_failed(links_.rank_of(o.link)));
    finish(o);
    progressed = true;
    return;
  }
  // Done once the receiver has read every chunk: nothing of it stays in the
  // pool after the execution (a later one may place its chunks while this
  // one's receivers still read, kLinkSlots).
  if (!o.done && o.accepted && o.freed == chunks.size()) {
    finish(o);
    progressed = true;
  }
}

void ShmExchange::pack_round(Traffic& traffic, bool& progressed, std::size_t below) {
  if (sends_left_ == 0) return;
  for (Out& o : outs_)
    if (!o.done || o.freed < o.next) watch_receiver(o, traffic, progressed);
  // One chunk of every message with room, the first tried in turns: every
  // receiver gets its first chunk early, and a full ring does not hold up
  // the others.
  const std::size_t first = cursor_;
  cursor_ = (cursor_ + 1) % outs_.size();
  for (std::size_t tried = 0; tried < outs_.size(); ++tried) {
    Out& o = outs_[(first + tried) % outs_.size()];
    const std::vector<route::Chunk>& chunks = route_.sends[o.k].chunks;
    // An offered message waits for its receiver's answer; a direct one is never packed.
    if (o.done || o.direct || (o.offered && !o.accepted) || o.next == chunks.size() || o.next - o.freed >= below)
      continue;
    const route::Chunk& chunk = chunks[o.next];
    const Index at = space_.take(chunk.bytes);
    if (at < 0) continue;
    self_.pack(chunk, links_.pool() + at);
    o.at[o.next % kRingChunks] = at;
    ShmSlot& slot = links_.out_slot(o.link, o.epoch);
    slot.where[o.next % kRingChunks].store(static_cast<std::uint64_t>(at), std::memory_order_relaxed);
    ++o.next;
    slot.ready.store(link_word(o.epoch, o.next), std::memory_order_release);
    traffic.bytes_sent += chunk.payload;
    if (o.next == 1) traffic.messages_sent += 1;
    progressed = true;
  }
}

void ShmExchange::abandon(In& in, const Status& why) {
  note(why);
  ShmSlot& slot = links_.in_slot(in.link, in.epoch);
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
    ShmSlot& slot = links_.in_slot(in.link, in.epoch);
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
      in.direct = word_direct(word) && map_offers(in, slot);
      slot.taken.store(link_word(in.epoch, in.direct ? kDirect : 0), std::memory_order_release);
      progressed = true;
    }
    if (in.direct) {
      copy_direct(in, traffic);
      // A sender that gave up meanwhile (MR2D_TIMEOUT) may have returned and
      // changed A: what was read is not to be trusted.
      const std::uint64_t now = slot.ready.load(std::memory_order_acquire);
      if (epoch_order(now, in.epoch) == 0 && word_given_up(now)) {
        abandon(in, peer_status(slot.sender_status.load(std::memory_order_relaxed), sender, true));
        continue;
      }
      in.next = chunks.size();
      slot.taken.store(link_word(in.epoch, kDirect | in.next), std::memory_order_release);
      slot.consumed.store(in.epoch, std::memory_order_release);
      in.done = true;
      --recvs_left_;
      continue;
    }
    const std::size_t packed = word_chunks(word);
    while (in.next < packed && in.next < chunks.size()) {
      const route::Chunk& chunk = chunks[in.next];
      const std::uint64_t at = slot.where[in.next % kRingChunks].load(std::memory_order_relaxed);
      self_.unpack(chunk, links_.inbox(in.link) + at);
      traffic.bytes_received += chunk.payload;
      ++in.next;
      slot.taken.store(link_word(in.epoch, in.next), std::memory_order_release);
      progressed = true;
      // Between two chunks found, a receiver that has run out gets its next
      // chunk: a process that unpacked every chunk it found before packing
      // again kept its peer waiting, and once uneven the two stayed uneven
      // (a timeline of C4b-np2: bench/results/HISTORY.md, "The run of e36913c").
      if (in.next < packed && in.next < chunks.size()) pack_round(traffic, progressed, kLowChunks);
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
    ShmSlot& slot = links_.out_slot(o.link, o.epoch);
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

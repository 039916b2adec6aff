// SPDX-License-Identifier: BSD-3-Clause
// The kept parts, by column windows; see self_copy.hpp.
#include "transport/self_copy.hpp"
#include "transport/time_breakdown.hpp"

#include "kernels/two_targets.hpp"
#include "transport/chunk_copy.hpp"
#include "transport/exchange.hpp"

namespace mr2d::transport {

SelfCopies::SelfCopies(const Parts& parts, Traffic& traffic) : parts_(parts), traffic_(traffic), state_(parts.size()) {
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const Part& part = parts[p];
    for (const plan::Transfer& t : part.plan->recvs) state_[p].missing += t.count;
    if (part.plan->has_self) state_[p].missing += part.plan->self.count;
    if (state_[p].missing > 0) ++incomplete_;
    if (!part.plan->has_self) continue;
    state_[p].done = 0;
    ++unfinished_;
    if (part.update != nullptr || part.kept.with == route::KeptWith::alone) continue;
    state_[p].pair = Pair{part.kept.with, part.kept.transfer};
    ++paired_;
  }
}

bool SelfCopies::upto(std::size_t p, Index column) {
  if (column <= state_[p].done) return false;
  const Part& part = parts_[p];
  const plan::Plan& plan = *part.plan;
  const Index n =
      kernels::copy_with(part.a, plan.lda, part.b, plan.ldb, plan.rows(plan.self), plan.cols(plan.self), plan.trapezoid,
                         {plan.elem_size, part.update, {state_[p].done, column}, part.stream});
  state_[p].done = column;
  state_[p].copied += n;
  written(p, n);
  traffic_.bytes_local += n * plan.elem_size;
  if (column == INT64_MAX) {
    MR2D_CHECK(state_[p].copied == plan.self.count);
    --unfinished_;
  }
  return true;
}

void SelfCopies::before(const route::Section& s) {
  const PhaseTimer timed(Phase::kept);
  const auto p = static_cast<std::size_t>(s.part);
  if (state_[p].pair.with != route::KeptWith::sent) upto(p, s.col_hi);
}

void SelfCopies::unpair_sent() {
  for (State& part : state_)
    if (part.pair.with == route::KeptWith::sent) part.pair = Pair{};
  next_unpaired_ = 0;
}

Index SelfCopies::together(const route::Section& s, const kernels::TwoSourceSide& received) {
  const PhaseTimer timed(Phase::unpack);
  const auto p = static_cast<std::size_t>(s.part);
  Pair& pair = state_[p].pair;
  if (pair.with != route::KeptWith::received || pair.transfer != s.transfer || state_[p].done > s.col_lo) return -1;
  const Part& part = parts_[p];
  const plan::Plan& plan = *part.plan;
  const kernels::TwoSourceSide kept{part.a, plan.lda, false, &plan.rows(plan.self), &plan.cols(plan.self)};
  // The pairing was checked against the message; read in place, the peer's
  // rows of A must alternate as well (checked once).
  if (!received.message && pair.in_place == 0)
    pair.in_place = kernels::two_sources_fit(kept, received, plan.trapezoid, plan.elem_size, {}) ? 1 : -1;
  if (!received.message && pair.in_place < 0) return -1;
  const kernels::Window window{s.col_lo, s.col_hi};
  upto(p, s.col_lo);
  return copied_in_one_pass(
      p, s, kernels::copy_two_sources(kept, received, plan.elem_size, part.b, plan.ldb, window, part.stream));
}

Index SelfCopies::copied_in_one_pass(std::size_t p, const route::Section& s, kernels::TwoSourceCount n) {
  state_[p].done = s.col_hi;
  state_[p].copied += n.first;
  written(p, n.first);
  traffic_.bytes_local += n.first * parts_[p].plan->elem_size;
  return n.second;
}

Index SelfCopies::with_packed(const route::Section& s, const plan::Transfer& sent, void* message) {
  const auto p = static_cast<std::size_t>(s.part);
  if (state_[p].pair.with != route::KeptWith::sent || state_[p].pair.transfer != s.transfer ||
      state_[p].done > s.col_lo)
    return -1;
  const Part& part = parts_[p];
  const plan::Plan& plan = *part.plan;
  const kernels::TwoTargetSide kept{part.b, plan.ldb, false, &plan.rows(plan.self), &plan.cols(plan.self)};
  const kernels::TwoTargetSide packed{message, 0, true, &plan.rows(sent), &plan.cols(sent)};
  const kernels::Window window{s.col_lo, s.col_hi};
  upto(p, s.col_lo);
  return copied_in_one_pass(
      p, s, kernels::split_two_ways(part.a, plan.lda, kept, packed, plan.elem_size, window, part.stream));
}

bool SelfCopies::advance(const route::Chunk* next) {
  const PhaseTimer timed(Phase::kept);
  bool copied = false;
  // Waiting loops call this again and again with the same chunk, whose
  // sections (thousands for a layout) are copied up to after the first call.
  if (next != nullptr && next != advanced_) {
    for (const route::Section& s : next->sections) {
      const auto p = static_cast<std::size_t>(s.part);
      if (state_[p].pair.with == route::KeptWith::alone) copied = upto(p, s.col_hi) || copied;
    }
    advanced_ = next;
  }
  if (copied) return true;
  // The first unpaired part not yet copied to the end: skipping those that
  // are keeps one call O(1) on average instead of O(parts) per chunk.
  for (; next_unpaired_ < parts_.size(); ++next_unpaired_)
    if (state_[next_unpaired_].pair.with == route::KeptWith::alone && upto(next_unpaired_, INT64_MAX)) return true;
  return false;
}

void SelfCopies::pack(const route::Chunk& chunk, unsigned char* dst) {
  const PhaseTimer timed(Phase::pack);
  for (const route::Section& s : chunk.sections) {
    const plan::Plan& plan = *parts_[static_cast<std::size_t>(s.part)].plan;
    const Index n = with_packed(s, plan.sends[static_cast<std::size_t>(s.transfer)], dst + s.offset);
    if (n >= 0)
      MR2D_CHECK(n == s.count);
    else
      pack_section(parts_, s, dst);
  }
}

void SelfCopies::unpack(const route::Chunk& chunk, const unsigned char* src) {
  const PhaseTimer timed(Phase::unpack);
  for (const route::Section& s : chunk.sections) {
    const plan::Plan& plan = *parts_[static_cast<std::size_t>(s.part)].plan;
    const plan::Transfer& t = plan.recvs[static_cast<std::size_t>(s.transfer)];
    const Index n = together(s, {src + s.offset, 0, true, &plan.rows(t), &plan.cols(t)});
    if (n >= 0) {
      MR2D_CHECK(n == s.count);
    } else {
      before(s);
      unpack_section(parts_, s, src);
    }
    received(s);
  }
}

void SelfCopies::received(const route::Section& s) { written(static_cast<std::size_t>(s.part), s.count); }

void SelfCopies::written(std::size_t p, Index n) {
  if (n == 0) return;
  MR2D_CHECK(n <= state_[p].missing);
  state_[p].missing -= n;
  if (state_[p].missing == 0) --incomplete_;
}

void SelfCopies::copy_unpaired() {
  const PhaseTimer timed(Phase::kept);
  // Without pairs, finish() copies every part (a layout's millions), skipping
  // those already copied.
  if (paired_ == 0) return finish();
  for (std::size_t p = 0; p < parts_.size(); ++p)
    if (state_[p].pair.with == route::KeptWith::alone) upto(p, INT64_MAX);
}

void SelfCopies::finish() {
  const PhaseTimer timed(Phase::kept);
  for (; first_open_ < parts_.size(); ++first_open_) upto(first_open_, INT64_MAX);
}

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Running an execution; see execution.hpp.
#include <algorithm>
#include <string>
#include <vector>

#include "check/footprint.hpp"
#include "check/message.hpp"
#include "driver/execution.hpp"
#include "driver/stats.hpp"
#include "kernels/transform.hpp"
#include "transport/exchange.hpp"
#include "driver/reasons.hpp"
#include "driver/reason_words.hpp"

namespace mr2d::driver {

bool grids_alive(const GridFlags& grids) {
  for (const auto& alive : grids)
    if (!*alive) return false;
  return true;
}

std::vector<const plan::Plan*> pass_plans(const Execution& e, int pass) {
  std::vector<const plan::Plan*> plans;
  for (const Part& part : e.parts)
    for (const Piece& piece : part.pieces)
      if (piece.pass == pass) plans.push_back(&part.plans[static_cast<std::size_t>(piece.plan)]);
  return plans;
}

Index bytes_into_b(const Execution& e) {
  Index bytes = 0;
  for (const Part& part : e.parts)
    for (const Piece& piece : part.pieces)
      if (piece.b != kMiddle) bytes += part.plans[static_cast<std::size_t>(piece.plan)].bytes_into_b();
  return bytes;
}

void count_call(bool trapezoidal) {
  mr2d_stats one{};
  (trapezoidal ? one.calls_trmr2d : one.calls_gemr2d) = 1;
  add_stats(one);
}

namespace {

// What one execution adds to the statistics: its calls and its traffic.
mr2d_stats stats_of(const Execution& e, const transport::Traffic& traffic) {
  mr2d_stats delta{};
  for (const Part& part : e.parts) ++(part.trapezoidal ? delta.calls_trmr2d : delta.calls_gemr2d);
  delta.messages_sent = traffic.messages_sent;
  delta.bytes_sent = traffic.bytes_sent;
  delta.bytes_received = traffic.bytes_received;
  delta.bytes_local = traffic.bytes_local;
  delta.bytes_direct = traffic.bytes_direct;
  return delta;
}

// A fault of the array of side `side` (0: A, 1: B) of part `part` (-1: the
// execution's only one).
Status array_fault(const char* routine, int part, DriverReason why, int side) {
  check::Wording wording;
  wording.routine = routine;
  return check::status_of(Fault::of(MR2D_ERR_ARGUMENT, why, side).in(0, part), worded(wording));
}

// The arrays given to a part on this process: NULL where this process holds
// part of a block-cyclic side or blocks given by offset from it, or sub(B)
// sharing memory with sub(A), is an argument error of this process alone
// (`index`: the batch part's, or -1).
Status check_arrays(const Part& part, const void* a, const void* b, const char* routine, int index) {
  const Footprint& f = part.arrays;
  if (a == nullptr && !f.a.empty()) return array_fault(routine, index, DriverReason::array_null, 0);
  if (b == nullptr && !f.b.empty()) return array_fault(routine, index, DriverReason::array_null, 1);
  if (check::windows_overlap(reinterpret_cast<std::uintptr_t>(a), f.lda, f.a, reinterpret_cast<std::uintptr_t>(b),
                             f.ldb, f.b, f.elem_size))
    return array_fault(routine, index, DriverReason::arrays_overlap, 1);
  for (const Piece& piece : part.pieces) {
    const bool a_needed = piece.a >= 0 && part.a.blocks[static_cast<std::size_t>(piece.a)].by_offset() && a == nullptr;
    const bool b_needed = piece.b >= 0 && part.b.blocks[static_cast<std::size_t>(piece.b)].by_offset() && b == nullptr;
    if (a_needed || b_needed) return array_fault(routine, index, DriverReason::offset_array_null, a_needed ? 0 : 1);
  }
  return {};
}

// Where a piece reads or writes in this execution: a block, the call's
// array or the intermediate matrix, moved by the piece's shift (elements).
inline const char* resolve(int end, const LayoutSide& side, const void* array, const void* middle, Index shift,
                           Index es) {
  if (end == kCallArray && shift == 0) return static_cast<const char*>(array);
  if (end == kNowhere) return nullptr;
  const char* at = static_cast<const char*>(end == kMiddle ? middle : array);
  if (end >= 0) {
    const layout::Block& block = side.blocks[static_cast<std::size_t>(end)];
    at = block.by_offset() ? at + block.offset * es : reinterpret_cast<const char*>(block.address);
  }
  return at == nullptr ? nullptr : at + shift * es;
}

const void* entry(const void* const* list, std::size_t k) { return list != nullptr ? list[k] : nullptr; }

// Every plan of pass 0 with no arrays: what abandon needs to give up its messages.
transport::Parts planned(const Execution& e) {
  transport::Parts parts;
  for (const plan::Plan* plan : pass_plans(e, 0)) {
    transport::Part part;
    part.plan = plan;
    parts.push_back(part);
  }
  return parts;
}

}  // namespace

Status give_up(const Execution& e, const Status& why) {
  if (e.channel == nullptr || e.routes.empty()) return why;
  return transport::abandon(*e.channel, planned(e), e.routes.front(), pass_id(e, 0), e.node_local, why);
}

namespace {

// The transport parts of one pass, reused from call to call on this thread:
// a repeated small call allocates nothing for them. Not inlined, so that the
// thread-local address is looked up once per execution.
[[gnu::noinline]] transport::Parts& parts_buffer() {
  thread_local transport::Parts parts;
  return parts;
}

}  // namespace

Status prepare_execution(const Execution& e, const Operands& ops, const char* routine, bool check,
                         transport::BufferPool& middle_pool, const void*& middle, kernels::Update* updates) {
  if (!grids_alive(e.grids))
    return failure(MR2D_ERR_CONTEXT, routine,
                   std::string("a grid of A or B of this ") + (e.batch ? "batch" : "plan") +
                       " was exited (blacs_gridexit) or its communicator freed");
  if (check)
    for (std::size_t k = 0; k < e.parts.size(); ++k) {
      Status s = check_arrays(e.parts[k], ops.a[k], ops.b[k], routine, e.batch ? static_cast<int>(k) : -1);
      if (!s.ok()) return give_up(e, s);
    }
  middle = nullptr;
  for (const Part& part : e.parts)
    if (part.passes.size() > 1) {
      middle =
          middle_pool.get(static_cast<std::size_t>(std::max<Index>(part.middle_elems * part.problem.elem_size, 1)));
      if (middle == nullptr)
        return give_up(e, failure(MR2D_ERR_MEMORY, routine, "out of memory for the intermediate matrix"));
    }
  for (std::size_t k = 0; k < e.parts.size(); ++k) {
    const Part& part = e.parts[k];
    if (part.transform)
      updates[k] = kernels::make_update(part.type, part.op, entry(ops.alpha, k), entry(ops.beta, k), part.tradd);
  }
  return {};
}

void pass_parts(const Execution& e, const Operands& ops, const kernels::Update* updates, const void* middle,
                std::size_t pass, transport::Parts& parts) {
  parts.clear();
  const std::vector<route::KeptCopy>& kept = e.routes[pass].kept;
  for (std::size_t k = 0; k < e.parts.size(); ++k) {
    const Part& part = e.parts[k];
    const Index es = part.plans.empty() ? 0 : part.plans.front().elem_size;
    const kernels::Update* how = part.transform && !updates[k].plain() ? &updates[k] : nullptr;
    const void* a = ops.a[k];
    void* b = ops.b[k];
    for (const Piece& piece : part.pieces) {
      if (piece.pass != static_cast<std::int32_t>(pass)) continue;
      const bool into_b = piece.b != kMiddle;
      const std::size_t at = parts.size();  // its place among the route's plans
      parts.push_back(transport::Part{
          &part.plans[static_cast<std::size_t>(piece.plan)], resolve(piece.a, part.a, a, middle, piece.a_shift, es),
          const_cast<char*>(resolve(piece.b, part.b, b, middle, piece.b_shift, es)), into_b ? how : nullptr,
          into_b && e.stream, kept.empty() ? route::KeptCopy{} : kept[at]});
    }
  }
}

void count_execution(const Execution& e, const transport::Traffic& traffic) { add_stats(stats_of(e, traffic)); }

namespace {

// Everything execute() does but the statistics, which it adds once.
Status move_data(const Execution& e, const Operands& ops, const char* routine, bool check,
                 transport::Traffic& traffic) {
  if (e.channel == nullptr) return {};
  transport::Channel& channel = *e.channel;
  // One update per transform part; a single part's without a heap allocation.
  kernels::Update single;
  std::vector<kernels::Update> several;
  kernels::Update* updates = &single;
  if (e.parts.size() > 1) {
    several.resize(e.parts.size());
    updates = several.data();
  }
  const void* middle = nullptr;
  Status done = prepare_execution(e, ops, routine, check, channel.middle, middle, updates);
  transport::Parts& parts = parts_buffer();
  parts.reserve(e.pieces);
  for (std::size_t pass = 0; pass < e.routes.size() && done.ok(); ++pass) {
    pass_parts(e, ops, updates, middle, pass, parts);
    done = transport::execute(channel, parts, e.routes[pass], pass_id(e, pass), e.node_local, traffic);
  }
  return done;
}

}  // namespace

Status execute(const Execution& e, const Operands& ops, const char* routine, bool check) {
  transport::Traffic traffic;
  Status done = move_data(e, ops, routine, check, traffic);
  count_execution(e, traffic);
  return done;
}

}  // namespace mr2d::driver

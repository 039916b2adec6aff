// How one process's plan is carried out under a schedule of the whole
// problem: which of its messages are active together (one stage per schedule
// step, or a single stage for async), how each message is cut into chunks of
// whole columns for pipelining, and the buffer memory that needs. The layer
// where a plan (plan/) meets a schedule (schedule/). Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "plan/plan.hpp"
#include "schedule/schedule.hpp"

namespace mr2d::route {

/// Columns [col_lo, col_hi) of a message's range positions: `count` elements
/// starting at element `offset` of the message.
struct Chunk {
  Index col_lo = 0, col_hi = 0;
  Index offset = 0, count = 0;
};

/// Messages handled together; indices into plan::Plan::sends / recvs.
struct Stage {
  std::vector<int> sends, recvs;
};

struct Route {
  schedule::Kind kind = schedule::Kind::async;
  Index steps = 0;          ///< steps of the whole schedule (1 for async with messages)
  Index steps_lower_bound = 0;
  double predicted_seconds = 0;
  std::vector<Stage> stages;
  std::vector<std::vector<Chunk>> send_chunks, recv_chunks;
  Index window = 1;          ///< chunks in flight per message
  Index send_buffer_elems = 0, recv_buffer_elems = 0;  ///< peak over stages
};

/// Chunks in flight per message when pipelining.
constexpr Index kPipelineWindow = 2;

/// Cuts one transfer into chunks of whole columns of at most `chunk_elems`
/// elements (at least one column each); chunk_elems 0 keeps it whole.
std::vector<Chunk> cut_chunks(const plan::Plan& plan, const plan::Transfer& t, Index chunk_elems);

/// The route of `plan` (process plan.me) under a schedule of the whole problem.
Route make_route(const plan::Plan& plan, const schedule::Schedule& schedule, Index chunk_elems);

/// Elements of buffer one message needs in a stage: the whole message when it
/// has at most `window` chunks (each at its own offset), else `window` slots
/// of its largest chunk.
Index slot_elems(const std::vector<Chunk>& chunks, Index window);

/// How a message's chunks share its buffer region (slot_elems elements):
/// each at its own message offset (direct), or in `window` slots of the
/// largest chunk's size.
struct ChunkSlots {
  bool direct = true;
  Index slot = 0;  ///< elements per slot
  /// Element offset in the region of `chunk` when it occupies slot `s`.
  Index offset(const Chunk& chunk, Index s) const { return direct ? chunk.offset : s * slot; }
};
ChunkSlots chunk_slots(const std::vector<Chunk>& chunks, Index window);

}  // namespace mr2d::route

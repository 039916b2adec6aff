// SPDX-License-Identifier: BSD-3-Clause
// How one process's plans are carried out under a schedule of the whole
// problem: one message per peer, carrying that peer's transfer of every
// plan (one plan for a redistribution, several for a batch), which messages
// are active together (one stage per schedule step, or a single stage for
// async), how each message is cut into chunks of whole columns for
// pipelining, and the buffer memory that needs. The layer where plans
// (plan/) meet a schedule (schedule/). Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "plan/plan.hpp"
#include "route/kept_copy.hpp"
#include "schedule/schedule.hpp"

namespace mr2d::route {

/// Columns [col_lo, col_hi) of one plan's transfer (positions of its column
/// run set): `count` elements of that plan's type.
struct Section {
  int part = 0;      ///< which plan (0 for a single redistribution)
  int transfer = 0;  ///< index into that plan's sends or recvs
  Index col_lo = 0, col_hi = 0;
  Index count = 0;
  Index offset = 0;  ///< bytes from the start of its chunk
};

/// A contiguous piece of a message, in the order sender and receiver walk it.
/// With several plans, chunks and sections start at multiples of
/// kPartAlignment bytes, so every element is aligned for its type.
struct Chunk {
  Index offset = 0;   ///< bytes from the start of the message
  Index bytes = 0;    ///< with alignment padding
  Index payload = 0;  ///< bytes of elements
  std::vector<Section> sections;
};

/// Alignment of sections and chunks in messages of several plans.
constexpr Index kPartAlignment = 16;

/// One plan's transfer carried by a message.
struct Carried {
  int part = 0;      ///< which plan
  int transfer = 0;  ///< index into that plan's sends or recvs
};

/// Everything this process exchanges with one peer.
struct Message {
  int peer = -1;
  Index bytes = 0;
  std::vector<Chunk> chunks;
  bool node_local = false;  ///< travels through the shared-memory pool (NodeLocal)
  /// Its plans' transfers in the order the message carries them (one per
  /// plan, in plan order): the same order at both ends, though each end
  /// numbers the plans its own way in grid layouts.
  std::vector<Carried> carried;
};

/// Messages between processes of one node, carried through shared memory:
/// each sender holds them in a pool of `pool_bytes`, cut into chunks of at
/// most `chunk_bytes` (whole columns, so at least one). A message whose
/// largest chunk does not fit in the pool (a column taller than the pool)
/// travels through MPI instead. Both sides of a message derive the same
/// cut and the same choice from the same values.
struct NodeLocal {
  std::vector<bool> on_node;  ///< by rank: shares the node with this process
  Index chunk_bytes = 0;
  Index pool_bytes = 0;
  bool shares(int peer) const {
    return peer >= 0 && static_cast<std::size_t>(peer) < on_node.size() && on_node[static_cast<std::size_t>(peer)];
  }
};

/// Messages handled together; indices into Route::sends / recvs.
struct Stage {
  std::vector<int> sends, recvs;
};

struct Route {
  schedule::Kind kind = schedule::Kind::async;
  Index steps = 0;  ///< steps of the whole schedule (1 for async with messages)
  Index steps_lower_bound = 0;
  double predicted_seconds = 0;
  std::vector<Stage> stages;
  std::vector<Message> sends, recvs;
  Index window = 1;                                    ///< chunks in flight per message
  Index send_buffer_bytes = 0, recv_buffer_bytes = 0;  ///< peak over stages
  /// Per plan of the route, in its order: how its kept part is copied
  /// (kept_copies; empty: each alone).
  std::vector<KeptCopy> kept;
};

/// Chunks in flight per message when pipelining.
constexpr Index kPipelineWindow = 2;

/// The messages of `plans` on one side (sending or receiving), one per peer
/// in order of first appearance, each cut into chunks of whole columns of at
/// most `chunk_bytes` (at least one column each); chunk_bytes 0 keeps every
/// message whole. Messages to node peers are cut and marked as `node` says.
/// `align`: the byte alignment of sections and chunks; 0: kPartAlignment
/// with several plans, else 1 (both ends of a message must use the same).
std::vector<Message> make_messages(const std::vector<const plan::Plan*>& plans, bool sending, Index chunk_bytes,
                                   const NodeLocal& node = {}, Index align = 0);

/// The route of `plans` (all of process plans[0]->me) under a schedule of
/// their communicating pairs together. MPI buffers are sized for the
/// messages that are not node-local.
Route make_route(const std::vector<const plan::Plan*>& plans, const schedule::Schedule& schedule, Index chunk_bytes,
                 const NodeLocal& node = {}, Index align = 0);

/// How a message's chunks share its buffer region: each at its own message
/// offset (direct, when the message has at most `window` chunks), or in
/// `window` slots of the largest chunk's size.
struct ChunkSlots {
  bool direct = true;
  Index slot = 0;  ///< bytes per slot
  /// Byte offset in the region of `chunk` when it occupies slot `s`.
  Index offset(const Chunk& chunk, Index s) const { return direct ? chunk.offset : s * slot; }
  /// Bytes of the region.
  Index region(const Message& m, Index window) const { return direct ? m.bytes : slot * window; }
};
ChunkSlots chunk_slots(const Message& message, Index window);

}  // namespace mr2d::route

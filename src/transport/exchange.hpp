// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Executes a plan: messages to processes on the same node through
// shared memory (packed straight into the sender's pool, unpacked straight
// into B), messages to other nodes through MPI along the plan's route (stage
// by stage, chunks pipelined), and the local part copied from A to B directly
// while waiting.
#pragma once

#include <cstdint>

#include "common/status.hpp"
#include "route/route.hpp"
#include "transport/channel.hpp"
#include "transport/part.hpp"

namespace mr2d::transport {

/// Counters of one execution, for statistics.
struct Traffic {
  long long messages_sent = 0;
  long long bytes_sent = 0;
  long long bytes_received = 0;
  long long bytes_local = 0;
  long long bytes_direct = 0;  ///< of bytes_received: read from node peers' A in place
  Traffic& operator+=(const Traffic& more) {
    messages_sent += more.messages_sent;
    bytes_sent += more.bytes_sent;
    bytes_received += more.bytes_received;
    bytes_local += more.bytes_local;
    bytes_direct += more.bytes_direct;
    return *this;
  }
};

/// Runs the plans of `parts` (one route for all: one message per peer) on
/// this process over `channel`. `plan_id` identifies the route among all of
/// the channel's, identically on every process; `node_local` lets messages
/// between node peers go through shared memory (where the channel has it).
/// Collective over the processes named in the plans. On failure the channel
/// is marked broken: later calls on it fail instead of matching stale messages.
Status execute(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
               Traffic& traffic);

/// Gives up an execution this process cannot run (`why`: an argument only it
/// can check, such as a NULL array): its node-local messages are published as
/// given up with that status, so node peers return it too instead of waiting.
/// Where the route has MPI messages the channel is marked broken, as after
/// any failed execution (MPI peers, which cannot be told, wait up to
/// MR2D_TIMEOUT). Returns `why`.
Status abandon(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
               const Status& why);

/// How a route over `channel` carries messages between node peers: through
/// its shared-memory pools where `node_local` allows and the channel has
/// them, in chunks of at most `chunk_bytes` (0: no limit but the pool's).
route::NodeLocal node_routing(const Channel& channel, bool node_local, Index chunk_bytes);

}  // namespace mr2d::transport

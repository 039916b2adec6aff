// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Progress on every union: the channels that carry started executions
// (mr2d_plan_start*) are stepped by every wait of the library, whatever
// union the waiting call is over. So a process blocked in any call (a wait
// on another request, a blocking execution, a plan's creation) still moves
// its started executions on, as MPI moves all pending requests inside any
// MPI call, and started plans complete in any order across unions.
//
// Each tracked channel is stepped under its `steps` lock, only tried: a
// channel its owner steps now is skipped, and never waited for. A channel is
// tracked from its first started execution until a step finds it idle.
#pragma once

namespace mr2d::transport {

struct Channel;

/// Tracks `channel`: an execution on it was started. Call on the thread
/// that owns the channel's calls, before the execution joins it.
void track_started(Channel& channel);
/// Forgets `channel` (it is going away); waits while another thread steps it.
void forget_started(Channel& channel);
/// Whether any channel is tracked (one atomic load).
bool any_started();
/// Whether a channel other than `channel` is tracked.
bool others_started(const Channel& channel);
/// Steps every transfer of every tracked channel but `except` (stepped by
/// the caller), without waiting; sets `moved` where anything moved. Does
/// nothing inside another step on this thread.
void step_started(const Channel* except, bool& moved);

}  // namespace mr2d::transport

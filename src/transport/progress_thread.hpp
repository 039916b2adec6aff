// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The progress thread of MR2D_PROGRESS=thread: one per process, started
// with the first started plan, it steps the node-local messages and kept
// parts of the transfers in flight on the channels it was given
// (Transfer::step_node) while the caller computes. It calls no MPI, so any
// thread level will do; MPI messages move wherever MPI moves them. It only
// tries a channel's lock: a channel its owner is stepping is skipped.
#pragma once

namespace mr2d::transport {

struct Channel;

/// Has the progress thread step `channel` from now on (starting the thread).
void progress_on_thread(Channel& channel);
/// Forgets `channel` (it is going away); waits while the thread steps it.
void forget_progress(Channel& channel);

}  // namespace mr2d::transport

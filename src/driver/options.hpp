// SPDX-License-Identifier: BSD-3-Clause
// Process-wide redistribution options (mr2d_get_options / mr2d_set_options),
// initialised from MR2D_SCHEDULE, MR2D_CHUNK_BYTES, MR2D_INDEXING, MR2D_PHASES,
// MR2D_TRANSPORT, MR2D_SHM_BUDGET.
#pragma once

#include "common/index_types.hpp"
#include "mr2d/mr2d.h"
#include "plan/indexing.hpp"
#include "plan/phases.hpp"
#include "schedule/schedule.hpp"
#include "transport/channel.hpp"

namespace mr2d::driver {

/// Options with defaults resolved, but the chunk size: the caller's request
/// (0: the default for the route, negative: no pipelining; chunk_bytes_for).
struct Resolved {
  schedule::Kind schedule = schedule::Kind::automatic;
  Index chunk_request = 0;
  plan::Indexing indexing = plan::Indexing::automatic;
  plan::Phases phases = plan::Phases::automatic;
  transport::Transport transport = transport::Transport::automatic;
  Index shm_budget = 0;  ///< bytes per process for node-local messages; 0: default
};

/// The chunk size in bytes for a route (0: no pipelining): the caller's, or
/// the default for its kind of copy (transposing routes default to larger
/// chunks, see options.cpp).
Index chunk_bytes_for(const Resolved& options, bool transposed);

/// The options in force: `given`, or the process-wide ones when null.
/// False (with nothing resolved) for an unknown value.
bool resolve(const mr2d_options* given, Resolved& out);

/// The process-wide options.
mr2d_options process_options();
/// Replaces the process-wide options; false (nothing changed) for an unknown value.
bool set_process_options(const mr2d_options& options);

/// Names of public option values; null when out of range.
const char* schedule_name(int schedule);
const char* indexing_name(int indexing);
const char* phases_name(int phases);
const char* transport_name(int transport);
/// The mr2d_schedule of a name, or -1.
int schedule_from_name(const char* name);

}  // namespace mr2d::driver

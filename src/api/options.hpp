// Process-wide redistribution options (mr2d_get_options / mr2d_set_options),
// initialised from MR2D_SCHEDULE and MR2D_CHUNK_BYTES.
#pragma once

#include "common/index_types.hpp"
#include "mr2d/mr2d.h"
#include "schedule/schedule.hpp"

namespace mr2d::api {

/// Options with defaults resolved: a schedule kind and a chunk size in bytes
/// (0: no pipelining).
struct Resolved {
  schedule::Kind schedule = schedule::Kind::automatic;
  Index chunk_bytes = 0;
};

/// The options in force: `given`, or the process-wide ones when null.
/// False (with nothing resolved) for an unknown schedule.
bool resolve(const mr2d_options* given, Resolved& out);

}  // namespace mr2d::api

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Per-process counters behind mr2d_get_stats and MR2D_STATS=1, which
// prints one line per process when MPI is finalized. Updated under a lock:
// calls on different contexts may run in different threads.
#pragma once

#include "mr2d/mr2d.h"

namespace mr2d::driver {

/// Adds `delta` to the counters (fields left zero change nothing).
void add_stats(const mr2d_stats& delta);

/// This process's counters.
mr2d_stats stats_snapshot();
/// Zeroes the counters.
void reset_stats();

/// Registers the finalize-time report if MR2D_STATS is set (idempotent).
void arm_stats_report();

}  // namespace mr2d::driver

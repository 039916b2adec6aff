// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Per-process counters behind mr2d_get_stats and MR2D_STATS=1, which
// prints one line on every process that loaded the library and ran MPI:
// when MPI is finalized, or, where mr2d was never called while MPI ran, at
// exit (0 calls then). Updated under a lock: calls on different contexts may
// run in different threads.
#pragma once

#include "mr2d/mr2d.h"

namespace mr2d::driver {

/// Adds `delta` to the counters (fields left zero change nothing).
void add_stats(const mr2d_stats& delta);

/// This process's counters.
mr2d_stats stats_snapshot();
/// Zeroes the counters.
void reset_stats();

/// Registers the finalize-time report if MR2D_STATS is set and MPI runs
/// (idempotent; before MPI_Init it leaves that to the next call).
void arm_stats_report();

}  // namespace mr2d::driver

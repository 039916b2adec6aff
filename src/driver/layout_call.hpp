// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Redistributions whose sides are grid layouts or descriptors
// (mr2d_layout.h): checks agreed by every process, the tiling of the problem
// into block-cyclic tiles (layout/), one plan per tile this process takes
// part in, and one route over all of them: one execution (execution.hpp).
// Run by the front (redistribute.hpp).
#pragma once

#include <mpi.h>

#include "common/status.hpp"
#include "driver/execution.hpp"
#include "driver/call_spec.hpp"
#include "mr2d/mr2d_layout.h"

namespace mr2d::driver {

/// Checks a grid-layout call collectively and plans it into `out` (one
/// part, one piece per tile this process takes part in, one route for all).
/// On error the status is the same on every process.
Status plan_layout(const CallSpec& args, Execution& out);

/// A direct call. Collective over the union.
Status layout_direct(const CallSpec& args);

}  // namespace mr2d::driver

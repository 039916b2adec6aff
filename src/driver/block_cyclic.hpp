// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The door of calls whose sides are block-cyclic descriptors
// (p?gemr2d, p?trmr2d, the transforms and PBLAS's entries): the common
// local stage, the one exchange of reports, and a plan per pass (one, or
// two through an intermediate matrix) on one route. Run by the front
// (redistribute.hpp).
#pragma once

#include "common/status.hpp"
#include "driver/call_spec.hpp"
#include "driver/execution.hpp"

namespace mr2d::driver {

/// A direct call. Collective over the union.
Status block_cyclic_direct(const CallSpec& args);

/// Checks the call collectively and plans it into `out` (one part). On
/// error `out` is unusable and the status is the same everywhere.
Status plan_block_cyclic(const CallSpec& args, Execution& out);

/// The call as the checks see it, for a process that holds no grid (PBLAS
/// names check A's context first).
Status outside_pblas_grid(const CallSpec& args);

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) N-dimensional redistributions (mr2d_nd.h): the descriptions checked
// on every process and agreed in one exchange, then planned per dimension
// (nd/dim_plan.hpp) into one execution like any other call's
// (nd/matrix_plan.hpp), on the same routes, kernels and transports. Run by
// the front (redistribute.hpp).
#pragma once

#include "common/status.hpp"
#include "driver/call_spec.hpp"
#include "driver/execution.hpp"
#include "mr2d/mr2d_nd.h"
#include "nd/array.hpp"

namespace mr2d::driver {

// An N-D call is a CallSpec marked `nd`, whose sides are descriptions
// (Side::nd) and whose permutation is `perm`.

/// The public description copied (tables of `ndims` values; NULL ones
/// stay empty). A NULL description, ndims outside 1..8 or a NULL sizes or
/// grid table is a fault naming no argument; the rest is check_array's.
/// The ranks table (one entry per grid position) is read only where the
/// grid has at most `union_size` positions.
Fault read_description(const mr2d_nd_array* in, Index union_size, nd::Description& out);

/// A direct call. Collective over the union.
Status nd_direct(const CallSpec& args);

/// Checks the call collectively and plans it into `out` (arrays come at
/// execution). On error the status is the same on every process.
Status plan_nd_call(const CallSpec& args, Execution& out);

}  // namespace mr2d::driver

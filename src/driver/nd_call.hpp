// SPDX-License-Identifier: BSD-3-Clause
// (MPI) N-dimensional redistributions (mr2d_nd.h): the descriptions checked
// on every process and agreed in one exchange, then planned per dimension
// (nd/dim_plan.hpp) into one execution like any other call's
// (nd/matrix_plan.hpp), on the same routes, kernels and transports.
#pragma once

#include "driver/call_spec.hpp"
#include "mr2d/mr2d_nd.h"
#include "nd/array.hpp"

namespace mr2d::driver {

// An N-D call is a CallSpec whose sides are descriptions (Side::nd) and
// whose permutation is `perm`.

/// The public description copied (tables of `ndims` values; NULL ones
/// stay empty). A NULL description, ndims outside 1..8 or a NULL sizes or
/// grid table is a fault naming no argument; the rest is check_array's.
/// The ranks table (one entry per grid position) is read only where the
/// grid has at most `union_size` positions.
Fault read_description(const mr2d_nd_array* in, Index union_size, nd::Description& out);

/// A direct call; never throws.
int nd_transform(const CallSpec& spec) noexcept;

/// A persistent plan of the call (arrays come at execution); never throws.
int create_nd_plan(mr2d_plan* plan, const CallSpec& spec) noexcept;

}  // namespace mr2d::driver

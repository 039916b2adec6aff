// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The object behind an mr2d_plan handle: a planned execution and the
// summary mr2d_plan_query returns, both fixed at creation, and the request
// of its execution in flight.
#pragma once

#include "driver/execution.hpp"
#include "mr2d/mr2d.h"

struct mr2d_plan_s {
  mr2d::driver::Execution execution;  ///< a call's, a grid-layout call's or a batch's
  mr2d_plan_info info{};
  /// A started execution's own message buffers and intermediate matrix (the
  /// channel's serve blocking executions; several plans may be in flight),
  /// kept from start to start.
  mr2d::transport::BufferPool send, recv, middle;
  mr2d_request active = nullptr;  ///< the request in flight (mr2d_plan_start*), or null
};

namespace mr2d::driver {

/// MR2D_ERR_ARGUMENT where `plan` is active: an execution of it is in flight.
Status refuse_active(mr2d_plan plan, const char* routine);

}  // namespace mr2d::driver

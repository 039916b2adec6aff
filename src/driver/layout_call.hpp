// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Redistributions whose sides are grid layouts or descriptors
// (mr2d_layout.h): checks agreed by every process, the tiling of the problem
// into block-cyclic tiles (layout/), one plan per tile this process takes
// part in, and one route over all of them: one execution (execution.hpp).
#pragma once

#include <mpi.h>

#include "common/status.hpp"
#include "driver/execution.hpp"
#include "driver/redistribute.hpp"
#include "mr2d/mr2d_layout.h"

namespace mr2d::driver {

/// The arguments of a grid-layout entry as passed.
struct LayoutArguments {
  const char* routine = "";
  Union scope = Union::context;  ///< context (ictxt) or comm
  int type = -1;
  Index elem_size = 0;  ///< of `type`, 0 for a code that is none
  int type_position = 0;
  const char* trans = nullptr;  ///< null: "N"
  mr2d_int m = 0, n = 0;
  const void* alpha = nullptr;
  const void* a = nullptr;
  mr2d_int ia = 1, ja = 1;
  const mr2d_matrix* ma = nullptr;
  const void* beta = nullptr;
  void* b = nullptr;
  mr2d_int ib = 1, jb = 1;
  const mr2d_matrix* mb = nullptr;
  mr2d_int ictxt = -1;
  MPI_Comm comm = MPI_COMM_NULL;
  const mr2d_options* options = nullptr;
  bool plan = false;           ///< plan creation: the arrays come at execution
  bool plan_out_null = false;  ///< plan creation with nowhere to put the plan
};

/// Checks a grid-layout call collectively and plans it into `out` (one
/// part, one piece per tile this process takes part in, one route for all).
/// On error the status is the same on every process.
Status plan_layout(const LayoutArguments& args, Execution& out);

/// A direct call; never throws.
int layout_transform(const LayoutArguments& args) noexcept;

}  // namespace mr2d::driver

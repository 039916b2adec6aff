// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Grids given by shape and rank map within a communicator (mr2d_grid,
// mr2d_comm.h): the counterpart of blacs.hpp for programs without BLACS.
#pragma once

#include <mpi.h>

#include <cstdint>

#include "check/call.hpp"
#include "mr2d/mr2d_comm.h"

namespace mr2d::grid {

/// This process's place in `grid` (described within `comm`, argument
/// `position` of the call). A description that fails its checks (NULL, shape below 1 x 1,
/// more positions than processes, a rank twice or outside `comm`) sets
/// `fault` unless it holds one already, and leaves this process outside.
check::GridInfo described_grid_info(const mr2d_grid* grid, MPI_Comm comm, std::int64_t position, Fault& fault);

}  // namespace mr2d::grid

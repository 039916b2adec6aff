// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Where a call's grids come from: BLACS contexts (the union context
// and the CTXT_ entries of the descriptors) or a communicator with grid
// descriptions (mr2d_comm.h). Everything after this point of the pipeline
// sees only the union communicator and this process's grid coordinates.
#pragma once

#include <mpi.h>

#include <vector>

#include "driver/call_spec.hpp"
#include "common/status.hpp"
#include "check/call.hpp"

namespace mr2d::driver {

/// Fills `call`'s grids (and its fault, for a bad description) and the union
/// communicator. Local. An error here is one no exchange can follow (this
/// process is outside the union context, or COMM is no intracommunicator).
Status locate_grids(const CallSpec& args, check::Call& call, MPI_Comm& union_comm);

/// The communicators whose release ends the grids this process is in (for
/// described grids, the union itself): a plan on them must not run afterwards.
std::vector<MPI_Comm> grid_lifetimes(const CallSpec& args, const check::Call& call);

}  // namespace mr2d::driver

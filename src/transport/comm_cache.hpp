// (MPI) mr2d's private duplicate of each union communicator, created on the
// first call over that communicator and cached on it as an attribute: mr2d's
// traffic never meets BLACS's (tag 9976) or the user's, and the duplicate is
// freed when BLACS frees the grid's communicator.
#pragma once

#include <mpi.h>

namespace mr2d::transport {

/// Collective over `comm` on first use for that communicator.
/// Returns MPI_COMM_NULL if MPI fails.
MPI_Comm private_comm(MPI_Comm comm);

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The BLACS entry points mr2d uses (declared with C linkage here; BLACS
// defines them), and how a context becomes an MPI communicator.
#pragma once

#include <mpi.h>

#include "check/call.hpp"
#include "mr2d/mr2d.h"

extern "C" {
void Cblacs_gridinfo(mr2d_int ictxt, mr2d_int* nprow, mr2d_int* npcol, mr2d_int* myrow, mr2d_int* mycol);
void blacs_get_(const mr2d_int* ictxt, const mr2d_int* what, mr2d_int* val);
}

namespace mr2d::grid {

/// This process's place in the grid of `ictxt`; all -1 for -1, invalid or
/// released handles (BLACS reports them so).
check::GridInfo grid_info(Index ictxt);

/// This process's rank in MPI_COMM_WORLD (BLACS's process number), or -1
/// where MPI is not running (before MPI_Init, after MPI_Finalize).
int world_rank();

/// The communicator of a context's grid (BLACS system handle of what=10, as
/// a Fortran handle). Its rank order is the row-major grid order.
MPI_Comm context_comm(Index ictxt);

}  // namespace mr2d::grid

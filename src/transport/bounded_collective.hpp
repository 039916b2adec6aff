// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Collectives bounded by MR2D_TIMEOUT, always MPI's nonblocking ones:
// a blocking collective never matches a nonblocking one, so the kind must not
// depend on a setting or on what a process has in flight. With a limit, or
// with started executions to move (started_channels.hpp), the collective is
// waited for as transfers are (the backoff, the one-minute notice on stderr,
// the started executions stepped), and returns MR2D_ERR_TIMEOUT after the
// limit; otherwise MPI_Wait waits as long as MPI does.
//
// A collective that timed out (or failed) cannot be taken back (MPI forbids
// cancelling or freeing it), and the processes of its communicator are out
// of step: a late one's next collective would match it. So its request and buffers stay
// with the communicator, and every later bounded collective over it is
// refused with MR2D_ERR_CONTEXT until the communicator is freed (BLACS exits
// the grid).
#pragma once

#include <mpi.h>

#include "common/status.hpp"

namespace mr2d::transport {

/// What a collective waits for, for messages: the routine that called it
/// (null: none) and what every process is to do, e.g. "agree on the call".
struct Awaited {
  const char* routine = nullptr;
  const char* what = "";
};

/// MPI_Allgather of `count` elements of `type` from every process, bounded.
Status bounded_allgather(MPI_Comm comm, const void* mine, int count, MPI_Datatype type, void* all,
                         const Awaited& awaited);

/// MPI_Allreduce of `count` elements of `type` with `op`, bounded.
Status bounded_allreduce(MPI_Comm comm, const void* mine, void* out, int count, MPI_Datatype type, MPI_Op op,
                         const Awaited& awaited);

/// MPI_Comm_dup, bounded (MPI_Comm_idup).
Status bounded_dup(MPI_Comm comm, MPI_Comm& dup, const Awaited& awaited);

}  // namespace mr2d::transport

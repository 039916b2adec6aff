// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Give-up notices over MPI: a process that leaves an execution
// unfinished (a start refused on it alone, a failed or timed-out transfer)
// sends every peer it exchanges MPI messages with in that execution an empty
// message with the execution's tag. Data pieces are never empty, so a peer
// that receives an empty piece, or finds one waiting from a peer it only
// sends to, knows that peer gave up: it ends its own transfer with an error
// (and so tells its own peers) instead of waiting forever. Node peers learn
// the same through the shared-memory links (ShmExchange::give_up).
#pragma once

#include <mpi.h>

#include <vector>

#include "common/status.hpp"
#include "route/route.hpp"

namespace mr2d::transport {

/// The distinct peers of `route` reached through MPI (every one, or those
/// whose messages are not node-local where `shm` carries those).
std::vector<int> mpi_peers(const route::Route& route, bool shm);

/// Sends each of `peers` an empty message with `tag` over `comm`, without
/// waiting for it to be received.
void send_give_ups(MPI_Comm comm, int tag, const std::vector<int>& peers);

/// Whether a give-up notice from one of `peers` waits with `tag` on `comm`;
/// takes it and returns the error, else success.
Status take_give_up(MPI_Comm comm, int tag, const std::vector<int>& peers);

/// The error of a transfer whose peer `peer` gave up.
Status peer_gave_up(int peer);

}  // namespace mr2d::transport

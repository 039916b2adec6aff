// SPDX-License-Identifier: BSD-3-Clause
// (MPI) mr2d's private communicators: one duplicate per process group, not one
// per BLACS context, so a program with many grids over the same processes runs
// out of communicators no earlier than with ScaLAPACK alone. Contexts that
// share a duplicate get different lanes, agreed by all members; the lane is
// part of every message tag, so concurrent calls on different contexts (from
// different threads) never match each other's messages.
#pragma once

#include <mpi.h>

#include <memory>

#include "common/status.hpp"

namespace mr2d::transport {

/// Lanes per duplicate before a context gets a duplicate of its own.
constexpr int kLanes = 256;

struct GroupEntry;

/// One context's share of a private duplicate.
struct Lease {
  MPI_Comm comm = MPI_COMM_NULL;  ///< errors return; point-to-point traffic only
  int lane = -1;                  ///< in [0, kLanes)
  std::shared_ptr<GroupEntry> entry;
};

/// Takes a lane of the duplicate for `union_comm`'s group, creating the
/// duplicate if the members do not agree on an existing one. Collective over
/// `union_comm` (its collectives only: calls on different union
/// communicators may run concurrently in different threads).
Status lease_private_comm(MPI_Comm union_comm, Lease& out);

/// Gives the lane back; frees the duplicate with its last lane. Local.
void return_lease(Lease& lease) noexcept;

}  // namespace mr2d::transport

// (MPI) Executes a plan along its route: stage by stage (one stage for async,
// one per schedule step otherwise), receives posted first, messages packed and
// sent chunk by chunk with a bounded window in flight, chunks unpacked in
// arrival order, and the local part copied straight from A to B while the
// first stage's messages travel.
#pragma once

#include <mpi.h>

#include "common/status.hpp"
#include "plan/plan.hpp"
#include "plan/route.hpp"

namespace mr2d::transport {

/// Counters of one execution, for statistics.
struct Traffic {
  long long messages_sent = 0;
  long long bytes_sent = 0;
  long long bytes_received = 0;
  long long bytes_local = 0;
};

/// Runs `plan` on this process. `comm` is mr2d's private duplicate of the
/// union communicator. Collective over the processes named in the plans.
Status execute(const plan::Plan& plan, const plan::Route& route, const void* a, void* b,
               MPI_Comm comm, Traffic& traffic);

}  // namespace mr2d::transport

// (MPI) Executes a plan: receives are posted first, every outgoing message is
// packed and sent at once, the local part is copied straight from A to B while
// messages travel, and messages are unpacked in arrival order.
#pragma once

#include <mpi.h>

#include "common/status.hpp"
#include "plan/plan.hpp"

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
Status execute(const plan::Plan& plan, const void* a, void* b, MPI_Comm comm, Traffic& traffic);

}  // namespace mr2d::transport

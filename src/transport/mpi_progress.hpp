// (MPI) Keeping MPI moving while waiting on shared memory. An MPI that
// progresses only inside MPI calls (MPICH over UCX, OpenMPI without
// single-copy, ...) completes a rendezvous send only while its sender is in
// MPI. A process that left a nonblocking send in flight (BLACS does, after
// every ScaLAPACK routine) and then waits in mr2d for a node peer's shared-
// memory data, while that peer is still in MPI_Recv for the send, would wait
// forever: each waits for the other. Waits on shared memory therefore probe
// MPI now and then, as MPI's own blocking calls drive its progress.
#pragma once

#include <mpi.h>

namespace mr2d::transport {

class MpiProgress {
 public:
  explicit MpiProgress(MPI_Comm comm) : comm_(comm) {}
  /// Call once per unsuccessful wait; probes every kEvery-th call (a probe
  /// costs a pass over MPI's transports, too much for every spin).
  void poke() {
    if (++calls_ % kEvery != 0 || comm_ == MPI_COMM_NULL) return;
    int flag = 0;
    // Nothing is received: the probe only lets MPI advance pending requests.
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, MPI_STATUS_IGNORE);
  }

 private:
  static constexpr unsigned kEvery = 16;
  MPI_Comm comm_;
  unsigned calls_ = 0;
};

}  // namespace mr2d::transport

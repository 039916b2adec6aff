// SPDX-License-Identifier: BSD-3-Clause
// (MPI) What mr2d keeps per union context, attached to the context's
// communicator so it lives exactly as long as the grid: a lane of the shared
// private duplicate (point-to-point traffic), the context's own message
// buffers (so calls on different contexts from different threads never share
// memory), and the shared-memory links to node peers.
//
// Thread rules: calls on different contexts may run concurrently; calls on
// one context are collective operations on its communicator and must not.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "transport/buffers.hpp"
#include "transport/group_comm.hpp"
#include "transport/shm_links.hpp"

namespace mr2d::transport {

/// Which mechanism carries messages between processes on the same node. Values
/// equal mr2d_transport in mr2d.h (api/public_enums.hpp ties them).
enum class Transport { automatic = 0, mpi = 1, shm = 2 };

class Transfer;

struct Channel {
  MPI_Comm union_comm = MPI_COMM_NULL;  ///< BLACS's communicator: mr2d's collectives
  Lease lease;                          ///< point-to-point traffic
  int tag_bits = 15;                    ///< usable tag bits (from MPI_TAG_UB)
  std::atomic<bool> alive{true};        ///< false once the grid was exited
  std::atomic<bool> broken{false};      ///< a transfer failed: traffic may be in flight
  BufferPool send, recv, middle;
  bool shm_tried = false;
  std::unique_ptr<ShmLinks> shm;     ///< null: MPI between all processes
  std::string shm_unavailable;       ///< why shm is null after a try
  std::uint64_t next_serial = 1;     ///< plans prepared here, in collective order
  std::vector<Transfer*> transfers;  ///< in flight on this channel, in start order (transfer.hpp)
  /// Held while its transfers step, join or leave: by the calling thread and
  /// by the progress thread (progress_thread.hpp), which only tries it.
  std::recursive_mutex steps;
  /// Set once the progress thread steps this channel: from then on StepLock
  /// takes `steps` (without the thread nobody else steps it, and the lock
  /// would only cost every call).
  std::atomic<bool> threaded{false};
  /// Among the channels every wait steps (started_channels.hpp).
  std::atomic<bool> tracked{false};

  ~Channel();
  /// The message tag of the plan with serial number `serial`: lane and serial
  /// together, so messages of different contexts and plans never match.
  int tag(std::uint64_t serial) const;
  /// Releases MPI and shared-memory resources (the grid is gone); transfers
  /// still in flight fail with MR2D_ERR_CONTEXT. Local.
  void close() noexcept;
};

/// Holds a channel's `steps` where the progress thread may step it.
class StepLock {
 public:
  explicit StepLock(Channel& channel) : held_(channel.threaded.load(std::memory_order_acquire) ? &channel : nullptr) {
    if (held_ != nullptr) held_->steps.lock();
  }
  ~StepLock() {
    if (held_ != nullptr) held_->steps.unlock();
  }
  StepLock(const StepLock&) = delete;
  StepLock& operator=(const StepLock&) = delete;

 private:
  Channel* held_;
};

/// The channel of union communicator `union_comm`, set up on first use.
/// Collective over `union_comm` on first use.
Status channel_for(MPI_Comm union_comm, std::shared_ptr<Channel>& out);

/// Sets up the shared-memory links once for `transport` (automatic or shm),
/// with pools of `shm_budget` bytes per process (0: the default; the first
/// set-up on a channel fixes it). Collective over the channel's union
/// communicator when it sets up: every process must pass the same transport.
Status prepare_transport(Channel& channel, Transport transport, Index shm_budget);

/// A flag that turns false when `comm` is freed (BLACS exits its grid).
std::shared_ptr<const std::atomic<bool>> liveness(MPI_Comm comm);

}  // namespace mr2d::transport

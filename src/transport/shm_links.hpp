// SPDX-License-Identifier: BSD-3-Clause
// (MPI for setup only) Shared-memory links between the processes of a union
// context that share a node. Each process owns two segments, both mapped by
// every node peer when the links are set up and unlinked right after, so no
// name outlives the set-up: a job killed later leaves nothing in /dev/shm.
//
// - A pool of a fixed budget of bytes (the same on every process of the
//   union), reserved up front so that a full /dev/shm is a set-up failure
//   and never a SIGBUS at first touch. A sender packs the chunks of its
//   node-local messages into its pool, wherever there is room; a receiver
//   unpacks them from there straight into B. The pool's size bounds the
//   node's shared memory by the processes on it times the budget, whatever
//   the matrix or the number of peers.
// - A header with kLinkSlots slots per receiver, mapped read-write by the
//   node peers, where the sender publishes which plan a message belongs to and
//   where its chunks lie, and the receiver how far it has read, whether it
//   accepted the message, and when it has finished with it.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/index_types.hpp"
#include "common/status.hpp"
#include "transport/peer_arrays.hpp"
#include "transport/pool_space.hpp"
#include "transport/shm_protocol.hpp"

namespace mr2d::transport {

/// One sender -> receiver link, in the sender's header. Fields the sender
/// writes and fields the receiver writes sit on different cache lines.
/// `ready` and `taken` are link words (shm_protocol.hpp).
struct alignas(64) ShmSlot {
  // Sender.
  std::atomic<std::uint64_t> ready{0};                 ///< epoch | chunks packed (| given up)
  std::atomic<std::uint64_t> plan{0};                  ///< plan id of the newest epoch
  std::atomic<std::uint64_t> sender_status{0};         ///< why the sender gave up
  std::atomic<std::uint64_t> sender_dead{0};           ///< the sender's links failed for good
  std::atomic<std::uint64_t> where[kRingChunks] = {};  ///< pool offset of chunk k at k % kRingChunks
  std::atomic<std::uint64_t> offers{0};                ///< pool offset of the DirectOffer table (with kDirect in ready)
  // Receiver.
  alignas(64) std::atomic<std::uint64_t> taken{0};  ///< epoch | chunks unpacked (| given up)
  std::atomic<std::uint64_t> consumed{0};           ///< newest epoch fully read or given up (64-bit)
  std::atomic<std::uint64_t> receiver_status{0};    ///< why the receiver gave up
  std::atomic<std::uint64_t> receiver_dead{0};      ///< the receiver's links failed for good
};

/// A mapped shared segment (unmapped on destruction).
class Segment {
 public:
  Segment() = default;
  ~Segment();
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;
  /// Creates (and names) a segment of `bytes`, every page reserved; false if
  /// the system refuses (no room in /dev/shm, say).
  bool create(const std::string& name, std::size_t bytes);
  /// Maps `bytes` of an existing segment; false if it cannot be opened or is smaller.
  bool open(const std::string& name, std::size_t bytes, bool writable);
  void reset();
  unsigned char* data() const { return static_cast<unsigned char*>(base_); }
  std::size_t size() const { return size_; }
  /// Gives back all but the first `bytes` of a segment this process
  /// created and still names.
  void shrink(std::size_t bytes);
  /// Removes the name (the memory lives on while mapped).
  void unlink();

 private:
  void* base_ = nullptr;
  std::size_t size_ = 0;
  bool created_ = false;  // counted in shm_bytes_held()
  std::string name_;      // non-empty while this process owns the name
};

/// MR2D_NODE_RANKS: processes per virtual node (0: the real nodes).
int node_ranks_override();

/// Bytes of shared memory this process holds now (all links).
Index shm_bytes_held();

class ShmLinks {
 public:
  /// Finds the processes of `union_comm` on this node (or on this virtual
  /// node: MR2D_NODE_RANKS=k splits every node into groups of k processes),
  /// agrees on a pool size (`budget` bytes requested, 0 for the default) and
  /// maps every node peer's segments. Collective over `union_comm`. Null
  /// (with an ok status and the reason in `why_not`) where shared memory
  /// cannot be set up on some process.
  static std::unique_ptr<ShmLinks> open(MPI_Comm union_comm, Index budget, Status& status, std::string& why_not);
  ~ShmLinks();

  /// Node-local index of union rank `rank`, or -1 for a process on another node.
  int local_index(int rank) const { return local_of_[static_cast<std::size_t>(rank)]; }
  int node_size() const { return static_cast<int>(peers_.size()); }
  /// My node-local index.
  int me() const { return me_; }
  /// Union rank of node-local index `k`.
  int rank_of(int k) const { return peers_[static_cast<std::size_t>(k)]; }
  /// Process id of node-local index `k`.
  long long pid_of(int k) const { return pid_[static_cast<std::size_t>(k)]; }
  /// Bytes of every process's pool (the same everywhere).
  Index pool_bytes() const { return pool_bytes_; }
  /// Bytes of shared memory this process holds for these links.
  Index bytes_held() const;

  /// Sender side: my slot for the receiver of local index `r` at `epoch`.
  ShmSlot& out_slot(int r, std::uint64_t epoch) const;
  /// Receiver side: my slot in the header of the sender of local index `s` at `epoch`.
  ShmSlot& in_slot(int s, std::uint64_t epoch) const;
  unsigned char* pool() const { return own_pool_.data(); }
  /// The pool of the sender of local index `s`, read-only.
  const unsigned char* inbox(int s) const { return pools_[static_cast<std::size_t>(s)]->data(); }

  /// After a failure that may leave peers mid-message: tells every node peer,
  /// through the dead flags of my slots, that I will not send or read again.
  void mark_failed();

  /// Per-pair execution counters (epochs), kept identically by both sides.
  std::vector<std::uint64_t> epoch_out, epoch_in;
  /// By out slot (local index * kLinkSlots + epoch % kLinkSlots): a message
  /// of mine still watches it (not finished here), so it is not reused yet.
  std::vector<std::uint8_t> out_busy;
  /// The free space of my pool during an execution.
  PoolSpace space;
  /// Where the last execution's placements in my pool ended (placement_start).
  Index placement_end = 0;
  /// Node peers' mr2d_alloc arrays mapped here, by local index.
  PeerArrays arrays;

 private:
  ShmLinks() = default;
  std::string name_of(int local, const char* what) const;

  bool failed_ = false;
  int me_ = -1;                       // my local index
  std::vector<int> local_of_;         // union rank -> local index or -1
  std::vector<int> peers_;            // local index -> union rank
  std::vector<long long> pid_, uid_;  // per local index: process id, links id
  Index pool_bytes_ = 0;
  Segment own_header_, own_pool_;
  std::vector<std::unique_ptr<Segment>> headers_, pools_;  // per local index (null at me_)
};

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (MPI for setup only) Shared-memory links between the processes of a union
// context that share a node. A sender packs a message straight into its
// outbox, a shared segment its node peers map read-only, and the receiver
// unpacks straight from there into B: two passes over the data instead of
// three (pack, MPI copy, unpack), and no kernel involvement.
//
// Each process also owns a small header segment, mapped read-write by its node
// peers, with one slot per receiver: the sender publishes there which plan a
// message belongs to, where it lies and how many of its chunks are packed;
// the receiver publishes how many it has unpacked and which epoch (per-pair
// execution count) it has finished reading, so the sender never overwrites
// unread data. A message travels through a ring of a few chunk slots, so the
// data stays in cache between the two copies.
#pragma once

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/status.hpp"

namespace mr2d::transport {

/// One sender -> receiver link, in the sender's header. Fields the sender
/// writes and the field the receiver writes sit on different cache lines.
struct alignas(64) ShmSlot {
  std::atomic<std::uint64_t> ready{0};       ///< epoch << 32 | chunks packed
  std::atomic<std::uint64_t> plan{0};        ///< plan id of the newest epoch
  std::atomic<std::uint64_t> offset{0};      ///< byte offset of the message in the outbox
  std::atomic<std::uint64_t> generation{0};  ///< outbox generation holding it
  alignas(64) std::atomic<std::uint64_t> taken{0};     ///< epoch << 32 | chunks unpacked
  std::atomic<std::uint64_t> consumed{0};              ///< newest epoch fully read
};

inline std::uint64_t ready_word(std::uint64_t epoch, std::uint64_t chunks) { return epoch << 32 | chunks; }

/// A mapped shared segment (unmapped on destruction).
class Segment {
 public:
  Segment() = default;
  ~Segment();
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;
  /// Creates (and names) a segment of `bytes`; false if the system refuses.
  bool create(const std::string& name, std::size_t bytes);
  /// Maps an existing segment; false if it cannot be opened.
  bool open(const std::string& name, bool writable);
  void reset();
  unsigned char* data() const { return static_cast<unsigned char*>(base_); }
  std::size_t size() const { return size_; }
  /// Removes the name (the memory lives on while mapped).
  void unlink();

 private:
  void* base_ = nullptr;
  std::size_t size_ = 0;
  std::string name_;  // non-empty while this process owns the name
};

class ShmLinks {
 public:
  /// Finds the processes of `union_comm` on this node (or on this virtual
  /// node: MR2D_NODE_RANKS=k splits every node into groups of k processes)
  /// and maps their headers. Collective over `union_comm`. Null (with an ok
  /// status) where shared memory is not permitted on some process.
  static std::unique_ptr<ShmLinks> open(MPI_Comm union_comm, Status& status);
  ~ShmLinks();

  /// Node-local index of union rank `rank`, or -1 for a process on another node.
  int local_index(int rank) const { return local_of_[static_cast<std::size_t>(rank)]; }

  /// Sender side: my slot for the receiver of local index `r`.
  ShmSlot& out_slot(int r) const;
  /// Receiver side: my slot in the header of the sender of local index `s`.
  ShmSlot& in_slot(int s) const;

  /// Sender side: the outbox with room for `bytes`, grown (as a new
  /// generation) if needed. Only call when every receiver consumed everything.
  unsigned char* outbox(std::size_t bytes, std::uint64_t& generation);
  /// Receiver side: the outbox of sender `s` in `generation`, mapped read-only.
  const unsigned char* inbox(int s, std::uint64_t generation);

  /// Waits (at most 10 s) until every node receiver has read every
  /// message I sent it. Call before the links go away: a receiver maps my
  /// outbox by name when it starts reading, so I may finish a redistribution
  /// and leave while a slower peer has not opened my outbox yet.
  void drain() const;
  /// After a failed redistribution peers may never read what I sent: drain
  /// returns at once from then on (also in the exit handler).
  void mark_failed() { failed_ = true; }

  /// Per-pair execution counters (epochs), kept identically by both sides.
  std::vector<std::uint64_t> epoch_out, epoch_in;

 private:
  ShmLinks() = default;
  std::string name_of(int local, const char* what, std::uint64_t generation) const;

  std::atomic<bool> failed_{false};
  int me_ = -1;                         // my local index
  std::vector<int> local_of_;           // union rank -> local index or -1
  std::vector<long long> pid_, uid_;    // per local index: process id, links id
  Segment own_header_;
  std::vector<std::unique_ptr<Segment>> headers_;  // per local index (mine at me_)
  Segment outbox_;
  std::uint64_t outbox_generation_ = 0;
  std::vector<std::unique_ptr<Segment>> inboxes_;  // per sender local index
  std::vector<std::uint64_t> inbox_generation_;
};

}  // namespace mr2d::transport

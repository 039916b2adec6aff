// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic of the shared-memory links, free of MPI and of the
// segments themselves: the words a sender and a receiver publish to each
// other, and how large a pool a process can afford.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "common/index_types.hpp"
#include "transport/pool_sizing.hpp"

namespace mr2d::transport {

/// Chunks of one message that may be in the pool at once.
constexpr std::size_t kRingChunks = 4;
/// Slots per sender -> receiver link: executions started one after another
/// (several outstanding requests) may each announce their messages before
/// the receiver has read the earlier ones. Epoch e uses slot e % kLinkSlots.
constexpr std::size_t kLinkSlots = 4;
/// A receiver with fewer chunks than this in its ring (1: none left) gets
/// its next chunk between two chunks its sender unpacks.
constexpr std::size_t kLowChunks = 1;

/// A link word: an epoch (the per-pair execution count, modulo 2^32) and a
/// count of chunks, whose top bit flags a message given up. Epochs are
/// compared by their difference, so the count may wrap: the two sides of a
/// link are never more than one execution apart.
constexpr std::uint64_t kGivenUp = std::uint64_t{1} << 31;
/// In a sender's word: A of this message may be read in place (an offer);
/// in a receiver's: it reads A in place, and the count is of chunks copied.
constexpr std::uint64_t kDirect = std::uint64_t{1} << 30;

inline std::uint64_t link_word(std::uint64_t epoch, std::uint64_t chunks) {
  return (epoch & 0xffffffffu) << 32 | chunks;
}
/// The epoch of `word` against `epoch`: < 0 older, 0 the same, > 0 newer.
inline std::int32_t epoch_order(std::uint64_t word, std::uint64_t epoch) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(word >> 32) - static_cast<std::uint32_t>(epoch));
}
inline std::uint64_t word_chunks(std::uint64_t word) { return word & (kDirect - 1); }
inline bool word_direct(std::uint64_t word) { return (word & kDirect) != 0; }
inline bool word_given_up(std::uint64_t word) { return (word & kGivenUp) != 0; }

/// Where one part's A lies in node-shared memory (mr2d_alloc), as a sender
/// offers it to its node peers: per node-local message, a table of one entry
/// per plan transfer it carries (route::Message::carried), in the sender's
/// pool. id 0: that part's A is not there.
struct DirectOffer {
  std::uint64_t id;     ///< the allocation's serial in the sender (never reused)
  std::int64_t fd;      ///< its memory file in the sender
  std::int64_t bytes;   ///< its size
  std::int64_t offset;  ///< A's offset in it
  std::int64_t ld;      ///< A's local leading dimension on the sender
  std::uint64_t frees;  ///< the sender's count of released allocations
  std::uint64_t dev;    ///< the file's device and inode: a receiver maps the
  std::uint64_t ino;    ///< file behind `fd` only where they match
};

/// Where an execution starts placing its chunks in its pool of `pool` bytes,
/// given the bytes it places in all (`need`, at most) and where the previous
/// execution's placements ended (`cursor`). A sender that packs into lines a
/// receiver has just read pays a cross-core invalidation per line: on a
/// 2-core Xeon, packing a 20 KB message into them took three times as long as
/// into lines untouched for a few executions. So an execution that needs at
/// most 1/kPlacementTurns of half the pool starts where the previous one
/// ended, wrapping within that half: the same lines come back after
/// kPlacementTurns executions or more, while a large one keeps the whole
/// pool, from its start.
constexpr Index kPlacementTurns = 8;
inline Index placement_start(Index cursor, Index need, Index pool) {
  const Index window = pool / 2;
  if (need <= 0 || need > window / kPlacementTurns) return 0;
  return cursor >= 0 && cursor <= window - need ? cursor : 0;
}

/// The pool one process can afford for a new union context where memory
/// sets no limit (choose_pool, pool_sizing.hpp): its budget, `request` (0: the
/// default), within its share of half of /dev/shm's `free_bytes`, less
/// `header`, in whole pages; 0 where that is below kMinShmPool.
inline Index affordable_pool(Index request, Index free_bytes, Index node_processes, Index header, Index held = 0) {
  return choose_pool({request, free_bytes, std::numeric_limits<Index>::max(), node_processes, header, held}).pool;
}

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) The node peers' mr2d_alloc arrays this process reads in
// place: each mapped read-only once, on first use, and kept while the links
// live, so repeated executions map nothing. A peer's arrays are dropped when
// its count of released allocations changes (its array may be gone; the
// mapping would only keep the memory alive).
#pragma once

#include <cstdint>
#include <vector>

#include "common/index_types.hpp"

namespace mr2d::transport {

/// A node peer's allocation as its offer names it.
struct PeerFile {
  std::uint64_t id = 0;            ///< the allocation's serial in the peer
  std::int64_t fd = -1;            ///< its memory file, as the peer numbers it
  std::uint64_t dev = 0, ino = 0;  ///< the file's identity
  Index bytes = 0;                 ///< its size
};

class PeerArrays {
 public:
  PeerArrays() = default;
  ~PeerArrays();
  PeerArrays(const PeerArrays&) = delete;
  PeerArrays& operator=(const PeerArrays&) = delete;

  /// Allocation `file` of node peer `peer` (process `pid`; `frees` its count
  /// of released allocations), mapped read-only; null where it cannot be
  /// (another user, a /proc that hides processes, a file smaller than
  /// announced, or another file than announced: the program closed the
  /// descriptor and the number now names something else). A failure is
  /// remembered.
  const unsigned char* map(int peer, long long pid, std::uint64_t frees, const PeerFile& file);
  /// Mappings held now (for tests and statistics).
  std::size_t mapped() const;

 private:
  struct Mapping {
    int peer;
    std::uint64_t id, dev, ino;
    void* base;  // null: could not be mapped
    std::size_t bytes;
  };
  void drop(int peer);

  std::vector<Mapping> maps_;
  std::vector<std::uint64_t> frees_;  // per peer: the count seen last
};

}  // namespace mr2d::transport

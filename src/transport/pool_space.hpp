// SPDX-License-Identifier: BSD-3-Clause
// Space in a sender's shared-memory pool: chunks of node-local messages are
// placed first-fit and given back in any order, as their receivers read them
// (receivers run at their own pace, so the oldest chunk is not always the
// first one freed). A few chunks per message are live at a time, so a sorted
// list of free ranges is all it takes. Pure, no MPI.
#pragma once

#include <map>

#include "common/index_types.hpp"

namespace mr2d::transport {

class PoolSpace {
 public:
  /// Granule of every placement: chunks start on their own cache lines.
  static constexpr Index kAlign = 64;

  /// All of [0, bytes) free.
  void reset(Index bytes) {
    free_.clear();
    if (bytes > 0) free_[0] = bytes;
  }
  /// The offset of `bytes` placed in the lowest free range that holds them,
  /// or -1 where none does.
  Index take(Index bytes) {
    const Index need = rounded(bytes);
    for (auto it = free_.begin(); it != free_.end(); ++it) {
      if (it->second < need) continue;
      const Index at = it->first, left = it->second - need;
      free_.erase(it);
      if (left > 0) free_[at + need] = left;
      return at;
    }
    return -1;
  }
  /// Gives back what take(bytes) returned at `at`, merged with free neighbours.
  void give(Index at, Index bytes) {
    Index lo = at, len = rounded(bytes);
    auto next = free_.lower_bound(lo);
    if (next != free_.begin()) {
      auto prev = std::prev(next);
      if (prev->first + prev->second == lo) {
        lo = prev->first;
        len += prev->second;
        free_.erase(prev);
      }
    }
    if (next != free_.end() && lo + len == next->first) {
      len += next->second;
      free_.erase(next);
    }
    free_[lo] = len;
  }
  /// Bytes free in all (for tests).
  Index free_bytes() const {
    Index total = 0;
    for (const auto& [at, len] : free_) total += len;
    return total;
  }

 private:
  static Index rounded(Index bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }
  std::map<Index, Index> free_;  // offset -> length
};

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// Space in a sender's shared-memory pool: chunks of node-local messages are
// placed first-fit and given back in any order, as their receivers read them
// (receivers run at their own pace, so the oldest chunk is not always the
// first one freed). A few chunks per message are live at a time, so a short
// sorted list of free ranges is all it takes. Pure, no MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"

namespace mr2d::transport {

class PoolSpace {
 public:
  /// Granule of every placement: chunks start on their own cache lines.
  static constexpr Index kAlign = 64;

  /// [from, bytes) free: placements start at `from`.
  void reset(Index bytes, Index from = 0) {
    free_.clear();
    if (bytes > from) free_.push_back({from, bytes - from});
  }
  /// The offset of `bytes` placed in the lowest free range that holds them,
  /// or -1 where none does.
  Index take(Index bytes) {
    const Index need = rounded(bytes);
    for (std::size_t k = 0; k < free_.size(); ++k) {
      Range& r = free_[k];
      if (r.length < need) continue;
      const Index at = r.at;
      r.at += need;
      r.length -= need;
      if (r.length == 0) free_.erase(free_.begin() + static_cast<long>(k));
      return at;
    }
    return -1;
  }
  /// Gives back what take(bytes) returned at `at`, merged with free neighbours.
  void give(Index at, Index bytes) {
    const Index len = rounded(bytes);
    std::size_t k = 0;
    while (k < free_.size() && free_[k].at < at) ++k;
    const bool joins_prev = k > 0 && free_[k - 1].at + free_[k - 1].length == at;
    const bool joins_next = k < free_.size() && at + len == free_[k].at;
    if (joins_prev && joins_next) {
      free_[k - 1].length += len + free_[k].length;
      free_.erase(free_.begin() + static_cast<long>(k));
    } else if (joins_prev) {
      free_[k - 1].length += len;
    } else if (joins_next) {
      free_[k].at = at;
      free_[k].length += len;
    } else {
      free_.insert(free_.begin() + static_cast<long>(k), Range{at, len});
    }
  }
  /// What a placement of `bytes` takes: whole granules.
  static Index rounded(Index bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }
  /// Bytes free in all (for tests).
  Index free_bytes() const {
    Index total = 0;
    for (const Range& r : free_) total += r.length;
    return total;
  }

 private:
  struct Range {
    Index at, length;
  };
  // Free ranges in address order; a few entries, and no allocation once it
  // has grown to them, which matters to small redistributions.
  std::vector<Range> free_;
};

}  // namespace mr2d::transport

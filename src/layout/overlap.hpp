// SPDX-License-Identifier: BSD-3-Clause
// Whether column-major rectangles of memory (blocks, local windows) share
// bytes. Rectangles whose byte spans interleave are compared exactly when
// they have the same leading dimension (as blocks cut from one local array
// do) and taken as overlapping otherwise. Pure, no MPI.
#pragma once

#include <cstdint>
#include <vector>

#include "common/index_types.hpp"

namespace mr2d::layout {

/// `cols` columns of `height` bytes, `stride` bytes apart, from `start`.
struct Extent {
  std::uintptr_t start = 0;
  Index stride = 0, height = 0, cols = 0;
  int owner = 0;  ///< which group it belongs to (for example 0: A, 1: B)
  Index id = 0;   ///< the caller's number for it
};

/// A pair of extents that share memory (first < second in the input), or
/// found false.
struct Clash {
  bool found = false;
  std::size_t first = 0, second = 0;
};

/// The first clash found among `extents` (O(n log n)). Empty extents never
/// clash.
Clash find_overlap(const std::vector<Extent>& extents);

}  // namespace mr2d::layout

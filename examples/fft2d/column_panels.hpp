// SPDX-License-Identifier: BSD-3-Clause
// The column panels of the pipelined 2D FFT: every process's block of whole
// columns cut into `count` slices of (nearly) equal width, so that panel k
// holds the k-th slice of every process and each process gets its share of
// every panel (a panel of consecutive global columns would land on one or
// two processes and leave the others idle).
#pragma once

#include <algorithm>
#include <vector>

namespace fft2d {

/// Global columns [first, first + width) of one process's slice of a panel.
struct Slice {
  int first = 0, width = 0;
  int local_first = 0;  // its first column in that process's local array
};

/// slices[k][q]: panel k's slice on process q, for n columns in blocks of
/// `block` on q processes (one block each, the last one short).
inline std::vector<std::vector<Slice>> column_panels(int n, int block, int q, int count) {
  std::vector<std::vector<Slice>> slices(static_cast<std::size_t>(count),
                                         std::vector<Slice>(static_cast<std::size_t>(q)));
  for (int p = 0; p < q; ++p) {
    const int first = std::min(n, p * block), width = std::min(n, first + block) - first;
    for (int k = 0, local = 0; k < count; ++k) {
      const int w = width / count + (k < width % count ? 1 : 0);
      slices[static_cast<std::size_t>(k)][static_cast<std::size_t>(p)] = Slice{first + local, w, local};
      local += w;
    }
  }
  return slices;
}

}  // namespace fft2d

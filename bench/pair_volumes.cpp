// SPDX-License-Identifier: BSD-3-Clause
// Per-pair volumes (see pair_volumes.hpp).
#include "pair_volumes.hpp"

namespace mr2d::bench {

std::vector<long long> send_volumes(const Case& c, const DistributedMatrix& a, int procs) {
  std::vector<long long> elements(static_cast<std::size_t>(procs), 0);
  std::vector<int> owner_row(static_cast<std::size_t>(a.rows));
  for (int i = 0; i < a.rows; ++i) owner_row[static_cast<std::size_t>(i)] = a.global_row(i) / c.b.mb % c.b.prow;
  for (int j = 0; j < a.cols; ++j) {
    const int gj = a.global_col(j), owner_col = gj / c.b.nb % c.b.pcol;
    for (int i = 0; i < a.rows; ++i)
      if (copied(c, a.global_row(i), gj))
        ++elements[static_cast<std::size_t>(owner_row[static_cast<std::size_t>(i)] * c.b.pcol + owner_col)];
  }
  for (long long& e : elements) e *= static_cast<long long>(a.elem_size);
  return elements;
}

}  // namespace mr2d::bench

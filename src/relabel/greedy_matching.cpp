// SPDX-License-Identifier: BSD-3-Clause
// Greedy matching; see matching.hpp.
#include <algorithm>

#include "relabel/matching.hpp"

namespace mr2d::relabel {

std::vector<int> greedy_matching(int rows, int cols, const std::vector<Pair>& pairs) {
  std::vector<Pair> order;
  order.reserve(pairs.size());
  for (const Pair& p : pairs)
    if (p.weight > 0) order.push_back(p);
  // Heaviest first; ties by row, then column, so the result is reproducible.
  std::sort(order.begin(), order.end(), [](const Pair& p, const Pair& q) {
    if (p.weight != q.weight) return p.weight > q.weight;
    return p.row != q.row ? p.row < q.row : p.col < q.col;
  });
  std::vector<int> match(static_cast<std::size_t>(rows), -1);
  std::vector<char> taken(static_cast<std::size_t>(cols), 0);
  for (const Pair& p : order) {
    if (match[static_cast<std::size_t>(p.row)] >= 0 || taken[static_cast<std::size_t>(p.col)]) continue;
    match[static_cast<std::size_t>(p.row)] = p.col;
    taken[static_cast<std::size_t>(p.col)] = 1;
  }
  return match;
}

}  // namespace mr2d::relabel

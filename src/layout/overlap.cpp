// SPDX-License-Identifier: BSD-3-Clause
// Overlap of column-major rectangles; see overlap.hpp.
#include "layout/overlap.hpp"

#include <algorithm>
#include <map>
#include <queue>

namespace mr2d::layout {

namespace {

std::uintptr_t end_of(const Extent& e) {
  return e.start + static_cast<std::uintptr_t>((e.cols - 1) * e.stride + e.height);
}

// A rectangle in (byte row, column) coordinates of memory seen as columns of
// one common stride.
struct Rect {
  Index row0, row1, col0, col1;
  std::size_t extent;
};

// Extents of one stride whose spans interleave: swept by column with the
// active rectangles ordered by first row (pairwise disjoint while no clash
// is found, so neighbours are the only candidates).
Clash sweep(const std::vector<Extent>& extents, const std::vector<std::size_t>& group) {
  std::uintptr_t base = extents[group.front()].start;
  for (std::size_t k : group) base = std::min(base, extents[k].start);
  const Index stride = extents[group.front()].stride;
  std::vector<Rect> rects;
  for (std::size_t k : group) {
    const Extent& e = extents[k];
    const auto pos = static_cast<Index>(e.start - base);
    const Index col = pos / stride, row = pos % stride;
    if (row + e.height <= stride) {
      rects.push_back({row, row + e.height, col, col + e.cols, k});
    } else {  // runs over the end of a column into the next one
      rects.push_back({row, stride, col, col + e.cols, k});
      rects.push_back({0, row + e.height - stride, col + 1, col + 1 + e.cols, k});
    }
  }
  std::sort(rects.begin(), rects.end(), [](const Rect& x, const Rect& y) { return x.col0 < y.col0; });
  std::map<Index, const Rect*> active;  // by row0
  auto later = [](const Rect* x, const Rect* y) { return x->col1 > y->col1; };
  std::priority_queue<const Rect*, std::vector<const Rect*>, decltype(later)> ends(later);
  auto clash = [](std::size_t x, std::size_t y) { return Clash{true, std::min(x, y), std::max(x, y)}; };
  for (const Rect& r : rects) {
    while (!ends.empty() && ends.top()->col1 <= r.col0) {
      auto it = active.find(ends.top()->row0);
      if (it != active.end() && it->second == ends.top()) active.erase(it);
      ends.pop();
    }
    auto next = active.lower_bound(r.row0);
    if (next != active.end() && next->second->row0 < r.row1 && next->second->extent != r.extent)
      return clash(next->second->extent, r.extent);
    if (next != active.begin()) {
      auto prev = std::prev(next);
      if (prev->second->row1 > r.row0 && prev->second->extent != r.extent) return clash(prev->second->extent, r.extent);
    }
    active[r.row0] = &r;
    ends.push(&r);
  }
  return {};
}

}  // namespace

Clash find_overlap(const std::vector<Extent>& extents) {
  std::vector<std::size_t> order;
  order.reserve(extents.size());
  for (std::size_t k = 0; k < extents.size(); ++k)
    if (extents[k].height > 0 && extents[k].cols > 0) order.push_back(k);
  // By start, ties by input position: one order whatever the sort, and
  // blocks listed in memory order (the usual case) need none.
  auto before = [&](std::size_t x, std::size_t y) {
    return extents[x].start != extents[y].start ? extents[x].start < extents[y].start : x < y;
  };
  if (!std::is_sorted(order.begin(), order.end(), before)) std::sort(order.begin(), order.end(), before);
  // Groups of interleaving spans; a group of one clashes with nothing.
  std::size_t g = 0;
  while (g < order.size()) {
    std::uintptr_t reach = end_of(extents[order[g]]);
    std::size_t h = g + 1;
    while (h < order.size() && extents[order[h]].start < reach) {
      reach = std::max(reach, end_of(extents[order[h]]));
      ++h;
    }
    if (h - g > 1) {
      std::vector<std::size_t> group(order.begin() + static_cast<std::ptrdiff_t>(g),
                                     order.begin() + static_cast<std::ptrdiff_t>(h));
      bool one_stride = true;
      for (std::size_t k : group) one_stride = one_stride && extents[k].stride == extents[group[0]].stride;
      // Different strides that interleave are not compared exactly.
      if (!one_stride) return {true, std::min(group[0], group[1]), std::max(group[0], group[1])};
      const Clash c = sweep(extents, group);
      if (c.found) return c;
    }
    g = h;
  }
  return {};
}

}  // namespace mr2d::layout

// SPDX-License-Identifier: BSD-3-Clause
// Tiled walks of product sets; see tiled_walk.hpp.
#include "index/tiled_walk.hpp"

#include <algorithm>

namespace mr2d::index {

int TiledWalk::blocked_factor(const RunSet& set) {
  const std::vector<RunSet::Factor>& f = set.factors();
  if (f.size() < 2) return -1;
  int b = 1;
  for (std::size_t k = 2; k < f.size(); ++k)
    if (f[k].dst_scale < f[static_cast<std::size_t>(b)].dst_scale) b = static_cast<int>(k);
  return f[static_cast<std::size_t>(b)].dst_scale < f[0].dst_scale ? b : -1;
}

TiledWalk::TiledWalk(const RunSet& set, int b, Index tile0, Index tileb)
    : b_(b), tile0_(tile0 > 0 ? tile0 : 1), tileb_(std::clamp<Index>(tileb, 1, static_cast<Index>(kTileMax))) {
  const std::vector<RunSet::Factor>& f = set.factors();
  runs_.resize(f.size());
  Index below = 1, ranks = 1, low = 0, high = 0;
  for (std::size_t k = 0; k < f.size(); ++k) {
    const RunSet::Factor& x = f[k];
    std::vector<FactorRun>& out = runs_[k];
    Index rank = 0;
    // Runs stay runs only where both scales are 1 (factor 0 of a product
    // walks so too); elsewhere each position is its own.
    const bool runs = k == 0 && x.src_scale == 1 && x.dst_scale == 1;
    x.set->for_each([&](Index t, Index len, Index s, Index d) {
      if (runs) {
        for (Index c = 0; c < len; c += tile0_) {
          const Index piece = std::min(tile0_, len - c);
          out.push_back({t + c, piece, s + c, d + c, rank + c});
        }
      } else {
        for (Index j = 0; j < len; ++j)
          out.push_back({t + j, 1, (s + j) * x.src_scale, (d + j) * x.dst_scale, rank + j});
      }
      rank += len;
    });
    if (out.empty()) {
      runs_.clear();
      return;
    }
    below_.push_back(below);
    ranks_below_.push_back(ranks);
    low += out.front().t * below;
    high += (out.back().t + out.back().len - 1) * below;
    low_.push_back(low);
    high_.push_back(high);
    below *= x.set->extent();
    ranks *= x.set->count();
  }
}

}  // namespace mr2d::index

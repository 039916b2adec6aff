// SPDX-License-Identifier: BSD-3-Clause
// A product set's positions visited in tiles, for copies whose two sides
// order the product's factors differently. A product runs in the source's
// order (factor 0 fastest); where the destination's fastest factor is
// another one, b, visiting in that order writes the destination one short
// piece per page. Tiles of factor 0 by factor b keep both sides within a
// few pages: inside a tile, factor b moves fastest (the destination's
// adjacent columns), tiles follow factor 0 first. The loop nest is the
// product's own with factor b's loop blocked and moved in, as the
// per-dimension walks of Chung and Hsu (1998, section 3) allow any order of
// the dimensions' loops. Pure, no MPI.
#pragma once

#include <algorithm>
#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"

namespace mr2d::index {

/// Positions [t, t+len) of one factor, with the product's source and
/// destination indices of t (the factor's indices times its scales) and the
/// factor's positions before t (its rank among them).
struct FactorRun {
  Index t, len, src, dst, rank;
};

class TiledWalk {
 public:
  /// Positions of factor b per tile, at most.
  static constexpr std::size_t kTileMax = 64;

  /// The factor (1 or more) with the smallest destination steps where they
  /// are smaller than factor 0's; -1 where the set is no product of two
  /// factors or more, or where factor 0 is already the destination's fastest.
  static int blocked_factor(const RunSet& set);

  /// Tiles of about `tile0` positions of factor 0 by `tileb` of factor `b`
  /// (b from blocked_factor). Work proportional to the factors' runs.
  TiledWalk(const RunSet& set, int b, Index tile0, Index tileb);

  /// Calls f(t, len, src, dst, rank) for every run of the set inside
  /// positions [lo, hi), each once, cut at lo and hi as for_each_in cuts
  /// them; rank is the number of the set's positions before t. Runs
  /// follow each other in tile order, not by t.
  template <class F>
  void for_each_in(Index lo, Index hi, F&& f) const {
    if (lo >= hi || runs_.empty()) return;
    const int top = static_cast<int>(runs_.size()) - 1;
    if (top == b_)
      tile_b({0, 0, 0, 0}, lo, hi, f);
    else
      outer(top, {0, 0, 0, 0}, lo, hi, f);
  }

 private:
  // The slower factors' part of a position: its place, rank and indices.
  struct At {
    Index t, rank, src, dst;
    At plus(const FactorRun& r, Index below, Index ranks_below) const {
      return {t + r.t * below, rank + r.rank * ranks_below, src + r.src, dst + r.dst};
    }
  };

  // Factors above b, one position each, skipping those whose block of
  // faster positions misses [lo, hi).
  template <class F>
  void outer(int k, At at, Index lo, Index hi, F& f) const {
    for (const FactorRun& r : runs_[static_cast<std::size_t>(k)]) {
      const At next = at.plus(r, below_[static_cast<std::size_t>(k)], ranks_below_[static_cast<std::size_t>(k)]);
      if (next.t + low_[static_cast<std::size_t>(k) - 1] >= hi) return;
      if (next.t + high_[static_cast<std::size_t>(k) - 1] < lo) continue;
      if (k - 1 == b_)
        tile_b(next, lo, hi, f);
      else
        outer(k - 1, next, lo, hi, f);
    }
  }

  // Factor b in tiles of tileb positions; factors between it and factor 0
  // one position each inside a tile.
  template <class F>
  void tile_b(At at, Index lo, Index hi, F& f) const {
    const auto b = static_cast<std::size_t>(b_);
    const std::vector<FactorRun>& rb = runs_[b];
    for (std::size_t j0 = 0; j0 < rb.size(); j0 += static_cast<std::size_t>(tileb_)) {
      const std::size_t j1 = std::min(rb.size(), j0 + static_cast<std::size_t>(tileb_));
      const Index first = at.t + rb[j0].t * below_[b], last = at.t + rb[j1 - 1].t * below_[b];
      if (first + low_[b - 1] >= hi) return;
      if (last + high_[b - 1] < lo) continue;
      middle(b_ - 1, at, j0, j1, rb[j0].t * below_[b], rb[j1 - 1].t * below_[b], lo, hi, f);
    }
  }

  // Factors between b and 0, one position each; `first` and `last` are
  // the tile of b's least and greatest position contributions.
  template <class F>
  void middle(int k, At at, std::size_t j0, std::size_t j1, Index first, Index last, Index lo, Index hi, F& f) const {
    if (k == 0) {
      tile_0(at, j0, j1, lo, hi, f);
      return;
    }
    const auto kk = static_cast<std::size_t>(k);
    for (const FactorRun& r : runs_[kk]) {
      const At next = at.plus(r, below_[kk], ranks_below_[kk]);
      if (next.t + first + low_[kk - 1] >= hi) return;
      if (next.t + last + high_[kk - 1] < lo) continue;
      middle(k - 1, next, j0, j1, first, last, lo, hi, f);
    }
  }

  // Factor 0's runs in tiles of about tile0 positions; in a tile, factor b
  // outside and factor 0 inside, each run cut to [lo, hi). Per position of
  // factor b, the runs inside the window are found once.
  template <class F>
  void tile_0(At at, std::size_t j0, std::size_t j1, Index lo, Index hi, F& f) const {
    const auto b = static_cast<std::size_t>(b_);
    const std::vector<FactorRun>& r0 = runs_[0];
    At rows[kTileMax];
    std::size_t from[kTileMax], to[kTileMax];
    for (std::size_t j = j0; j < j1; ++j) {
      const At row = at.plus(runs_[b][j], below_[b], ranks_below_[b]);
      rows[j - j0] = row;
      // Runs ending after lo, and starting before hi.
      from[j - j0] = static_cast<std::size_t>(
          std::partition_point(r0.begin(), r0.end(), [&](const FactorRun& r) { return row.t + r.t + r.len <= lo; }) -
          r0.begin());
      to[j - j0] = static_cast<std::size_t>(
          std::partition_point(r0.begin(), r0.end(), [&](const FactorRun& r) { return row.t + r.t < hi; }) -
          r0.begin());
    }
    for (std::size_t i0 = 0; i0 < r0.size();) {
      std::size_t i1 = i0;
      for (Index n = 0; i1 < r0.size() && n < tile0_; ++i1) n += r0[i1].len;
      for (std::size_t j = 0; j < j1 - j0; ++j) {
        const At& row = rows[j];
        for (std::size_t i = std::max(i0, from[j]), end = std::min(i1, to[j]); i < end; ++i) {
          const FactorRun& r = r0[i];
          const Index start = row.t + r.t;
          const Index c0 = lo > start ? lo - start : 0, c1 = hi < start + r.len ? hi - start : r.len;
          f(start + c0, c1 - c0, row.src + r.src + c0, row.dst + r.dst + c0, row.rank + r.rank + c0);
        }
      }
      i0 = i1;
    }
  }

  std::vector<std::vector<FactorRun>> runs_;  // per factor, ascending
  std::vector<Index> below_;                  // positions of the faster factors
  std::vector<Index> ranks_below_;            // the set's positions of the faster factors
  // Least and greatest position contribution of factors 0..k together.
  std::vector<Index> low_, high_;
  int b_ = -1;
  Index tile0_ = 1, tileb_ = 1;
};

}  // namespace mr2d::index

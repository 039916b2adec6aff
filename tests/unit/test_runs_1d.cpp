// SPDX-License-Identifier: BSD-3-Clause
// Run tables against a brute-force element-by-element model over thousands
// of random 1D layouts: every (source, destination) pair must enumerate
// exactly the positions the owner maps give it, in increasing order, with the
// right local indices on both sides, from both the sender's and the
// receiver's computation.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <random>
#include <tuple>
#include <vector>

#include "index/cyclic_1d.hpp"
#include "index/runs_1d.hpp"
#include "index/tiled_walk.hpp"
#include "random_axes.hpp"

using namespace mr2d;
using namespace mr2d::index;

namespace {

struct Elem {
  Index t, src, dst;
  bool operator==(const Elem& o) const { return t == o.t && src == o.src && dst == o.dst; }
};

using PairMap = std::map<std::pair<Index, Index>, std::vector<Elem>>;

PairMap brute_force(const AxisPair& ax) {
  PairMap out;
  for (Index t = 0; t < ax.extent; ++t) {
    Index gs = ax.src.start + t, gd = ax.dst.start + t;
    Index p = owner(gs, ax.src.nb, ax.src.src, ax.src.nprocs);
    Index q = owner(gd, ax.dst.nb, ax.dst.src, ax.dst.nprocs);
    out[{p, q}].push_back({t, local_index(gs, ax.src.nb, ax.src.nprocs), local_index(gd, ax.dst.nb, ax.dst.nprocs)});
  }
  return out;
}

std::vector<Elem> expand(const RunSet& set) {
  std::vector<Elem> out;
  set.for_each([&](Index t, Index len, Index src, Index dst) {
    for (Index k = 0; k < len; ++k) out.push_back({t + k, src + k, dst + k});
  });
  return out;
}

void check_layout(const AxisPair& ax) {
  PairMap expect = brute_force(ax);
  for (Role role : {Role::sender, Role::receiver}) {
    const Index nprocs = role == Role::sender ? ax.src.nprocs : ax.dst.nprocs;
    PairMap got;
    for (Index me = 0; me < nprocs; ++me) {
      Index last_peer = -1;
      for (const auto& [peer, set] : runs_for(ax, role, me)) {
        ASSERT_GT(peer, last_peer) << "peers must be sorted and distinct";
        last_peer = peer;
        auto key = role == Role::sender ? std::make_pair(me, peer) : std::make_pair(peer, me);
        got[key] = expand(set);
        ASSERT_EQ(set.count(), static_cast<Index>(got[key].size()));
        ASSERT_GT(set.count(), 0) << "empty run sets must not be listed";
        // count_below agrees with the expansion at every position.
        const auto& elems = got[key];
        std::size_t k = 0;
        for (Index x = 0; x <= ax.extent; x += 1 + ax.extent / 17) {
          while (k < elems.size() && elems[k].t < x) ++k;
          ASSERT_EQ(set.count_below(x), static_cast<Index>(k)) << "x=" << x;
        }
      }
    }
    ASSERT_EQ(got.size(), expect.size());
    for (const auto& [key, elems] : expect) {
      ASSERT_TRUE(got.count(key)) << "pair " << key.first << "->" << key.second << " missing";
      ASSERT_EQ(got[key], elems) << "pair " << key.first << "->" << key.second;
    }
  }
}

// `n` random factors of a product: each the run set of one pair of
// processes along a random axis of at most `extent` positions, unscaled or
// with random scales; fewer where an axis gave no set.
std::vector<RunSet::Factor> random_factors(std::mt19937_64& rng, int n, Index extent) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  std::vector<RunSet::Factor> factors;
  for (int k = 0; k < n; ++k) {
    AxisPair ax = test::random_axes(rng);
    ax.extent = std::min<Index>(ax.extent, extent);
    const auto sets = runs_for(ax, Role::sender, u(0, ax.src.nprocs - 1));
    if (sets.empty()) break;
    const RunSet& set = sets[static_cast<std::size_t>(u(0, static_cast<Index>(sets.size()) - 1))].second;
    const bool unit = u(0, 1) == 0;
    factors.push_back({std::make_shared<const RunSet>(set), unit ? 1 : u(1, 50), unit ? 1 : u(1, 50)});
  }
  return factors;
}

}  // namespace

TEST(Runs1D, MatchBruteForceOnRandomLayouts) {
  std::mt19937_64 rng(20261122);
  for (int k = 0; k < 3000; ++k) {
    AxisPair ax = test::random_axes(rng);
    SCOPED_TRACE("case " + std::to_string(k) + ": n=" + std::to_string(ax.extent) +
                 " src nb=" + std::to_string(ax.src.nb) + " P=" + std::to_string(ax.src.nprocs) +
                 " rsrc=" + std::to_string(ax.src.src) + " start=" + std::to_string(ax.src.start) +
                 " dst nb=" + std::to_string(ax.dst.nb) + " Q=" + std::to_string(ax.dst.nprocs) +
                 " rsrc=" + std::to_string(ax.dst.src) + " start=" + std::to_string(ax.dst.start));
    check_layout(ax);
    if (HasFatalFailure()) return;
  }
}

TEST(Runs1D, DesprezExampleVolumes) {
  // cyclic(2) on 5 -> cyclic(5) on 6, n = 30:
  // even q receive 2, 2, 1 from p0, p1, p2; odd q receive 1, 2, 2 from p2, p3, p4.
  AxisPair ax{{2, 5, 0, 0}, {5, 6, 0, 0}, 30};
  for (Index q = 0; q < 6; ++q) {
    std::map<Index, Index> vol;
    for (const auto& [p, set] : runs_for(ax, Role::receiver, q)) vol[p] = set.count();
    std::map<Index, Index> want =
        q % 2 == 0 ? std::map<Index, Index>{{0, 2}, {1, 2}, {2, 1}} : std::map<Index, Index>{{2, 1}, {3, 2}, {4, 2}};
    EXPECT_EQ(vol, want) << "q=" << q;
  }
  EXPECT_EQ(runs_for(ax, Role::sender, 2).size(), 6u);  // out-degree of p2 is 6
}

TEST(Runs1D, CostFollowsThePeriodNotTheExtent) {
  // 2^40 positions: the run table stays one period long and counts stay exact.
  const Index n = Index{1} << 40;
  AxisPair ax{{64, 4, 1, 12345}, {100, 6, 2, 777}, n};
  EXPECT_EQ(pattern_period(ax), std::lcm(Index{64 * 4}, Index{100 * 6}));
  Index total = 0;
  for (Index p = 0; p < 4; ++p)
    for (const auto& [q, set] : runs_for(ax, Role::sender, p)) {
      // At most the runs of one period: L/nb_s + L/nb_d = 300 + 192.
      EXPECT_LE(set.period_runs().size(), 492u);
      total += set.count();
    }
  EXPECT_EQ(total, n);
}

// Products of random run sets (index::RunSet::product) against their
// definition: every position of every factor combined, the source and
// destination indices the scaled sums, in increasing position order; runs
// longer than one position only where factor 0 is unscaled; count and
// count_below and its inverse position_of exact at every position; windows
// (for_each_in) exactly the positions inside them.
TEST(Runs1D, ProductsHoldTheirDefinition) {
  std::mt19937_64 rng(1998);
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  int checked = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const int n = static_cast<int>(u(1, 4));
    const std::vector<RunSet::Factor> factors = random_factors(rng, n, 12);
    std::vector<std::vector<Elem>> elems;
    for (const RunSet::Factor& f : factors) elems.push_back(expand(*f.set));
    if (static_cast<int>(factors.size()) < n) continue;
    // The definition, odometer-wise with factor 0 fastest.
    std::vector<Elem> want;
    std::vector<std::size_t> at(factors.size(), 0);
    for (;;) {
      Elem e{0, 0, 0};
      Index below = 1;
      for (std::size_t k = 0; k < factors.size(); ++k) {
        const Elem& x = elems[k][at[k]];
        e.t += x.t * below;
        e.src += x.src * factors[k].src_scale;
        e.dst += x.dst * factors[k].dst_scale;
        below *= factors[k].set->extent();
      }
      want.push_back(e);
      std::size_t k = 0;
      while (k < at.size() && ++at[k] == elems[k].size()) at[k++] = 0;
      if (k == at.size()) break;
    }
    const RunSet product = RunSet::product(factors);
    std::vector<Elem> got;
    Index last_end = -1;
    product.for_each([&](Index t, Index len, Index src, Index dst) {
      ASSERT_GT(t, last_end - 1);
      last_end = t + len;
      if (factors[0].src_scale != 1 || factors[0].dst_scale != 1) {
        ASSERT_EQ(len, 1);
      }
      for (Index j = 0; j < len; ++j) got.push_back({t + j, src + j, dst + j});
    });
    ASSERT_EQ(got, want) << "trial " << trial;
    ASSERT_EQ(product.count(), static_cast<Index>(want.size()));
    std::size_t k = 0;
    for (Index x = 0; x <= product.extent(); ++x) {
      while (k < want.size() && want[k].t < x) ++k;
      ASSERT_EQ(product.count_below(x), static_cast<Index>(k)) << "trial " << trial << " x=" << x;
    }
    ASSERT_TRUE(product == RunSet::product(factors));
    for (std::size_t e = 0; e < want.size(); ++e)
      ASSERT_EQ(product.position_of(static_cast<Index>(e)), want[e].t) << "trial " << trial;
    for (std::size_t e = 0; e < elems[0].size(); ++e)
      ASSERT_EQ(factors[0].set->position_of(static_cast<Index>(e)), elems[0][e].t) << "trial " << trial;
    // Windows: for_each_in gives exactly the positions inside, of the
    // product and of its first factor (a stored set).
    for (int w = 0; w < 4; ++w) {
      for (const RunSet* set : {&product, factors[0].set.get()}) {
        const Index lo = u(-2, set->extent() + 1), hi = u(lo, set->extent() + 3);
        std::vector<Elem> inside, all;
        set->for_each_in(lo, hi, [&](Index t, Index len, Index src, Index dst) {
          ASSERT_GE(t, lo);
          ASSERT_LE(t + len, hi);
          for (Index j = 0; j < len; ++j) inside.push_back({t + j, src + j, dst + j});
        });
        set->for_each([&](Index t, Index len, Index src, Index dst) {
          for (Index j = 0; j < len; ++j)
            if (t + j >= lo && t + j < hi) all.push_back({t + j, src + j, dst + j});
        });
        ASSERT_EQ(inside, all) << "trial " << trial << " window " << lo << ".." << hi;
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 250);
}

// Tiled walks (index::TiledWalk) of random products: for any blocked factor,
// tile sizes and window, every position inside the window exactly once with
// the indices for_each_in gives it, its rank the set's positions before it,
// and runs only where factor 0's are.
TEST(Runs1D, TiledWalksVisitEachPositionOnce) {
  std::mt19937_64 rng(2026);
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  int checked = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const int n = static_cast<int>(u(2, 5));
    const std::vector<RunSet::Factor> factors = random_factors(rng, n, 20);
    if (static_cast<int>(factors.size()) < n) continue;
    const RunSet product = RunSet::product(factors);
    const int b = static_cast<int>(u(1, n - 1));
    const TiledWalk walk(product, b, u(1, 9), u(1, 9));
    for (int w = 0; w < 6; ++w) {
      const Index lo = u(0, product.extent()), hi = w == 0 ? INT64_MAX : u(lo, product.extent() + 3);
      std::vector<Elem> inside, tiled;
      product.for_each_in(lo, hi, [&](Index t, Index len, Index src, Index dst) {
        for (Index j = 0; j < len; ++j) inside.push_back({t + j, src + j, dst + j});
      });
      walk.for_each_in(lo, hi, [&](Index t, Index len, Index src, Index dst, Index rank) {
        ASSERT_GE(t, lo);
        ASSERT_LE(t + len, hi);
        if (factors[0].src_scale != 1 || factors[0].dst_scale != 1) {
          ASSERT_EQ(len, 1);
        }
        ASSERT_EQ(rank, product.count_below(t)) << "trial " << trial;
        for (Index j = 0; j < len; ++j) tiled.push_back({t + j, src + j, dst + j});
      });
      std::sort(tiled.begin(), tiled.end(), [](const Elem& x, const Elem& y) { return x.t < y.t; });
      ASSERT_EQ(tiled, inside) << "trial " << trial << " window " << lo << ".." << hi;
    }
    ++checked;
  }
  EXPECT_GT(checked, 250);
}

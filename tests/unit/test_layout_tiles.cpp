// SPDX-License-Identifier: BSD-3-Clause
// Grid layouts without MPI: the split merge, the tiles a process takes part
// in and the pair volumes against element-by-element brute force on random
// layouts (empty blocks, one-row blocks, a single owner, a process owning
// nothing on one side, block-cyclic sides mixed in, op N and T), the tile
// plans against the volumes and against each tile's own plan, the pair
// volumes of many ranks, the memory-overlap test against marked bytes, and
// the table and block checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "layout/overlap.hpp"
#include "layout/reason_words.hpp"
#include "layout/reasons.hpp"
#include "layout/tables.hpp"
#include "layout/tile_plans.hpp"
#include "layout/tiles.hpp"
#include "mr2d/mr2d.h"
#include "plan/plan.hpp"

using namespace mr2d;

namespace {

std::mt19937_64 rng(3131);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }

std::vector<Index> random_splits(Index extent, Index blocks) {
  std::vector<Index> s{0, extent};
  for (Index k = 1; k < blocks; ++k) s.push_back(u(0, 2) == 0 ? u(0, 1) : u(0, extent));  // many near 0: empties
  std::sort(s.begin(), s.end());
  return s;
}

layout::Tables random_tables(Index rows, Index cols, int nranks) {
  layout::Tables t;
  t.rows = rows;
  t.cols = cols;
  t.row_splits = random_splits(rows, u(1, 7));
  t.col_splits = random_splits(cols, u(1, 7));
  const Index mode = u(0, 3);
  const int single = static_cast<int>(u(0, nranks - 1));
  t.owners.resize(static_cast<std::size_t>(t.block_rows() * t.block_cols()));
  for (int& o : t.owners)
    o = mode == 0 ? single : mode == 1 && nranks > 1 ? static_cast<int>(u(0, nranks - 2)) : static_cast<int>(u(0, nranks - 1));
  return t;
}

model::MatrixLayout random_cyclic(Index rows, Index cols, int nranks) {
  model::MatrixLayout l;
  l.nprow = u(1, 3);
  l.npcol = u(1, 3);
  while (l.nprow * l.npcol > nranks) l.npcol = 1, l.nprow = std::min<Index>(l.nprow, nranks);
  l.mb = u(1, 5);
  l.nb = u(1, 5);
  l.rows = rows;
  l.cols = cols;
  l.rsrc = u(0, l.nprow - 1);
  l.csrc = u(0, l.npcol - 1);
  std::vector<int> ranks(static_cast<std::size_t>(nranks));
  for (int k = 0; k < nranks; ++k) ranks[static_cast<std::size_t>(k)] = k;
  std::shuffle(ranks.begin(), ranks.end(), rng);
  for (Index k = 0; k < l.nprow * l.npcol; ++k) l.rank_of.push_back(ranks[static_cast<std::size_t>(k)]);
  return l;
}

// The block of a split list holding position x.
Index block_at(const std::vector<Index>& s, Index x) {
  for (Index r = 0; r + 1 < static_cast<Index>(s.size()); ++r)
    if (s[static_cast<std::size_t>(r)] <= x && x < s[static_cast<std::size_t>(r + 1)]) return r;
  return -1;
}

int cyclic_owner(const model::MatrixLayout& l, Index i, Index j) {
  return l.rank_at(((i / l.mb) + l.rsrc) % l.nprow, ((j / l.nb) + l.csrc) % l.npcol);
}

// A random problem with its sides, and owner functions per element of sub(A).
struct Case {
  int nranks = 1;
  bool transposed = false;
  Index m = 0, n = 0;  // sub(A)
  layout::Tables ta, tb;
  layout::Side a, b;
  layout::Tiling tiling;

  void make() {
    nranks = static_cast<int>(u(1, 6));
    transposed = u(0, 1) == 1;
    m = u(1, 25);
    n = u(1, 25);
    const Index bm = transposed ? n : m, bn = transposed ? m : n;  // sub(B)
    const Index kinds = u(0, 3);  // both grids, A grid, B grid, both cyclic
    const Index ia = u(0, 3), ja = u(0, 3), ib = u(0, 3), jb = u(0, 3);
    if (kinds != 3 && kinds != 2) {
      ta = random_tables(ia + m + u(0, 2), ja + n + u(0, 2), nranks);
      a = {&ta, ia, ja, {}};
    } else {
      a.cyclic = random_cyclic(ia + m + u(0, 2), ja + n + u(0, 2), nranks);
      a.cyclic.i0 = ia;
      a.cyclic.j0 = ja;
    }
    if (kinds != 3 && kinds != 1) {
      tb = random_tables(ib + bm + u(0, 2), jb + bn + u(0, 2), nranks);
      b = {&tb, ib, jb, {}};
    } else {
      model::MatrixLayout l = random_cyclic(ib + bm + u(0, 2), jb + bn + u(0, 2), nranks);
      l.i0 = ib;
      l.j0 = jb;
      b.cyclic = transposed ? model::transposed(l) : l;
    }
    tiling = layout::make_tiling(m, n, transposed, a, b, 8);
  }
  int owner_a(Index i, Index j) const {
    if (a.grid == nullptr) return cyclic_owner(a.cyclic, a.cyclic.i0 + i, a.cyclic.j0 + j);
    return ta.owner(block_at(ta.row_splits, a.row0 + i), block_at(ta.col_splits, a.col0 + j));
  }
  int owner_b(Index i, Index j) const {
    if (b.grid == nullptr) return cyclic_owner(b.cyclic, b.cyclic.i0 + i, b.cyclic.j0 + j);
    const Index bi = transposed ? j : i, bj = transposed ? i : j;
    return tb.owner(block_at(tb.row_splits, b.row0 + bi), block_at(tb.col_splits, b.col0 + bj));
  }
};

}  // namespace

TEST(LayoutTiles, MergeMatchesBruteForce) {
  for (int trial = 0; trial < 2000; ++trial) {
    const Index extent = u(1, 40);
    const Index sa = u(0, 5), sb = u(0, 5);
    const std::vector<Index> a = random_splits(extent + sa + u(0, 3), u(1, 8));
    const std::vector<Index> b = random_splits(extent + sb + u(0, 3), u(1, 8));
    const bool use_a = u(0, 3) != 0, use_b = u(0, 3) != 0;
    const auto segs = layout::merge_splits(extent, use_a ? &a : nullptr, sa, use_b ? &b : nullptr, sb);
    ASSERT_FALSE(segs.empty());
    EXPECT_EQ(segs.front().lo, 0);
    EXPECT_EQ(segs.back().hi, extent);
    for (std::size_t k = 0; k < segs.size(); ++k) {
      EXPECT_LT(segs[k].lo, segs[k].hi);
      if (k > 0) {
        EXPECT_EQ(segs[k - 1].hi, segs[k].lo);
        // Fewest segments: neighbours lie in different blocks of some side.
        EXPECT_TRUE(segs[k - 1].a != segs[k].a || segs[k - 1].b != segs[k].b);
      }
      for (Index x = segs[k].lo; x < segs[k].hi; ++x) {
        EXPECT_EQ(segs[k].a, use_a ? block_at(a, sa + x) : -1);
        EXPECT_EQ(segs[k].b, use_b ? block_at(b, sb + x) : -1);
      }
    }
  }
}

TEST(LayoutTiles, PairVolumesAndTilesMatchBruteForce) {
  for (int trial = 0; trial < 1500; ++trial) {
    Case c;
    c.make();
    std::map<std::pair<int, int>, Index> brute;
    std::vector<std::set<std::pair<int, int>>> touched(static_cast<std::size_t>(c.nranks));
    for (std::size_t ci = 0; ci < c.tiling.cols.size(); ++ci)
      for (std::size_t ri = 0; ri < c.tiling.rows.size(); ++ri) {
        const layout::Segment& r = c.tiling.rows[ri];
        const layout::Segment& s = c.tiling.cols[ci];
        for (Index j = s.lo; j < s.hi; ++j)
          for (Index i = r.lo; i < r.hi; ++i) {
            const int from = c.owner_a(i, j), to = c.owner_b(i, j);
            if (from != to) ++brute[{from, to}];
            touched[static_cast<std::size_t>(from)].insert({static_cast<int>(ri), static_cast<int>(ci)});
            touched[static_cast<std::size_t>(to)].insert({static_cast<int>(ri), static_cast<int>(ci)});
          }
      }
    std::map<std::pair<int, int>, Index> got;
    for (const model::Edge& e : layout::pair_volumes(c.tiling)) got[{e.from, e.to}] += e.count;
    ASSERT_EQ(got, brute) << "trial " << trial;
    for (int me = 0; me < c.nranks; ++me) {
      const auto tiles = layout::tiles_of(c.tiling, me);
      const std::set<std::pair<int, int>> mine(tiles.begin(), tiles.end());
      ASSERT_EQ(mine, touched[static_cast<std::size_t>(me)]) << "trial " << trial << " rank " << me;
      // The tile plans of every process (shared among tiles alike) move
      // exactly the volumes.
      const auto ld = [](Index, Index) { return Index{64}; };
      const layout::TilePlans tiled = layout::plan_tiles(c.tiling, me, 64, 64, ld, ld);
      ASSERT_EQ(tiled.parts.size(), tiles.size());
      std::map<int, Index> sent, received;
      Index kept = 0;
      for (const layout::TilePart& part : tiled.parts) {
        const plan::Plan& p = tiled.plans[static_cast<std::size_t>(part.plan)];
        for (const plan::Transfer& t : p.sends) sent[t.peer] += t.count;
        for (const plan::Transfer& t : p.recvs) received[t.peer] += t.count;
        if (p.has_self) kept += p.self.count;
      }
      Index self = 0;
      for (Index j = 0; j < c.n; ++j)
        for (Index i = 0; i < c.m; ++i) self += c.owner_a(i, j) == me && c.owner_b(i, j) == me;
      EXPECT_EQ(kept, self);
      for (const auto& [pair, count] : brute) {
        if (pair.first == me) {
          EXPECT_EQ(sent[pair.second], count);
        }
        if (pair.second == me) {
          EXPECT_EQ(received[pair.first], count);
        }
      }
    }
  }
}

// Tiles share a plan only when their own plans agree: per peer, the same
// counts; the same leading dimensions (which vary by block here); and a grid
// side's shift is the tile's corner in its block.
TEST(LayoutTiles, SharedPlansMatchEachTilesOwnPlan) {
  for (int trial = 0; trial < 800; ++trial) {
    Case c;
    c.make();
    const auto lda_of = [](Index r, Index col) { return 40 + (r + 2 * col) % 3; };
    const auto ldb_of = [](Index r, Index col) { return 50 + (2 * r + col) % 4; };
    layout::TileProblems problems(c.tiling);
    for (int me = 0; me < c.nranks; ++me) {
      const layout::TilePlans tiled = layout::plan_tiles(c.tiling, me, 64, 72, lda_of, ldb_of);
      for (const layout::TilePart& part : tiled.parts) {
        const layout::Segment& r = c.tiling.rows[static_cast<std::size_t>(part.row)];
        const layout::Segment& s = c.tiling.cols[static_cast<std::size_t>(part.col)];
        const auto [br, bc] = c.tiling.block_b(r, s);
        const Index la = c.a.grid != nullptr ? lda_of(r.a, s.a) : 64;
        const Index lb = c.b.grid != nullptr ? ldb_of(br, bc) : 72;
        const plan::Plan own = plan::make_plan(problems.at(r, s), me, la, lb);
        const plan::Plan& shared = tiled.plans[static_cast<std::size_t>(part.plan)];
        ASSERT_EQ(shared.lda, own.lda) << "trial " << trial;
        ASSERT_EQ(shared.ldb, own.ldb) << "trial " << trial;
        ASSERT_EQ(shared.has_self, own.has_self) << "trial " << trial;
        ASSERT_EQ(shared.self.count, own.self.count) << "trial " << trial;
        auto by_peer = [](const std::vector<plan::Transfer>& ts) {
          std::map<int, Index> out;
          for (const plan::Transfer& t : ts) out[t.peer] += t.count;
          return out;
        };
        ASSERT_EQ(by_peer(shared.sends), by_peer(own.sends)) << "trial " << trial;
        ASSERT_EQ(by_peer(shared.recvs), by_peer(own.recvs)) << "trial " << trial;
        if (c.a.grid != nullptr) {
          const Index row = c.a.row0 + r.lo - c.ta.row_splits[static_cast<std::size_t>(r.a)];
          const Index col = c.a.col0 + s.lo - c.ta.col_splits[static_cast<std::size_t>(s.a)];
          EXPECT_EQ(part.a_shift, row + col * la) << "trial " << trial;
        }
        if (c.b.grid != nullptr) {
          const Index row = c.b.row0 + (c.transposed ? s.lo : r.lo) - c.tb.row_splits[static_cast<std::size_t>(br)];
          const Index col = c.b.col0 + (c.transposed ? r.lo : s.lo) - c.tb.col_splits[static_cast<std::size_t>(bc)];
          EXPECT_EQ(part.b_shift, row + col * lb) << "trial " << trial;
        }
      }
    }
  }
}

// Ranks too many for pair_volumes' dense table take its hash map: the same
// volumes.
TEST(LayoutTiles, PairVolumesOfManyRanks) {
  for (int trial = 0; trial < 300; ++trial) {
    Case c;
    c.make();
    const int spread = 97;  // rank k becomes 97 k: up to 486, past 2^17 pairs
    for (int& o : c.ta.owners) o *= spread;
    for (int& o : c.tb.owners) o *= spread;
    for (int& o : c.a.cyclic.rank_of) o *= spread;
    for (int& o : c.b.cyclic.rank_of) o *= spread;
    c.tiling = layout::make_tiling(c.m, c.n, c.transposed, c.a, c.b, 8);
    std::map<std::pair<int, int>, Index> brute;
    for (Index j = 0; j < c.n; ++j)
      for (Index i = 0; i < c.m; ++i) {
        const int from = c.owner_a(i, j), to = c.owner_b(i, j);
        if (from != to) ++brute[{from, to}];
      }
    std::map<std::pair<int, int>, Index> got;
    for (const model::Edge& e : layout::pair_volumes(c.tiling)) got[{e.from, e.to}] += e.count;
    ASSERT_EQ(got, brute) << "trial " << trial;
  }
}

TEST(LayoutOverlap, MatchesMarkedBytes) {
  for (int trial = 0; trial < 3000; ++trial) {
    const bool one_stride = u(0, 2) != 0;
    const Index stride = u(1, 12);
    std::vector<layout::Extent> ex;
    const Index count = u(1, 6);
    std::vector<int> owner_of(400, -1);
    bool clash = false;
    for (Index k = 0; k < count; ++k) {
      layout::Extent e;
      e.stride = one_stride ? stride : u(1, 12);
      e.height = u(0, e.stride);
      e.cols = u(0, 4);
      e.start = 4096 + static_cast<std::uintptr_t>(u(0, 200));
      e.id = k;
      ex.push_back(e);
      for (Index c = 0; c < e.cols; ++c)
        for (Index h = 0; h < e.height; ++h) {
          int& o = owner_of[e.start - 4096 + static_cast<std::size_t>(c * e.stride + h)];
          if (o >= 0 && o != k) clash = true;
          o = static_cast<int>(k);
        }
    }
    const layout::Clash found = layout::find_overlap(ex);
    // Listed in memory order (no sort inside), the same answer.
    std::vector<layout::Extent> ordered = ex;
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const layout::Extent& x, const layout::Extent& y) { return x.start < y.start; });
    EXPECT_EQ(layout::find_overlap(ordered).found, found.found) << "trial " << trial;
    if (clash) {
      EXPECT_TRUE(found.found) << "trial " << trial;
    }
    if (one_stride) {
      EXPECT_EQ(found.found, clash) << "trial " << trial;
    }
    if (found.found) {
      EXPECT_LT(found.first, found.second);
    }
  }
}

TEST(LayoutOverlap, BlocksOfOneLocalArrayDoNotClash) {
  // A 3 x 4 grid of 5 x 7 blocks cut from one local array of leading dimension 16.
  std::vector<layout::Extent> ex;
  for (Index c = 0; c < 4; ++c)
    for (Index r = 0; r < 3; ++r)
      ex.push_back({static_cast<std::uintptr_t>(8000 + 8 * (r * 5 + c * 7 * 16)), 16 * 8, 5 * 8, 7, 0, r + 3 * c});
  EXPECT_FALSE(layout::find_overlap(ex).found);
  ex.back().start -= 8;  // one element into its upper neighbour
  EXPECT_TRUE(layout::find_overlap(ex).found);
}

TEST(LayoutChecks, TablesAndBlocks) {
  layout::Tables t;
  t.rows = 5;
  t.cols = 4;
  t.row_splits = {0, 2, 2, 5};
  t.col_splits = {0, 4};
  t.owners = {0, 1, 1};
  EXPECT_TRUE(layout::check_tables(t, 2).ok());
  EXPECT_EQ(layout::check_tables(t, 1).why<layout::LayoutReason>(), layout::LayoutReason::owner_range);
  t.row_splits = {1, 2, 2, 5};
  EXPECT_EQ(layout::check_tables(t, 2).why<layout::LayoutReason>(), layout::LayoutReason::split_first);
  t.row_splits = {0, 3, 2, 5};
  EXPECT_EQ(layout::check_tables(t, 2).why<layout::LayoutReason>(), layout::LayoutReason::split_order);
  t.row_splits = {0, 2, 2, 6};
  EXPECT_EQ(layout::check_tables(t, 2).why<layout::LayoutReason>(), layout::LayoutReason::split_last);
  t.row_splits = {0, 2, 2, 5};
  const layout::Block b0{0, 0, 0x1000, 0, 2};
  const layout::Block b2{2, 0, 0x2000, 0, 3};
  const layout::Block empty1{1, 0, 0x3000, 0, 1};
  EXPECT_TRUE(layout::check_blocks(t, 0, {b0}).ok());
  EXPECT_TRUE(layout::check_blocks(t, 1, {b2}).ok());
  EXPECT_TRUE(layout::check_blocks(t, 1, {b2, empty1}).ok());  // empty blocks may be given
  EXPECT_EQ(layout::check_blocks(t, 1, {}).why<layout::LayoutReason>(), layout::LayoutReason::block_missing);
  EXPECT_EQ(layout::check_blocks(t, 0, {b0, b0}).why<layout::LayoutReason>(), layout::LayoutReason::block_twice);
  EXPECT_EQ(layout::check_blocks(t, 0, {b2}).why<layout::LayoutReason>(), layout::LayoutReason::not_owned);
  EXPECT_EQ(layout::check_blocks(t, 0, {layout::Block{3, 0, 0x1000, 0, 2}}).why<layout::LayoutReason>(), layout::LayoutReason::block_index);
  EXPECT_EQ(layout::check_blocks(t, 1, {layout::Block{2, 0, 0x2000, 0, 2}}).why<layout::LayoutReason>(), layout::LayoutReason::ld_small);
  EXPECT_EQ(layout::check_blocks(t, 1, {layout::Block{2, 0, 0, -4, 3}}).why<layout::LayoutReason>(), layout::LayoutReason::offset_negative);
  // The position of each block given, by block; -1 elsewhere.
  std::vector<int> at;
  EXPECT_TRUE(layout::check_blocks(t, 1, {empty1, b2}, &at).ok());
  EXPECT_EQ(at, (std::vector<int>{-1, 0, 1}));
  // Of several blocks given twice, the message names the lowest block's
  // second listing, whatever the order of the list.
  layout::Tables w;
  w.rows = 4;
  w.cols = 2;
  w.row_splits = {0, 1, 2, 3, 4};
  w.col_splits = {0, 2};
  w.owners = {0, 0, 0, 0};
  std::vector<layout::Block> twice;
  for (Index r : {3, 1, 2, 0, 3, 1}) twice.push_back({r, 0, static_cast<std::uintptr_t>(0x1000 + 0x100 * r), 0, 1});
  const Fault f = layout::check_blocks(w, 0, twice);
  EXPECT_EQ(f.why<layout::LayoutReason>(), layout::LayoutReason::block_twice);
  EXPECT_EQ(f.index, 5);  // block (1, 0), listed at 1 and 5 (block (3, 0) at 0 and 4 comes later)
  EXPECT_EQ(f.value, 1);
  // A block listed before a faulty one still leaves the fault to be found.
  twice = {layout::Block{0, 0, 0x1000, 0, 1}, layout::Block{0, 0, 0x1000, 0, 1}, layout::Block{9, 0, 0x1000, 0, 1}};
  EXPECT_EQ(layout::check_blocks(w, 0, twice).why<layout::LayoutReason>(), layout::LayoutReason::block_index);
  // The hash sees every table.
  layout::Tables u2 = t;
  const auto h = layout::hash(t);
  u2.owners[1] = 0;
  EXPECT_NE(layout::hash(u2), h);
  u2 = t;
  u2.row_splits[1] = 1;
  EXPECT_NE(layout::hash(u2), h);
  EXPECT_EQ(layout::words_of(Fault::of(MR2D_ERR_ARGUMENT, layout::LayoutReason::split_order, 3, 2).in(0, 1)).text,
            "has row_splits[1] = 3 below row_splits[0] = 2 (splits must not decrease)");
}

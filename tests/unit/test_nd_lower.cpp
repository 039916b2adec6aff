// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional arrays without MPI: the checks of descriptions and
// permutations, local counts against counting owners index by index, and
// the grid-layout form of random N-D redistributions (1 to 5 dimensions,
// block-cyclic, BLOCK and collapsed dimensions, sources, windows, padding,
// C and Fortran orders of grid and storage, rank maps, every permutation
// kind) checked element by element: for every element of A's window, the
// process and local offset the layouts give in A and in B must be those of
// the N-D distributions directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "check/message.hpp"
#include "nd/check.hpp"
#include "nd/lower.hpp"

using namespace mr2d;

namespace {

std::mt19937_64 rng(4242);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }

// Where global multi-index `g` (description order) lives: union rank and
// local offset, straight from the definition (no lowering).
struct Place {
  Index rank = -1, offset = -1;
};

Place place_of(const nd::Description& d, const std::vector<Index>& g, Index union_size) {
  const int n = d.ndims;
  std::vector<Index> coord(static_cast<std::size_t>(n)), local(static_cast<std::size_t>(n));
  std::vector<nd::Dim> dims(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    nd::Dim& x = dims[static_cast<std::size_t>(k)];
    x.n = d.sizes[static_cast<std::size_t>(k)];
    x.procs = d.grid[static_cast<std::size_t>(k)];
    const Index blk = d.blocks[static_cast<std::size_t>(k)];
    x.block = blk == nd::kCollapsed      ? std::max<Index>(x.n, 1)
              : blk == nd::kBlockDefault ? std::max<Index>((x.n + x.procs - 1) / x.procs, 1)
                                         : blk;
    x.source = d.sources.empty() ? 0 : d.sources[static_cast<std::size_t>(k)];
    const Index i = g[static_cast<std::size_t>(k)];
    coord[static_cast<std::size_t>(k)] = pos_mod(i / x.block + x.source, x.procs);
    local[static_cast<std::size_t>(k)] = (i / (x.block * x.procs)) * x.block + i % x.block;
  }
  Index pos = 0;
  if (d.grid_order == 0)
    for (int k = 0; k < n; ++k) pos = pos * d.grid[static_cast<std::size_t>(k)] + coord[static_cast<std::size_t>(k)];
  else
    for (int k = n - 1; k >= 0; --k)
      pos = pos * d.grid[static_cast<std::size_t>(k)] + coord[static_cast<std::size_t>(k)];
  const Index rank = d.ranks.empty() ? pos : d.ranks[static_cast<std::size_t>(pos)];
  // The leading sizes of that rank.
  nd::Array arr;
  EXPECT_TRUE(nd::check_array(d, union_size, rank, arr).ok());
  std::vector<Index> lead = arr.leading;  // Fortran order
  if (d.storage_order == 0) std::reverse(lead.begin(), lead.end());
  Index offset = 0;
  if (d.storage_order == 1)
    for (int k = n - 1; k >= 0; --k)
      offset = offset * lead[static_cast<std::size_t>(k)] + local[static_cast<std::size_t>(k)];
  else
    for (int k = 0; k < n; ++k)
      offset = offset * lead[static_cast<std::size_t>(k)] + local[static_cast<std::size_t>(k)];
  return {rank, offset};
}

// Where element (row, col) of a layout's matrix lives.
Place place_in(const nd::Layout& l, const std::vector<nd::Lowered>& all, bool side_b, Index row, Index col) {
  const auto r =
      static_cast<Index>(std::upper_bound(l.row_splits.begin(), l.row_splits.end(), row) - l.row_splits.begin()) - 1;
  const auto c =
      static_cast<Index>(std::upper_bound(l.col_splits.begin(), l.col_splits.end(), col) - l.col_splits.begin()) - 1;
  const Index owner = l.owners[static_cast<std::size_t>(r + c * l.block_rows())];
  const nd::Layout& theirs = side_b ? all[static_cast<std::size_t>(owner)].b : all[static_cast<std::size_t>(owner)].a;
  for (const nd::Block& blk : theirs.mine)
    if (blk.row == r && blk.col == c)
      return {owner, blk.offset + (row - l.row_splits[static_cast<std::size_t>(r)]) +
                         (col - l.col_splits[static_cast<std::size_t>(c)]) * blk.ld};
  ADD_FAILURE() << "block (" << r << "," << c << ") not listed by its owner " << owner;
  return {};
}

nd::Description random_description(int n, Index union_size, const std::vector<Index>& sizes) {
  nd::Description d;
  d.ndims = n;
  d.sizes = sizes;
  Index left = union_size;
  for (int k = 0; k < n; ++k) {
    const int kind = static_cast<int>(u(0, 3));
    Index p = kind == 0 ? 1 : u(1, std::min<Index>(left, 3));
    left /= p;
    d.grid.push_back(p);
    d.blocks.push_back(kind == 0 ? nd::kCollapsed : kind == 1 ? nd::kBlockDefault : u(1, 4));
    d.sources.push_back(u(0, p - 1));
  }
  d.grid_order = static_cast<int>(u(0, 1));
  d.storage_order = static_cast<int>(u(0, 1));
  Index positions = 1;
  for (Index p : d.grid) positions *= p;
  if (u(0, 1) == 1) {  // a rank map: a random subset in random order
    std::vector<Index> all(static_cast<std::size_t>(union_size));
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    d.ranks.assign(all.begin(), all.begin() + positions);
  }
  return d;
}

}  // namespace

TEST(NdChecks, Faults) {
  nd::Description d;
  d.ndims = 2;
  d.sizes = {4, 5};
  d.grid = {2, 2};
  d.blocks = {2, nd::kBlockDefault};
  d.storage_order = 1;
  nd::Array out;
  EXPECT_TRUE(nd::check_array(d, 4, 0, out).ok());
  EXPECT_EQ(nd::check_array(d, 3, 0, out).why(), Reason::nd_grid_size);
  nd::Description bad = d;
  bad.ndims = 9;
  EXPECT_EQ(nd::check_array(bad, 4, 0, out).why(), Reason::nd_dims);
  bad = d;
  bad.sizes[1] = -1;
  Fault f = nd::check_array(bad, 4, 0, out);
  EXPECT_EQ(f.why(), Reason::nd_below);
  EXPECT_EQ(f.table, nd::Field::sizes);
  EXPECT_EQ(f.index, 1);
  bad = d;
  bad.blocks[0] = nd::kCollapsed;
  EXPECT_EQ(nd::check_array(bad, 4, 0, out).why(), Reason::nd_collapsed_grid);
  bad = d;
  bad.ranks = {0, 1, 1, 2};
  f = nd::check_array(bad, 4, 0, out);
  EXPECT_EQ(f.why(), Reason::nd_rank_twice);
  EXPECT_EQ(f.index, 2);
  bad = d;
  bad.starts = {1, 0};
  bad.counts = {4, 5};
  EXPECT_EQ(nd::check_array(bad, 4, 0, out).why(), Reason::nd_window_end);
  bad = d;
  bad.starts = {5, 0};  // a start alone beyond the extent: only 0 .. 4 can start
  f = nd::check_array(bad, 4, 0, out);
  EXPECT_EQ(f.why(), Reason::nd_out_of_range);
  EXPECT_EQ(f.table, nd::Field::starts);
  EXPECT_EQ(f.limit, 5);
  bad = d;
  bad.leading = {1, 3};  // process 0 holds 2 x 3
  f = nd::check_array(bad, 4, 0, out);
  EXPECT_EQ(f.why(), Reason::nd_below);
  EXPECT_EQ(f.table, nd::Field::leading);
  EXPECT_EQ(f.limit, 2);
  std::vector<int> perm;
  EXPECT_EQ(nd::check_perm(d, d, {1, 1}, perm).why(), Reason::nd_not_permutation);
  EXPECT_EQ(nd::check_perm(d, d, {1, 0}, perm).why(), Reason::nd_count_differs);
  nd::Description t = d;
  t.sizes = {5, 4};
  EXPECT_TRUE(nd::check_perm(d, t, {1, 0}, perm).ok());
  // The message names the field and dimension.
  check::Wording w;
  w.routine = "mr2d_comm_nd_transform";
  w.args = check::list_of(check::kCommNd);
  const std::string text = check::message_text(nd::check_array(bad, 4, 0, out).named(5), w);
  EXPECT_NE(text.find("argument 5 (DA) has leading[0] = 1, must be >= 2"), std::string::npos) << text;
}

TEST(NdChecks, LocalCountsSumToSizes) {
  for (int trial = 0; trial < 200; ++trial) {
    const int n = static_cast<int>(u(1, 4));
    std::vector<Index> sizes;
    for (int k = 0; k < n; ++k) sizes.push_back(u(0, 9));
    const Index procs = u(1, 8);
    const nd::Description d = random_description(n, procs, sizes);
    std::vector<Index> total(static_cast<std::size_t>(n), 0);
    Index elements = 0;
    for (Index r = 0; r < procs; ++r) {
      nd::Array a;
      ASSERT_TRUE(nd::check_array(d, procs, r, a).ok());
      std::vector<Index> c = nd::local_counts(a, r);
      if (d.storage_order == 0) std::reverse(c.begin(), c.end());
      elements += std::accumulate(c.begin(), c.end(), Index{1}, std::multiplies<Index>());
    }
    EXPECT_EQ(elements, std::accumulate(sizes.begin(), sizes.end(), Index{1}, std::multiplies<Index>()));
  }
}

TEST(NdLower, EveryElementLandsWhereTheDistributionsSay) {
  int cases = 0, transposed = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = static_cast<int>(u(1, 5));
    const Index procs = u(1, 8);
    std::vector<Index> sa, counts, starts_a;
    for (int k = 0; k < n; ++k) {
      sa.push_back(u(0, n > 3 ? 5 : 9));
      starts_a.push_back(u(0, sa.back()));
      counts.push_back(u(0, sa.back() - starts_a.back()));
    }
    std::vector<Index> perm(static_cast<std::size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<Index> sb(static_cast<std::size_t>(n)), starts_b(static_cast<std::size_t>(n)),
        counts_b(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
      const auto to = static_cast<std::size_t>(perm[static_cast<std::size_t>(k)]);
      counts_b[to] = counts[static_cast<std::size_t>(k)];
      sb[to] = counts_b[to] + u(0, 3);
      starts_b[to] = u(0, sb[to] - counts_b[to]);
    }
    nd::Description da = random_description(n, procs, sa), db = random_description(n, procs, sb);
    da.starts = starts_a;
    da.counts = counts;
    db.starts = starts_b;
    db.counts = counts_b;
    if (u(0, 1) == 1) {  // padding: the same extra per dimension on every process
      for (int k = 0; k < n; ++k) da.leading.push_back(0);
    }
    std::vector<int> p;
    ASSERT_TRUE(nd::check_perm(da, db, perm, p).ok());
    if (!da.leading.empty()) {
      // leading = the largest local count + 2 (valid on every process)
      for (int k = 0; k < n; ++k) {
        Index most = 0;
        for (Index r = 0; r < procs; ++r) {
          nd::Array x;
          nd::Description plain = da;
          plain.leading.clear();
          ASSERT_TRUE(nd::check_array(plain, procs, r, x).ok());
          std::vector<Index> c = nd::local_counts(x, r);
          if (da.storage_order == 0) std::reverse(c.begin(), c.end());
          most = std::max(most, c[static_cast<std::size_t>(k)]);
        }
        da.leading[static_cast<std::size_t>(k)] = most + 2;
      }
    }
    std::vector<nd::Lowered> all(static_cast<std::size_t>(procs));
    for (Index r = 0; r < procs; ++r) {
      nd::Array a, b;
      ASSERT_TRUE(nd::check_array(da, procs, r, a).ok());
      ASSERT_TRUE(nd::check_array(db, procs, r, b).ok());
      ASSERT_TRUE(nd::lower(a, b, p, r, all[static_cast<std::size_t>(r)]).ok());
    }
    const nd::Lowered& l = all[0];
    ++cases;
    transposed += l.op == 'T';
    // Every element of A's window, in the description's dimension order.
    Index total = std::accumulate(counts.begin(), counts.end(), Index{1}, std::multiplies<Index>());
    // The lowered matrix indexes A's window in Fortran order of the canonical dimensions.
    std::vector<int> canon(static_cast<std::size_t>(n));  // canonical dim -> description dim of A
    for (int k = 0; k < n; ++k) canon[static_cast<std::size_t>(k)] = da.storage_order == 0 ? n - 1 - k : k;
    int r0 = 0;
    while (p[static_cast<std::size_t>(r0)] != 0) ++r0;
    const int split = r0 == 0 ? 1 : r0;
    for (Index e = 0; e < total; ++e) {
      std::vector<Index> t(static_cast<std::size_t>(n));  // canonical window index
      Index rest = e;
      for (int k = 0; k < n; ++k) {
        const Index c = counts[static_cast<std::size_t>(canon[static_cast<std::size_t>(k)])];
        t[static_cast<std::size_t>(k)] = rest % c;
        rest /= c;
      }
      Index row = 0, col = 0;
      for (int k = split - 1; k >= 0; --k)
        row =
            row * counts[static_cast<std::size_t>(canon[static_cast<std::size_t>(k)])] + t[static_cast<std::size_t>(k)];
      for (int k = n - 1; k >= split; --k)
        col =
            col * counts[static_cast<std::size_t>(canon[static_cast<std::size_t>(k)])] + t[static_cast<std::size_t>(k)];
      std::vector<Index> ga(static_cast<std::size_t>(n)), gb(static_cast<std::size_t>(n));
      for (int k = 0; k < n; ++k) {
        const auto d = static_cast<std::size_t>(canon[static_cast<std::size_t>(k)]);
        ga[d] = starts_a[d] + t[static_cast<std::size_t>(k)];
        const auto to = static_cast<std::size_t>(perm[d]);
        gb[to] = starts_b[to] + t[static_cast<std::size_t>(k)];
      }
      const Place want_a = place_of(da, ga, procs), want_b = place_of(db, gb, procs);
      const Place got_a = place_in(l.a, all, false, row, col);
      const Place got_b = l.op == 'N' ? place_in(l.b, all, true, row, col) : place_in(l.b, all, true, col, row);
      ASSERT_EQ(got_a.rank, want_a.rank) << "trial " << trial;
      ASSERT_EQ(got_a.offset, want_a.offset) << "trial " << trial;
      ASSERT_EQ(got_b.rank, want_b.rank) << "trial " << trial;
      ASSERT_EQ(got_b.offset, want_b.offset) << "trial " << trial;
    }
    // Blocks listed: exactly the non-empty ones each process owns.
    for (Index r = 0; r < procs; ++r)
      for (const nd::Layout* side : {&all[static_cast<std::size_t>(r)].a, &all[static_cast<std::size_t>(r)].b})
        for (const nd::Block& blk : side->mine)
          EXPECT_EQ(side->owners[static_cast<std::size_t>(blk.row + blk.col * side->block_rows())], r);
  }
  EXPECT_EQ(cases, 400);
  EXPECT_GT(transposed, 100);
}

TEST(NdLower, TooManyBlocksIsAFault) {
  nd::Description d;
  d.ndims = 3;
  d.sizes = {1 << 12, 1 << 12, 1 << 12};
  d.grid = {2, 2, 1};  // blocks of 1 cut dimensions 0 and 1 (a grid of 1 cuts none)
  d.blocks = {1, 1, 1};
  d.storage_order = 1;
  nd::Array a;
  ASSERT_TRUE(nd::check_array(d, 4, 0, a).ok());
  nd::Lowered l;
  const Fault f = nd::lower(a, a, {0, 1, 2}, 0, l);
  EXPECT_EQ(f.why(), Reason::nd_too_many_blocks);
  EXPECT_GT(f.value, nd::kMaxBlocks);
  EXPECT_EQ(f.index, 0);  // A's description is the one too fine
  // Only B's too fine: the fault says so (the call names DB, not DA).
  nd::Description coarse = d;
  coarse.blocks = {1 << 12, 1 << 12, 1 << 12};
  nd::Array c;
  ASSERT_TRUE(nd::check_array(coarse, 4, 0, c).ok());
  const Fault g = nd::lower(c, a, {0, 1, 2}, 0, l);
  EXPECT_EQ(g.why(), Reason::nd_too_many_blocks);
  EXPECT_EQ(g.index, 1);
}

// A 2-D description in Fortran storage order.
nd::Description fortran_2d(std::vector<Index> sizes, std::vector<Index> grid, std::vector<Index> blocks) {
  nd::Description d;
  d.ndims = 2;
  d.sizes = std::move(sizes);
  d.grid = std::move(grid);
  d.blocks = std::move(blocks);
  d.storage_order = 1;
  return d;
}

// The rank map costs memory in proportion to the table given, never to the
// union or to a rank: a union of 2^31 processes, a rank near INT_MAX.
TEST(NdChecks, RankMapsAllocateNothingPerRank) {
  nd::Description d = fortran_2d({8, 8}, {2, 2}, {2, 2});
  const Index union_size = Index{1} << 31, near_max = (Index{1} << 31) - 2;
  nd::Array a;
  ASSERT_TRUE(nd::check_array(d, union_size, near_max, a).ok());
  EXPECT_TRUE(a.ranks.empty());  // the identity is not spelled out
  EXPECT_EQ(nd::position_of(a, near_max), -1);
  EXPECT_EQ(nd::position_of(a, 3), 3);
  d.ranks = {near_max, 5, 0, 7};
  ASSERT_TRUE(nd::check_array(d, union_size, near_max, a).ok());
  EXPECT_EQ(nd::position_of(a, near_max), 0);
  EXPECT_EQ(a.rank_at(3), 7);
  EXPECT_EQ(nd::local_counts(a, near_max), (std::vector<Index>{4, 4}));
  d.ranks = {near_max, 5, near_max, 7};
  const Fault f = nd::check_array(d, union_size, 0, a);
  EXPECT_EQ(f.why(), Reason::nd_rank_twice);
  EXPECT_EQ(f.index, 2);  // the later entry, naming the earlier one
  EXPECT_EQ(f.limit, 0);
}

// Which processes hold part of a window: a direct call needs their arrays.
TEST(NdChecks, HoldsWindow) {
  nd::Description d;
  d.ndims = 2;
  d.sizes = {10, 3};
  d.grid = {3, 1};
  d.blocks = {2, nd::kCollapsed};
  d.sources = {1, 0};
  d.starts = {4, 0};  // rows 4 and 5: block 2, at coordinate (2 + 1) mod 3 = 0
  d.counts = {2, 3};
  nd::Array a;
  ASSERT_TRUE(nd::check_array(d, 4, 0, a).ok());
  EXPECT_TRUE(nd::holds_window(a, 0));
  EXPECT_FALSE(nd::holds_window(a, 1));  // holds rows, none of the window
  EXPECT_FALSE(nd::holds_window(a, 2));
  EXPECT_FALSE(nd::holds_window(a, 3));  // on no grid position
  d.counts = {3, 3};                     // row 6 too, block 3 at coordinate 1
  ASSERT_TRUE(nd::check_array(d, 4, 0, a).ok());
  EXPECT_TRUE(nd::holds_window(a, 1));
  d.counts = {3, 0};  // an empty window: nobody
  ASSERT_TRUE(nd::check_array(d, 4, 0, a).ok());
  for (Index r = 0; r < 4; ++r) EXPECT_FALSE(nd::holds_window(a, r));
}

// On a grid of one process a block size cuts nothing: the dimension lowers
// as a collapsed one, to the same tables, and the blocks of the layouts are
// those of the distributed dimensions and the per-index cuts only.
TEST(NdLower, BlocksOnAGridOfOneCutNothing) {
  nd::Description cyclic;
  cyclic.ndims = 4;
  cyclic.sizes = {32, 64, 64, 16};  // Fortran order: z, y, x, w
  cyclic.grid = {1, 1, 2, 1};
  cyclic.blocks = {nd::kCollapsed, 8, nd::kBlockDefault, 4};
  cyclic.storage_order = 1;
  nd::Description collapsed = cyclic;
  collapsed.blocks = {nd::kCollapsed, nd::kCollapsed, nd::kBlockDefault, nd::kCollapsed};
  nd::Description b = cyclic;  // B: z, w, y, x with x cyclic 8 over 2
  b.sizes = {32, 16, 64, 64};
  b.grid = {1, 1, 1, 2};
  b.blocks = {nd::kCollapsed, nd::kBlockDefault, nd::kCollapsed, 8};
  const std::vector<int> perm{0, 2, 3, 1};
  for (Index me = 0; me < 2; ++me) {
    nd::Array a1, a2, bb;
    ASSERT_TRUE(nd::check_array(cyclic, 2, me, a1).ok());
    ASSERT_TRUE(nd::check_array(collapsed, 2, me, a2).ok());
    ASSERT_TRUE(nd::check_array(b, 2, me, bb).ok());
    nd::Lowered l1, l2;
    ASSERT_TRUE(nd::lower(a1, bb, perm, me, l1).ok());
    ASSERT_TRUE(nd::lower(a2, bb, perm, me, l2).ok());
    EXPECT_EQ(l1.a.row_splits, l2.a.row_splits);
    EXPECT_EQ(l1.a.col_splits, l2.a.col_splits);
    EXPECT_EQ(l1.a.owners, l2.a.owners);
    ASSERT_EQ(l1.a.mine.size(), l2.a.mine.size());
    for (std::size_t k = 0; k < l1.a.mine.size(); ++k) {
      EXPECT_EQ(l1.a.mine[k].offset, l2.a.mine[k].offset);
      EXPECT_EQ(l1.a.mine[k].ld, l2.a.mine[k].ld);
    }
    // Op N (z stays fastest): one block row; columns y (whole) x x (one per
    // index) x w (one per index).
    EXPECT_EQ(l1.op, 'N');
    EXPECT_EQ(l1.a.block_rows(), 1);
    EXPECT_EQ(l1.a.block_cols(), 64 * 16);
  }
}

// A local array beyond 64-bit element counts names the leading size where
// the product overflows; a window beyond them (each local array within)
// fails the lowering instead of overflowing its extents.
TEST(NdLower, ElementCountsBeyond64BitsAreFaults) {
  nd::Description d;
  d.ndims = 3;
  d.sizes = {Index{1} << 31, Index{1} << 31, Index{1} << 4};
  d.grid = {1, 1, 1};
  d.storage_order = 1;
  nd::Array a;
  const Fault local = nd::check_array(d, 1, 0, a);
  EXPECT_EQ(local.why(), Reason::nd_local_overflow);
  EXPECT_EQ(local.table, nd::Field::leading);
  EXPECT_EQ(local.index, 2);
  EXPECT_EQ(check::reason_text(local),
            "has leading[2] = 16: the local array (leading sizes, or the local counts where leading is NULL) holds "
            "more than 2^63 - 1 elements");
  // Over a 128 x 128 x 1 grid each local array holds 2^52 elements, the window 2^66.
  d.grid = {128, 128, 1};
  d.blocks = {Index{1} << 24, Index{1} << 24, Index{1} << 4};
  ASSERT_TRUE(nd::check_array(d, 128 * 128, 0, a).ok());
  nd::Lowered l;
  const Fault window = nd::lower(a, a, {0, 1, 2}, 0, l);
  EXPECT_EQ(window.why(), Reason::nd_window_overflow);
  EXPECT_EQ(check::reason_text(window), "has a window of more than 2^63 - 1 elements");
}

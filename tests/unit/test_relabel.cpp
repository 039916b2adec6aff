// SPDX-License-Identifier: BSD-3-Clause
// Rank relabelling: the exact matching and whole placements against brute
// force over every placement, the greedy fallback against the default order,
// the reported counts against an element-by-element count that shares no
// code with the library, and the C entry's argument checks. Prints solver
// times for 64, 1024 and 4096 positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "layouts.hpp"
#include "relabel/c_call.hpp"
#include "relabel/matching.hpp"
#include "relabel/relabel.hpp"
#include "relabel/volumes.hpp"

using namespace mr2d;
using namespace mr2d::relabel;

namespace {

std::mt19937_64 rng(2024);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }
std::size_t at(Index k) { return static_cast<std::size_t>(k); }

// Greatest weight of any matching, by trying every column (or none) for each row.
Index brute_force_weight(int rows, int cols, const std::vector<Pair>& pairs) {
  std::vector<Index> w(at(rows) * at(cols), 0);
  for (const Pair& p : pairs) w[at(p.row) * at(cols) + at(p.col)] = p.weight;
  std::vector<char> used(at(cols), 0);
  std::function<Index(int)> best = [&](int row) -> Index {
    if (row == rows) return 0;
    Index top = best(row + 1);
    for (int c = 0; c < cols; ++c)
      if (!used[at(c)]) {
        used[at(c)] = 1;
        top = std::max(top, w[at(row) * at(cols) + at(c)] + best(row + 1));
        used[at(c)] = 0;
      }
    return top;
  };
  return best(0);
}

bool is_matching(const std::vector<int>& match, int cols) {
  std::vector<char> used(at(cols), 0);
  for (int c : match) {
    if (c < -1 || c >= cols) return false;
    if (c >= 0 && used[at(c)]++) return false;
  }
  return true;
}

TEST(RelabelMatching, ExactEqualsBruteForce) {
  for (int trial = 0; trial < 400; ++trial) {
    const int rows = static_cast<int>(u(1, 6)), cols = static_cast<int>(u(1, 7));
    std::vector<Pair> pairs;
    const Index top = u(0, 1) ? 5 : Index{1} << 60;  // ties, and weights near 64 bits
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (u(0, 2) != 0) pairs.push_back({r, c, u(1, top)});
    std::shuffle(pairs.begin(), pairs.end(), rng);
    const std::vector<int> match = *exact_matching(rows, cols, pairs);
    ASSERT_TRUE(is_matching(match, cols));
    EXPECT_EQ(matching_weight(pairs, match), brute_force_weight(rows, cols, pairs)) << "trial " << trial;
    const std::vector<int> greedy = greedy_matching(rows, cols, pairs);
    ASSERT_TRUE(is_matching(greedy, cols));
    EXPECT_GE(matching_weight(pairs, greedy), matching_weight(pairs, match) / 2);  // at least half
  }
}

// ---------------------------------------------------------------------------
// Whole placements on random layouts.

// Owner coordinate of global index g (0-based): ScaLAPACK's INDXG2P, written out.
Index owner_of(Index g, Index nb, Index src, Index nprocs) { return (g / nb + src) % nprocs; }

bool copied(const model::Problem& pb, Index i, Index j) {
  const Index e = pb.unit_diag ? 1 : 0;
  if (pb.shape == index::Shape::upper) return i <= j + std::max<Index>(pb.m - pb.n, 0) - e;
  if (pb.shape == index::Shape::lower) return i >= j - std::max<Index>(pb.n - pb.m, 0) + e;
  return true;
}

struct Count {
  Index total = 0, kept = 0;
};

// Every element of the copy: where it is in A, where it goes in B (rank_of
// row-major over B's grid), whether that is the same rank.
Count count_elements(const model::Problem& pb, const std::vector<int>& b_rank_of) {
  Count out;
  for (Index j = 0; j < pb.n; ++j)
    for (Index i = 0; i < pb.m; ++i) {
      if (!copied(pb, i, j)) continue;
      ++out.total;
      const Index ar = owner_of(pb.a.i0 + i, pb.a.mb, pb.a.rsrc, pb.a.nprow);
      const Index ac = owner_of(pb.a.j0 + j, pb.a.nb, pb.a.csrc, pb.a.npcol);
      const Index br = owner_of(pb.b.i0 + i, pb.b.mb, pb.b.rsrc, pb.b.nprow);
      const Index bc = owner_of(pb.b.j0 + j, pb.b.nb, pb.b.csrc, pb.b.npcol);
      if (pb.a.rank_of[at(ar * pb.a.npcol + ac)] == b_rank_of[at(br * pb.b.npcol + bc)]) ++out.kept;
    }
  return out;
}

model::MatrixLayout random_layout(Index m, Index n, Index max_positions) {
  model::MatrixLayout l;
  do {
    l.nprow = u(1, 4);
    l.npcol = u(1, 4);
  } while (l.nprow * l.npcol > max_positions);
  l.i0 = u(0, 6);
  l.j0 = u(0, 6);
  l.rows = l.i0 + m + u(0, 3);
  l.cols = l.j0 + n + u(0, 3);
  l.mb = u(0, 5) == 0 ? l.rows + 1 : u(1, 6);
  l.nb = u(0, 5) == 0 ? l.cols + 1 : u(1, 6);
  l.rsrc = u(0, l.nprow - 1);
  l.csrc = u(0, l.npcol - 1);
  return l;
}

std::vector<int> shuffled_ranks(int union_size, Index count) {
  std::vector<int> ranks(at(union_size));
  std::iota(ranks.begin(), ranks.end(), 0);
  std::shuffle(ranks.begin(), ranks.end(), rng);
  ranks.resize(at(count));
  return ranks;
}

// The best kept count over every placement of B's positions on distinct ranks.
Index brute_force_kept(const model::Problem& pb, const std::vector<int>& ranks) {
  const std::size_t positions = at(pb.b.nprow * pb.b.npcol);
  std::vector<int> rank_of(positions);
  std::vector<char> used(ranks.size(), 0);
  const std::vector<Volume> vol = volumes(pb);
  std::function<Index(std::size_t)> best = [&](std::size_t q) -> Index {
    if (q == positions) return kept_elements(vol, rank_of);
    Index top = 0;
    for (std::size_t k = 0; k < ranks.size(); ++k)
      if (!used[k]) {
        used[k] = 1;
        rank_of[q] = ranks[k];
        top = std::max(top, best(q + 1));
        used[k] = 0;
      }
    return top;
  };
  return best(0);
}

bool valid_placement(const std::vector<int>& rank_of, const std::vector<int>& ranks) {
  std::vector<int> sorted = rank_of;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
  for (int r : rank_of)
    if (std::find(ranks.begin(), ranks.end(), r) == ranks.end()) return false;
  return true;
}

model::Problem random_problem(int union_size, Index max_b_positions) {
  model::Problem pb;
  pb.m = u(0, 5) == 0 ? u(0, 3) : u(1, 40);
  pb.n = u(0, 5) == 0 ? u(0, 3) : u(1, 40);
  pb.a = random_layout(pb.m, pb.n, std::min<Index>(union_size, 6));
  pb.a.rank_of = shuffled_ranks(union_size, pb.a.nprow * pb.a.npcol);
  pb.b = random_layout(pb.m, pb.n, max_b_positions);
  const int shape = static_cast<int>(u(0, 3));
  if (shape == 1) pb.shape = index::Shape::upper;
  if (shape == 2) pb.shape = index::Shape::lower;
  pb.unit_diag = u(0, 1) == 1;
  return pb;
}

TEST(Relabel, OptimalAgainstBruteForceAndCountedByElement) {
  for (int trial = 0; trial < 300; ++trial) {
    const int union_size = static_cast<int>(u(1, 8));
    model::Problem pb = random_problem(union_size, std::min(union_size, 7));
    const Index positions = pb.b.nprow * pb.b.npcol;
    // The available ranks: any subset large enough for B, in any order,
    // sometimes including ranks beyond A's union.
    std::vector<int> ranks = shuffled_ranks(union_size + static_cast<int>(u(0, 1)),
                                            u(positions, std::min<Index>(positions + 2, union_size)));
    const Placement p = place(volumes(pb), static_cast<int>(positions), ranks);
    SCOPED_TRACE("trial " + std::to_string(trial));
    ASSERT_EQ(p.rank_of.size(), at(positions));
    ASSERT_TRUE(valid_placement(p.rank_of, ranks));
    EXPECT_TRUE(p.exact);
    EXPECT_EQ(p.kept, brute_force_kept(pb, ranks));
    const Count after = count_elements(pb, p.rank_of);
    const Count before = count_elements(pb, std::vector<int>(ranks.begin(), ranks.begin() + positions));
    EXPECT_EQ(p.total, after.total);
    EXPECT_EQ(p.kept, after.kept);
    EXPECT_EQ(p.kept_default, before.kept);
    if (p.kept == p.kept_default) {
      EXPECT_EQ(p.rank_of, std::vector<int>(ranks.begin(), ranks.begin() + positions));
    }
  }
}

TEST(Relabel, GreedyIsValidAndNeverWorseThanDefault) {
  Settings greedy;
  greedy.exact_limit = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int union_size = static_cast<int>(u(1, 24));
    model::Problem pb = random_problem(union_size, 16);
    const Index positions = pb.b.nprow * pb.b.npcol;
    if (positions > union_size) continue;
    const std::vector<int> ranks = shuffled_ranks(union_size, u(positions, union_size));
    const std::vector<Volume> vol = volumes(pb);
    const Placement fast = place(vol, static_cast<int>(positions), ranks, greedy);
    const Placement best = place(vol, static_cast<int>(positions), ranks);
    SCOPED_TRACE("trial " + std::to_string(trial));
    ASSERT_TRUE(valid_placement(fast.rank_of, ranks));
    EXPECT_FALSE(fast.exact);
    EXPECT_GE(fast.kept, fast.kept_default);
    EXPECT_LE(fast.kept, best.kept);
    EXPECT_EQ(fast.kept, count_elements(pb, fast.rank_of).kept);
  }
}

// A 2x2 grid (64x64 blocks) to a 4x1 grid (100x37 blocks) of a 4000 x 4000
// matrix; by hand, per 6400-row period, A's row 0 holds rows [0,64) [128,192)
// ... and B's row q holds [100q, 100q+100): the counts below follow.
model::Problem demo() {
  model::Problem pb;
  pb.m = pb.n = 4000;
  pb.a = test::grid_layout(2, 2, 64, 64, 4000, 4000);
  pb.b = test::grid_layout(4, 1, 100, 37, 4000, 4000);
  return pb;
}

TEST(Relabel, DemoLayoutMovesLess) {
  const model::Problem pb = demo();
  const Placement p = place(volumes(pb), 4, {0, 1, 2, 3});
  EXPECT_EQ(p.total, 16000000);
  EXPECT_EQ(p.kept, count_elements(pb, p.rank_of).kept);
  EXPECT_EQ(p.kept_default, count_elements(pb, {0, 1, 2, 3}).kept);
  EXPECT_GT(p.kept, p.kept_default);
}

TEST(Relabel, IdentityWhenAlreadyBest) {
  model::Problem pb;
  pb.m = 50;
  pb.n = 70;
  pb.a = test::grid_layout(2, 3, 4, 5, 60, 80);
  pb.b = pb.a;
  const Placement p = place(volumes(pb), 6, {0, 1, 2, 3, 4, 5, 6, 7});
  EXPECT_EQ(p.rank_of, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(p.kept, p.total);
  // A on shuffled ranks: B follows them exactly.
  pb.a.rank_of = {5, 3, 7, 0, 1, 6};
  const Placement q = place(volumes(pb), 6, {0, 1, 2, 3, 4, 5, 6, 7});
  EXPECT_EQ(q.rank_of, pb.a.rank_of);
  EXPECT_EQ(q.kept, q.total);
}

// ---------------------------------------------------------------------------
// The C entry's checks and outputs.

struct CArgs {
  mr2d_layout a{4000, 4000, 64, 64, 0, 0, 1, 1, 2, 2};
  mr2d_layout b{4000, 4000, 100, 37, 0, 0, 1, 1, 4, 1};
  std::vector<int> a_usermap{0, 1, 2, 3};  // column-major: (0,0)=0 (1,0)=1 (0,1)=2 (1,1)=3
  std::vector<int> b_usermap = std::vector<int>(4, -7);
  mr2d_relabel_report report{};
  CCall call() {
    CCall c;
    c.routine = "mr2d_relabel_gemr2d";
    c.type = MR2D_D;
    c.elem_size = 8;
    c.m = c.n = 4000;
    c.a = &a;
    c.a_usermap = a_usermap.data();
    c.b = &b;
    c.nranks = 4;
    c.b_usermap = b_usermap.data();
    c.report = &report;
    return c;
  }
};

TEST(RelabelCall, UsermapIsColumnMajorAndReportInBytes) {
  CArgs x;
  x.b = {4000, 4000, 100, 37, 0, 0, 1, 1, 2, 2};
  const Status s = run(x.call());
  ASSERT_TRUE(s.ok()) << s.message;
  // A and B with the same grid but A's positions column-major (Cblacs order
  // 'C'): B must follow, so nothing moves where the layouts align.
  model::Problem pb;
  pb.m = pb.n = 4000;
  pb.a = test::grid_layout(2, 2, 64, 64, 4000, 4000);
  pb.a.rank_of = {0, 2, 1, 3};
  pb.b = test::grid_layout(2, 2, 100, 37, 4000, 4000);
  const std::vector<int> rank_of{x.b_usermap[0], x.b_usermap[2], x.b_usermap[1], x.b_usermap[3]};
  const Count after = count_elements(pb, rank_of), before = count_elements(pb, {0, 1, 2, 3});
  EXPECT_EQ(x.report.bytes_total, 8 * after.total);
  EXPECT_EQ(x.report.bytes_moved, 8 * (after.total - after.kept));
  EXPECT_EQ(x.report.bytes_moved_default, 8 * (before.total - before.kept));
  EXPECT_LT(x.report.bytes_moved, x.report.bytes_moved_default);
  EXPECT_EQ(x.report.exact, 1);
}

TEST(RelabelCall, RankSetAndTrapezoid) {
  CArgs x;
  const std::vector<int> ranks{9, 3, 2, 0, 1};
  CCall c = x.call();
  c.routine = "mr2d_relabel_trmr2d";
  c.trapezoidal = true;
  c.uplo = "L";
  c.diag = "U";
  c.ranks = ranks.data();
  c.nranks = 5;
  const Status s = run(c);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_TRUE(valid_placement(x.b_usermap, ranks));
  EXPECT_EQ(x.report.bytes_total, 8 * (Index{4000} * 3999 / 2));
}

void expect_error(CArgs& x, const std::function<void(CCall&)>& spoil, const std::string& text,
                  const CallLimits& limits = {}) {
  CCall c = x.call();
  spoil(c);
  const Status s = run(c, limits);
  EXPECT_EQ(s.code, MR2D_ERR_ARGUMENT);
  EXPECT_NE(s.message.find(text), std::string::npos) << s.message;
  EXPECT_EQ(x.b_usermap, std::vector<int>(4, -7)) << "b_usermap written on error";
}

TEST(RelabelCall, ArgumentErrorsNameTheArgument) {
  CArgs x;
  expect_error(x, [](CCall& c) { c.elem_size = 0, c.type = 9; }, "argument 1 (type) is 9");
  expect_error(x, [](CCall& c) { c.m = -1; }, "argument 2 (m) is -1, must be >= 0");
  expect_error(x, [](CCall& c) { c.a = nullptr; }, "argument 4 (a) is NULL");
  expect_error(x, [](CCall& c) { c.b_usermap = nullptr; }, "argument 9 (b_usermap) is NULL");
  expect_error(x, [](CCall& c) { c.trapezoidal = true, c.uplo = "X", c.diag = "N"; },
               "argument 2 (uplo) is 'X', not one of U, L");
  expect_error(x, [](CCall& c) { c.trapezoidal = true, c.uplo = "U", c.diag = nullptr; },
               "argument 3 (diag) is NULL");
  expect_error(x, [](CCall& c) { c.trapezoidal = true, c.uplo = "U", c.diag = "N", c.nranks = 3; },
               "argument 10 (nranks) is 3, fewer than the 4 positions of B's 4x1 grid");
  mr2d_layout bad = x.a;
  bad.mb = 0;
  expect_error(x, [&](CCall& c) { c.a = &bad; }, "argument 4 (a->mb) is 0, must be >= 1");
  bad = x.b;
  bad.csrc = 1;
  expect_error(x, [&](CCall& c) { c.b = &bad; }, "argument 6 (b->csrc) is 1, must be a process column in [0, 1)");
  bad = x.b;
  bad.i = 2;
  expect_error(x, [&](CCall& c) { c.b = &bad; },
               "argument 6 (b->i) makes the submatrix end at 4001, beyond the matrix extent 4000");
  bad = x.a;
  bad.nprow = 0;
  expect_error(x, [&](CCall& c) { c.a = &bad; }, "argument 4 (a->nprow) is 0");
  bad.nprow = 1 << 13;
  bad.npcol = 1 << 12;
  expect_error(x, [&](CCall& c) { c.a = &bad; }, "has a 8192x4096 grid, more than the 16777216 positions");
  const std::vector<int> twice{0, 1, 1, 3};
  expect_error(x, [&](CCall& c) { c.a_usermap = twice.data(); },
               "argument 5 (a_usermap) has rank 1 twice: grid position (1,0) at [1] and grid position (0,1) at [2]");
  const std::vector<int> negative{0, 1, -2, 3};
  expect_error(x, [&](CCall& c) { c.a_usermap = negative.data(); },
               "argument 5 (a_usermap) has grid position (0,1) at [2] = -2, must be a rank >= 0");
  const std::vector<int> ranks{4, 5, 6, 4};
  expect_error(x, [&](CCall& c) { c.ranks = ranks.data(); }, "argument 7 (ranks) has rank 4 twice: [0] and [3]");
  expect_error(x, [](CCall& c) { c.elem_size = 16, c.m = c.n = 2147483647; }, "argument 4 (a->i)");
  mr2d_layout wide_a = x.a, wide_b = x.b;
  wide_a.rows = wide_a.cols = wide_b.rows = wide_b.cols = 2147483647;
  expect_error(x, [&](CCall& c) { c.a = &wide_a, c.b = &wide_b, c.elem_size = 16, c.m = c.n = 2147483647; },
               "argument 2 (m) is 2147483647: with the other extent and 16-byte elements, more than 2^63 - 1 bytes");
  CallLimits small;
  small.pairs = 3;
  expect_error(x, [](CCall&) {}, "pairs of A and B positions share data, more than the 3", small);
  small = {};
  small.run_entries = 2;
  expect_error(x, [](CCall&) {}, "blocks of A and B cut one period into up to", small);
}

TEST(RelabelCall, AllRanksOfAHugeUnion) {
  // Every rank up to INT_MAX may take B: only A's ranks and B's first ones
  // are considered, so this needs no memory; A's far ranks are used.
  CArgs x;
  x.a_usermap = {2147483646, 1000, 7, 3};  // (0,0) (1,0) (0,1) (1,1)
  CCall c = x.call();
  c.nranks = 2147483647;
  c.b = &x.a;
  c.a = &x.a;
  const Status s = run(c);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_EQ(x.b_usermap, x.a_usermap);
  EXPECT_EQ(x.report.bytes_moved, 0);
  c.nranks = 2147483646;  // A's rank 2147483646 is no longer available
  ASSERT_TRUE(run(c).ok());
  EXPECT_EQ(x.b_usermap, (std::vector<int>{0, 1000, 7, 3}));
}

TEST(RelabelCall, EmptyCopyKeepsDefault) {
  CArgs x;
  CCall c = x.call();
  c.m = 0;
  ASSERT_TRUE(run(c).ok());
  EXPECT_EQ(x.b_usermap, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(x.report.bytes_total, 0);
  EXPECT_EQ(x.report.exact, 1);
}

// ---------------------------------------------------------------------------
// Solver times, printed (machines differ, so nothing is asserted on them).
// Sparse cases, as relabelling meets them: A's p x p grid on shuffled ranks
// and B with the same grid and twice the blocks, or reshaped to p/2 x 2p.
// Dense cases (every position pair shares data, a few seconds at 4096):
// --gtest_also_run_disabled_tests --gtest_filter='RelabelTiming.*'.

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void time_case(const std::string& name, const model::Problem& pb) {
  const int positions = static_cast<int>(pb.b.nprow * pb.b.npcol);
  std::vector<int> ranks(at(positions));
  std::iota(ranks.begin(), ranks.end(), 0);
  auto t0 = std::chrono::steady_clock::now();
  const std::vector<Volume> vol = volumes(pb);
  const double t_volumes = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const Placement exact = place(vol, positions, ranks);
  const double t_exact = seconds_since(t0);
  Settings greedy;
  greedy.exact_limit = 0;
  t0 = std::chrono::steady_clock::now();
  const Placement fast = place(vol, positions, ranks, greedy);
  const double t_greedy = seconds_since(t0);
  auto moved = [&](Index kept) {
    return 100.0 * static_cast<double>(exact.total - kept) / static_cast<double>(exact.total);
  };
  std::printf("  %-22s %5d positions %9zu pairs: volumes %.4f s, exact %.4f s%s, greedy %.4f s; "
              "moved: default %.1f%%, exact %.1f%%, greedy %.1f%%\n",
              name.c_str(), positions, vol.size(), t_volumes, t_exact, exact.exact ? "" : " (budget spent: greedy)", t_greedy, moved(exact.kept_default),
              moved(exact.kept), moved(fast.kept));
  EXPECT_GE(exact.kept, fast.kept);
}

model::Problem shuffled_square(Index p, Index b_nprow, Index b_npcol, Index b_block) {
  model::Problem pb;
  pb.m = pb.n = 64 * 8 * p;
  pb.a = test::grid_layout(p, p, 64, 64, pb.m, pb.n);
  std::shuffle(pb.a.rank_of.begin(), pb.a.rank_of.end(), rng);
  pb.b = test::grid_layout(b_nprow, b_npcol, b_block, b_block, pb.m, pb.n);
  return pb;
}

TEST(RelabelTiming, PrintsSparseSolverTimes) {
  std::printf("relabel, sparse volume matrices:\n");
  for (Index p : {8, 32, 64}) {
    time_case("blocks x2, p=" + std::to_string(p), shuffled_square(p, p, p, 128));
    time_case("reshape, p=" + std::to_string(p), shuffled_square(p, p / 2, 2 * p, 64));
  }
}

TEST(RelabelTiming, DISABLED_PrintsDenseSolverTimes) {
  std::printf("relabel, dense volume matrices:\n");
  for (Index p : {8, 32, 64}) {
    model::Problem pb = shuffled_square(p, p / 2, 2 * p, 37);
    pb.m = pb.n = 100000;
    pb.a.rows = pb.a.cols = pb.b.rows = pb.b.cols = pb.m;
    time_case("reshape 64->37, p=" + std::to_string(p), pb);
  }
  for (Index p : {64, 1024, 4096}) {
    model::Problem pb;  // equal weights everywhere
    pb.m = pb.n = 2 * p;
    pb.a = test::grid_layout(p, 1, 1, pb.n, pb.m, pb.n);
    pb.b = test::grid_layout(1, p, pb.m, 1, pb.m, pb.n);
    time_case("column to row, p=" + std::to_string(p), pb);
  }
}

}  // namespace

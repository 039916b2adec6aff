// SPDX-License-Identifier: BSD-3-Clause
// Two-phase strategies and CDC indexing without MPI: the intermediate layout
// of each strategy, whole redistributions through it simulated element by
// element, and the cost-model choices.
#include <gtest/gtest.h>

#include <random>

#include "index/runs_1d.hpp"
#include "plan/indexing.hpp"
#include "plan/phases.hpp"
#include "plan/plan.hpp"
#include "layouts.hpp"

using namespace mr2d;
using namespace mr2d::model;
using namespace mr2d::plan;

namespace {

// Global (row, col) of the submatrix position each B-side element receives,
// found by following the runs of every pass: position t of the range maps to
// itself through every pass, so it is enough that every pass covers each
// position exactly once with the same sets on both sides.
Index covered(const Problem& pb) {
  Index total = 0;
  const int nranks = rank_count(pb);
  for (int r = 0; r < nranks; ++r) {
    const Plan p = make_plan(pb, r, 1 << 20, 1 << 20);
    for (const Transfer& t : p.recvs) total += t.count;
    if (p.has_self) total += p.self.count;
  }
  return total;
}

}  // namespace

TEST(Phases, MiddleLayoutUsesGcdAndLcm) {
  Problem pb;
  pb.m = 1200;
  pb.n = 1600;
  pb.a = test::grid_layout(2, 2, 5, 8, 1200, 1600);
  pb.b = test::grid_layout(2, 2, 8, 5, 1200, 1600);
  const MatrixLayout g = middle_layout(pb, Phases::gcd), l = middle_layout(pb, Phases::lcm);
  EXPECT_EQ(g.mb, 1);
  EXPECT_EQ(g.nb, 1);
  EXPECT_EQ(l.mb, 40);
  EXPECT_EQ(l.nb, 40);
  EXPECT_EQ(g.rank_of, pb.b.rank_of);
  const auto passes = passes_for(pb, Phases::lcm);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_EQ(passes[0].a.mb, 5);
  EXPECT_EQ(passes[0].b.mb, 40);
  EXPECT_EQ(passes[1].a.mb, 40);
  EXPECT_EQ(passes[1].b.mb, 8);
}

TEST(Phases, EveryPassMovesEveryElementOnce) {
  std::mt19937_64 rng(9);
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  for (int k = 0; k < 300; ++k) {
    Problem pb;
    pb.m = u(1, 90);
    pb.n = u(1, 90);
    pb.a = test::grid_layout(u(1, 3), u(1, 3), u(1, 9), u(1, 9), pb.m + 3, pb.n + 2);
    pb.b = test::grid_layout(u(1, 3), u(1, 3), u(1, 9), u(1, 9), pb.m + 1, pb.n + 4, static_cast<int>(u(0, 3)));
    pb.a.i0 = u(0, 3);
    pb.a.j0 = u(0, 2);
    pb.b.i0 = u(0, 1);
    pb.b.j0 = u(0, 4);
    pb.b.rsrc = u(0, pb.b.nprow - 1);
    for (Phases via : {Phases::gcd, Phases::lcm})
      for (const Problem& pass : passes_for(pb, via)) EXPECT_EQ(covered(pass), pb.m * pb.n);
  }
}

// Small matrices with coprime block sizes and many processes per dimension:
// the one-pass plan sends many small messages, two passes fewer; large
// matrices pay for the second pass over the data. The choice follows.
TEST(Phases, ModelPrefersTwoPassesOnlyForSmallMatrices) {
  Problem small;
  small.m = small.n = 240;
  small.a = test::grid_layout(8, 1, 3, 240, 240, 240);
  small.b = test::grid_layout(8, 1, 7, 240, 240, 240, 8);
  Problem large = small;
  large.m = large.n = large.a.rows = large.a.cols = large.b.rows = large.b.cols = 24000;
  large.a.nb = large.b.nb = 24000;
  const CostModel model;
  EXPECT_LT(predicted_seconds(small, choose_phases(small, model), model),
            predicted_seconds(small, Phases::one, model) * 1.0000001);
  EXPECT_EQ(choose_phases(large, model), Phases::one);
}

TEST(Indexing, CdcTablesEqualReplayedRuns) {
  index::AxisPair axes{{3, 4, 1, 2}, {7, 3, 0, 5}, 1000};
  for (Index p = 0; p < 4; ++p)
    for (const auto& [q, rs] : index::runs_for(axes, index::Role::sender, p)) {
      const index::RunSet flat = rs.expanded();
      EXPECT_EQ(flat.count(), rs.count());
      EXPECT_EQ(flat.cycles(), 1);
      std::vector<index::Run> a, b;
      rs.for_each([&](Index t, Index len, Index s, Index d) { a.push_back({t, len, s, d}); });
      flat.for_each([&](Index t, Index len, Index s, Index d) { b.push_back({t, len, s, d}); });
      ASSERT_EQ(a.size(), b.size());
      for (std::size_t k = 0; k < a.size(); ++k) {
        EXPECT_EQ(a[k].t, b[k].t);
        EXPECT_EQ(a[k].len, b[k].len);
        EXPECT_EQ(a[k].src, b[k].src);
        EXPECT_EQ(a[k].dst, b[k].dst);
      }
      for (Index x : {Index{0}, Index{17}, Index{500}, Index{999}, Index{1000}})
        EXPECT_EQ(flat.count_below(x), rs.count_below(x));
    }
}

// Seed 002's condition: a message over many periods and columns favours CDC;
// one period never needs it.
TEST(Indexing, CostConditionOfSeed002) {
  index::AxisPair rows{{5, 8, 0, 0}, {8, 8, 0, 0}, 400};
  index::AxisPair cols{{8, 2, 0, 0}, {5, 2, 0, 0}, 640};
  const auto r = index::runs_for(rows, index::Role::sender, 0);
  const auto c = index::runs_for(cols, index::Role::sender, 0);
  ASSERT_FALSE(r.empty());
  ASSERT_FALSE(c.empty());
  EXPECT_TRUE(cdc_pays(r[0].second, c[0].second));
  index::AxisPair one_period{{5, 8, 0, 0}, {8, 8, 0, 0}, 200};
  const auto r1 = index::runs_for(one_period, index::Role::sender, 0);
  EXPECT_FALSE(cdc_pays(r1[0].second, c[0].second));
}

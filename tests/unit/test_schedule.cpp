// SPDX-License-Identifier: BSD-3-Clause
// Schedules checked without MPI: every schedule of thousands of random layout
// pairs (up to 4096 processes) carries every communicating pair exactly once
// in contention-free steps; optimal reaches the lower bound; the published
// cyclic(x) -> cyclic(kx) examples get the closed-form circulant at the bound.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

#include "problem/edges.hpp"
#include "schedule/schedule.hpp"
#include "layouts.hpp"

using namespace mr2d;
using namespace mr2d::model;
using mr2d::schedule::Kind;

namespace {

std::mt19937_64 rng(4242);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }

// A random pair of layouts over `nranks` ranks (grids overlapping, shuffled).
Problem random_problem(int nranks) {
  Problem pb;
  pb.m = u(1, 400);
  pb.n = u(1, 400);
  for (MatrixLayout* l : {&pb.a, &pb.b}) {
    Index procs = u(1, nranks);
    l->nprow = u(1, procs);
    l->npcol = std::max<Index>(1, procs / l->nprow);
    l->i0 = u(0, 5);
    l->j0 = u(0, 5);
    l->rows = l->i0 + pb.m;
    l->cols = l->j0 + pb.n;
    l->mb = u(1, 12);
    l->nb = u(1, 12);
    l->rsrc = u(0, l->nprow - 1);
    l->csrc = u(0, l->npcol - 1);
    std::vector<int> ranks(static_cast<std::size_t>(nranks));
    for (int k = 0; k < nranks; ++k) ranks[static_cast<std::size_t>(k)] = k;
    std::shuffle(ranks.begin(), ranks.end(), rng);
    ranks.resize(static_cast<std::size_t>(l->nprow * l->npcol));
    l->rank_of = ranks;
  }
  const Index shape = u(0, 3);
  pb.shape = shape == 0 ? index::Shape::upper : shape == 1 ? index::Shape::lower : index::Shape::full;
  pb.unit_diag = u(0, 1) == 1;
  return pb;
}

void expect_valid(const Problem& pb, Kind kind) {
  const auto edges = all_edges(pb);
  const auto s = schedule::make(kind, pb, edges);
  const auto v = schedule::validate(edges, s);
  ASSERT_TRUE(v.ok) << schedule::name_of(kind) << ": " << v.problem;
  if (kind == Kind::optimal && s.note.empty()) {
    EXPECT_EQ(v.steps, v.lower_bound);
  }
  if (kind == Kind::circulant && s.kind == Kind::circulant) {
    EXPECT_EQ(v.steps, v.lower_bound);
  }
}

}  // namespace

TEST(Schedule, RandomLayoutsSmall) {
  for (int k = 0; k < 3000; ++k) {
    const Problem pb = random_problem(static_cast<int>(u(1, 12)));
    for (Kind kind : {Kind::caterpillar, Kind::circulant, Kind::optimal, Kind::async, Kind::automatic})
      expect_valid(pb, kind);
  }
}

TEST(Schedule, RandomLayoutsUpTo4096) {
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < 60; ++k) {
    const Problem pb = random_problem(static_cast<int>(u(64, 4096)));
    for (Kind kind : {Kind::caterpillar, Kind::circulant, Kind::optimal}) expect_valid(pb, kind);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("60 random layout pairs on 64..4096 processes, 3 schedules each: %.2f s\n", s);
}

TEST(Schedule, ValidatorRejectsBadSchedules) {
  const Problem pb = random_problem(6);
  auto edges = all_edges(pb);
  schedule::Schedule s = schedule::optimal(pb, edges);
  if (s.steps.empty()) GTEST_SKIP() << "no messages in this layout";
  schedule::Schedule dup = s;
  dup.steps.push_back({dup.steps[0][0]});
  EXPECT_FALSE(schedule::validate(edges, dup).ok);
  schedule::Schedule missing = s;
  missing.steps.back().pop_back();
  EXPECT_FALSE(schedule::validate(edges, missing).ok);
  schedule::Schedule crowded = s;
  crowded.steps.assign(1, {});
  for (const auto& step : s.steps) crowded.steps[0].insert(crowded.steps[0].end(), step.begin(), step.end());
  if (schedule::lower_bound(edges) > 1) {
    EXPECT_FALSE(schedule::validate(edges, crowded).ok);
  }
}

// 1 x 3 -> 3 x 1 on the same three processes: each process
// keeps one block, so the bound is 2 steps; the product of the two 1D schedules
// (3 steps each) would take up to 9.
TEST(Schedule, GridShapeChangeNeedsTwoDimensionalColouring) {
  Problem pb;
  pb.m = pb.n = 12;
  pb.a = test::grid_layout(1, 3, 4, 4, 12, 12);
  pb.b = test::grid_layout(3, 1, 4, 4, 12, 12);
  const auto edges = all_edges(pb);
  EXPECT_EQ(schedule::lower_bound(edges), 2);  // each process keeps one block for itself
  const auto s = schedule::optimal(pb, edges);
  EXPECT_TRUE(schedule::validate(edges, s).ok);
  EXPECT_EQ(static_cast<Index>(s.steps.size()), 2);
}

namespace {

struct SeedCase {
  const char* name;
  Index p, q, x, y;  // cyclic(x) on p processes -> cyclic(y) on q processes
};

// One dimension (columns of one element), disjoint process sets.
Problem one_dimension(const SeedCase& c) {
  Problem pb;
  const Index period = c.x * c.p * c.y * c.q / gcd(c.x * c.p, c.y * c.q);
  pb.m = 2 * period;
  pb.n = 1;
  pb.a = test::grid_layout(c.p, 1, c.x, 1, pb.m, 1);
  pb.b = test::grid_layout(c.q, 1, c.y, 1, pb.m, 1, static_cast<int>(c.p));
  return pb;
}

}  // namespace

// The published examples (Evers (2025) sections 4.2.6 and 4.3);
// prints the table of steps per schedule against the bound.
TEST(Schedule, SeedExamples) {
  const SeedCase cases[] = {{"cyclic(x) 18 -> cyclic(8x) 76", 18, 76, 1, 8},
                            {"cyclic(x) 30 -> cyclic(15x) 66", 30, 66, 1, 15},
                            {"cyclic(x) 46 -> cyclic(25x) 50", 46, 50, 1, 25},
                            {"cyclic(2) 5 -> cyclic(5) 6", 5, 6, 2, 5},
                            {"cyclic(1) 4 -> cyclic(2) 6", 4, 6, 1, 2},
                            {"cyclic(8x) 76 -> cyclic(x) 18", 76, 18, 8, 1}};
  std::printf("%-34s %6s %11s %9s %7s %5s\n", "case", "bound", "caterpillar", "circulant", "optimal", "auto");
  for (const SeedCase& c : cases) {
    const Problem pb = one_dimension(c);
    const auto edges = all_edges(pb);
    const Index bound = schedule::lower_bound(edges);
    Index steps[4] = {};
    int k = 0;
    for (Kind kind : {Kind::caterpillar, Kind::circulant, Kind::optimal, Kind::automatic}) {
      const auto s = schedule::make(kind, pb, edges);
      const auto v = schedule::validate(edges, s);
      EXPECT_TRUE(v.ok) << c.name << " " << schedule::name_of(kind) << ": " << v.problem;
      steps[k++] = s.kind == Kind::async ? 1 : v.steps;
      if (kind == Kind::optimal) {
        EXPECT_EQ(v.steps, bound) << c.name;
      }
      if (kind == Kind::circulant && c.y % c.x == 0) {
        EXPECT_EQ(s.kind, Kind::circulant) << c.name << ": " << s.note;
        EXPECT_EQ(v.steps, bound) << c.name;
      }
    }
    std::printf("%-34s %6lld %11lld %9lld %7lld %5lld\n", c.name, static_cast<long long>(bound),
                static_cast<long long>(steps[0]), static_cast<long long>(steps[1]),
                static_cast<long long>(steps[2]), static_cast<long long>(steps[3]));
  }
}

// Schedule computation time (printed for the record, not asserted: timings
// belong to benchmarks): a block-size change
// and a 1D change at 4096 processes, and a dense grid change at 1024.
TEST(Schedule, ComputationTime) {
  struct Case {
    const char* name;
    Problem pb;
  };
  std::vector<Case> cases(3);
  cases[0].name = "4096: 64x64 64x64 -> 64x64 128x128";
  cases[0].pb.m = cases[0].pb.n = 64 * 64 * 4;
  cases[0].pb.a = test::grid_layout(64, 64, 64, 64, cases[0].pb.m, cases[0].pb.n);
  cases[0].pb.b = test::grid_layout(64, 64, 128, 128, cases[0].pb.m, cases[0].pb.n);
  cases[1].name = "4096: 4096x1 cyclic(1) -> cyclic(3)";
  cases[1].pb.m = 4096 * 3 * 4;
  cases[1].pb.n = 8;
  cases[1].pb.a = test::grid_layout(4096, 1, 1, 8, cases[1].pb.m, 8);
  cases[1].pb.b = test::grid_layout(4096, 1, 3, 8, cases[1].pb.m, 8);
  cases[2].name = "1024: 32x32 64x64 -> 64x16 100x37";
  cases[2].pb.m = cases[2].pb.n = 64 * 1024;
  cases[2].pb.a = test::grid_layout(32, 32, 64, 64, cases[2].pb.m, cases[2].pb.n);
  cases[2].pb.b = test::grid_layout(64, 16, 100, 37, cases[2].pb.m, cases[2].pb.n);
  for (const Case& c : cases) {
    const auto edges = all_edges(c.pb);
    for (Kind kind : {Kind::caterpillar, Kind::circulant, Kind::optimal}) {
      const auto t0 = std::chrono::steady_clock::now();
      const auto s = schedule::make(kind, c.pb, edges);
      const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const auto v = schedule::validate(edges, s);
      EXPECT_TRUE(v.ok) << v.problem;
      if (kind == Kind::optimal) {
        EXPECT_EQ(v.steps, v.lower_bound) << c.name;
      }
      std::printf("%-36s %8zu pairs: %-11s -> %-11s %5lld steps (bound %lld) in %.4f s\n", c.name,
                  edges.size(), schedule::name_of(kind), schedule::name_of(s.kind),
                  static_cast<long long>(v.steps), static_cast<long long>(v.lower_bound), sec);
    }
  }
}

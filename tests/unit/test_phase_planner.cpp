// SPDX-License-Identifier: BSD-3-Clause
// The phase planner: Lee (1997)'s worked example (its
// Table 4) with numbers for the symbolic costs, giving the paper's two
// answers for the plain and the looped sequence; the exact layered DP against
// brute force; and the example where the segment form is not exact.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>

#include "advise/phase_planner.hpp"

using namespace mr2d::advise;

namespace {

// Section 5 of Lee with m = 256, N = 16, K = 4, t_f = 1, t_c = 4, t_d = 4.
// They respect the stated inequalities C_6 < C_T < C_7 and "C_T very small
// in comparison to C_7" (C_T / C_7 = 0.06). Table 4 prints C_7 in several T
// values where its own terms give C_T (e.g. T_32 = M_12 + M_32 + C_T); the
// moves below follow the terms.
struct PaperCosts {
  double m = 256, N = 16, K = 4, tf = 1, tc = 4, td = 4, logN = 4;
  double C1 = m * tc, C2 = K * C1, C3 = m * m * tc;
  double Ca = 4 * m / N * tf, Cb = 4 * m * tf, Cc = m * m / N * tf, Cd = m * m * tf;
  double Ce = K * ((5 * m * m + 3 * m) / N) * tf, Cf = K * (2 * m * m + 3 * m * m / N + 3 * m) * tf;
  double C6 = 3 * m * tc, C7 = K * (m * m + 2 * m * logN + m) * td, CT = m * m / N * logN * tc;

  double M(int i, int j) const {
    static const std::map<std::pair<int, int>, int> index = {
        {{1, 1}, 0}, {{2, 1}, 1}, {{3, 1}, 2}, {{4, 1}, 3}, {{5, 1}, 4}, {{1, 2}, 5}, {{2, 2}, 6}, {{3, 2}, 7},
        {{4, 2}, 8}, {{1, 3}, 9}, {{2, 3}, 10}, {{3, 3}, 11}, {{1, 4}, 12}, {{2, 4}, 13}, {{1, 5}, 14}};
    const double v[] = {Cc, Ce + C2, Cc, Ce + C2, Ca,
                        Cc + Ce + C2, Cd + Ce + C2 + C3, Cc + Ce + C2, Cb + Ce + C2 + C6,
                        Cc + Cd + Ce + C2 + C3, Cc + Ce + Cf + C2 + C7, Cb + Cc + Ce + C2 + C6,
                        Cc + Cd + Ce + Cf + C2 + C3 + C7, Cb + Cc + Ce + Cf + C2 + C6 + C7,
                        Ca + Cc + Cd + Ce + Cf + C1 + C2 + C3 + C7};
    return v[index.at({i, j})];
  }

  // The moves of Table 4 (and the loop-carried ones of Algorithm 1').
  double move(Segment a, Segment b) const {
    if (a.i == b.i && a.j == b.j) return 0;
    const std::map<std::pair<int, int>, double> cost = {
        {{11, 21}, 0},       {{11, 22}, 0},           {{11, 23}, CT + C1},     {{11, 24}, CT + C1},
        {{21, 31}, CT},      {{12, 31}, CT},          {{21, 32}, CT},          {{12, 32}, CT},
        {{21, 33}, CT + C1}, {{12, 33}, CT + C1},     {{31, 41}, 0},           {{22, 41}, CT + C1},
        {{13, 41}, CT + C1}, {{31, 42}, C1},          {{22, 42}, CT + 2 * C1}, {{13, 42}, CT + 2 * C1},
        {{41, 51}, CT},      {{32, 51}, CT},          {{23, 51}, CT + C1},     {{14, 51}, C1},
        {{51, 12}, 0},       {{42, 12}, CT + C1},     {{33, 12}, CT + C1},     {{24, 11}, CT + C1}};
    auto it = cost.find({a.i * 10 + a.j, b.i * 10 + b.j});
    if (it == cost.end()) {
      ADD_FAILURE() << "move P" << a.i << a.j << " -> P" << b.i << b.j << " is not in the paper's table";
      return 1e30;
    }
    return it->second;
  }
};

}  // namespace

TEST(PhasePlanner, SeedWorkedExampleGivesBothAnswers) {
  const PaperCosts p;
  ASSERT_LT(p.C6, p.CT);
  ASSERT_LT(p.CT, p.C7);
  ASSERT_LT(p.CT, 0.1 * p.C7);
  auto m = [&](int i, int j) { return p.M(i, j); };
  auto move = [&](Segment a, Segment b) { return p.move(a, b); };

  // Algorithm 1: (P_12, P_33), cost lambda = C_b + 2C_c + 2C_e + 2C_2 + C_6 + C_T + C_1.
  const SegmentPlan plain = best_segments(5, m, move, false);
  ASSERT_EQ(plain.segments.size(), 2u);
  EXPECT_EQ(plain.segments[0].i, 1);
  EXPECT_EQ(plain.segments[0].j, 2);
  EXPECT_EQ(plain.segments[1].i, 3);
  EXPECT_EQ(plain.segments[1].j, 3);
  EXPECT_DOUBLE_EQ(plain.total, p.Cb + 2 * p.Cc + 2 * p.Ce + 2 * p.C2 + p.C6 + p.CT + p.C1);

  // Algorithm 1': (P_12, P_32, P_51), cost mu = C_a + 2C_c + 2C_e + 2C_2 + 2C_T.
  const SegmentPlan looped = best_segments(5, m, move, true);
  ASSERT_EQ(looped.segments.size(), 3u);
  EXPECT_EQ(looped.segments[0].i, 1);
  EXPECT_EQ(looped.segments[0].j, 2);
  EXPECT_EQ(looped.segments[1].i, 3);
  EXPECT_EQ(looped.segments[1].j, 2);
  EXPECT_EQ(looped.segments[2].i, 5);
  EXPECT_EQ(looped.segments[2].j, 1);
  EXPECT_DOUBLE_EQ(looped.total, p.Ca + 2 * p.Cc + 2 * p.Ce + 2 * p.C2 + 2 * p.CT);
}

// ADI: x-sweep cheap with rows local, y-sweep with columns local. Once, one
// transpose pays; in a loop the transpose back is paid too and static wins.
TEST(PhasePlanner, LoopDecidesWhetherTheTransposeBackPays) {
  const std::vector<std::vector<double>> compute = {{100, 108}, {108, 100}};  // rows, cols
  const std::vector<std::vector<double>> move = {{0, 5}, {5, 0}};
  const Assignment once = best_assignment(compute, move, false);
  EXPECT_EQ(once.layout, (std::vector<int>{0, 1}));
  EXPECT_DOUBLE_EQ(once.total, 205);
  const Assignment loop = best_assignment(compute, move, true);
  EXPECT_EQ(loop.layout[0], loop.layout[1]);
  EXPECT_DOUBLE_EQ(loop.total, 208);
}

// Here the segment form returns 4, the exact DP 3.
TEST(PhasePlanner, LayeredDpIsExactWhereSegmentsAreNot) {
  const std::vector<std::vector<double>> compute = {{1, 0, 1}, {1, 0, 8}, {2, 6, 0}};
  const std::vector<std::vector<double>> move = {{0, 3, 1}, {3, 0, 5}, {1, 5, 0}};
  const Assignment a = best_assignment(compute, move, false);
  EXPECT_DOUBLE_EQ(a.total, 3);
  EXPECT_EQ(a.layout, (std::vector<int>{0, 0, 2}));
}

TEST(PhasePlanner, LayeredDpEqualsBruteForce) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> cost(0, 10);
  for (int trial = 0; trial < 300; ++trial) {
    const int phases = 1 + static_cast<int>(rng() % 5), k = 1 + static_cast<int>(rng() % 4);
    std::vector<std::vector<double>> compute(static_cast<std::size_t>(phases), std::vector<double>(static_cast<std::size_t>(k)));
    std::vector<std::vector<double>> move(static_cast<std::size_t>(k), std::vector<double>(static_cast<std::size_t>(k), 0));
    for (auto& row : compute)
      for (double& c : row) c = cost(rng);
    for (int x = 0; x < k; ++x)
      for (int y = 0; y < k; ++y)
        if (x != y) move[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)] = cost(rng);
    for (bool looped : {false, true}) {
      double best = 1e300;
      std::vector<int> layout(static_cast<std::size_t>(phases), 0);
      for (long code = 0; code < static_cast<long>(std::pow(k, phases)); ++code) {
        long c = code;
        for (int& l : layout) {
          l = static_cast<int>(c % k);
          c /= k;
        }
        best = std::min(best, assignment_cost(layout, compute, move, looped));
      }
      const Assignment a = best_assignment(compute, move, looped);
      EXPECT_NEAR(a.total, best, 1e-9);
      EXPECT_NEAR(assignment_cost(a.layout, compute, move, looped), a.total, 1e-9);
    }
  }
}

// SPDX-License-Identifier: BSD-3-Clause
// Schedules of pairs gathered from several problems (batches): every kind
// yields a valid schedule of the merged pairs, the stepped ones in the fewest
// steps (bipartite colouring), async as a single stage.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "schedule/schedule.hpp"

using namespace mr2d;

namespace {

// Up to `most` random pairs among `nranks` processes, each with a random
// byte count, merged by pair.
std::vector<model::Edge> random_pairs(std::mt19937_64& rng, int nranks, int most) {
  auto u = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::map<std::pair<int, int>, Index> bytes;
  for (int e = u(0, most); e > 0; --e) bytes[{u(0, nranks - 1), u(0, nranks - 1)}] += u(1, 1 << 20);
  std::vector<model::Edge> edges;
  for (const auto& [pair, count] : bytes) edges.push_back({pair.first, pair.second, count});
  return edges;
}

}  // namespace

TEST(SchedulePairs, EveryKindCarriesTheMergedPairsValidly) {
  std::mt19937_64 rng(99);
  auto u = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const schedule::Kind kinds[] = {schedule::Kind::automatic, schedule::Kind::caterpillar, schedule::Kind::circulant,
                                  schedule::Kind::optimal, schedule::Kind::async};
  for (int trial = 0; trial < 200; ++trial) {
    const int nranks = u(1, 12);
    const std::vector<model::Edge> edges = random_pairs(rng, nranks, 40);
    for (schedule::Kind kind : kinds) {
      const schedule::Schedule s = schedule::make_for_pairs(kind, edges, nranks);
      const schedule::Verdict v = schedule::validate(edges, s);
      EXPECT_TRUE(v.ok) << v.problem;
      if (s.kind == schedule::Kind::async) {
        EXPECT_TRUE(kind == schedule::Kind::async || kind == schedule::Kind::automatic);
      } else {
        EXPECT_EQ(s.kind, schedule::Kind::optimal);
        EXPECT_EQ(v.steps, v.lower_bound);
      }
    }
  }
}

// Shift schedules of own pairs (schedule::shifted): each process schedules
// only the pairs it is an end of; put together, the steps of equal shift
// form a valid contention-free schedule of all pairs, and both ends of a
// pair place it in the same shift, in ascending order on each process.
TEST(SchedulePairs, ShiftedOwnPairsMeetAcrossProcesses) {
  std::mt19937_64 rng(2026);
  auto u = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int trial = 0; trial < 300; ++trial) {
    const int nranks = u(1, 40);
    const std::vector<model::Edge> edges = random_pairs(rng, nranks, 200);
    std::map<Index, std::vector<model::Edge>> by_shift;  // the union of every process's steps
    std::map<std::pair<int, int>, int> seen;             // pair -> ends that scheduled it
    for (int me = 0; me < nranks; ++me) {
      std::vector<model::Edge> own;
      for (const model::Edge& e : edges)
        if (e.from == me || e.to == me) own.push_back(e);
      const schedule::Schedule s = schedule::shifted(own, nranks);
      EXPECT_EQ(s.kind, schedule::Kind::caterpillar);
      Index last = -1;
      for (const auto& step : s.steps) {
        ASSERT_FALSE(step.empty());
        const Index shift = ((step.front().to - step.front().from) % nranks + nranks) % nranks;
        EXPECT_GT(shift, last);
        last = shift;
        for (const model::Edge& e : step) {
          ASSERT_EQ(((e.to - e.from) % nranks + nranks) % nranks, shift);
          ASSERT_NE(e.from, e.to);
          if (++seen[{e.from, e.to}] == 1) by_shift[shift].push_back(e);
        }
      }
    }
    for (const model::Edge& e : edges) {
      if (e.from != e.to) {
        EXPECT_EQ((seen[{e.from, e.to}]), 2) << "pair " << e.from << "->" << e.to;
      }
    }
    schedule::Schedule all;
    all.kind = schedule::Kind::caterpillar;
    for (auto& [shift, step] : by_shift) all.steps.push_back(step);
    const schedule::Verdict v = schedule::validate(edges, all);
    EXPECT_TRUE(v.ok) << v.problem;
  }
}

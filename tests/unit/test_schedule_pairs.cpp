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

TEST(SchedulePairs, EveryKindCarriesTheMergedPairsValidly) {
  std::mt19937_64 rng(99);
  auto u = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const schedule::Kind kinds[] = {schedule::Kind::automatic, schedule::Kind::caterpillar,
                                  schedule::Kind::circulant, schedule::Kind::optimal,
                                  schedule::Kind::async};
  for (int trial = 0; trial < 200; ++trial) {
    const int nranks = u(1, 12);
    std::map<std::pair<int, int>, Index> bytes;
    for (int e = u(0, 40); e > 0; --e) bytes[{u(0, nranks - 1), u(0, nranks - 1)}] += u(1, 1 << 20);
    std::vector<model::Edge> edges;
    for (const auto& [pair, count] : bytes) edges.push_back({pair.first, pair.second, count});
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

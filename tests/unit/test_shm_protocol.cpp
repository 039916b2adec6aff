// SPDX-License-Identifier: BSD-3-Clause
// The MPI-free parts of the shared-memory transport: the link words and
// their epochs across the 32-bit wrap, the pool budget, the first-fit pool
// space, and how routes cut and mark node-local messages (both sides of a
// message must reach the same cut and the same choice).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "layouts.hpp"
#include "plan/plan.hpp"
#include "route/route.hpp"
#include "transport/pool_space.hpp"
#include "transport/shm_protocol.hpp"

using namespace mr2d;
using namespace mr2d::transport;

TEST(ShmProtocol, EpochsCompareAcrossTheWrap) {
  for (std::uint64_t e : {std::uint64_t{1}, std::uint64_t{0xfffffffe}, std::uint64_t{0xffffffff},
                          std::uint64_t{0x100000000}, std::uint64_t{0x1ffffffff}, std::uint64_t{0x12345678900}}) {
    const std::uint64_t w = link_word(e, 7);
    EXPECT_EQ(epoch_order(w, e), 0);
    EXPECT_EQ(epoch_order(w, e + 1), -1) << e;
    EXPECT_EQ(epoch_order(w, e - 1), 1) << e;
    EXPECT_EQ(epoch_order(link_word(e + 1, 0), e), 1) << e;
    EXPECT_EQ(word_chunks(w), 7u);
    EXPECT_FALSE(word_given_up(w));
    const std::uint64_t g = link_word(e, kGivenUp | 5);
    EXPECT_TRUE(word_given_up(g));
    EXPECT_EQ(word_chunks(g), 5u);
    EXPECT_EQ(epoch_order(g, e), 0);
  }
}

TEST(ShmProtocol, PoolFitsTheBudgetAndTheFreeSpace) {
  const Index gib = Index{1} << 30;
  // Plenty of room: the default budget less the links, in pages.
  EXPECT_EQ(affordable_pool(0, 32 * gib, 16, 3072), kDefaultShmBudget - kShmPage);
  EXPECT_EQ(affordable_pool(Index{1} << 20, 32 * gib, 16, 100), (Index{1} << 20) - kShmPage);
  // A 64 MiB /dev/shm and 16 processes: a quarter of the default each, the
  // node at most half of the free space.
  const Index small = affordable_pool(0, Index{64} << 20, 16, 3072);
  EXPECT_EQ(small, (Index{2} << 20) - kShmPage);
  EXPECT_LE(16 * (small + kShmPage), Index{32} << 20);
  // A second union context in the same 64 MiB: the node's processes already
  // hold half of what is not used by others, so none; with a large /dev/shm
  // every context gets the budget.
  EXPECT_EQ(affordable_pool(0, Index{32} << 20, 16, 3072, Index{2} << 20), 0);
  EXPECT_EQ(affordable_pool(0, 32 * gib, 16, 3072, Index{40} << 20), kDefaultShmBudget - kShmPage);
  // Too little: none.
  EXPECT_EQ(affordable_pool(0, Index{1} << 20, 16, 3072), 0);
  EXPECT_EQ(affordable_pool(Index{16} << 10, 32 * gib, 2, 512), 0);
  EXPECT_EQ(affordable_pool(0, 32 * gib, 2, 512) % kShmPage, 0);
}

TEST(ShmProtocol, PoolSpaceFirstFitAndMerging) {
  PoolSpace s;
  s.reset(1024);
  const Index a = s.take(100), b = s.take(200), c = s.take(64);
  EXPECT_EQ(a, 0);
  EXPECT_EQ(b, 128);  // placements in 64-byte granules
  EXPECT_EQ(c, 384);
  EXPECT_EQ(s.take(1024), -1);
  s.give(b, 200);
  EXPECT_EQ(s.take(256), 128);  // the hole, first fit
  s.give(a, 100);
  s.give(c, 64);
  s.give(128, 256);
  EXPECT_EQ(s.free_bytes(), 1024);
  EXPECT_EQ(s.take(1024), 0);  // merged back into one range
}

TEST(ShmProtocol, PoolSpaceResetFromAnOffset) {
  PoolSpace s;
  s.reset(1024, 256);
  EXPECT_EQ(s.free_bytes(), 768);
  EXPECT_EQ(s.take(100), 256);  // nothing below the offset
  EXPECT_EQ(s.take(700), -1);
  s.reset(1024, 1024);
  EXPECT_EQ(s.free_bytes(), 0);
  EXPECT_EQ(PoolSpace::rounded(1), 64);
  EXPECT_EQ(PoolSpace::rounded(128), 128);
}

TEST(ShmProtocol, SmallExecutionsTakeTurnsOverHalfThePool) {
  const Index pool = Index{4} << 20, window = pool / 2, need = 20544;
  // Successive small executions start where the previous one ended and wrap
  // within half the pool, never reaching past it: the same lines come back
  // after kPlacementTurns executions at the earliest.
  Index end = 0;
  std::vector<Index> starts;
  for (int call = 0; call < 1000; ++call) {
    const Index at = placement_start(end, need, pool);
    ASSERT_GE(at, 0);
    ASSERT_LE(at + need, window);
    if (!starts.empty() && at != 0) {
      EXPECT_EQ(at, starts.back() + need);
    }
    starts.push_back(at);
    end = at + need;
  }
  for (std::size_t k = 1; k < starts.size(); ++k)
    for (std::size_t back = 1; back < static_cast<std::size_t>(kPlacementTurns) && back <= k; ++back)
      ASSERT_NE(starts[k], starts[k - back]) << "call " << k;
  // Large executions keep the whole pool, from its start, wherever the last one ended.
  EXPECT_EQ(placement_start(window / 2, window / kPlacementTurns + 64, pool), 0);
  EXPECT_EQ(placement_start(64, pool, pool), 0);
  EXPECT_EQ(placement_start(window / kPlacementTurns, window / kPlacementTurns, pool), window / kPlacementTurns);
  // A cursor past what fits, or an empty execution, starts over.
  EXPECT_EQ(placement_start(window - 64, 128, pool), 0);
  EXPECT_EQ(placement_start(pool, 64, pool), 0);
  EXPECT_EQ(placement_start(1024, 0, pool), 0);
}

TEST(ShmProtocol, PoolSpaceRandomLiveSetsNeverOverlap) {
  std::mt19937_64 rng(77);
  PoolSpace s;
  const Index size = 1 << 16;
  s.reset(size);
  std::vector<std::pair<Index, Index>> live;
  for (int step = 0; step < 20000; ++step) {
    if (!live.empty() && (rng() % 2 == 0 || live.size() > 12)) {
      const std::size_t k = rng() % live.size();
      s.give(live[k].first, live[k].second);
      live.erase(live.begin() + static_cast<long>(k));
      continue;
    }
    const Index bytes = 1 + static_cast<Index>(rng() % 9000);
    const Index at = s.take(bytes);
    if (at < 0) continue;
    ASSERT_LE(at + bytes, size);
    for (const auto& [o, n] : live) ASSERT_TRUE(at + bytes <= o || o + n <= at) << "overlap";
    live.push_back({at, bytes});
  }
  for (const auto& [o, n] : live) s.give(o, n);
  EXPECT_EQ(s.free_bytes(), size);
}

TEST(ShmProtocol, NodeLocalMessagesAgreeOnBothSides) {
  std::mt19937_64 rng(9);
  for (int trial = 0; trial < 200; ++trial) {
    const int nranks = 2 + static_cast<int>(rng() % 5);
    const Index m = 1 + static_cast<Index>(rng() % 60), n = 1 + static_cast<Index>(rng() % 60);
    const model::Problem pb{m, n, test::grid_layout(1, nranks, 1 + static_cast<Index>(rng() % 7), 1 + static_cast<Index>(rng() % 7), m, n),
                            test::grid_layout(nranks, 1, 1 + static_cast<Index>(rng() % 7), 1 + static_cast<Index>(rng() % 7), m, n, 0)};
    const Index group = 1 + static_cast<Index>(rng() % 3);
    const Index pool = std::vector<Index>{64, 256, 4096}[rng() % 3];
    const Index chunk = std::vector<Index>{0, 48, 1000}[rng() % 3];
    std::vector<plan::Plan> plans;
    for (int r = 0; r < nranks; ++r) plans.push_back(plan::make_plan(pb, r, 64, 64));
    auto node_of = [&](int r) {
      route::NodeLocal node;
      node.on_node.assign(static_cast<std::size_t>(nranks), false);
      for (int q = 0; q < nranks; ++q) node.on_node[static_cast<std::size_t>(q)] = q != r && q / group == r / group;
      node.pool_bytes = pool;
      node.chunk_bytes = pool / 4;
      return node;
    };
    for (int r = 0; r < nranks; ++r) {
      for (const route::Message& out : route::make_messages({&plans[static_cast<std::size_t>(r)]}, true, chunk, node_of(r))) {
        const auto theirs = route::make_messages({&plans[static_cast<std::size_t>(out.peer)]}, false, chunk, node_of(out.peer));
        auto in = std::find_if(theirs.begin(), theirs.end(), [&](const route::Message& x) { return x.peer == r; });
        ASSERT_NE(in, theirs.end());
        EXPECT_EQ(in->node_local, out.node_local);
        ASSERT_EQ(in->chunks.size(), out.chunks.size());
        for (std::size_t c = 0; c < out.chunks.size(); ++c) EXPECT_EQ(in->chunks[c].bytes, out.chunks[c].bytes);
        const bool same_node = out.peer / group == r / group;
        Index largest = 0;
        for (const route::Chunk& c : out.chunks) largest = std::max(largest, c.bytes);
        EXPECT_EQ(out.node_local, same_node && largest <= pool);
      }
    }
  }
}

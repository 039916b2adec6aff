// SPDX-License-Identifier: BSD-3-Clause
// The pool of a new union context (transport/pool_sizing.hpp): the budget's
// minimum works exactly, memory caps any budget, and a pool refused names
// what stood in the way.
#include <gtest/gtest.h>

#include <limits>

#include "transport/pool_sizing.hpp"

namespace {

using mr2d::Index;
using namespace mr2d::transport;

constexpr Index kGiB = Index{1} << 30;
constexpr Index kPlenty = std::numeric_limits<Index>::max();

TEST(PoolSizing, ExactlyTheMinimumBudgetWorks) {
  const PoolChoice c = choose_pool({kMinShmPool, 32 * kGiB, kPlenty, 2, 512, 0});
  EXPECT_EQ(c.limit, PoolLimit::none);
  EXPECT_EQ(c.pool, kMinShmPool - kShmPage);
  const PoolChoice below = choose_pool({kMinShmPool - 1, 32 * kGiB, kPlenty, 2, 512, 0});
  EXPECT_EQ(below.pool, 0);
  EXPECT_EQ(below.limit, PoolLimit::budget);
  EXPECT_EQ(below.cap, kMinShmPool - 1);
}

TEST(PoolSizing, MemoryCapsAnyBudget) {
  // MR2D_SHM_BUDGET=10^15 with 64 GiB of memory for 4 processes: a 16th
  // of it over the 4, not half of /dev/shm.
  const PoolChoice c = choose_pool({Index{1000000000000000}, 32 * kGiB, 64 * kGiB, 4, 512, 0});
  EXPECT_EQ(c.limit, PoolLimit::none);
  EXPECT_EQ(c.pool, kGiB - kShmPage);
  EXPECT_LE(4 * (c.pool + kShmPage), 64 * kGiB / kMemoryShare);
}

TEST(PoolSizing, RefusalNamesTheCause) {
  // Plenty of /dev/shm, 1 MiB of memory: memory is the cause.
  const PoolChoice m = choose_pool({0, 32 * kGiB, Index{1} << 20, 2, 512, 0});
  EXPECT_EQ(m.pool, 0);
  EXPECT_EQ(m.limit, PoolLimit::memory);
  EXPECT_EQ(m.cap, (Index{1} << 20) / (kMemoryShare * 2));
  EXPECT_NE(pool_limit_text(m.limit, m.cap, 2).find("memory"), std::string::npos);
  // A full /dev/shm with plenty of memory: /dev/shm is.
  const PoolChoice s = choose_pool({0, Index{100} << 10, 64 * kGiB, 2, 512, 0});
  EXPECT_EQ(s.limit, PoolLimit::shm_space);
  EXPECT_EQ(s.cap, (Index{100} << 10) / 4);
  EXPECT_NE(pool_limit_text(s.limit, s.cap, 2).find("/dev/shm"), std::string::npos);
  // A budget of 4 bytes (what atoll made of "4MiB") is the budget's fault,
  // whatever /dev/shm has.
  const PoolChoice b = choose_pool({4, 32 * kGiB, 64 * kGiB, 2, 512, 0});
  EXPECT_EQ(b.limit, PoolLimit::budget);
  EXPECT_NE(pool_limit_text(b.limit, b.cap, 2).find("budget"), std::string::npos);
  EXPECT_NE(pool_limit_text(b.limit, b.cap, 2).find("65536"), std::string::npos);
}

}  // namespace

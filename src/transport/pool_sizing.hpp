// SPDX-License-Identifier: BSD-3-Clause
// The size of one process's shared-memory pool for a new union context and,
// where it gets none, what stood in the way. Pure, no MPI.
#pragma once

#include <algorithm>
#include <string>

#include "common/index_types.hpp"

namespace mr2d::transport {

/// The default budget of shared memory per process for node-local messages.
constexpr Index kDefaultShmBudget = Index{4} << 20;
/// The smallest budget worth setting up; less and messages travel through MPI.
constexpr Index kMinShmPool = Index{64} << 10;
constexpr Index kShmPage = 4096;
/// The node's processes together put at most this fraction (1/k) of the
/// memory they may still use into the pools of one new union context,
/// whatever the budget says.
constexpr Index kMemoryShare = 16;

/// What one process has to go on.
struct PoolRoom {
  Index request = 0;         ///< the budget asked for (0: the default)
  Index shm_free = 0;        ///< free bytes of /dev/shm
  Index memory = 0;          ///< bytes of memory the process may still take
  Index node_processes = 1;  ///< processes on the real node
  Index header = 0;          ///< bytes of this process's link header
  Index held = 0;            ///< shared memory this process already holds
};

/// What kept the pool below the minimum.
enum class PoolLimit : Index { none = 0, budget, shm_space, memory };

struct PoolChoice {
  Index pool = 0;  ///< bytes, whole pages; 0: none
  PoolLimit limit = PoolLimit::none;
  Index cap = 0;  ///< the bytes the limit allowed
};

/// The pool: the budget, at most a share of half of /dev/shm's free space
/// (over the node's processes, all union contexts: with `held` bytes already
/// held and `free` free, (free + n * held) / 2n in all, so MPI's own segments
/// and other programs keep the other half), at most a 1/kMemoryShare share of
/// the memory, less the header, in whole pages. None where any of them is
/// below kMinShmPool: exactly kMinShmPool works.
inline PoolChoice choose_pool(const PoolRoom& r) {
  const Index want = r.request > 0 ? r.request : kDefaultShmBudget;
  const Index n = std::max<Index>(r.node_processes, 1);
  const Index shm_share = r.shm_free / (2 * n) - r.held / 2;
  const Index memory_share = r.memory / (kMemoryShare * n);
  PoolChoice c;
  if (want < kMinShmPool) return {0, PoolLimit::budget, want};
  if (shm_share < kMinShmPool || memory_share < kMinShmPool)
    return shm_share <= memory_share ? PoolChoice{0, PoolLimit::shm_space, std::max<Index>(shm_share, 0)}
                                     : PoolChoice{0, PoolLimit::memory, memory_share};
  const Index cap = std::min({want, shm_share, memory_share});
  c.pool = (cap - (r.header + kShmPage - 1) / kShmPage * kShmPage) / kShmPage * kShmPage;
  c.cap = cap;
  if (c.pool <= 0) return {0, PoolLimit::budget, cap};
  return c;
}

/// Why a process gets no pool, in words, with the numbers.
inline std::string pool_limit_text(PoolLimit limit, Index cap, Index node_processes) {
  const std::string min = std::to_string(kMinShmPool);
  switch (limit) {
    case PoolLimit::budget:
      if (cap >= kMinShmPool)
        return "the budget (shm_budget, MR2D_SHM_BUDGET) of " + std::to_string(cap) +
               " bytes leaves no room beside the links to " + std::to_string(node_processes) + " node processes";
      return "the budget (shm_budget, MR2D_SHM_BUDGET) is " + std::to_string(cap) + " bytes, below the minimum of " +
             min;
    case PoolLimit::shm_space:
      return "/dev/shm leaves " + std::to_string(cap) + " bytes per process (half its free space over " +
             std::to_string(node_processes) + " processes on the node), below the minimum of " + min;
    case PoolLimit::memory:
      return "the memory the node's processes may still use leaves " + std::to_string(cap) + " bytes per process (1/" +
             std::to_string(kMemoryShare) + " over " + std::to_string(node_processes) +
             " processes), below the minimum of " + min;
    case PoolLimit::none:
      break;
  }
  return "no limit";
}

}  // namespace mr2d::transport

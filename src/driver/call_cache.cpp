// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The cache of executions; see call_cache.hpp.
#include "driver/call_cache.hpp"

#include <cstring>

#include "driver/agreement.hpp"
#include "driver/comm_cache.hpp"
#include "driver/stats.hpp"

namespace mr2d::driver {

CallCache& call_cache(MPI_Comm comm) { return comm_cache<Execution>(comm); }

Status vote(CallCache& cache, MPI_Comm comm, const CallCache::Key& key, const char* routine,
            std::shared_ptr<const Execution>& cached) {
  // A grid of A or B exited (and perhaps rebuilt under the same handle) makes
  // its entries useless; every process drops them before the vote.
  cache.erase_if([](const Execution& e) { return !grids_alive(e.grids); });
  const std::uint64_t mine = cache.candidates(key);
  std::int64_t word = 0, common_word = 0;
  std::memcpy(&word, &mine, sizeof word);
  Status s = agree_reduce(comm, &word, &common_word, 1, MPI_BAND, routine);
  if (!s.ok()) return s;
  std::uint64_t common = 0;
  std::memcpy(&common, &common_word, sizeof common);
  cached = cache.take(key, common);
  if (cached) {
    mr2d_stats reused{};
    reused.plans_reused = 1;
    add_stats(reused);
  }
  return {};
}

}  // namespace mr2d::driver

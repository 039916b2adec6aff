// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Repeated calls reuse their execution when every process holds it:
// one agreed vote of cache generations replaces the exchange of reports and
// the planning. One cache of executions per union communicator, whatever
// kind of call planned them.
#pragma once

#include <mpi.h>

#include <memory>
#include <utility>

#include "common/status.hpp"
#include "driver/execution.hpp"
#include "plan/plan_cache.hpp"

namespace mr2d::driver {

using CallCache = plan::PlanCache<Execution>;

/// The cache of executions on `comm`, made on first use.
CallCache& call_cache(MPI_Comm comm);

/// The vote: the execution cached under `key` on every process of `comm`
/// (counted as reused), or null. Collective over `comm`.
Status vote(CallCache& cache, MPI_Comm comm, const CallCache::Key& key, const char* routine,
            std::shared_ptr<const Execution>& cached);

/// Runs a call whose local stage is done: the execution cached under `key`
/// on every process of `comm`, else the one `plan(Execution&)` builds
/// (collective; then cached), with `operands`. A failed planning counts the
/// call (`trapezoidal`). Errors name `routine`.
template <class Plan>
Status run_cached(MPI_Comm comm, CallCache::Key key, const char* routine, bool trapezoidal, Plan&& plan,
                  const Operands& operands) {
  CallCache& cache = call_cache(comm);
  std::shared_ptr<const Execution> cached;
  Status s = vote(cache, comm, key, routine, cached);
  if (!s.ok()) return s;
  if (cached) return execute(*cached, operands, routine, false);
  auto fresh = std::make_shared<Execution>();
  const std::int64_t generation = cache.next_generation();
  s = plan(*fresh);
  if (!s.ok()) {
    count_call(trapezoidal);
    return s;
  }
  cache.insert(std::move(key), fresh, generation);
  return execute(*fresh, operands, routine, false);
}

}  // namespace mr2d::driver

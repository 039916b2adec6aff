// SPDX-License-Identifier: BSD-3-Clause
// Contention-free schedules: the communicating pairs of a redistribution
// split into steps in which every process sends at most one message and
// receives at most one (Evers
// (2025) chapter 4). Pure, no MPI: every process computes
// the same schedule from the agreed problem, and tests simulate any size.
#pragma once

#include <string>
#include <vector>

#include "common/index_types.hpp"
#include "problem/problem.hpp"
#include "cost/cost_model.hpp"

namespace mr2d::schedule {

/// Values equal mr2d_schedule in mr2d.h (api/public_enums.hpp ties them).
enum class Kind { automatic = 0, caterpillar = 1, circulant = 2, optimal = 3, async = 4 };

const char* name_of(Kind kind);
/// Parses a schedule name; false if unknown.
bool parse(const std::string& name, Kind& kind);

/// Steps of messages between different processes (self copies are not
/// scheduled: a process copies its own part while it waits).
struct Schedule {
  Kind kind = Kind::async;                      ///< what was built (never automatic)
  std::vector<std::vector<model::Edge>> steps;  ///< empty for async
  std::string note;                             ///< why a requested schedule fell back, if it did
};

/// The most distinct peers any process has on one side (König: the fewest
/// steps a contention-free schedule can have).
Index lower_bound(const std::vector<model::Edge>& edges);

/// ScaLAPACK's caterpillar order, empty iterations dropped.
Schedule caterpillar(const model::Problem& problem, const std::vector<model::Edge>& edges);

/// One process's own pairs (`edges`, each with it at one end) in steps by
/// the shift (to - from) mod `nranks`, ascending: the caterpillar order over
/// union ranks. Every step of all processes together is a permutation (from
/// sends to from + s), so it is contention-free although each process knows
/// only its own pairs; its work is that of its own pairs.
Schedule shifted(const std::vector<model::Edge>& edges, int nranks);

/// Bipartite edge colouring by alternating paths: exactly lower_bound steps,
/// larger messages coloured first so that similar sizes share steps
/// (Evers (2025) section 4.2.5). Falls back to the caterpillar when the colour tables
/// would be too large (note says so).
Schedule colouring(const model::Problem& problem, const std::vector<model::Edge>& edges);

/// Fewest steps: the caterpillar when it already reaches the bound
/// (all-to-all), the product of 1D schedules when it does, else colouring.
Schedule optimal(const model::Problem& problem, const std::vector<model::Edge>& edges);

/// Product of per-dimension schedules, closed-form generalized circulant for
/// cyclic(x) <-> cyclic(kx) dimensions (Evers (2025) section 4.2.6). Falls back to
/// optimal when a dimension has no closed form or the product misses the bound.
Schedule circulant(const model::Problem& problem, const std::vector<model::Edge>& edges);

/// Cost-model time of a schedule: per step a latency plus the largest message;
/// for async, the slowest process's messages and bytes. With the model's
/// network enabled, its contention model (model/network.hpp) instead.
double predicted_seconds(const Schedule& s, const std::vector<model::Edge>& edges, Index elem_size,
                         const model::CostModel& model);

/// Builds the schedule of `kind`; automatic picks the cheapest of async and
/// optimal under the cost model (ties go to async); graphs of more than 200000
/// pairs go async directly.
Schedule make(Kind kind, const model::Problem& problem, const std::vector<model::Edge>& edges,
              const model::CostModel& model = {});

/// A schedule of pairs gathered from several problems (a batch: edge counts
/// in bytes, problems on any grids): async, or the bipartite colouring of the
/// pairs, which caterpillar, circulant and optimal fall back to (they need one
/// problem's grids); automatic picks as make does.
Schedule make_for_pairs(Kind kind, const std::vector<model::Edge>& edges, int nranks,
                        const model::CostModel& model = {});

/// Result of checking a schedule against the pairs it must carry.
struct Verdict {
  bool ok = true;
  std::string problem;  ///< first violation found
  Index steps = 0;
  Index lower_bound = 0;
};

/// Every non-self pair exactly once, with its volume; no other pair; in each
/// step every process sends at most once and receives at most once.
Verdict validate(const std::vector<model::Edge>& edges, const Schedule& schedule);

}  // namespace mr2d::schedule

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The last stage of planning every execution: once its parts hold
// their plans and pieces, each pass gets a schedule and this process's route
// (stages, chunks, buffers, the schedule's steps, bound and price), and the
// execution its kernel choice. Direct calls, grid-layout calls and batches
// all end here.
#pragma once

#include <vector>

#include "driver/execution.hpp"
#include "driver/options.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"

namespace mr2d::driver {

/// What one pass's schedule is made for: a block-cyclic problem (its own
/// communicating pairs, in elements), or bytes between pairs of processes.
struct PassPairs {
  const model::Problem* problem = nullptr;
  std::vector<model::Edge> bytes;  ///< without a problem
  int nranks = 0;                  ///< processes the pairs name (without a problem)
  bool transposed = false;         ///< some part transposes (chunk sizes)
  /// `bytes` holds this process's own pairs only (too many pairs to gather):
  /// a stepped schedule is then the shift order of them (schedule::shifted).
  bool own = false;
};

/// Routes every pass of `e` (`passes`, one each) under `options`; `align`:
/// the byte alignment of sections (route::make_route). Decides the
/// execution's kernels: streaming, and each route's kept-part copies
/// (route::kept_copies). Local: every process derives the same schedules.
void route_execution(Execution& e, const Resolved& options, const std::vector<PassPairs>& passes, Index align);

}  // namespace mr2d::driver

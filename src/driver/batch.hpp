// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Batched redistribution: prepared calls over one union context moved
// together along one route, so that each pair of processes exchanges one
// message holding every part's data for that pair. The parts keep their own
// types, layouts, grids and updates; only the messages are shared.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "driver/layout_call.hpp"
#include "driver/redistribute.hpp"
#include "common/status.hpp"
#include "mr2d/mr2d.h"
#include "plan/plan.hpp"
#include "route/route.hpp"

namespace mr2d::driver {

/// One matrix of a batch: its plan (always one pass) and what lands in B.
struct BatchPart {
  bool empty = false;  ///< M or N is 0: moves nothing
  bool trapezoidal = false;
  bool transform = false;
  int type = -1;  ///< mr2d_type of a transform
  char op = 'N';
  bool cdc = false;  ///< its run tables are in complete-dimension form
  plan::Plan plan;
  Footprint arrays;  ///< for the checks of the arrays given at execution
  /// A grid-layout part: its tile plans and blocks (`plan` and `arrays` unused).
  std::shared_ptr<const LayoutPrepared> layout;
};

struct Batch {
  std::shared_ptr<transport::Channel> channel;
  std::uint64_t serial = 0;  ///< the same on every process, like a prepared call's
  bool node_local = true;
  GridFlags grids;
  std::vector<BatchPart> parts;  ///< in the caller's order
  route::Route route;            ///< the messages of the non-empty parts, in order
};

/// Builds a batch from prepared calls (not yet executed plans of any kind
/// over one union context) with `options` (null: the process-wide ones) for
/// the schedule, chunks and transport. Parts planned through an intermediate
/// matrix are planned again in one pass. `layouts[k]`, where set, makes part
/// k a grid-layout call (parts[k] is then its `call`). Collective over the
/// union: every process must pass the corresponding parts in the same order.
/// `out_null`: the caller has nowhere to put the batch (an error, agreed
/// like the others).
Status make_batch(const char* routine, const std::vector<const Prepared*>& parts,
                  const std::vector<std::shared_ptr<const LayoutPrepared>>& layouts, const mr2d_options* options,
                  bool out_null, Batch& out);

/// Executes a batch: part k moves a[k] into b[k]; alpha and beta (null, or
/// null entries: 1 and 0) apply to transform parts. Collective over the union.
/// Errors name `routine`.
Status execute_batch(const char* routine, const Batch& batch, const void* const* a, void* const* b,
                     const void* const* alpha, const void* const* beta);

/// The summary mr2d_plan_query returns for the plans of one route (a batch's
/// parts, or a grid-layout call's tiles).
mr2d_plan_info describe_route(const route::Route& route, const std::vector<const plan::Plan*>& plans, bool cdc,
                              bool node_local, const transport::Channel* channel);

/// The summary mr2d_plan_query returns for a batch.
mr2d_plan_info describe_batch(const Batch& batch);

}  // namespace mr2d::driver

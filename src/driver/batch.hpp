// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Batched redistribution: planned executions over one union context
// joined into one execution with one route, so that each pair of processes
// exchanges one message holding every part's data for that pair. The parts
// keep their own types, layouts, grids and updates; only the messages are
// shared.
#pragma once

#include <vector>

#include "common/status.hpp"
#include "driver/execution.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::driver {

/// What this process checks alone of mr2d_plan_create_batch's list of
/// parts before reading it: at least one (`count`), and not NULL.
Status check_part_list(const char* routine, int count, bool parts_null);

/// Joins executions of one part each (plans of any kind over one union
/// context, not batches: null entries are refused) into the batch `out`,
/// with `options` (null: the process-wide ones) for the schedule, chunks and
/// transport. Parts planned through an intermediate matrix are planned again
/// in one pass. Collective over the union: every process must pass the
/// corresponding parts in the same order. `out_null`: the caller has nowhere
/// to put the batch (an error, agreed like the others).
Status plan_batch(const char* routine, const std::vector<const Execution*>& parts, const mr2d_options* options,
                  bool out_null, Execution& out);

}  // namespace mr2d::driver

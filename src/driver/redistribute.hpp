// SPDX-License-Identifier: BSD-3-Clause
// (MPI) One redistribution call from argument checking to the last byte:
// validate locally -> exchange reports -> agree -> plan -> execute. Every
// entry point (ScaLAPACK names, prefixed API) ends here.
#pragma once

#include <mpi.h>

#include <utility>

#include "driver/call_spec.hpp"
#include "driver/execution.hpp"
#include "driver/options.hpp"
#include "driver/outcome.hpp"
#include "common/status.hpp"
#include "check/call.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/mr2d_comm.h"
#include "transport/channel.hpp"

namespace mr2d::driver {

/// What one process learns without talking to the others.
struct LocalStage {
  check::Call call;
  Resolved options;
  check::Report report{};
  MPI_Comm comm = MPI_COMM_NULL;  ///< the union communicator (BLACS's or the caller's): collectives
  std::shared_ptr<transport::Channel> channel;
  Index lda = 0, ldb = 0;
};

/// The call as the checks see it (grids not yet located).
check::Call local_call_of(const CallSpec& args);

/// The local stage of a call: grids, local checks, this process's report.
/// An error here is this process's alone (no exchange can follow).
Status stage_local(const CallSpec& args, LocalStage& st);

/// The one collective exchange of reports and the global checks: fills the
/// execution's channel, serial, transport and grids, and its one part's
/// problem and footprint (not its plans).
Status agree_stage(const CallSpec& args, const LocalStage& st, Execution& out);

/// Checks a block-cyclic call collectively and plans it into `out` (one
/// part). Collective over the union. On error `out` is unusable and the
/// status is the same everywhere.
Status plan_call(const CallSpec& args, Execution& out);

/// The block-cyclic pipeline of a direct call (dispatch.hpp calls it):
/// local checks, the cache vote, agreement, plan and execution.
Status run_block_cyclic(const CallSpec& args);

/// The call as the checks see it, for a process that holds no grid (PBLAS
/// names check A's context first).
Status outside_pblas_grid(const CallSpec& args);

}  // namespace mr2d::driver

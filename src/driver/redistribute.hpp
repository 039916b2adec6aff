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
#include "common/status.hpp"
#include "check/call.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/mr2d_comm.h"
#include "transport/channel.hpp"

namespace mr2d::driver {

/// What one process learns without talking to the others.
struct LocalStage {
  check::LocalCall call;
  Resolved options;
  check::Report report{};
  MPI_Comm comm = MPI_COMM_NULL;  ///< the union communicator (BLACS's or the caller's): collectives
  std::shared_ptr<transport::Channel> channel;
  Index lda = 0, ldb = 0;
};

/// The call as the checks see it (grids not yet located).
check::LocalCall local_call_of(const CallSpec& args);

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

/// Records `status` as the last error, prints it if asked, returns its code.
int finish(const char* routine, bool print_errors, Status status) noexcept;

/// The status for the exception being handled (call inside a catch block).
Status internal_failure(const char* routine) noexcept;

/// Runs `body` (returning Status), turning exceptions into statuses; never throws.
template <class F>
Status caught(const char* routine, F&& body) noexcept {
  try {
    return body();
  } catch (...) {
    return internal_failure(routine);
  }
}

/// caught(), then finish().
template <class F>
int guarded(const char* routine, bool print_errors, F&& body) noexcept {
  return finish(routine, print_errors, caught(routine, std::forward<F>(body)));
}

/// Performs the call. On error no process writes to B, every process returns
/// the same code, and each prints the message on stderr (unless quiet) and
/// keeps it for mr2d_last_error(); a drop-in name then stops the job
/// (on_error.hpp). Never throws.
int redistribute(const CallSpec& args, bool print_errors) noexcept;

/// Records the message returned by mr2d_last_error() on this thread.
void set_last_error(const std::string& message);

/// The last error message on this thread ("" after a success).
const char* last_error();

}  // namespace mr2d::driver

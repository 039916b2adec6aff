// SPDX-License-Identifier: BSD-3-Clause
// (MPI) One redistribution call from argument checking to the last byte:
// validate locally -> exchange reports -> agree -> plan -> execute. Every
// entry point (ScaLAPACK names, prefixed API) ends here.
#pragma once

#include <mpi.h>

#include <utility>

#include "driver/execution.hpp"
#include "driver/options.hpp"
#include "common/status.hpp"
#include "check/call.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/mr2d_comm.h"
#include "transport/channel.hpp"

namespace mr2d::driver {

/// Where the union of processes comes from: a BLACS context (grids from the
/// descriptors' CTXT_), MPI_COMM_WORLD (ScaLAPACK's p?gemr2do), or a
/// communicator with described grids (mr2d_comm.h).
enum class Union { context, world, comm };

/// A ScaLAPACK or PBLAS name of the drop-in library: on error it stops the
/// job as they do (on_error.hpp), unless MR2D_ON_ERROR=return.
enum class DropIn { none, scalapack, pblas };

/// Arguments exactly as a ScaLAPACK entry receives them (1-based, mr2d_int).
struct Arguments {
  const char* routine;
  bool trapezoidal;
  const char* uplo;  ///< only [0] is read; null for gemr2d
  const char* diag;
  check::Letters letters;
  mr2d_int m, n;
  const void* a;
  mr2d_int ia, ja;
  const mr2d_int* desca;
  void* b;
  mr2d_int ib, jb;
  const mr2d_int* descb;
  mr2d_int ictxt;  ///< ignored for Union::world and Union::comm
  Union scope;
  Index elem_size;
  const mr2d_options* options = nullptr;  ///< null: the process-wide options
  bool strided = false;                   ///< mr2d_gemr2d_strided
  mr2d_int sa = 1, ta = 1, sb = 1, tb = 1;
  /// Transforms B := alpha * op(A) + beta * B (entry transform or a PBLAS one).
  check::Entry entry = check::Entry::redistribute;
  char op = 'N';
  int type = -1;          ///< mr2d_type of the elements (arithmetic of a transform)
  int type_position = 0;  ///< of the type argument; 0: the routine's name fixes it
  DropIn dropin = DropIn::none;
  bool plan_out_null = false;    ///< plan creation with nowhere to put the plan
  bool deferred_arrays = false;  ///< plan creation: A and B come at execution
  const void* alpha = nullptr;   ///< null: 1
  const void* beta = nullptr;    ///< null: 0
  /// PBLAS names: a fault found in a descriptor before the checks (reported
  /// with theirs), and whether DESCA / DESCB were PBLAS's type 2 descriptors (IMB_, INB_).
  check::Fault fault = {};
  bool inb_a = false, inb_b = false;
  /// Union::comm: the union and the grids of A and B within it.
  MPI_Comm comm = MPI_COMM_NULL;
  const mr2d_grid* grida = nullptr;
  const mr2d_grid* gridb = nullptr;
  /// A grid-layout side (mr2d_layout.h): a stand-in 1 x 1 grid on union
  /// rank 0 takes its place in the descriptor checks.
  bool solo_a = false, solo_b = false;
  bool layout_names = false;  ///< messages name the sides MA and MB
};

/// What one process learns without talking to the others.
struct LocalStage {
  check::LocalCall call;
  Resolved options;
  check::Report report{};
  MPI_Comm comm = MPI_COMM_NULL;  ///< the union communicator (BLACS's or the caller's): collectives
  std::shared_ptr<transport::Channel> channel;
  Index lda = 0, ldb = 0;
};

/// The local stage of a call: grids, local checks, this process's report.
/// An error here is this process's alone (no exchange can follow).
Status stage_local(const Arguments& args, LocalStage& st);

/// The one collective exchange of reports and the global checks: fills the
/// execution's channel, serial, transport and grids, and its one part's
/// problem and footprint (not its plans).
Status agree_stage(const Arguments& args, const LocalStage& st, Execution& out);

/// Checks a block-cyclic call collectively and plans it into `out` (one
/// part). Collective over the union. On error `out` is unusable and the
/// status is the same everywhere.
Status plan_call(const Arguments& args, Execution& out);

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
int redistribute(const Arguments& args, bool print_errors) noexcept;

/// Records the message returned by mr2d_last_error() on this thread.
void set_last_error(const std::string& message);

/// The last error message on this thread ("" after a success).
const char* last_error();

}  // namespace mr2d::driver

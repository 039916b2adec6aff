// SPDX-License-Identifier: BSD-3-Clause
// (MPI) What the drop-in's ScaLAPACK and PBLAS names do after an error: stop
// the job as ScaLAPACK and PBLAS do (their routines have no status to
// return), unless MR2D_ON_ERROR=return asks to print and return instead.
#pragma once

#include "common/status.hpp"
#include "driver/call_spec.hpp"

namespace mr2d::driver {

/// False when MR2D_ON_ERROR is "return"; true when it is unset or "abort".
/// Read once.
bool stop_on_errors();

/// Whether `status` of a drop-in call is reported through PBLAS's PB_Cabort
/// alone (a PBLAS name's argument error, MR2D_ON_ERROR unset or abort, and a
/// PB_Cabort to call): then mr2d prints nothing, as PBLAS, whose PB_Cabort
/// (or the program's own) decides what is printed.
bool reports_through_pb_cabort(const CallSpec& args, const Status& status);

/// After `status` (an error, already printed unless PB_Cabort reports it) of a drop-in call: unless
/// MR2D_ON_ERROR=return, a PBLAS name reports an argument error through
/// PB_Cabort(ictxt, routine, info) with PBLAS's code (-(100 * argument +
/// entry in PBLAS's descriptor numbering), or -argument), which stops the job unless the program defines its
/// own PB_Cabort (PBLAS's testers do) and that returns; every other error
/// calls MPI_Abort.
void stop_on_error(const CallSpec& args, const Status& status);

}  // namespace mr2d::driver

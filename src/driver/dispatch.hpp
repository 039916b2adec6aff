// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The one entry of every direct call: it picks the call's door (N-D
// arrays, nd_call.hpp; grid layouts, layout_call.hpp; block-cyclic
// descriptors, block_cyclic.hpp), which the front runs (redistribute.hpp),
// and a drop-in name's error then stops the job as ScaLAPACK's would
// (on_error.hpp).
#pragma once

#include "driver/call_spec.hpp"

namespace mr2d::driver {

/// Performs the call. On error no process writes to B, every process returns
/// the same code, and each prints the message on stderr (unless quiet) and
/// keeps it for mr2d_last_error(); a drop-in name then stops the job
/// (on_error.hpp). Never throws.
int redistribute(const CallSpec& args, bool print_errors) noexcept;

}  // namespace mr2d::driver

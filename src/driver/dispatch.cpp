// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Direct calls dispatched; see dispatch.hpp.
#include "driver/dispatch.hpp"

#include "check/call.hpp"
#include "grid/blacs.hpp"
#include "driver/block_cyclic.hpp"
#include "driver/layout_call.hpp"
#include "driver/nd_call.hpp"
#include "driver/on_error.hpp"
#include "driver/outcome.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::driver {

int redistribute(const CallSpec& args, bool print_errors) noexcept {
  Status status = caught(args.routine, [&]() -> Status {
    if (args.nd) return nd_direct(args);
    if (args.layout) return layout_direct(args);
    // PBLAS checks A's context first: a process outside its grid has none.
    if (check::is_pblas(args.entry) && !grid::grid_info(args.ictxt).member()) return outside_pblas_grid(args);
    return block_cyclic_direct(args);
  });
  const int code = finish(args.routine, print_errors && !reports_through_pb_cabort(args, status), status);
  if (code != MR2D_SUCCESS && args.dropin != DropIn::none) stop_on_error(args, status);
  return code;
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The grid sources of a call; see grid_source.hpp.
#include "driver/grid_source.hpp"

#include <array>
#include <string>

#include "check/validate.hpp"
#include "grid/blacs.hpp"
#include "grid/described.hpp"
#include "check/reasons.hpp"

namespace mr2d::driver {

namespace {

// A descriptor side's grid is its CTXT_'s; a grid-layout side is in none.
check::GridInfo context_side(check::SideKind kind, const std::array<Index, check::DESC_LEN>& desc) {
  return kind == check::SideKind::descriptor ? grid::grid_info(desc[check::CTXT]) : check::GridInfo{};
}

Status locate_contexts(const CallSpec& args, check::Call& call, MPI_Comm& union_comm) {
  union_comm = MPI_COMM_WORLD;
  if (args.scope == Union::context) {
    if (!grid::grid_info(args.ictxt).member()) {
      check::Report r{};
      r.error = Fault::of(MR2D_ERR_CONTEXT, Reason::not_in_union).named(check::arg_position(call, "ICTXT"));
      return check::own_error(call, r, grid::world_rank());
    }
    union_comm = grid::context_comm(args.ictxt);
  }
  call.found.grid_a = context_side(call.found.kind_a, call.found.desca);
  call.found.grid_b = context_side(call.found.kind_b, call.found.descb);
  return {};
}

// A member of a matrix's grid needs its descriptor.
void need_descriptor(const check::Call& call, const check::GridInfo& grid, const mr2d_int* d, const char* name,
                     Fault& fault) {
  if (grid.member() && d == nullptr && fault.ok())
    fault = Fault::of(MR2D_ERR_ARGUMENT, Reason::null_pointer).named(check::arg_position(call, name));
}

// A grid-layout side is in no grid; a grid-layout call's descriptor side
// given with neither descriptor nor grid: this process is outside that grid
// (the others describe it).
check::GridInfo described_side(const CallSpec& args, check::SideKind kind, const Side& side, const char* name,
                               check::Call& call) {
  if (kind == check::SideKind::grid_layout || (args.layout && side.grid == nullptr && side.desc == nullptr)) return {};
  return grid::described_grid_info(side.grid, args.comm, check::arg_position(call, name), call.fault);
}

Status locate_described(const CallSpec& args, check::Call& call, MPI_Comm& union_comm) {
  call.found.described = true;
  int inter = 0;
  if (args.comm == MPI_COMM_NULL || MPI_Comm_test_inter(args.comm, &inter) != MPI_SUCCESS || inter)
    return argument_failure(MR2D_ERR_ARGUMENT, args.routine, 1, "COMM", "is MPI_COMM_NULL or not an intracommunicator");
  union_comm = args.comm;
  call.found.grid_a = described_side(args, call.found.kind_a, args.a, "GRIDA", call);
  call.found.grid_b = described_side(args, call.found.kind_b, args.b, "GRIDB", call);
  need_descriptor(call, call.found.grid_a, args.a.desc, "DESCA", call.fault);
  need_descriptor(call, call.found.grid_b, args.b.desc, "DESCB", call.fault);
  return {};
}

}  // namespace

Status locate_grids(const CallSpec& args, check::Call& call, MPI_Comm& union_comm) {
  return args.scope == Union::comm ? locate_described(args, call, union_comm) : locate_contexts(args, call, union_comm);
}

std::vector<MPI_Comm> grid_lifetimes(const CallSpec& args, const check::Call& call) {
  std::vector<MPI_Comm> comms;
  if (args.scope == Union::comm) {
    // Both grids live inside the communicator, and so does the union.
    comms.push_back(args.comm);
    return comms;
  }
  if (call.found.grid_a.member()) comms.push_back(grid::context_comm(call.found.desca[check::CTXT]));
  if (call.found.grid_b.member()) comms.push_back(grid::context_comm(call.found.descb[check::CTXT]));
  // A grid-layout side lives in the union.
  if (call.found.kind_a == check::SideKind::grid_layout || call.found.kind_b == check::SideKind::grid_layout)
    comms.push_back(grid::context_comm(args.ictxt));
  return comms;
}

}  // namespace mr2d::driver

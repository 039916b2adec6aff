// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Block-cyclic calls; see block_cyclic.hpp.
#include "driver/block_cyclic.hpp"

#include <mpi.h>

#include <algorithm>
#include <vector>

#include "check/validate.hpp"
#include "driver/planner.hpp"
#include "driver/public_enums.hpp"
#include "driver/redistribute.hpp"
#include "grid/blacs.hpp"
#include "index/cyclic_1d.hpp"
#include "plan/indexing.hpp"
#include "plan/phases.hpp"
#include "plan/plan.hpp"
#include "check/reasons.hpp"

namespace mr2d::driver {

namespace {

// The one collective exchange, the global checks and this process's plan.
Status stage_global(const CallSpec& args, const LocalStage& st, Execution& out) {
  Status agreed = agree_stage(args, st, out);
  if (!agreed.ok()) return agreed;
  Part& part = out.parts.front();
  mark_call(args, part);
  int rank = 0;
  MPI_Comm_rank(st.comm, &rank);
  // A transform updates B in one pass: an intermediate matrix would apply it twice.
  const plan::Phases via = part.problem.transposed || args.entry != check::Entry::redistribute ? plan::Phases::one
                           : st.options.phases == plan::Phases::automatic ? plan::choose_phases(part.problem, {})
                                                                          : st.options.phases;
  part.phases = to_public(via);
  part.passes = plan::passes_for(part.problem, via);
  const std::size_t passes = part.passes.size();
  // The intermediate matrix (two passes) lives on B's grid: its local leading
  // dimension is its local row count.
  Index ld_middle = 1;
  if (passes > 1) {
    const model::MatrixLayout& mid = part.passes[0].b;
    const plan::GridCoord c = plan::coord_of(mid, rank);
    if (c.member()) {
      const Index rows = index::numroc(mid.rows, mid.mb, c.row, mid.rsrc, mid.nprow);
      ld_middle = std::max<Index>(rows, 1);
      part.middle_elems = rows * index::numroc(mid.cols, mid.nb, c.col, mid.csrc, mid.npcol);
    }
  }
  std::vector<PassPairs> pairs(passes);
  for (std::size_t k = 0; k < passes; ++k) {
    const Index lda = k == 0 ? st.lda : ld_middle;
    const Index ldb = k + 1 == passes ? st.ldb : ld_middle;
    part.plans.push_back(plan::make_plan(part.passes[k], rank, lda, ldb));
    part.cdc = plan::apply_indexing(part.plans.back(), st.options.indexing) || part.cdc;
    const auto at = static_cast<std::int32_t>(k);
    part.pieces.push_back({at, at, k == 0 ? kCallArray : kMiddle, k + 1 == passes ? kCallArray : kMiddle});
    // Every process derives the same schedule from the agreed problem.
    pairs[k].problem = &part.passes[k];
  }
  route_execution(out, st.options, pairs, 0);
  return {};
}

// The door (redistribute.hpp): the common local stage is all of its own.
struct BlockCyclicDoor {
  static constexpr std::int64_t kKey = 1;
  LocalStage st;
  bool empty(const CallSpec& args) const { return args.m == 0 || args.n == 0; }
  Status local(const CallSpec& args) { return stage_local(args, st); }
  const LocalStage& stage() const { return st; }
  void add_key(CallCache::Key&) const {}
  Status plan(const CallSpec& args, Execution& out) const { return stage_global(args, st, out); }
};

}  // namespace

Status block_cyclic_direct(const CallSpec& args) {
  BlockCyclicDoor door;
  return run_direct(door, args);
}

Status plan_block_cyclic(const CallSpec& args, Execution& out) {
  BlockCyclicDoor door;
  return plan_through(door, args, out);
}

Status outside_pblas_grid(const CallSpec& args) {
  const check::Call call = local_call_of(args);
  check::Report r{};
  r.error = Fault::of(MR2D_ERR_CONTEXT, Reason::not_a_grid, args.ictxt)
                .named(check::arg_position(call, "DESCA"), check::CTXT + 1);
  return check::own_error(call, r, grid::world_rank());
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Routes and kernel choice of an execution; see planner.hpp.
#include "driver/planner.hpp"

#include <utility>

#include "driver/network_option.hpp"
#include "kernels/streamed_stores.hpp"
#include "route/kept_copy.hpp"
#include "schedule/schedule.hpp"
#include "transport/exchange.hpp"

namespace mr2d::driver {

namespace {

// A pass's schedule: of its problem, of its pairs, or of this process's own
// pairs (all at once under async, else in the shift order).
schedule::Schedule schedule_of(const PassPairs& pass, schedule::Kind kind, const std::vector<model::Edge>& edges,
                               const model::CostModel& costs) {
  if (pass.problem != nullptr) return schedule::make(kind, *pass.problem, edges, costs);
  if (!pass.own) return schedule::make_for_pairs(kind, edges, pass.nranks, costs);
  return kind == schedule::Kind::async ? schedule::Schedule{} : schedule::shifted(edges, pass.nranks);
}

}  // namespace

void route_execution(Execution& e, const Resolved& options, const std::vector<PassPairs>& passes, Index align) {
  e.routes.clear();
  e.routes.reserve(passes.size());
  for (std::size_t k = 0; k < passes.size(); ++k) {
    const PassPairs& pass = passes[k];
    model::CostModel costs = cost_model();
    costs.chunk_bytes = chunk_bytes_for(options, pass.problem != nullptr ? pass.problem->transposed : pass.transposed);
    const std::vector<model::Edge> edges = pass.problem != nullptr ? model::all_edges(*pass.problem) : pass.bytes;
    const schedule::Schedule sched = schedule_of(pass, options.schedule, edges, costs);
    const std::vector<const plan::Plan*> plans = pass_plans(e, static_cast<int>(k));
    route::Route r = route::make_route(plans, sched, costs.chunk_bytes,
                                       transport::node_routing(*e.channel, e.node_local, costs.chunk_bytes), align);
    r.kept = route::kept_copies(plans);
    r.steps_lower_bound = schedule::lower_bound(edges);
    const bool moves = pass.problem != nullptr ? r.steps_lower_bound > 0 : !edges.empty();
    r.steps = sched.kind == schedule::Kind::async ? (moves ? 1 : 0) : static_cast<Index>(sched.steps.size());
    r.predicted_seconds =
        schedule::predicted_seconds(sched, edges, pass.problem != nullptr ? pass.problem->elem_size : 1, costs);
    e.routes.push_back(std::move(r));
  }
  e.pieces = 0;
  for (const Part& part : e.parts) e.pieces += part.pieces.size();
  // The pass into B decides: one into the intermediate matrix is read again at once.
  e.stream = kernels::streaming_pays(bytes_into_b(e));
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// `mr2d plan`; see plan_command.hpp.
#include "cli/plan_command.hpp"

#include "cli/grid_sides.hpp"
#include "cli/nd_report.hpp"
#include "cli/nd_sides.hpp"
#include "cli/nd_slice.hpp"
#include "cli/plan_size.hpp"
#include "cli/relabel_report.hpp"
#include "cli/report.hpp"
#include "cost/cost_model.hpp"
#include "cost/network.hpp"
#include "schedule/schedule.hpp"

namespace mr2d::cli {

const std::vector<std::string>& plan_valued_options() {
  static const std::vector<std::string> names{"--m",     "--n",    "--a",    "--b",        "--a-src",     "--b-src",
                                              "--ia",    "--ja",   "--ib",   "--jb",       "--b-first",   "--type",
                                              "--uplo",  "--diag", "--draw", "--schedule", "--op",        "--network",
                                              "--chunk", "--nd-a", "--nd-b", "--perm",     "--draw-slice"};
  return names;
}

const std::vector<std::string>& plan_flags() {
  static const std::vector<std::string> names{"--json", "--relabel"};
  return names;
}

namespace {

schedule::Kind schedule_of(const Options& opt) {
  schedule::Kind requested;
  const std::string name = opt.text("--schedule", "auto");
  if (!schedule::parse(name, requested))
    throw UsageError("--schedule expects auto, caterpillar, circulant, optimal or async, got '" + name + "'");
  return requested;
}

model::CostModel cost_model_of(const Options& opt) {
  model::CostModel model;
  if (opt.values.count("--network")) {
    std::string error;
    if (!model::parse_network(opt.text("--network", ""), model.network, error)) throw UsageError("--network: " + error);
  }
  model.chunk_bytes = opt.number("--chunk", 0, 0, INT64_MAX);
  return model;
}

// An N-D redistribution planned per dimension as the library plans it,
// reported with the N-D sides, shares and pairs.
void nd_plan_command(const Options& opt, std::ostream& out, const Limits& limits) {
  const NdPlan plan = nd_plan_from(opt, limits);
  const Index elem_size = elem_size_of(opt);
  const schedule::Kind requested = schedule_of(opt);
  const model::Problem pb = nd_problem(plan, elem_size);
  check_bytes(pb.m, pb.n, pb.elem_size, "--nd-a/--type");
  const std::vector<model::Edge> edges = nd_edges(plan, limits);
  const int nranks = static_cast<int>(plan.union_size);
  const model::CostModel model = cost_model_of(opt);
  const model::TrafficSummary summary = model::summarize(model::traffic_from(edges, nranks), elem_size, model);
  const ScheduleReport sched = pairs_schedule_report(requested, edges, nranks, elem_size, model);
  const std::vector<NdProcess> processes = nd_processes(plan);
  if (opt.flag("--json")) {
    const SideTexts texts{nd_side_json(plan.a), nd_side_json(plan.b)};
    print_json(
        out, pb, summary, sched, model, [&](std::ostream& o) { nd_json(o, plan, processes, edges, elem_size); }, texts);
  } else {
    const SideTexts texts{nd_side_text(plan.a), nd_side_text(plan.b)};
    print_text(out, pb, summary, sched, model, texts);
    nd_text(out, plan, processes, edges, elem_size);
  }
  if (opt.values.count("--draw")) draw_svg(opt.text("--draw", ""), pb, edges, summary, sched);
  if (opt.values.count("--draw-slice")) draw_nd_slice(opt.text("--draw-slice", ""), plan);
}

}  // namespace

void plan_command(const Options& opt, std::ostream& out, const Limits& limits) {
  if (wants_nd(opt)) return nd_plan_command(opt, out, limits);
  if (opt.values.count("--draw-slice")) throw UsageError("--draw-slice draws N-D arrays: it needs --nd-a and --nd-b");
  GridSides sides;
  const model::Problem pb = problem_from(opt, limits, &sides);
  const schedule::Kind requested = schedule_of(opt);
  const bool grid = sides.any();
  if (grid && opt.flag("--relabel"))
    throw UsageError("--relabel places the grid of a block-cyclic B: it needs PxQ:MBxNB on both sides");
  if (grid) check_bytes(pb.m, pb.n, pb.elem_size, "--m/--n/--type");
  const std::vector<model::Edge> edges =
      grid ? grid_edges(pb, sides, limits) : bounded_edges(pb, limits, {"--m/--n/--type", "--a/--b"});
  const int nranks = grid ? union_size(pb, sides) : model::rank_count(pb);
  const auto traffic = model::traffic_from(edges, nranks);
  const model::CostModel model = cost_model_of(opt);
  const model::TrafficSummary summary = model::summarize(traffic, pb.elem_size, model);
  const ScheduleReport sched = grid ? pairs_schedule_report(requested, edges, nranks, pb.elem_size, model)
                                    : schedule_report(requested, pb, edges, model);
  const bool relabel = opt.flag("--relabel");
  const RelabelReport relabelled = relabel ? relabel_report(pb, edges) : RelabelReport{};
  const bool json = opt.flag("--json");
  const auto side = [json](const std::optional<GridSide>& g) {
    return !g ? std::string() : json ? grid_side_json(*g) : grid_side_text(*g);
  };
  const SideTexts texts{side(sides.a), side(sides.b)};
  if (json) {
    print_json(out, pb, summary, sched, model, relabel ? relabel_json(relabelled) : "", texts);
  } else {
    print_text(out, pb, summary, sched, model, texts);
    if (relabel) print_relabel_text(out, relabelled);
  }
  if (opt.values.count("--draw")) draw_svg(opt.text("--draw", ""), pb, edges, summary, sched);
}

}  // namespace mr2d::cli

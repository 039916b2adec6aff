// SPDX-License-Identifier: BSD-3-Clause
// Building a schedule of a requested kind, and the automatic choice.
#include <algorithm>
#include <unordered_map>

#include "schedule/bipartite.hpp"
#include "schedule/product.hpp"
#include "schedule/schedule.hpp"

namespace mr2d::schedule {

namespace {
// Colour tables beyond this many entries (8 bytes each) cost more memory
// than the schedule can save; such graphs use the caterpillar.
constexpr Index kColourTableLimit = Index{1} << 25;
// Beyond this many communicating pairs `automatic` does not build a stepped schedule.
constexpr std::size_t kAutoEdgeLimit = 200000;
}  // namespace

Index lower_bound(const std::vector<model::Edge>& edges) {
  std::unordered_map<int, Index> out, in;
  Index bound = 0;
  for (const model::Edge& e : edges) {
    if (e.from == e.to) continue;
    bound = std::max({bound, ++out[e.from], ++in[e.to]});
  }
  return bound;
}

namespace {

// Colours the pairs into steps; false when the colour tables would be too large.
bool colour_pairs(const std::vector<model::Edge>& edges, int nranks, Schedule& s) {
  std::vector<BipartiteEdge> graph;
  std::vector<std::size_t> index;  // graph edge -> edges index
  for (std::size_t k = 0; k < edges.size(); ++k)
    if (edges[k].from != edges[k].to) {
      graph.push_back({edges[k].from, edges[k].to});
      index.push_back(k);
    }
  std::vector<std::size_t> order(graph.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return edges[index[x]].count > edges[index[y]].count; });
  auto classes = colour_edges(graph, nranks, nranks, order, kColourTableLimit);
  if (classes.empty() && !graph.empty()) return false;
  s.kind = Kind::optimal;
  s.steps.clear();
  for (const auto& cls : classes) {
    s.steps.emplace_back();
    for (std::size_t k : cls) s.steps.back().push_back(edges[index[k]]);
  }
  return true;
}

// Whether any stepped schedule can be predicted faster than async. Only
// congestion can make it so: each step is a matching (at most one message
// per process and direction), so without an incast or sharing penalty a step costs at
// least its busiest resource's bytes, its longest path and one overhead, and
// adding these over the steps bounds async's busiest resource, longest path
// and overheads (most messages at a process <= steps) from above. The same
// holds for the model without a network. Auto then skips building the
// stepped schedule, whose colouring is most of a large plan's set-up time;
// very large graphs skip it too.
bool automatic_compares_stepped(const std::vector<model::Edge>& edges, const model::CostModel& model) {
  return edges.size() <= kAutoEdgeLimit && model.network.enabled &&
         (model.network.incast > 0 || model.network.sharing > 0);
}

// Ties go to async, which also overlaps unpacking with arrival.
Schedule cheaper(Schedule stepped, const std::vector<model::Edge>& edges, Index elem_size,
                 const model::CostModel& model) {
  Schedule async;
  return predicted_seconds(async, edges, elem_size, model) <=
                 predicted_seconds(stepped, edges, elem_size, model) * (1 + 1e-9)
             ? async
             : stepped;
}

}  // namespace

Schedule colouring(const model::Problem& pb, const std::vector<model::Edge>& edges) {
  Schedule s;
  if (colour_pairs(edges, model::rank_count(pb), s)) return s;
  s = caterpillar(pb, edges);
  s.note = "colour tables too large: caterpillar used";
  return s;
}

Schedule optimal(const model::Problem& pb, const std::vector<model::Edge>& edges) {
  const Index bound = lower_bound(edges);
  Schedule s = caterpillar(pb, edges);
  if (static_cast<Index>(s.steps.size()) <= bound) {
    s.kind = Kind::optimal;
    return s;
  }
  ProductResult p = product(pb, edges, false);
  if (static_cast<Index>(p.schedule.steps.size()) <= bound) {
    p.schedule.kind = Kind::optimal;
    return p.schedule;
  }
  return colouring(pb, edges);
}

Schedule circulant(const model::Problem& pb, const std::vector<model::Edge>& edges) {
  ProductResult p = product(pb, edges, true);
  if (!p.row_closed_form && !p.col_closed_form) {
    Schedule s = optimal(pb, edges);
    s.note = "no cyclic(x) <-> cyclic(kx) dimension: optimal used";
    return s;
  }
  if (static_cast<Index>(p.schedule.steps.size()) > lower_bound(edges)) {
    Schedule s = optimal(pb, edges);
    s.note = "circulant product above the lower bound: optimal used";
    return s;
  }
  p.schedule.kind = Kind::circulant;
  return p.schedule;
}

double predicted_seconds(const Schedule& s, const std::vector<model::Edge>& edges, Index elem_size,
                         const model::CostModel& model) {
  if (model.network.enabled)
    return s.kind == Kind::async ? model::all_at_once_seconds(model.network, edges, elem_size, model.chunk_bytes)
                                 : model::stepped_seconds(model.network, s.steps, elem_size, model.chunk_bytes);
  const double per_byte = 1.0 / model.network_bytes_per_s;
  if (s.kind == Kind::async) {
    // Full duplex, as for steps: a process's sends and receives overlap.
    struct Load {
      Index out_msgs = 0, in_msgs = 0, out_elems = 0, in_elems = 0;
    };
    std::unordered_map<int, Load> load;
    for (const model::Edge& e : edges) {
      if (e.from == e.to) continue;
      load[e.from].out_msgs += 1;
      load[e.from].out_elems += e.count;
      load[e.to].in_msgs += 1;
      load[e.to].in_elems += e.count;
    }
    double worst = 0;
    for (const auto& [rank, l] : load)
      worst = std::max(worst, model.latency_s * static_cast<double>(std::max(l.out_msgs, l.in_msgs)) +
                                  per_byte * static_cast<double>(std::max(l.out_elems, l.in_elems) * elem_size));
    return worst;
  }
  double t = 0;
  for (const auto& step : s.steps) {
    Index largest = 0;
    for (const model::Edge& e : step) largest = std::max(largest, e.count);
    t += model.latency_s + per_byte * static_cast<double>(largest * elem_size);
  }
  return t;
}

Schedule make(Kind kind, const model::Problem& pb, const std::vector<model::Edge>& edges,
              const model::CostModel& model) {
  switch (kind) {
    case Kind::caterpillar:
      return caterpillar(pb, edges);
    case Kind::circulant:
      return circulant(pb, edges);
    case Kind::optimal:
      return optimal(pb, edges);
    case Kind::async:
      return Schedule{};
    case Kind::automatic:
      break;
  }
  // Stepped schedules are for networks where simultaneous messages to one
  // process contend: only a model that prices it compares them with async
  // (automatic_compares_stepped). Otherwise choose them with MR2D_SCHEDULE
  // or the options.
  if (!automatic_compares_stepped(edges, model)) return Schedule{};
  return cheaper(optimal(pb, edges), edges, pb.elem_size, model);
}

Schedule make_for_pairs(Kind kind, const std::vector<model::Edge>& edges, int nranks, const model::CostModel& model) {
  if (kind == Kind::async || (kind == Kind::automatic && !automatic_compares_stepped(edges, model))) return Schedule{};
  Schedule stepped;
  if (!colour_pairs(edges, nranks, stepped)) {
    stepped = Schedule{};
    stepped.note = "colour tables too large: async used";
    return stepped;
  }
  if (kind == Kind::automatic) return cheaper(std::move(stepped), edges, 1, model);
  if (kind != Kind::optimal) stepped.note = std::string("pairs of several problems: optimal used for ") + name_of(kind);
  return stepped;
}

}  // namespace mr2d::schedule

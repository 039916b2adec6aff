// Whole-problem traffic; see traffic.hpp.
#include "plan/traffic.hpp"

#include <algorithm>

#include "index/runs_1d.hpp"
#include "plan/plan.hpp"

namespace mr2d::plan {

using index::Role;
using index::RunSet;

int rank_count(const Problem& pb) {
  int nranks = 0;
  for (int r : pb.a.rank_of) nranks = std::max(nranks, r + 1);
  for (int r : pb.b.rank_of) nranks = std::max(nranks, r + 1);
  return nranks;
}

std::vector<Edge> all_edges(const Problem& pb) {
  const index::AxisPair rows = row_axes(pb);
  const index::AxisPair cols = col_axes(pb);
  // Per dimension, the run sets of every source coordinate: rows and columns
  // are independent, so a pair's volume comes from one row set and one column set.
  std::vector<std::vector<std::pair<Index, RunSet>>> row_sets, col_sets;
  for (Index pr = 0; pr < pb.a.nprow; ++pr) row_sets.push_back(index::runs_for(rows, Role::sender, pr));
  for (Index pc = 0; pc < pb.a.npcol; ++pc) col_sets.push_back(index::runs_for(cols, Role::sender, pc));
  const index::Trapezoid trap{pb.shape, pb.unit_diag, pb.m, pb.n};
  std::vector<Edge> edges;
  for (Index pr = 0; pr < pb.a.nprow; ++pr)
    for (Index pc = 0; pc < pb.a.npcol; ++pc)
      for (const auto& [qc, cs] : col_sets[static_cast<std::size_t>(pc)])
        for (const auto& [qr, rs] : row_sets[static_cast<std::size_t>(pr)]) {
          const Index count = transfer_count(rs, cs, trap);
          if (count > 0) edges.push_back({pb.a.rank_at(pr, pc), pb.b.rank_at(qr, qc), count});
        }
  return edges;
}

std::vector<ProcessTraffic> all_traffic(const Problem& pb) {
  return traffic_from(all_edges(pb), rank_count(pb));
}

std::vector<ProcessTraffic> traffic_from(const std::vector<Edge>& edges, int nranks) {
  std::vector<ProcessTraffic> out(static_cast<std::size_t>(nranks));
  for (const Edge& e : edges) {
    ProcessTraffic& from = out[static_cast<std::size_t>(e.from)];
    if (e.from == e.to) {
      from.elems_local += e.count;
      continue;
    }
    ProcessTraffic& to = out[static_cast<std::size_t>(e.to)];
    from.messages_sent += 1;
    from.elems_sent += e.count;
    to.messages_received += 1;
    to.elems_received += e.count;
  }
  return out;
}

double predicted_seconds(const ProcessTraffic& t, Index elem_size, const CostModel& model) {
  const double wire = static_cast<double>((t.elems_sent + t.elems_received) * elem_size);
  const double copied = static_cast<double>((t.elems_sent + t.elems_received + t.elems_local) * elem_size);
  return model.latency_s * static_cast<double>(t.messages_sent + t.messages_received) +
         wire / model.network_bytes_per_s + copied / model.copy_bytes_per_s;
}

TrafficSummary summarize(const std::vector<ProcessTraffic>& traffic, Index elem_size,
                         const CostModel& model) {
  TrafficSummary s;
  s.processes = static_cast<int>(traffic.size());
  for (const ProcessTraffic& t : traffic) {
    s.bytes_moved += t.elems_sent * elem_size;
    s.bytes_local += t.elems_local * elem_size;
    s.max_bytes_out = std::max(s.max_bytes_out, t.elems_sent * elem_size);
    s.max_bytes_in = std::max(s.max_bytes_in, t.elems_received * elem_size);
    s.messages += t.messages_sent;
    s.max_messages_out = std::max(s.max_messages_out, t.messages_sent);
    s.max_messages_in = std::max(s.max_messages_in, t.messages_received);
    s.predicted_seconds = std::max(s.predicted_seconds, predicted_seconds(t, elem_size, model));
  }
  s.steps_lower_bound = std::max(s.max_messages_out, s.max_messages_in);
  return s;
}

}  // namespace mr2d::plan

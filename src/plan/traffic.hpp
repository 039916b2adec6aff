// What a redistribution costs, for every process at once, computed from the
// agreed problem without MPI: messages and elements each process sends,
// receives and keeps, the step lower bound (the most distinct peers any
// process has on one side, Evers (2025) section 4.1) and a
// cost-model prediction. Used by plan queries and by the `mr2d plan` command.
#pragma once

#include <utility>
#include <vector>

#include "common/index_types.hpp"
#include "plan/problem.hpp"

namespace mr2d::plan {

struct ProcessTraffic {
  Index messages_sent = 0, messages_received = 0;
  Index elems_sent = 0, elems_received = 0, elems_local = 0;
};

/// Nominal machine constants of the cost model: per-message latency, network
/// and memory-copy bandwidths. Predictions scale with them; the defaults are
/// those of one node with shared-memory MPI.
struct CostModel {
  double latency_s = 5e-6;
  double network_bytes_per_s = 4e9;
  double copy_bytes_per_s = 8e9;
};

/// One communicating pair (from == to for the part a process keeps).
struct Edge {
  int from = -1, to = -1;
  Index count = 0;  ///< elements
};

/// Every pair with data, senders in grid order. gemr2d: O(number of pairs);
/// trmr2d adds the per-column trims.
std::vector<Edge> all_edges(const Problem& problem);

/// An upper bound on the runs of one period that runs_for stores over all
/// coordinates of one side (unit strides), in O(1): callers check it before
/// building them.
Index run_table_bound(const index::AxisPair& axes);

/// The run sets of all_edges, per source row and per source column, each as
/// (destination coordinate, runs). Lets a caller bound the work before edges_from.
struct PairRuns {
  std::vector<std::vector<std::pair<Index, index::RunSet>>> rows, cols;
  /// Row pairs times column pairs (saturating): the edge count for gemr2d, an
  /// upper bound for trmr2d.
  Index pair_count() const;
  /// Columns a trapezoidal count walks over all pairs (saturating; 0 for gemr2d).
  Index trapezoid_columns(const Problem& problem) const;
};
PairRuns pair_runs(const Problem& problem);
std::vector<Edge> edges_from(const Problem& problem, const PairRuns& runs);

/// Number of union ranks the problem names (1 + the largest rank in either grid).
int rank_count(const Problem& problem);

/// Traffic of every union rank (indexed by rank; ranks in neither grid get zeros).
/// gemr2d: O(number of communicating pairs); trmr2d adds the per-column trims.
std::vector<ProcessTraffic> all_traffic(const Problem& problem);

/// Per-rank traffic from a list of edges over `nranks` ranks.
std::vector<ProcessTraffic> traffic_from(const std::vector<Edge>& edges, int nranks);

struct TrafficSummary {
  int processes = 0;
  Index bytes_moved = 0;         ///< between different processes
  Index bytes_local = 0;         ///< copied by a process to itself
  Index max_bytes_out = 0, max_bytes_in = 0;
  Index messages = 0;
  Index max_messages_out = 0, max_messages_in = 0;
  Index steps_lower_bound = 0;   ///< max over processes of max(peers out, peers in)
  double predicted_seconds = 0;  ///< slowest process under the model, all messages at once
};

/// Byte counts are exact when m * n * elem_size fits in Index (every sum is
/// at most that); callers with larger problems must reject them first.
TrafficSummary summarize(const std::vector<ProcessTraffic>& traffic, Index elem_size,
                         const CostModel& model = {});

/// Model time of one process: latency per message plus bytes over the network
/// plus every byte copied (packed, unpacked or kept) once through memory.
double predicted_seconds(const ProcessTraffic& t, Index elem_size, const CostModel& model);

}  // namespace mr2d::plan

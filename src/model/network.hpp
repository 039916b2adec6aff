// A network with contention, for choosing between posting every message at
// once (async) and contention-free steps. Its parameters come from
// MR2D_NETWORK or mr2d_set_network ("latency=1e-6,bandwidth=1e10,...").
// Without one, the cost model is the node-local one of cost_model.hpp. No MPI.
//
// The model is the fluid one of max-min bandwidth sharing (as in SimGrid):
// messages that share a link or a host port share its bandwidth, so a link
// carrying L bytes needs at least L / bandwidth however its messages
// overlap; every message pays its path's latency once.
//  - async: all messages at once. Time = the most loaded port or link over
//    its bandwidth + the longest path latency + per-message overhead times
//    the most messages any process handles.
//  - steps: one after the other, each as long as its most loaded port or
//    link + its longest path latency + one overhead.
// Ports: a process injects and ejects `ports` x bandwidth (one link each way
// per port); with `incast` > 0, simultaneous messages through one port cost
// more than their bytes, which is where steps can beat async. Topologies: `crossbar` (every path `hops` links), `fat-tree`
// (full bisection: 2 links within a leaf switch of `leaf` hosts, 4 across),
// `torus` (W x H, hosts numbered x fastest, dimension-order shortest routes:
// link contention is counted per directed link).
#pragma once

#include <string>
#include <vector>

#include "common/index_types.hpp"
#include "model/edges.hpp"

namespace mr2d::model {

struct Network {
  enum class Topology { crossbar, fat_tree, torus };
  bool enabled = false;          ///< false: the node-local cost model applies
  double latency_s = 1e-6;       ///< per link
  double bandwidth = 1e10;       ///< bytes/s per link and direction
  double overhead_s = 0;         ///< per message, at each end
  int ports = 1;
  /// Congestion: the fraction of a port's bandwidth lost per message beyond
  /// `ports` that it carries at once (incast losses and retransmissions of
  /// real switches). 0: the fluid model, where sharing loses nothing.
  double incast = 0;
  Topology topology = Topology::crossbar;
  int hops = 1;                  ///< crossbar: links per path
  int leaf = 0;                  ///< fat-tree: hosts per leaf switch (0: sqrt of the processes)
  int torus_x = 0, torus_y = 0;  ///< torus: its dimensions
};

/// Parses "key=value,..." (keys: latency, bandwidth, overhead, ports, incast,
/// topology=crossbar|fat-tree|torus, hops, leaf, torus=WxH); an empty text
/// leaves the network disabled. False with `error` set (and `out`
/// unchanged) for an unknown key, a malformed or out-of-range value.
bool parse_network(const std::string& text, Network& out, std::string& error);

/// Model time of every message posted at once.
double all_at_once_seconds(const Network& net, const std::vector<Edge>& edges, Index elem_size);
/// Model time of steps run one after the other.
double stepped_seconds(const Network& net, const std::vector<std::vector<Edge>>& steps, Index elem_size);

}  // namespace mr2d::model

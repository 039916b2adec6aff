// SPDX-License-Identifier: BSD-3-Clause
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
//  - steps: each process runs its steps in order; a message starts when both
//    its ends have finished their previous steps and takes its busiest port
//    or link under the step's load + its path latency + one overhead. A
//    process with no message in a step does not wait for it (a caterpillar
//    of P steps costs a process only the steps it has messages in, and the
//    waits for its peers). Overlapping steps share resources as async's
//    messages do, so steps take no less than async without its losses.
// Pipelining: a message in chunks, two in flight, pays its path latency once
// per pair of chunks.
// Ports: a process injects and ejects `ports` x bandwidth (one link each way
// per port). Simultaneous messages through one port can cost more than their
// bytes, which is where steps (one message per port) can beat async:
// `incast` adds a loss per message beyond `ports`, `sharing` a fixed loss as
// soon as a process sends more messages at once than it has ports (as
// InfiniBand adapters do; SimGrid's IB model charges 0.925 x 1.35 - 1 =
// 0.249 to a sender of several messages to busy receivers).
// Topologies: `crossbar` (every path `hops` links), `fat-tree` (two levels:
// leaf switches of `leaf` hosts, each with one link up to each of `spines`
// spine switches; 2 links within a leaf, 4 across, static destination-mod-k
// routes up to spine `destination % spines`, as InfiniBand's fat-tree routing
// and SimGrid's FAT_TREE clusters route, so messages to different hosts can
// share an uplink), `torus` (W x H, hosts numbered x fastest,
// dimension-order shortest routes). Link contention is counted per directed
// link on the fat tree and the torus.
#pragma once

#include <string>
#include <vector>

#include "common/index_types.hpp"
#include "problem/edges.hpp"

namespace mr2d::model {

struct Network {
  enum class Topology { crossbar, fat_tree, torus };
  bool enabled = false;     ///< false: the node-local cost model applies
  double latency_s = 1e-6;  ///< per link
  double bandwidth = 1e10;  ///< bytes/s per link and direction
  double overhead_s = 0;    ///< per message, at each end
  int ports = 1;
  /// Congestion: the fraction of a port's bandwidth lost per message beyond
  /// `ports` that it carries at once (incast losses and retransmissions of
  /// real switches). 0: the fluid model, where sharing loses nothing.
  double incast = 0;
  /// Sending several messages at once: the fraction of time lost, whatever
  /// their number, by a process that sends more messages at once than it has
  /// ports. 0: none.
  double sharing = 0;
  Topology topology = Topology::crossbar;
  int hops = 1;                  ///< crossbar: links per path
  int leaf = 0;                  ///< fat-tree: hosts per leaf switch (0: sqrt of the processes)
  int spines = 0;                ///< fat-tree: spine switches (0: as many as hosts per leaf)
  int torus_x = 0, torus_y = 0;  ///< torus: its dimensions
  /// Messages below this many bytes are sent eagerly: a sender's step ends
  /// without waiting for its receiver to be ready (MPI's eager protocol;
  /// SimGrid's default is 65536). 0: every message waits for both ends.
  double eager_bytes = 0;
};

/// Parses "key=value,..." (keys: latency, bandwidth, overhead, ports, incast,
/// sharing, eager, topology=crossbar|fat-tree|torus, hops, leaf, spines, torus=WxH); an empty text
/// leaves the network disabled. False with `error` set (and `out`
/// unchanged) for an unknown key, a malformed or out-of-range value.
bool parse_network(const std::string& text, Network& out, std::string& error);

/// Model time of every message posted at once. `chunk_bytes` (0: whole
/// messages): pipelined messages travel in chunks of that many bytes, two at
/// a time, each pair paying the path latency again.
double all_at_once_seconds(const Network& net, const std::vector<Edge>& edges, Index elem_size, Index chunk_bytes = 0);
/// Model time of steps: every process runs its own in order, waiting only for
/// its peers; no less than the steps' messages all at once without losses.
double stepped_seconds(const Network& net, const std::vector<std::vector<Edge>>& steps, Index elem_size,
                       Index chunk_bytes = 0);

}  // namespace mr2d::model

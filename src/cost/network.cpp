// SPDX-License-Identifier: BSD-3-Clause
// The contention model; see network.hpp.
#include "cost/network.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <unordered_map>

namespace mr2d::model {

namespace {

bool number(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(out);
}

bool whole(const std::string& text, int& out) {
  double d = 0;
  if (!number(text, d) || d != std::floor(d) || d < 0 || d > 1e6) return false;
  out = static_cast<int>(d);
  return true;
}

bool set(Network& n, const std::string& key, const std::string& value) {
  if (key == "latency") return number(value, n.latency_s) && n.latency_s >= 0;
  if (key == "bandwidth") return number(value, n.bandwidth) && n.bandwidth > 0;
  if (key == "overhead") return number(value, n.overhead_s) && n.overhead_s >= 0;
  if (key == "ports") return whole(value, n.ports) && n.ports >= 1;
  if (key == "incast") return number(value, n.incast) && n.incast >= 0;
  if (key == "sharing") return number(value, n.sharing) && n.sharing >= 0;
  if (key == "eager") return number(value, n.eager_bytes) && n.eager_bytes >= 0;
  if (key == "spines") return whole(value, n.spines) && n.spines >= 1;
  if (key == "hops") return whole(value, n.hops) && n.hops >= 1;
  if (key == "leaf") return whole(value, n.leaf) && n.leaf >= 1;
  if (key == "topology") {
    if (value == "crossbar")
      n.topology = Network::Topology::crossbar;
    else if (value == "fat-tree")
      n.topology = Network::Topology::fat_tree;
    else if (value == "torus")
      n.topology = Network::Topology::torus;
    else
      return false;
    return true;
  }
  if (key == "torus") {
    const auto x = value.find('x');
    if (x == std::string::npos || !whole(value.substr(0, x), n.torus_x) || !whole(value.substr(x + 1), n.torus_y))
      return false;
    n.topology = Network::Topology::torus;
    return n.torus_x >= 1 && n.torus_y >= 1;
  }
  return false;
}

// Hosts of a torus: x fastest; the shortest way round a ring of `size`.
struct Torus {
  int w, h;
  int steps(int from, int to, int size) const {
    const int d = ((to - from) % size + size) % size;
    return d <= size - d ? d : d - size;
  }
};

// A two-level fat tree: hosts per leaf switch and spine switches.
struct FatTree {
  int leaf = 1, spines = 1;
  int leaf_of(int host) const { return host / leaf; }
};

// The topology's shape for a set of messages: on a fat tree without `leaf`,
// leaves of sqrt(processes) hosts, the processes being those named.
template <class Edges>
FatTree fat_tree_of(const Network& n, const Edges& each_edge) {
  FatTree f;
  if (n.topology != Network::Topology::fat_tree) return f;
  int procs = 0;
  if (n.leaf > 0) {
    f.leaf = n.leaf;
  } else {
    each_edge([&](const Edge& e) { procs = std::max({procs, e.from + 1, e.to + 1}); });
    f.leaf = std::max(1, static_cast<int>(std::lround(std::sqrt(static_cast<double>(procs)))));
  }
  f.spines = n.spines > 0 ? n.spines : f.leaf;
  return f;
}

// One message's route: `visit` gets the id of each directed switch link it
// crosses (fat tree and torus; a crossbar's switch is not a shared link);
// returns the links of the path, host ports included (what latency is paid
// for). Fat tree: a leaf's uplink to a spine (even ids) and a spine's
// downlink to a leaf (odd ids), destination-mod-k: every message to `to`
// goes through spine `to % spines`. Torus: link id 4*host + direction (0: +x,
// 1: -x, 2: +y, 3: -y), the link leaving `host`, x first.
template <class Visit>
int route(const Network& n, const FatTree& f, int from, int to, Visit visit) {
  switch (n.topology) {
    case Network::Topology::crossbar:
      return n.hops;
    case Network::Topology::fat_tree: {
      const int up = f.leaf_of(from), down = f.leaf_of(to);
      if (up == down) return 2;
      const Index spine = to % f.spines;
      visit(2 * (Index{up} * f.spines + spine));
      visit(2 * (Index{down} * f.spines + spine) + 1);
      return 4;
    }
    case Network::Topology::torus: {
      const Torus t{n.torus_x, n.torus_y};
      if (t.w < 1 || t.h < 1) return n.hops;
      int x = from % t.w, y = from / t.w, links = 1;
      const int tx = to % t.w, ty = to / t.w;
      for (int dx = t.steps(x, tx, t.w); dx != 0; dx += dx > 0 ? -1 : 1, ++links) {
        visit(4 * (Index{y} * t.w + x) + (dx > 0 ? 0 : 1));
        x = ((x + (dx > 0 ? 1 : -1)) % t.w + t.w) % t.w;
      }
      for (int dy = t.steps(y, ty, t.h); dy != 0; dy += dy > 0 ? -1 : 1, ++links) {
        visit(4 * (Index{y} * t.w + x) + (dy > 0 ? 2 : 3));
        y = ((y + (dy > 0 ? 1 : -1)) % t.h + t.h) % t.h;
      }
      return links;
    }
  }
  return n.hops;
}

// What a set of simultaneous messages loads: bytes through each host port
// (each way) and each directed switch link, and messages per port; and the
// links of each message's path (0 for a process's message to itself).
struct Loads {
  std::unordered_map<int, double> out, in;
  std::unordered_map<Index, double> link;  // 64-bit: leaves x spines can pass 2^31
  std::unordered_map<int, Index> out_msgs, in_msgs;
  Index most_messages = 0;
  std::vector<int> path_links;  // per edge, in order
};

double bytes_of(const Edge& e, Index elem_size) {
  return static_cast<double>(e.count) * static_cast<double>(elem_size);
}

Loads loads_of(const Network& n, const std::vector<Edge>& edges, Index elem_size, const FatTree& f) {
  Loads l;
  l.path_links.assign(edges.size(), 0);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const Edge& e = edges[k];
    if (e.from == e.to) continue;
    const double bytes = bytes_of(e, elem_size);
    l.out[e.from] += bytes;
    l.in[e.to] += bytes;
    l.most_messages = std::max({l.most_messages, ++l.out_msgs[e.from], ++l.in_msgs[e.to]});
    l.path_links[k] = route(n, f, e.from, e.to, [&](Index id) { l.link[id] += bytes; });
  }
  return l;
}

// Seconds a port needs for its bytes, slowed by congestion when it carries
// more messages at once than it has links (`sharing` only on the sending side).
double port_seconds(const Network& n, double bytes, Index messages, double sharing) {
  const Index beyond = std::max<Index>(0, messages - n.ports);
  return bytes / n.ports * (1 + n.incast * static_cast<double>(beyond)) * (beyond > 0 ? 1 + sharing : 1) / n.bandwidth;
}

// Round trips of a message of `bytes` sent in chunks of `chunk_bytes` (0:
// whole), kInFlight chunks at a time: each round pays the path latency again.
constexpr Index kInFlight = 2;

double rounds(double bytes, Index chunk_bytes) {
  if (chunk_bytes <= 0) return 1;
  const double chunks = std::max(1.0, std::ceil(bytes / static_cast<double>(chunk_bytes)));
  return std::ceil(chunks / static_cast<double>(kInFlight));
}

// The busiest resource of a set of simultaneous messages, in seconds (host
// ports, slowed by congestion, and switch links), and the longest path
// latency, every round of it.
struct Busiest {
  double seconds = 0, latency_s = 0;
};

Busiest busiest_of(const Network& n, const std::vector<Edge>& edges, Index elem_size, const Loads& l,
                   Index chunk_bytes) {
  Busiest b;
  for (const auto& [p, bytes] : l.out)
    b.seconds = std::max(b.seconds, port_seconds(n, bytes, l.out_msgs.at(p), n.sharing));
  for (const auto& [p, bytes] : l.in) b.seconds = std::max(b.seconds, port_seconds(n, bytes, l.in_msgs.at(p), 0));
  for (const auto& [id, bytes] : l.link) b.seconds = std::max(b.seconds, bytes / n.bandwidth);
  for (std::size_t k = 0; k < edges.size(); ++k)
    b.latency_s =
        std::max(b.latency_s, n.latency_s * l.path_links[k] * rounds(bytes_of(edges[k], elem_size), chunk_bytes));
  return b;
}

// One message of a step: its busiest resource under the step's load, then
// its path latency, every round of it.
double message_seconds(const Network& n, const Edge& e, Index elem_size, const FatTree& f, const Loads& l,
                       Index chunk_bytes) {
  double slowest = std::max(port_seconds(n, l.out.at(e.from), l.out_msgs.at(e.from), n.sharing),
                            port_seconds(n, l.in.at(e.to), l.in_msgs.at(e.to), 0));
  const int links =
      route(n, f, e.from, e.to, [&](Index id) { slowest = std::max(slowest, l.link.at(id) / n.bandwidth); });
  return slowest + n.latency_s * links * rounds(bytes_of(e, elem_size), chunk_bytes) + n.overhead_s;
}

}  // namespace

bool parse_network(const std::string& text, Network& out, std::string& error) {
  Network n;
  if (text.empty()) {
    out = n;
    return true;
  }
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      error = "'" + item + "' is not key=value";
      return false;
    }
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (!set(n, key, value)) {
      error = "bad value or unknown key in '" + item + "'";
      return false;
    }
  }
  if (n.topology == Network::Topology::torus && (n.torus_x < 1 || n.torus_y < 1)) {
    error = "topology=torus needs torus=WxH";
    return false;
  }
  n.enabled = true;
  out = n;
  return true;
}

double all_at_once_seconds(const Network& net, const std::vector<Edge>& edges, Index elem_size, Index chunk_bytes) {
  const FatTree f = fat_tree_of(net, [&](auto visit) {
    for (const Edge& e : edges) visit(e);
  });
  const Loads l = loads_of(net, edges, elem_size, f);
  const Busiest b = busiest_of(net, edges, elem_size, l, chunk_bytes);
  return b.seconds + b.latency_s + net.overhead_s * static_cast<double>(l.most_messages);
}

double stepped_seconds(const Network& net, const std::vector<std::vector<Edge>>& steps, Index elem_size,
                       Index chunk_bytes) {
  // One shape for all steps: that of every message of the schedule.
  std::vector<Edge> all;
  for (const auto& step : steps) all.insert(all.end(), step.begin(), step.end());
  const FatTree f = fat_tree_of(net, [&](auto visit) {
    for (const Edge& e : all) visit(e);
  });
  // Each process runs its stages in order and a message starts once both
  // ends have finished their previous stages, so a process waits only for
  // the processes it exchanges with, not for every step.
  std::unordered_map<int, double> ready;
  const auto at = [&ready](int p) {
    const auto it = ready.find(p);
    return it == ready.end() ? 0.0 : it->second;
  };
  double end = 0;
  for (const auto& step : steps) {
    const Loads l = loads_of(net, step, elem_size, f);
    std::unordered_map<int, double> done;
    for (const Edge& e : step) {
      if (e.from == e.to) continue;
      const double took = message_seconds(net, e, elem_size, f, l, chunk_bytes);
      if (bytes_of(e, elem_size) < net.eager_bytes) {
        // Sent at once: the sender goes on, the receiver waits for the data.
        const double arrives = at(e.from) + took;
        done[e.from] = std::max(done[e.from], arrives);
        done[e.to] = std::max({done[e.to], at(e.to), arrives});
      } else {
        const double finish = std::max(at(e.from), at(e.to)) + took;
        done[e.from] = std::max(done[e.from], finish);
        done[e.to] = std::max(done[e.to], finish);
      }
    }
    for (const auto& [p, t] : done) {
      ready[p] = t;
      end = std::max(end, t);
    }
  }
  // Steps that overlap share the resources as the messages of async do, so
  // they take no less than async without congestion losses.
  Network lossless = net;
  lossless.incast = 0;
  lossless.sharing = 0;
  return std::max(end, all_at_once_seconds(lossless, all, elem_size, chunk_bytes));
}

}  // namespace mr2d::model

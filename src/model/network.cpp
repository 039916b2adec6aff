// The contention model; see network.hpp.
#include "model/network.hpp"

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
  if (key == "spines") return whole(value, n.spines) && n.spines >= 1;
  if (key == "hops") return whole(value, n.hops) && n.hops >= 1;
  if (key == "leaf") return whole(value, n.leaf) && n.leaf >= 1;
  if (key == "topology") {
    if (value == "crossbar") n.topology = Network::Topology::crossbar;
    else if (value == "fat-tree") n.topology = Network::Topology::fat_tree;
    else if (value == "torus") n.topology = Network::Topology::torus;
    else return false;
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
    case Network::Topology::crossbar: return n.hops;
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

// The busiest resource of a set of simultaneous messages, in seconds:
// host ports (ports x bandwidth each way) and, on a fat tree or a torus,
// directed links.
// Also the longest path latency and the most messages at one process.
struct Load {
  double busiest_s = 0, latency_s = 0;
  Index most_messages = 0;
};

Load load_of(const Network& n, const std::vector<Edge>& edges, Index elem_size, const FatTree& f) {
  std::unordered_map<int, double> out, in;
  std::unordered_map<Index, double> link;  // 64-bit: leaves x spines can pass 2^31
  std::unordered_map<int, Index> out_msgs, in_msgs;
  Load l;
  for (const Edge& e : edges) {
    if (e.from == e.to) continue;
    const double bytes = static_cast<double>(e.count) * static_cast<double>(elem_size);
    out[e.from] += bytes;
    in[e.to] += bytes;
    l.most_messages = std::max({l.most_messages, ++out_msgs[e.from], ++in_msgs[e.to]});
    const int links = route(n, f, e.from, e.to, [&](Index id) { link[id] += bytes; });
    l.latency_s = std::max(l.latency_s, n.latency_s * links);
  }
  // A port's bytes, slowed by congestion when it carries more messages at once than it has links.
  const auto port = [&](double bytes, Index messages, double sharing) {
    const Index beyond = std::max<Index>(0, messages - n.ports);
    return bytes / n.ports * (1 + n.incast * static_cast<double>(beyond)) * (beyond > 0 ? 1 + sharing : 1);
  };
  double busiest = 0;
  for (const auto& [p, b] : out) busiest = std::max(busiest, port(b, out_msgs[p], n.sharing));
  for (const auto& [p, b] : in) busiest = std::max(busiest, port(b, in_msgs[p], 0));
  for (const auto& [id, b] : link) busiest = std::max(busiest, b);
  l.busiest_s = busiest / n.bandwidth;
  return l;
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

double all_at_once_seconds(const Network& net, const std::vector<Edge>& edges, Index elem_size) {
  const FatTree f = fat_tree_of(net, [&](auto visit) {
    for (const Edge& e : edges) visit(e);
  });
  const Load l = load_of(net, edges, elem_size, f);
  return l.busiest_s + l.latency_s + net.overhead_s * static_cast<double>(l.most_messages);
}

double stepped_seconds(const Network& net, const std::vector<std::vector<Edge>>& steps, Index elem_size) {
  // One shape for all steps: that of every message of the schedule.
  const FatTree f = fat_tree_of(net, [&](auto visit) {
    for (const auto& step : steps)
      for (const Edge& e : step) visit(e);
  });
  double t = 0;
  for (const auto& step : steps) {
    const Load l = load_of(net, step, elem_size, f);
    t += l.busiest_s + l.latency_s + net.overhead_s;
  }
  return t;
}

}  // namespace mr2d::model

// SPDX-License-Identifier: BSD-3-Clause
// Alternating-path edge colouring; see bipartite.hpp.
#include "schedule/bipartite.hpp"

#include <algorithm>

namespace mr2d::schedule {

std::vector<std::vector<std::size_t>> colour_edges(const std::vector<BipartiteEdge>& edges, int left, int right,
                                                   const std::vector<std::size_t>& order, Index table_limit) {
  const int nv = left + right;
  std::vector<int> degree(static_cast<std::size_t>(nv), 0);
  for (const BipartiteEdge& e : edges) {
    ++degree[static_cast<std::size_t>(e.u)];
    ++degree[static_cast<std::size_t>(left + e.v)];
  }
  const int colours = edges.empty() ? 0 : *std::max_element(degree.begin(), degree.end());
  if (static_cast<Index>(nv) * colours > table_limit) return {};

  // at[v * colours + c]: the edge of colour c at vertex v, or -1.
  std::vector<long long> at(static_cast<std::size_t>(nv) * static_cast<std::size_t>(colours), -1);
  std::vector<int> colour_of(edges.size(), -1);
  auto slot = [&](int v, int c) -> long long& {
    return at[static_cast<std::size_t>(v) * static_cast<std::size_t>(colours) + static_cast<std::size_t>(c)];
  };
  auto free_colour = [&](int v) {
    int c = 0;
    while (slot(v, c) >= 0) ++c;
    return c;
  };
  auto other_end = [&](std::size_t e, int v) {
    const int u = edges[e].u, w = left + edges[e].v;
    return v == u ? w : u;
  };

  std::vector<std::size_t> path;
  for (std::size_t e : order) {
    const int u = edges[e].u, v = left + edges[e].v;
    const int a = free_colour(u);
    if (slot(v, a) >= 0) {
      // Walk from v along edges coloured a, b, a, ... and swap a and b on the
      // path; in a bipartite graph it never returns to u, so a becomes free at v.
      const int b = free_colour(v);
      path.clear();
      int x = v, c = a;
      while (slot(x, c) >= 0) {
        const auto f = static_cast<std::size_t>(slot(x, c));
        path.push_back(f);
        x = other_end(f, x);
        c = c == a ? b : a;
      }
      for (std::size_t f : path) {
        slot(edges[f].u, colour_of[f]) = -1;
        slot(left + edges[f].v, colour_of[f]) = -1;
      }
      for (std::size_t f : path) {
        colour_of[f] = colour_of[f] == a ? b : a;
        slot(edges[f].u, colour_of[f]) = static_cast<long long>(f);
        slot(left + edges[f].v, colour_of[f]) = static_cast<long long>(f);
      }
    }
    colour_of[e] = a;
    slot(u, a) = static_cast<long long>(e);
    slot(v, a) = static_cast<long long>(e);
  }

  std::vector<std::vector<std::size_t>> classes(static_cast<std::size_t>(colours));
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (colour_of[e] >= 0) classes[static_cast<std::size_t>(colour_of[e])].push_back(e);
  return classes;
}

}  // namespace mr2d::schedule

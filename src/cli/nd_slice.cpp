// SPDX-License-Identifier: BSD-3-Clause
// The slice picture of an N-D plan; see nd_slice.hpp.
#include "cli/nd_slice.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

namespace mr2d::cli {

namespace {

constexpr Index kMostCells = 128;

// A colour per rank: hues a golden angle apart, so neighbours differ.
std::string colour(Index rank) {
  const int hue = static_cast<int>(std::fmod(static_cast<double>(rank) * 137.508, 360.0));
  return "hsl(" + std::to_string(hue) + ",70%," + std::to_string(rank % 2 ? 45 : 65) + "%)";
}

std::string tuple(const std::vector<Index>& v) {
  std::string s = "(";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + ")";
}

// One axis of the slice: the window of a dimension of A, cut into at most
// kMostCells cells; each cell's first index.
struct Axis {
  Index start = 0, count = 1, cells = 1;
  Index index(Index cell) const { return start + cell * count / cells; }
};

Axis axis_of(const NdSide& a, std::size_t user_dim) {
  if (user_dim >= a.user_dim.size()) return {};
  const nd::Dim& x = a.array.dims[static_cast<std::size_t>(a.user_dim[user_dim])];
  return {x.start, x.count, std::min(x.count, kMostCells)};
}

// "first-last" of an axis's window.
std::string range(const Axis& a) {
  return a.count == 0 ? "none" : std::to_string(a.start) + "-" + std::to_string(a.start + a.count - 1);
}

// B's index (user order) of A's element `g` (user order).
std::vector<Index> b_index(const NdPlan& plan, const std::vector<Index>& g) {
  std::vector<Index> h(g.size());
  for (std::size_t d = 0; d < g.size(); ++d) {
    const auto to = static_cast<std::size_t>(plan.perm[d]);
    const nd::Dim& xa = plan.a.array.dims[static_cast<std::size_t>(plan.a.user_dim[d])];
    const nd::Dim& xb = plan.b.array.dims[static_cast<std::size_t>(plan.b.user_dim[to])];
    h[to] = g[d] - xa.start + xb.start;
  }
  return h;
}

}  // namespace

void draw_nd_slice(const std::string& path, const NdPlan& plan) {
  const Axis rows = axis_of(plan.a, 0), cols = axis_of(plan.a, 1);
  const int size = 512, margin = 60, top = 70;
  const double w = static_cast<double>(size) / static_cast<double>(std::max<Index>(cols.cells, 1));
  const double h = static_cast<double>(size) / static_cast<double>(std::max<Index>(rows.cells, 1));
  const bool legend = plan.union_size <= 32;
  std::ofstream svg(path);
  if (!svg) throw std::runtime_error("cannot write " + path);
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << 2 * size + 3 * margin << "\" height=\""
      << size + top + margin + (legend ? 20 : 0)
      << "\" font-family=\"sans-serif\" font-size=\"12\" shape-rendering=\"crispEdges\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << margin << "\" y=\"20\">A's dimensions 0 (down) and 1 (across) over its window, other "
      << "dimensions at their window start; colour: the rank holding the element"
      << (rows.cells < rows.count || cols.cells < cols.count ? " (cells binned: each shows its first element)" : "")
      << "</text>\n";
  std::vector<Index> g(plan.a.user_dim.size());
  for (std::size_t d = 0; d < g.size(); ++d)
    g[d] = plan.a.array.dims[static_cast<std::size_t>(plan.a.user_dim[d])].start;
  for (int panel = 0; panel < 2; ++panel) {
    const double x0 = margin + panel * (size + margin);
    svg << "<text x=\"" << x0 << "\" y=\"" << top - 10 << "\">"
        << (panel == 0 ? "owner in A" : "owner in B of the same elements (perm applied)") << "</text>\n";
    // An empty window (along any dimension) has no element to show.
    for (Index r = 0; r < rows.cells && plan.elements > 0; ++r)
      for (Index c = 0; c < cols.cells; ++c) {
        g[0] = rows.index(r);
        if (g.size() > 1) g[1] = cols.index(c);
        const std::vector<Index> at = panel == 0 ? g : b_index(plan, g);
        const Index rank = nd_owner(panel == 0 ? plan.a : plan.b, at);
        svg << "<rect x=\"" << x0 + static_cast<double>(c) * w << "\" y=\"" << top + static_cast<double>(r) * h
            << "\" width=\"" << w << "\" height=\"" << h << "\" fill=\"" << colour(rank) << "\"><title>"
            << (panel == 0 ? "A" : "B") << tuple(at) << ": rank " << rank << "</title></rect>\n";
      }
    svg << "<rect x=\"" << x0 << "\" y=\"" << top << "\" width=\"" << size << "\" height=\"" << size
        << "\" fill=\"none\" stroke=\"#888\"/>\n"
        << "<text x=\"" << x0 << "\" y=\"" << top + size + 40 + (legend ? 10 : 0) << "\">A's indices: down "
        << range(rows) << ", across " << (g.size() > 1 ? range(cols) : "-") << "</text>\n";
  }
  if (legend)
    for (Index k = 0; k < plan.union_size; ++k)
      svg << "<rect x=\"" << margin + k * 30 << "\" y=\"" << top + size + 12 << "\" width=\"12\" height=\"12\" fill=\""
          << colour(k) << "\"/><text x=\"" << margin + k * 30 + 14 << "\" y=\"" << top + size + 23 << "\">" << k
          << "</text>\n";
  svg << "</svg>\n";
}

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// `mr2d plan --relabel`; see relabel_report.hpp.
#include "cli/relabel_report.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace mr2d::cli {

std::vector<int> RelabelReport::usermap() const {
  std::vector<int> map(placement.rank_of.size());
  for (Index r = 0; r < nprow; ++r)
    for (Index c = 0; c < npcol; ++c)
      map[static_cast<std::size_t>(r + c * nprow)] = placement.rank_of[static_cast<std::size_t>(r * npcol + c)];
  return map;
}

RelabelReport relabel_report(const model::Problem& pb, const std::vector<model::Edge>& edges) {
  // B's positions are on consecutive ranks from its first one (problem_from).
  const int b_first = pb.b.rank_of.front();
  const int nranks = model::rank_count(pb);
  std::vector<relabel::Volume> volumes;
  volumes.reserve(edges.size());
  for (const model::Edge& e : edges) volumes.push_back({e.from, e.to - b_first, e.count});
  // B's own ranks first, so that the default order is the one planned above.
  std::vector<int> ranks(static_cast<std::size_t>(nranks));
  std::iota(ranks.begin(), ranks.end(), 0);
  std::rotate(ranks.begin(), ranks.begin() + b_first, ranks.end());
  RelabelReport r;
  r.nprow = pb.b.nprow;
  r.npcol = pb.b.npcol;
  r.elem_size = pb.elem_size;
  r.placement = relabel::place(volumes, static_cast<int>(pb.b.rank_of.size()), ranks);
  return r;
}

namespace {

std::string megabytes(Index elems, Index elem_size) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f MB", static_cast<double>(elems * elem_size) / 1e6);
  return buf;
}

std::string list(const std::vector<int>& values, const char* separator) {
  std::string out;
  for (std::size_t k = 0; k < values.size(); ++k) out += (k ? separator : "") + std::to_string(values[k]);
  return out;
}

}  // namespace

void print_relabel_text(std::ostream& out, const RelabelReport& r) {
  const relabel::Placement& p = r.placement;
  out << "  relabelled B (" << (p.exact ? "optimal" : "greedy") << "): moved between processes "
      << megabytes(p.total - p.kept_default, r.elem_size) << " -> " << megabytes(p.total - p.kept, r.elem_size)
      << ", kept " << megabytes(p.kept_default, r.elem_size) << " -> " << megabytes(p.kept, r.elem_size) << "\n";
  out << "  usermap for Cblacs_gridmap (ldumap " << r.nprow << "): " << list(r.usermap(), " ") << "\n";
}

std::string relabel_json(const RelabelReport& r) {
  const relabel::Placement& p = r.placement;
  const Index es = r.elem_size;
  return "\"relabel\": {\"exact\": " + std::string(p.exact ? "true" : "false") +
         ", \"bytes_moved_default\": " + std::to_string((p.total - p.kept_default) * es) +
         ", \"bytes_moved\": " + std::to_string((p.total - p.kept) * es) + ", \"usermap\": [" +
         list(r.usermap(), ", ") + "]}";
}

}  // namespace mr2d::cli

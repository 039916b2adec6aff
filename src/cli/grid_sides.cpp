// SPDX-License-Identifier: BSD-3-Clause
// Grid-layout sides of `mr2d plan`; see grid_sides.hpp.
#include "cli/grid_sides.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/options.hpp"
#include "layout/reason_words.hpp"
#include "layout/tiles.hpp"

namespace mr2d::cli {

namespace {

std::string num(Index v) { return std::to_string(v); }

Index count_of(const std::string& option, const std::string& text, Index lo, Index hi) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi)
    throw UsageError(option + " expects an integer from " + num(lo) + " to " + num(hi) + ", got '" + text + "'");
  return v;
}

// `extent` split over `parts` as PETSc splits rows: the first extent % parts
// parts one longer.
std::vector<Index> petsc_splits(Index extent, Index parts) {
  std::vector<Index> s(static_cast<std::size_t>(parts) + 1);
  for (Index p = 0; p <= parts; ++p)
    s[static_cast<std::size_t>(p)] = p * (extent / parts) + std::min(p, extent % parts);
  return s;
}

// The keyword lists of a layout file: "rows", "cols" and "owners", each
// followed by its integers; '#' starts a comment.
std::map<std::string, std::vector<Index>> read_tables(const std::string& option, const std::string& path,
                                                      Index max_entries) {
  std::ifstream in(path);
  if (!in) throw UsageError(option + ": cannot read the layout file '" + path + "'");
  std::map<std::string, std::vector<Index>> lists;
  std::vector<Index>* current = nullptr;
  Index entries = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line.substr(0, line.find('#')));
    for (std::string w; words >> w;) {
      if (w == "rows" || w == "cols" || w == "owners") {
        if (lists.count(w)) throw UsageError(option + ": '" + w + "' appears twice in '" + path + "'");
        current = &lists[w];
      } else if (current == nullptr) {
        throw UsageError(option + ": '" + path + "' must start with rows, cols or owners, not '" + w + "'");
      } else {
        if (++entries > max_entries)
          throw UsageError(option + ": '" + path + "' has more than the " + num(max_entries) +
                           " entries the command reads");
        current->push_back(count_of(option + " (" + path + ")", w, 0, kScalapackIntMax));
      }
    }
  }
  for (const char* key : {"rows", "cols", "owners"})
    if (!lists.count(key)) throw UsageError(option + ": '" + path + "' has no '" + key + "' list");
  return lists;
}

std::pair<Index, Index> min_max(const std::vector<Index>& splits) {
  Index lo = -1, hi = 0;
  for (std::size_t k = 0; k + 1 < splits.size(); ++k) {
    const Index w = splits[k + 1] - splits[k];
    lo = lo < 0 ? w : std::min(lo, w);
    hi = std::max(hi, w);
  }
  return {std::max<Index>(lo, 0), hi};
}

std::pair<int, int> rank_range(const layout::Tables& t) {
  const auto [lo, hi] = std::minmax_element(t.owners.begin(), t.owners.end());
  return {*lo, *hi};
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

layout::Side side_of(const model::MatrixLayout& cyclic, const std::optional<GridSide>& g) {
  layout::Side s;
  if (g) {
    s.grid = &g->tables;
    s.row0 = g->row0;
    s.col0 = g->col0;
  } else {
    s.cyclic = cyclic;
  }
  return s;
}

}  // namespace

bool is_grid_layout(const std::string& text) {
  for (const char* prefix : {"rows:", "cols:", "file:"})
    if (text.rfind(prefix, 0) == 0) return true;
  return false;
}

GridSide parse_grid_layout(const std::string& option, const std::string& text, Index row0, Index col0, Index rows,
                           Index cols, Index first, const Limits& limits) {
  GridSide g;
  g.spec = text;
  g.row0 = row0;
  g.col0 = col0;
  layout::Tables& t = g.tables;
  const std::string kind = text.substr(0, 4), value = text.substr(5);
  if (kind == "file") {
    auto lists = read_tables(option, value, limits.run_entries);
    t.row_splits = lists["rows"];
    t.col_splits = lists["cols"];
    for (const Index o : lists["owners"]) t.owners.push_back(static_cast<int>(std::min<Index>(o, kMaxRank)));
    if (t.row_splits.size() < 2 || t.col_splits.size() < 2)
      throw UsageError(option + ": '" + value + "' needs at least two split points in 'rows' and in 'cols'");
    t.rows = t.row_splits.back();
    t.cols = t.col_splits.back();
    const Index blocks = t.block_rows() * t.block_cols();
    if (static_cast<Index>(t.owners.size()) != blocks)
      throw UsageError(option + ": '" + value + "' has " + num(static_cast<Index>(t.owners.size())) + " owners for " +
                       num(t.block_rows()) + " x " + num(t.block_cols()) + " blocks");
    const Fault f = layout::check_tables(t, static_cast<int>(std::min(limits.processes, kMaxRank)));
    if (!f.ok()) throw UsageError(option + " (" + value + ") " + layout::words_of(f).text);
    if (t.rows < rows || t.cols < cols)
      throw UsageError(option + ": '" + value + "' describes " + num(t.rows) + " x " + num(t.cols) +
                       ", but the submatrix reaches row " + num(rows) + " and column " + num(cols));
    return g;
  }
  if (kind != "rows" && kind != "cols")
    throw UsageError(option + " expects PxQ:MBxNB, rows:P, cols:Q or file:PATH, got '" + text + "'");
  const Index parts = count_of(option, value, 1, std::min(limits.processes, kMaxRank - first + 1));
  t.rows = rows;
  t.cols = cols;
  t.row_splits = kind == "rows" ? petsc_splits(rows, parts) : std::vector<Index>{0, rows};
  t.col_splits = kind == "cols" ? petsc_splits(cols, parts) : std::vector<Index>{0, cols};
  for (Index p = 0; p < parts; ++p) t.owners.push_back(static_cast<int>(first + p));
  return g;
}

int union_size(const model::Problem& pb, const GridSides& sides) {
  int top = -1;
  for (const auto& [cyclic, grid] : {std::pair{&pb.a, &sides.a}, std::pair{&pb.b, &sides.b}}) {
    if (*grid)
      top = std::max(top, rank_range((*grid)->tables).second);
    else
      for (const int r : cyclic->rank_of) top = std::max(top, r);
  }
  return top + 1;
}

std::vector<model::Edge> grid_edges(const model::Problem& pb, const GridSides& sides, const Limits& limits,
                                    const std::string& options) {
  const layout::Tiling t =
      layout::make_tiling(pb.m, pb.n, pb.transposed, side_of(pb.a, sides.a), side_of(pb.b, sides.b), pb.elem_size);
  const Index tiles = static_cast<Index>(t.rows.size()) * static_cast<Index>(t.cols.size());
  if (tiles > limits.tiles)
    throw UsageError(options + ": the layouts cut the submatrix into " + num(tiles) + " tiles, more than the " +
                     num(limits.tiles) + " the command plans");
  layout::TileProblems problems(t);
  std::map<std::pair<int, int>, Index> volume;
  for (const layout::Segment& c : t.cols)
    for (const layout::Segment& r : t.rows) {
      for (const model::Edge& e : model::all_edges(problems.at(r, c))) volume[{e.from, e.to}] += e.count;
      if (static_cast<Index>(volume.size()) > limits.pairs)
        throw UsageError(options + ": more than the " + num(limits.pairs) +
                         " communicating process pairs the command lists");
    }
  std::vector<model::Edge> edges;
  edges.reserve(volume.size());
  for (const auto& [pair, count] : volume) edges.push_back({pair.first, pair.second, count});
  return edges;
}

namespace {

// What the report says of a grid side: the extremes of its block sizes and ranks.
struct Figures {
  Index rows_lo, rows_hi, cols_lo, cols_hi;
  int rank_lo, rank_hi;
};

Figures figures_of(const layout::Tables& t) {
  const auto [rlo, rhi] = min_max(t.row_splits);
  const auto [clo, chi] = min_max(t.col_splits);
  const auto [plo, phi] = rank_range(t);
  return {rlo, rhi, clo, chi, plo, phi};
}

std::string range(Index lo, Index hi) { return hi != lo ? num(lo) + "-" + num(hi) : num(lo); }

}  // namespace

std::string grid_side_text(const GridSide& g) {
  const layout::Tables& t = g.tables;
  const Figures f = figures_of(t);
  std::ostringstream out;
  out << "grid layout " << g.spec << ", " << t.block_rows() << "x" << t.block_cols() << " blocks of "
      << range(f.rows_lo, f.rows_hi) << " x " << range(f.cols_lo, f.cols_hi) << ", ranks " << f.rank_lo << "-"
      << f.rank_hi << ", start (" << g.row0 + 1 << "," << g.col0 + 1 << ")";
  return out.str();
}

std::string grid_side_json(const GridSide& g) {
  const layout::Tables& t = g.tables;
  const Figures f = figures_of(t);
  std::ostringstream out;
  out << "{\"grid_layout\": " << json_string(g.spec) << ", \"blocks\": [" << t.block_rows() << ", " << t.block_cols()
      << "], \"block_rows\": [" << f.rows_lo << ", " << f.rows_hi << "], \"block_cols\": [" << f.cols_lo << ", "
      << f.cols_hi << "], \"ranks\": [" << f.rank_lo << ", " << f.rank_hi << "], \"start\": [" << g.row0 + 1 << ", "
      << g.col0 + 1 << "]}";
  return out.str();
}

}  // namespace mr2d::cli

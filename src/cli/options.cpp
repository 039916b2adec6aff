// SPDX-License-Identifier: BSD-3-Clause
// Option parsing for the mr2d command; see options.hpp.
#include "cli/options.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "cli/grid_sides.hpp"
#include "common/checked.hpp"

namespace mr2d::cli {

bool Options::flag(const std::string& name) const { return std::find(flags.begin(), flags.end(), name) != flags.end(); }

std::string Options::text(const std::string& name, const std::string& fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

namespace {

std::string num(Index v) { return std::to_string(v); }

Index to_index(const std::string& option, const std::string& text) {
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || end == nullptr || *end != '\0')
    throw UsageError(option + " expects an integer, got '" + text + "'");
  if (errno == ERANGE) throw UsageError(option + " " + text + " does not fit in 64 bits");
  return v;
}

// Values above ScaLAPACK's integer range are refused as the library's
// interface cannot even receive them.
void check_range(const std::string& option, Index v, Index lo, Index hi) {
  if (v < lo) throw UsageError(option + " is " + num(v) + ", must be >= " + num(lo));
  if (v > hi)
    throw UsageError(option + " " + num(v) + " is out of range: " +
                     (hi == kScalapackIntMax ? "ScaLAPACK's integers hold at most " : "at most ") + num(hi));
}

}  // namespace

Index Options::number(const std::string& name, Index fallback, Index lo, Index hi) const {
  auto it = values.find(name);
  const Index v = it == values.end() ? fallback : to_index(name, it->second);
  check_range(name, v, lo, hi);
  return v;
}

Options parse_options(int argc, char** argv, int first, const std::vector<std::string>& valued,
                      const std::vector<std::string>& bare) {
  Options opt;
  for (int k = first; k < argc; ++k) {
    std::string arg = argv[k];
    if (std::find(bare.begin(), bare.end(), arg) != bare.end()) {
      opt.flags.push_back(arg);
    } else if (std::find(valued.begin(), valued.end(), arg) != valued.end()) {
      if (k + 1 >= argc) throw UsageError(arg + " needs a value");
      opt.values[arg] = argv[++k];
    } else {
      throw UsageError("unknown option '" + arg + "'");
    }
  }
  return opt;
}

void parse_grid(const std::string& option, const std::string& text, model::MatrixLayout& layout, Index max_processes) {
  const std::string shape_msg = option + " expects PxQ:MBxNB (e.g. 2x2:64x64), got '" + text + "'";
  auto colon = text.find(':');
  if (colon == std::string::npos) throw UsageError(shape_msg);
  auto split = [&](const std::string& part) {
    auto x = part.find('x');
    if (x == std::string::npos) throw UsageError(shape_msg);
    Index a = to_index(option, part.substr(0, x)), b = to_index(option, part.substr(x + 1));
    if (a < 1 || b < 1) throw UsageError(option + ": grid sizes and blocks must be >= 1 in '" + text + "'");
    if (a > kScalapackIntMax || b > kScalapackIntMax)
      throw UsageError(option + ": '" + text + "' is out of range: ScaLAPACK's integers hold at most " +
                       num(kScalapackIntMax));
    return std::make_pair(a, b);
  };
  auto [p, q] = split(text.substr(0, colon));
  auto [mb, nb] = split(text.substr(colon + 1));
  const auto procs = checked_mul(p, q);
  if (!procs || *procs > max_processes)
    throw UsageError(option + ": a " + num(p) + "x" + num(q) + " grid has more than the " + num(max_processes) +
                     " processes the command handles");
  layout.nprow = p;
  layout.npcol = q;
  layout.mb = mb;
  layout.nb = nb;
}

Index elem_size_of(const Options& opt) {
  const std::string type = opt.text("--type", "d");
  const std::map<std::string, Index> sizes = {{"s", 4}, {"d", 8}, {"c", 8}, {"z", 16}, {"i", 4}};
  if (!sizes.count(type)) throw UsageError("--type expects one of s d c z i, got '" + type + "'");
  return sizes.at(type);
}

std::pair<Index, Index> parse_pair(const std::string& option, const std::string& text) {
  auto comma = text.find(',');
  if (comma == std::string::npos) throw UsageError(option + " expects r,c, got '" + text + "'");
  return {to_index(option, text.substr(0, comma)), to_index(option, text.substr(comma + 1))};
}

namespace {

// Grid, source and submatrix window of one side; ranks are placed later,
// once the union is known to fit. A grid layout (with `grid` given) is read
// into `grid`, and `l` becomes a 1 x 1 stand-in on its first rank.
void place(model::MatrixLayout& l, const Options& opt, const std::string& side, Index m, Index n,
           std::optional<GridSide>* grid, Index first, const Limits& limits) {
  const std::string text = opt.text("--" + side, "");
  const bool layout = grid != nullptr && is_grid_layout(text);
  if (layout && opt.values.count("--" + side + "-src"))
    throw UsageError("--" + side + "-src applies to PxQ:MBxNB grids, not to the grid layout '" + text + "'");
  if (!layout) parse_grid("--" + side, text, l);
  auto [rsrc, csrc] = parse_pair("--" + side + "-src", opt.text("--" + side + "-src", "0,0"));
  if (rsrc < 0 || rsrc >= l.nprow || csrc < 0 || csrc >= l.npcol)
    throw UsageError("--" + side + "-src " + num(rsrc) + "," + num(csrc) + " is outside the " + num(l.nprow) + "x" +
                     num(l.npcol) + " grid");
  l.rsrc = rsrc;
  l.csrc = csrc;
  const std::string i = side == "a" ? "--ia" : "--ib", j = side == "a" ? "--ja" : "--jb";
  l.i0 = opt.number(i, 1, 1, kScalapackIntMax) - 1;
  l.j0 = opt.number(j, 1, 1, kScalapackIntMax) - 1;
  // The descriptor's M_/N_ must reach the submatrix end and are ScaLAPACK integers.
  auto end = [&](const std::string& start, Index offset, Index extent, const char* what) {
    const auto e = checked_add(offset, extent);
    if (!e || *e > kScalapackIntMax)
      throw UsageError(start + " " + num(offset + 1) + " with " + what + " " + num(extent) +
                       " ends the submatrix beyond " + num(kScalapackIntMax) +
                       ", the largest matrix ScaLAPACK's descriptors hold");
    return *e;
  };
  l.rows = end(i, l.i0, m, "--m");
  l.cols = end(j, l.j0, n, "--n");
  if (!layout) return;
  *grid = parse_grid_layout("--" + side, text, l.i0, l.j0, l.rows, l.cols, first, limits);
  l.mb = std::max<Index>(1, l.rows);
  l.nb = std::max<Index>(1, l.cols);
}

void assign_ranks(model::MatrixLayout& l, Index first_rank) {
  l.rank_of.resize(static_cast<std::size_t>(l.processes()));
  for (std::size_t k = 0; k < l.rank_of.size(); ++k)
    l.rank_of[k] = static_cast<int>(first_rank + static_cast<Index>(k));
}

}  // namespace

model::Problem problem_from(const Options& opt, const Limits& limits, GridSides* sides) {
  if (!opt.values.count("--a") || !opt.values.count("--b"))
    throw UsageError("--a and --b are required (e.g. --a 2x2:64x64 --b 4x1:100x37)");
  if (!opt.values.count("--m")) throw UsageError("--m is required");
  model::Problem pb;
  pb.m = opt.number("--m", 0, 0, kScalapackIntMax);
  pb.n = opt.number("--n", pb.m, 0, kScalapackIntMax);
  pb.elem_size = elem_size_of(opt);
  const Index b_first = opt.number("--b-first", 0, 0, kMaxRank);
  // --op T or C: --m x --n is sub(B), sub(A) is its transpose.
  const std::string op = opt.text("--op", "N");
  if (op != "N" && op != "T" && op != "C") throw UsageError("--op expects N, T or C, got '" + op + "'");
  const bool transposed = op != "N";
  place(pb.a, opt, "a", transposed ? pb.n : pb.m, transposed ? pb.m : pb.n, sides ? &sides->a : nullptr, 0, limits);
  place(pb.b, opt, "b", pb.m, pb.n, sides ? &sides->b : nullptr, b_first, limits);
  // Both grids are at most 2^31 processes here, so these sums fit.
  const Index b_last = b_first + pb.b.processes() - 1;
  if (b_last > kMaxRank)
    throw UsageError("--b-first " + num(b_first) + " puts the last process of B at rank " + num(b_last) +
                     ", beyond the largest MPI rank " + num(kMaxRank));
  const Index union_size = std::max(pb.a.processes(), b_last + 1);
  if (union_size > limits.processes)
    throw UsageError("--a/--b/--b-first: A on ranks 0.., B on ranks " + num(b_first) + ".. span " + num(union_size) +
                     " ranks, more than the " + num(limits.processes) + " processes the command handles");
  assign_ranks(pb.a, 0);
  assign_ranks(pb.b, b_first);
  if (sides != nullptr && sides->any()) {
    const Index ranks = cli::union_size(pb, *sides);
    if (ranks > limits.processes)
      throw UsageError("--a/--b: the layouts span " + num(ranks) + " ranks, more than the " + num(limits.processes) +
                       " processes the command handles");
    if (opt.values.count("--uplo")) throw UsageError("--uplo: grid layouts copy whole rectangles (no trapezoid)");
  }
  if (opt.values.count("--uplo")) {
    const std::string u = opt.text("--uplo", ""), d = opt.text("--diag", "N");
    if (u != "U" && u != "L") throw UsageError("--uplo expects U or L, got '" + u + "'");
    if (d != "N" && d != "U") throw UsageError("--diag expects N or U, got '" + d + "'");
    pb.shape = u == "U" ? index::Shape::upper : index::Shape::lower;
    pb.unit_diag = d == "U";
  }
  if (transposed) model::plan_in_a_space(pb);
  return pb;
}

}  // namespace mr2d::cli

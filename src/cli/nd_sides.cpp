// SPDX-License-Identifier: BSD-3-Clause
// N-D sides of `mr2d plan`; see nd_sides.hpp.
#include "cli/nd_sides.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <limits>
#include <map>
#include <sstream>

#include "cli/options.hpp"
#include "common/checked.hpp"
#include "nd/check.hpp"
#include "nd/reason_words.hpp"

namespace mr2d::cli {

namespace {

std::string num(Index v) { return std::to_string(v); }

// The fields a side's words may set, with the largest value each takes
// (mr2d_int for extents, int for grid positions and ranks).
const std::map<std::string, Index>& list_fields() {
  static const std::map<std::string, Index> fields{
      {"sizes", kScalapackIntMax},  {"blocks", kScalapackIntMax}, {"grid", INT_MAX},  {"sources", INT_MAX},
      {"starts", kScalapackIntMax}, {"counts", kScalapackIntMax}, {"ranks", kMaxRank}};
  return fields;
}

// One value of a list: an integer, or for blocks `b` (MR2D_ND_BLOCK) and `*`
// (MR2D_ND_COLLAPSED).
Index list_value(const std::string& option, const std::string& key, const std::string& word, Index most) {
  if (key == "blocks" && word == "b") return nd::kBlockDefault;
  if (key == "blocks" && word == "*") return nd::kCollapsed;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(word.c_str(), &end, 10);
  if (word.empty() || *end != '\0')
    throw UsageError(option + ": " + key + " expects integers" + (key == "blocks" ? ", b or *" : "") + ", got '" +
                     word + "'");
  if (errno == ERANGE || v > most || v < -most)
    throw UsageError(option + ": " + key + " value " + word + " is out of range: at most " + num(most));
  return v;
}

// "v,v,..." or "vxvx...".
std::vector<Index> parse_list(const std::string& option, const std::string& key, const std::string& text, Index most) {
  std::vector<Index> out;
  std::string word;
  for (std::size_t k = 0; k <= text.size(); ++k) {
    if (k == text.size() || text[k] == ',' || text[k] == 'x') {
      out.push_back(list_value(option, key, word, most));
      word.clear();
    } else {
      word += text[k];
    }
  }
  return out;
}

int order_of(const std::string& option, const std::string& key, const std::string& value) {
  if (value == "C") return static_cast<int>(nd::Order::c);
  if (value == "F") return static_cast<int>(nd::Order::fortran);
  throw UsageError(option + ": " + key + " expects C or F, got '" + value + "'");
}

// The words of one side: sizes= and grid= required, the rest optional.
nd::Description parse_side(const std::string& option, const std::string& text) {
  std::map<std::string, std::vector<Index>> lists;
  nd::Description d;
  std::istringstream words(text);
  std::vector<std::string> seen;
  for (std::string w; words >> w;) {
    const auto eq = w.find('=');
    const std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
    if (eq == std::string::npos || (!list_fields().count(key) && key != "order" && key != "grid-order"))
      throw UsageError(option + ": unknown word '" + w +
                       "' (expected sizes=, grid=, blocks=, sources=, starts=, counts=, ranks=, order=, grid-order=)");
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      throw UsageError(option + ": " + key + "= appears twice");
    seen.push_back(key);
    if (key == "order")
      d.storage_order = order_of(option, key, value);
    else if (key == "grid-order")
      d.grid_order = order_of(option, key, value);
    else
      lists[key] = parse_list(option, key, value, list_fields().at(key));
  }
  for (const char* key : {"sizes", "grid"})
    if (!lists.count(key)) throw UsageError(option + " needs " + key + "= (e.g. \"sizes=64x64x64 grid=1x2x2\")");
  d.ndims = static_cast<int>(std::min<std::size_t>(lists["sizes"].size(), INT_MAX));
  for (const auto& [key, values] : lists) {
    if (key == "ranks") continue;
    if (static_cast<Index>(values.size()) != d.ndims)
      throw UsageError(option + ": " + key + "= has " + num(static_cast<Index>(values.size())) +
                       " values, sizes= " + num(d.ndims));
  }
  d.sizes = lists["sizes"];
  d.grid = lists["grid"];
  for (auto [key, table] :
       {std::pair{"blocks", &d.blocks}, std::pair{"sources", &d.sources}, std::pair{"starts", &d.starts},
        std::pair{"counts", &d.counts}, std::pair{"ranks", &d.ranks}})
    if (lists.count(key)) *table = lists[key];
  return d;
}

// Grid positions of `d`, capped beyond the command's processes.
Index positions_of(const nd::Description& d, Index cap) {
  Index p = 1;
  for (const Index g : d.grid) p = mul_capped(p, std::max<Index>(g, 1), cap);
  return p;
}

// One more than the largest rank `d` places (its rank map, or its positions).
Index rank_bound(const std::string& option, const nd::Description& d, const Limits& limits) {
  const Index positions = positions_of(d, limits.processes + 1);
  if (positions > limits.processes)
    throw UsageError(option + ": a grid of more than the " + num(limits.processes) + " processes the command handles");
  if (d.ranks.empty()) return positions;
  if (static_cast<Index>(d.ranks.size()) != positions)
    throw UsageError(option + ": ranks= has " + num(static_cast<Index>(d.ranks.size())) + " values for the " +
                     num(positions) + " grid positions");
  const Index top = *std::max_element(d.ranks.begin(), d.ranks.end()) + 1;
  if (top > limits.processes)
    throw UsageError(option + ": rank " + num(top - 1) + " is beyond the " + num(limits.processes) +
                     " processes the command handles");
  return top;
}

void check_side(NdSide& side, Index union_size) {
  // Leading sizes are each process's own and change no plan: rank 0's stand in.
  const Fault f = nd::check_array(side.written, union_size, 0, side.array);
  if (!f.ok()) throw UsageError(side.option + " " + nd::words_of(f).text);
  const int n = side.written.ndims;
  const bool c_order = side.written.storage_order == static_cast<int>(nd::Order::c);
  side.user_dim.resize(static_cast<std::size_t>(n));
  for (int d = 0; d < n; ++d) side.user_dim[static_cast<std::size_t>(d)] = c_order ? n - 1 - d : d;
}

}  // namespace

bool wants_nd(const Options& opt) {
  return opt.values.count("--nd-a") || opt.values.count("--nd-b") || opt.values.count("--perm");
}

NdPlan nd_plan_from(const Options& opt, const Limits& limits) {
  if (!opt.values.count("--nd-a") || !opt.values.count("--nd-b"))
    throw UsageError("--nd-a and --nd-b are required together (e.g. --nd-a \"sizes=64x64x64 grid=1x2x2\")");
  for (const char* other : {"--m", "--n", "--a", "--b", "--a-src", "--b-src", "--ia", "--ja", "--ib", "--jb",
                            "--b-first", "--uplo", "--diag", "--op"})
    if (opt.values.count(other))
      throw UsageError(std::string(other) + " describes a matrix; --nd-a and --nd-b describe N-D arrays");
  if (opt.flag("--relabel")) throw UsageError("--relabel places the grid of a block-cyclic B, not of --nd-b");
  NdPlan plan;
  plan.a.option = "--nd-a";
  plan.b.option = "--nd-b";
  plan.a.written = parse_side("--nd-a", opt.text("--nd-a", ""));
  plan.b.written = parse_side("--nd-b", opt.text("--nd-b", ""));
  plan.union_size =
      std::max(rank_bound("--nd-a", plan.a.written, limits), rank_bound("--nd-b", plan.b.written, limits));
  check_side(plan.a, plan.union_size);
  check_side(plan.b, plan.union_size);
  const int n = plan.a.written.ndims;
  std::vector<Index> perm;
  if (opt.values.count("--perm")) {
    perm = parse_list("--perm", "perm", opt.text("--perm", ""), nd::kMaxDims);
    if (static_cast<Index>(perm.size()) != n)
      throw UsageError("--perm has " + num(static_cast<Index>(perm.size())) + " values for the " + num(n) +
                       " dimensions of --nd-a");
  }
  std::vector<int> canonical;
  const Fault f = nd::check_perm(plan.a.written, plan.b.written, perm, canonical);
  if (!f.ok()) throw UsageError((f.table < 0 ? "--perm " : "--nd-b ") + nd::words_of(f).text);
  plan.perm = perm;
  if (plan.perm.empty())
    for (int d = 0; d < n; ++d) plan.perm.push_back(d);
  plan.elements = 1;
  for (const nd::Dim& x : plan.a.array.dims) {
    const std::optional<Index> e = checked_mul(plan.elements, x.count);
    if (!e) throw UsageError("--nd-a: the window holds more elements than a 64-bit count");
    plan.elements = *e;
  }
  plan.canonical = canonical;
  plan.form = nd::matrix_form(plan.a.array, canonical);
  return plan;
}

model::Problem nd_problem(const NdPlan& plan, Index elem_size) {
  model::Problem pb;
  // In A's index space: A's matrix; B holds it (op N) or its transpose (op T).
  pb.m = plan.form.m;
  pb.n = plan.form.n;
  pb.transposed = plan.form.op == 'T';
  pb.elem_size = elem_size;
  return pb;
}

std::vector<model::Edge> nd_edges(const NdPlan& plan, const Limits& limits) {
  std::vector<model::Edge> edges;
  if (!nd::pair_bytes(plan.a.array, plan.b.array, plan.canonical, 1, limits.pairs, edges, true))
    throw UsageError("--nd-a/--nd-b: more than " + num(limits.pairs) + " pairs of processes exchange data");
  return edges;
}

Index nd_owner(const NdSide& side, const std::vector<Index>& index) {
  Index position = 0;
  for (std::size_t d = 0; d < index.size(); ++d) {
    const int e = side.user_dim[d];
    position += side.array.owner(e, index[d]) * side.array.dims[static_cast<std::size_t>(e)].weight;
  }
  return side.array.rank_at(position);
}

}  // namespace mr2d::cli

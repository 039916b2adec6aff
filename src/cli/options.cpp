// Option parsing for the mr2d command; see options.hpp.
#include "cli/options.hpp"

#include <algorithm>
#include <cstdlib>

namespace mr2d::cli {

bool Options::flag(const std::string& name) const {
  return std::find(flags.begin(), flags.end(), name) != flags.end();
}

std::string Options::text(const std::string& name, const std::string& fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

namespace {

Index to_index(const std::string& option, const std::string& text) {
  char* end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || end == nullptr || *end != '\0')
    throw UsageError(option + " expects an integer, got '" + text + "'");
  return v;
}

}  // namespace

Index Options::number(const std::string& name, Index fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : to_index(name, it->second);
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

void parse_grid(const std::string& option, const std::string& text, plan::MatrixLayout& layout) {
  const std::string shape_msg = option + " expects PxQ:MBxNB (e.g. 2x2:64x64), got '" + text + "'";
  auto colon = text.find(':');
  if (colon == std::string::npos) throw UsageError(shape_msg);
  auto split = [&](const std::string& part) {
    auto x = part.find('x');
    if (x == std::string::npos) throw UsageError(shape_msg);
    Index a = to_index(option, part.substr(0, x)), b = to_index(option, part.substr(x + 1));
    if (a < 1 || b < 1) throw UsageError(option + ": grid sizes and blocks must be >= 1 in '" + text + "'");
    return std::make_pair(a, b);
  };
  auto [p, q] = split(text.substr(0, colon));
  auto [mb, nb] = split(text.substr(colon + 1));
  if (p * q > (Index{1} << 24)) throw UsageError(option + ": more than 2^24 processes");
  layout.nprow = p;
  layout.npcol = q;
  layout.mb = mb;
  layout.nb = nb;
}

std::pair<Index, Index> parse_pair(const std::string& option, const std::string& text) {
  auto comma = text.find(',');
  if (comma == std::string::npos) throw UsageError(option + " expects r,c, got '" + text + "'");
  return {to_index(option, text.substr(0, comma)), to_index(option, text.substr(comma + 1))};
}

namespace {

void place(plan::MatrixLayout& l, const Options& opt, const std::string& side, Index m, Index n,
           Index first_rank) {
  parse_grid("--" + side, opt.text("--" + side, ""), l);
  auto [rsrc, csrc] = parse_pair("--" + side + "-src", opt.text("--" + side + "-src", "0,0"));
  if (rsrc < 0 || rsrc >= l.nprow || csrc < 0 || csrc >= l.npcol)
    throw UsageError("--" + side + "-src " + std::to_string(rsrc) + "," + std::to_string(csrc) +
                     " is outside the " + std::to_string(l.nprow) + "x" + std::to_string(l.npcol) + " grid");
  l.rsrc = rsrc;
  l.csrc = csrc;
  const std::string i = side == "a" ? "--ia" : "--ib", j = side == "a" ? "--ja" : "--jb";
  l.i0 = opt.number(i, 1) - 1;
  l.j0 = opt.number(j, 1) - 1;
  if (l.i0 < 0 || l.j0 < 0) throw UsageError(i + " and " + j + " must be >= 1");
  l.rows = l.i0 + m;
  l.cols = l.j0 + n;
  l.rank_of.resize(static_cast<std::size_t>(l.nprow * l.npcol));
  for (std::size_t k = 0; k < l.rank_of.size(); ++k) l.rank_of[k] = static_cast<int>(first_rank) + static_cast<int>(k);
}

}  // namespace

plan::Problem problem_from(const Options& opt) {
  if (!opt.values.count("--a") || !opt.values.count("--b"))
    throw UsageError("--a and --b are required (e.g. --a 2x2:64x64 --b 4x1:100x37)");
  plan::Problem pb;
  pb.m = opt.number("--m", -1);
  pb.n = opt.number("--n", pb.m);
  if (pb.m < 0 || pb.n < 0) throw UsageError("--m is required and --m/--n must be >= 0");
  const std::string type = opt.text("--type", "d");
  const std::map<std::string, Index> sizes = {{"s", 4}, {"d", 8}, {"c", 8}, {"z", 16}, {"i", 4}};
  if (!sizes.count(type)) throw UsageError("--type expects one of s d c z i, got '" + type + "'");
  pb.elem_size = sizes.at(type);
  const Index b_first = opt.number("--b-first", 0);
  if (b_first < 0) throw UsageError("--b-first must be >= 0");
  place(pb.a, opt, "a", pb.m, pb.n, 0);
  place(pb.b, opt, "b", pb.m, pb.n, b_first);
  if (opt.values.count("--uplo")) {
    const std::string u = opt.text("--uplo", ""), d = opt.text("--diag", "N");
    if (u != "U" && u != "L") throw UsageError("--uplo expects U or L, got '" + u + "'");
    if (d != "N" && d != "U") throw UsageError("--diag expects N or U, got '" + d + "'");
    pb.shape = u == "U" ? index::Shape::upper : index::Shape::lower;
    pb.unit_diag = d == "U";
  }
  return pb;
}

}  // namespace mr2d::cli

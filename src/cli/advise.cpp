// SPDX-License-Identifier: BSD-3-Clause
// `mr2d advise`; see advise.hpp.
#include "cli/advise.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>
#include <vector>

#include "advise/phase_planner.hpp"
#include "cli/options.hpp"
#include "cli/plan_size.hpp"
#include "cost/cost_model.hpp"

namespace mr2d::cli {

namespace {

struct PhaseFile {
  std::string path;
  Index m = 0, n = 0, elem_size = 8;
  std::string type = "d";
  std::vector<std::string> layout_names;
  std::vector<model::MatrixLayout> layouts;
  std::vector<std::string> phase_names;
  std::vector<std::vector<double>> compute;  // [phase][layout]
  bool looped = false;
};

// A compute time: a number >= 0 (inf: the layout cannot run the phase).
double seconds_of(const std::string& where, const std::string& cost, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= 0)) throw UsageError(where + "'" + cost + "' needs SECONDS >= 0");
  return v;
}

PhaseFile read(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read '" + path + "'");
  PhaseFile f;
  f.path = path;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = path + ":" + std::to_string(number) + ": ";
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string key;
    if (!(words >> key)) continue;
    if (key == "matrix") {
      const std::map<std::string, Index> sizes = {{"s", 4}, {"d", 8}, {"c", 8}, {"z", 16}, {"i", 4}};
      if (!(words >> f.m >> f.n >> f.type) || !sizes.count(f.type) || f.m < 1 || f.n < 1)
        throw UsageError(where + "expected 'matrix M N TYPE' with TYPE one of s d c z i");
      if (f.m > kScalapackIntMax || f.n > kScalapackIntMax)
        throw UsageError(where + "matrix " + std::to_string(f.m) + " " + std::to_string(f.n) +
                         " is out of range: ScaLAPACK's integers hold at most " + std::to_string(kScalapackIntMax));
      f.elem_size = sizes.at(f.type);
      check_bytes(f.m, f.n, f.elem_size, where + "matrix");
    } else if (key == "layout") {
      std::string name, grid;
      if (!(words >> name >> grid)) throw UsageError(where + "expected 'layout NAME PxQ:MBxNB'");
      model::MatrixLayout l;
      parse_grid(where + "layout " + name, grid, l);
      f.layout_names.push_back(name);
      f.layouts.push_back(l);
    } else if (key == "phase") {
      std::string name, cost;
      if (!(words >> name)) throw UsageError(where + "expected 'phase NAME LAYOUT=SECONDS ...'");
      std::vector<double> row(f.layouts.size(), std::numeric_limits<double>::infinity());
      while (words >> cost) {
        const auto eq = cost.find('=');
        std::size_t k = 0;
        while (eq != std::string::npos && k < f.layout_names.size() && f.layout_names[k] != cost.substr(0, eq)) ++k;
        if (eq == std::string::npos || k == f.layout_names.size())
          throw UsageError(where + "'" + cost + "' is not LAYOUT=SECONDS for a layout declared above");
        row[k] = seconds_of(where, cost, cost.substr(eq + 1));
      }
      f.phase_names.push_back(name);
      f.compute.push_back(row);
    } else if (key == "loop") {
      f.looped = true;
    } else {
      throw UsageError(where + "unknown keyword '" + key + "'");
    }
  }
  if (f.m == 0 || f.layouts.empty() || f.compute.empty())
    throw UsageError(path + ": needs a 'matrix' line, at least one 'layout' and one 'phase'");
  // A layout declared after a phase cannot run that phase.
  for (auto& row : f.compute) row.resize(f.layouts.size(), std::numeric_limits<double>::infinity());
  return f;
}

// Predicted time to move the whole matrix from layout `from` to layout `to`,
// each on ranks 0.. of the same processes.
double move_seconds(const PhaseFile& f, std::size_t x, std::size_t y) {
  const model::MatrixLayout& from = f.layouts[x];
  const model::MatrixLayout& to = f.layouts[y];
  model::Problem pb;
  pb.m = f.m;
  pb.n = f.n;
  pb.elem_size = f.elem_size;
  pb.a = from;
  pb.b = to;
  for (model::MatrixLayout* l : {&pb.a, &pb.b}) {
    l->rows = f.m;
    l->cols = f.n;
    l->rank_of.resize(static_cast<std::size_t>(l->processes()));
    for (std::size_t k = 0; k < l->rank_of.size(); ++k) l->rank_of[k] = static_cast<int>(k);
  }
  const SizeNames names{f.path + ": matrix", f.path + ": layouts " + f.layout_names[x] + " -> " + f.layout_names[y]};
  const auto edges = bounded_edges(pb, Limits{}, names);
  return model::summarize(model::traffic_from(edges, model::rank_count(pb)), pb.elem_size).predicted_seconds;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", s);
  return buf;
}

}  // namespace

void advise(const std::string& path, std::ostream& out) {
  const PhaseFile f = read(path);
  const std::size_t k = f.layouts.size();
  std::vector<std::vector<double>> move(k, std::vector<double>(k, 0.0));
  for (std::size_t x = 0; x < k; ++x)
    for (std::size_t y = 0; y < k; ++y)
      if (x != y) move[x][y] = move_seconds(f, x, y);

  out << "mr2d advise: " << f.phase_names.size() << " phases, " << k << " layouts, " << f.m << " x " << f.n << " "
      << f.type << (f.looped ? ", repeated in a loop" : "") << "\n";
  out << "  redistribution (model seconds, row = from, column = to):\n    " << std::string(12, ' ');
  for (const std::string& name : f.layout_names)
    out << " " << std::string(12 - std::min<std::size_t>(12, name.size()), ' ') << name;
  out << "\n";
  for (std::size_t x = 0; x < k; ++x) {
    out << "    " << f.layout_names[x] << std::string(12 - std::min<std::size_t>(12, f.layout_names[x].size()), ' ');
    for (std::size_t y = 0; y < k; ++y) out << " " << std::string(4, ' ') << seconds(move[x][y]);
    out << "\n";
  }
  const advise::Assignment best = advise::best_assignment(f.compute, move, f.looped);
  out << "  plan:";
  for (std::size_t l = 0; l < best.layout.size(); ++l)
    out << (l ? ", " : " ") << f.phase_names[l] << " on " << f.layout_names[static_cast<std::size_t>(best.layout[l])];
  out << "\n  total: " << seconds(best.total) << " s per " << (f.looped ? "iteration" : "run") << "\n";
  // The best single layout, for comparison.
  std::size_t fixed = 0;
  double fixed_cost = std::numeric_limits<double>::infinity();
  for (std::size_t d = 0; d < k; ++d) {
    const double c =
        advise::assignment_cost(std::vector<int>(f.compute.size(), static_cast<int>(d)), f.compute, move, f.looped);
    if (c < fixed_cost) {
      fixed_cost = c;
      fixed = d;
    }
  }
  out << "  best single layout: " << f.layout_names[fixed] << ", " << seconds(fixed_cost) << " s\n";
}

}  // namespace mr2d::cli

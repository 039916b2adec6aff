// SPDX-License-Identifier: BSD-3-Clause
// Command-line parsing for `mr2d plan`: grid strings such as 2x2:64x64 and
// coordinate pairs such as 1,0, with errors that name the option. Values are
// accepted exactly where the library accepts them (cli/limits.hpp). No MPI.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/limits.hpp"
#include "problem/problem.hpp"

namespace mr2d::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// --name value pairs and bare --flags.
struct Options {
  std::map<std::string, std::string> values;
  std::vector<std::string> flags;
  bool flag(const std::string& name) const;
  std::string text(const std::string& name, const std::string& fallback) const;
  /// The integer value of `name` (or `fallback`), which must lie in [lo, hi].
  Index number(const std::string& name, Index fallback, Index lo, Index hi) const;
};

Options parse_options(int argc, char** argv, int first, const std::vector<std::string>& valued,
                      const std::vector<std::string>& bare);

/// Parses "PxQ:MBxNB" into the grid shape and block sizes of `layout`; grids
/// of more than `max_processes` are refused.
void parse_grid(const std::string& option, const std::string& text, model::MatrixLayout& layout,
                Index max_processes = Limits{}.processes);

/// Bytes of an element of --type (s d c z i; d when absent).
Index elem_size_of(const Options& opt);

/// Parses "r,c".
std::pair<Index, Index> parse_pair(const std::string& option, const std::string& text);

struct GridSides;

/// Builds the problem of `mr2d plan` from its options (A on ranks 0.., B on
/// ranks --b-first..), checking it as the library would and its union
/// against `limits`. With `sides`, --a and --b may also be grid layouts
/// (grid_sides.hpp), read into `sides`; the problem then holds a 1 x 1
/// stand-in for each.
model::Problem problem_from(const Options& opt, const Limits& limits = {}, GridSides* sides = nullptr);

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// Checks that a planned redistribution can be reported exactly in 64-bit
// counts and built within the command's limits, before anything that grows
// with the problem is allocated. No MPI.
#pragma once

#include <string>
#include <vector>

#include "cli/limits.hpp"
#include "problem/problem.hpp"
#include "problem/edges.hpp"

namespace mr2d::cli {

/// How error messages name what set the matrix and the layouts
/// (e.g. "--m/--n/--type" and "--a/--b").
struct SizeNames {
  std::string matrix;
  std::string layouts;
};

/// Throws UsageError when m x n elements of elem_size bytes overflow a
/// 64-bit byte count (every byte count of the report is at most that).
void check_bytes(Index m, Index n, Index elem_size, const std::string& matrix);

/// Every communicating pair of `pb` (model::all_edges), after checking byte
/// counts, index arithmetic, run tables, pairs and trapezoid work against
/// `limits`; throws UsageError naming `names` instead of exceeding them.
std::vector<model::Edge> bounded_edges(const model::Problem& pb, const Limits& limits, const SizeNames& names);

}  // namespace mr2d::cli

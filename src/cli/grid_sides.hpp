// SPDX-License-Identifier: BSD-3-Clause
// Sides of `mr2d plan` given as grid layouts (mr2d_layout.h) instead of
// PxQ:MBxNB: rows split over P processes as PETSc splits them (rows:P),
// columns over Q (cols:Q), or split points and owners from a file
// (file:PATH). Their pair volumes come from the library's tiling. No MPI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/limits.hpp"
#include "layout/tables.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"

namespace mr2d::cli {

/// One side given as a grid layout.
struct GridSide {
  layout::Tables tables;
  std::string spec;          ///< as written: rows:P, cols:Q or file:PATH
  Index row0 = 0, col0 = 0;  ///< window start in the side's own index, 0-based
};

/// The sides of a plan given as grid layouts (absent: a descriptor).
struct GridSides {
  std::optional<GridSide> a, b;
  bool any() const { return a.has_value() || b.has_value(); }
};

/// Whether `text` names a grid layout (rows:, cols: or file:).
bool is_grid_layout(const std::string& text);

/// The grid layout `text` of `option` for a side whose window starts at
/// (row0, col0) and reaches (rows, cols): rows:P and cols:Q split exactly
/// that over ranks first .. first+P-1; a file gives its own sizes (at least
/// those) and owners. Throws UsageError naming `option`.
GridSide parse_grid_layout(const std::string& option, const std::string& text, Index row0, Index col0, Index rows,
                           Index cols, Index first, const Limits& limits);

/// Ranks of the union: one more than the largest rank of either side.
int union_size(const model::Problem& pb, const GridSides& sides);

/// Elements each pair of processes (itself included) exchanges when `pb`
/// (in A's index space) has the grid sides `sides`: the library's tiling,
/// each tile's pairs counted as the block-cyclic model counts them. Throws
/// UsageError naming `options` beyond `limits`.
std::vector<model::Edge> grid_edges(const model::Problem& pb, const GridSides& sides, const Limits& limits,
                                    const std::string& options = "--a/--b");

/// How the report shows a grid side: one line of text, or a JSON object.
std::string grid_side_text(const GridSide& g);
std::string grid_side_json(const GridSide& g);

}  // namespace mr2d::cli

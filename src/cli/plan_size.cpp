// SPDX-License-Identifier: BSD-3-Clause
// Size checks of the mr2d command; see plan_size.hpp.
#include "cli/plan_size.hpp"

#include "cli/options.hpp"
#include "common/checked.hpp"

namespace mr2d::cli {

namespace {

std::string num(Index v) { return std::to_string(v); }

// The index code forms the range end (start + extent) and block boundaries
// up to two cycles (nb x nprocs) beyond it; only ILP64 values can overflow.
bool axis_fits(const index::Axis& axis, Index extent) {
  const auto end = checked_add(axis.start, extent);
  const auto cycles = checked_mul(axis.nb, axis.nprocs, 2);
  return end && cycles && checked_add(*end, *cycles);
}

void check_dimension(const index::AxisPair& axes, const char* dim, const Limits& limits, const SizeNames& names) {
  if (!axis_fits(axes.src, axes.extent) || !axis_fits(axes.dst, axes.extent))
    throw UsageError(names.layouts + ": the submatrix end plus two cycles of " + dim +
                     " blocks (block size x grid size) exceeds 64-bit index arithmetic");
  const Index runs = model::run_table_bound(axes);
  if (runs > limits.run_entries)
    throw UsageError(names.layouts + ": the " + dim + " blocks of A and B cut one period into up to " + num(runs) +
                     " runs, more than the " + num(limits.run_entries) + " the command tabulates");
}

}  // namespace

void check_bytes(Index m, Index n, Index elem_size, const std::string& matrix) {
  if (!checked_mul(m, n, elem_size))
    throw UsageError(matrix + ": " + num(m) + " x " + num(n) + " elements of " + num(elem_size) +
                     " bytes overflow a 64-bit byte count (at most " + num(std::numeric_limits<Index>::max()) +
                     " bytes)");
}

std::vector<model::Edge> bounded_edges(const model::Problem& pb, const Limits& limits, const SizeNames& names) {
  check_bytes(pb.m, pb.n, pb.elem_size, names.matrix);
  check_dimension(model::row_axes(pb), "row", limits, names);
  check_dimension(model::col_axes(pb), "column", limits, names);
  const model::PairRuns runs = model::pair_runs(pb);
  const Index pairs = runs.pair_count();
  if (pairs > limits.pairs)
    throw UsageError(names.layouts + ": up to " + num(pairs) + " communicating process pairs, more than the " +
                     num(limits.pairs) + " the command lists");
  const Index columns = runs.trapezoid_columns(pb);
  if (columns > limits.trapezoid_columns)
    throw UsageError(names.layouts + ": counting the trapezoid takes " + num(columns) +
                     " column visits, more than the " + num(limits.trapezoid_columns) + " the command makes");
  return model::edges_from(pb, runs);
}

}  // namespace mr2d::cli

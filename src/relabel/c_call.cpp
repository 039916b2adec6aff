// SPDX-License-Identifier: BSD-3-Clause
// Checks and runs one relabelling call; see c_call.hpp.
#include "relabel/c_call.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check/message.hpp"
#include "common/checked.hpp"
#include "problem/problem.hpp"
#include "problem/edges.hpp"
#include "relabel/relabel.hpp"
#include "relabel/volumes.hpp"
#include "check/reasons.hpp"
#include "relabel/reasons.hpp"
#include "relabel/reason_words.hpp"

namespace mr2d::relabel {

namespace {

check::ArgList arg_list(const CCall& c) {
  return c.trapezoidal ? check::list_of(check::kRelabelTrmr2d) : check::list_of(check::kRelabelGemr2d);
}

// The fields of an mr2d_layout, as Fault::entry numbers them (kLayoutFields).
enum Field : std::int64_t { kNprow = 1, kNpcol, kRows, kCols, kMb, kNb, kRsrc, kCsrc, kI, kJ };

template <class R>
Fault fault(R why, std::int64_t position, std::int64_t value = 0, std::int64_t limit = 0) {
  return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).named(position);
}

// Fields of one layout (argument `position`), in descriptor order; `m` and
// `n` are the copy's extent.
Fault check_layout(std::int64_t position, const mr2d_layout& l, Index m, Index n, const CallLimits& limits) {
  const auto field = [position](Field f, Reason why, std::int64_t value, std::int64_t limit = 0) {
    return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).named(position, f);
  };
  if (l.nprow < 1) return field(kNprow, Reason::not_positive, l.nprow);
  if (l.npcol < 1) return field(kNpcol, Reason::not_positive, l.npcol);
  const Index grid = Index{l.nprow} * Index{l.npcol};
  if (grid > limits.grid_positions)
    return fault(RelabelReason::grid_over_limit, position, l.nprow, l.npcol).in(0, limits.grid_positions);
  if (l.rows < 0) return field(kRows, Reason::negative, l.rows);
  if (l.cols < 0) return field(kCols, Reason::negative, l.cols);
  if (l.mb < 1) return field(kMb, Reason::not_positive, l.mb);
  if (l.nb < 1) return field(kNb, Reason::not_positive, l.nb);
  if (l.rsrc < 0 || l.rsrc >= l.nprow) return field(kRsrc, Reason::src_out_of_grid, l.rsrc, l.nprow).in(0, 0);
  if (l.csrc < 0 || l.csrc >= l.npcol) return field(kCsrc, Reason::src_out_of_grid, l.csrc, l.npcol).in(1, 0);
  if (l.i < 1) return field(kI, Reason::start_below_one, l.i);
  if (l.j < 1) return field(kJ, Reason::start_below_one, l.j);
  // Both sums fit: each term is at most 2^63 - 1 and the other is >= 0 or 1
  // smaller. An end beyond 64 bits is quoted as the largest Index.
  constexpr Index kMax = std::numeric_limits<Index>::max();
  const std::optional<Index> last_row = checked_add(Index{l.i} - 1, m);
  if (!last_row || *last_row > l.rows) return field(kI, Reason::beyond_matrix, last_row.value_or(kMax), l.rows);
  const std::optional<Index> last_col = checked_add(Index{l.j} - 1, n);
  if (!last_col || *last_col > l.cols) return field(kJ, Reason::beyond_matrix, last_col.value_or(kMax), l.cols);
  return {};
}

// Distinct ranks >= 0; `rows`: the rows of the grid the list maps
// (column-major), which messages name positions of, or 0 for a plain list.
Fault check_ranks(std::int64_t position, const std::vector<int>& ranks, Index rows) {
  for (std::size_t k = 0; k < ranks.size(); ++k)
    if (ranks[k] < 0) return fault(RelabelReason::rank_negative, position, ranks[k], rows).in(0, static_cast<Index>(k));
  std::vector<std::pair<int, std::size_t>> sorted;
  for (std::size_t k = 0; k < ranks.size(); ++k) sorted.push_back({ranks[k], k});
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 1; k < sorted.size(); ++k)
    if (sorted[k].first == sorted[k - 1].first)
      return fault(RelabelReason::rank_listed_twice, position, sorted[k].first, rows)
          .in(static_cast<Index>(sorted[k - 1].second), static_cast<Index>(sorted[k].second));
  return {};
}

model::MatrixLayout layout_of(const mr2d_layout& l) {
  model::MatrixLayout out;
  out.rows = l.rows;
  out.cols = l.cols;
  out.mb = l.mb;
  out.nb = l.nb;
  out.rsrc = l.rsrc;
  out.csrc = l.csrc;
  out.i0 = Index{l.i} - 1;
  out.j0 = Index{l.j} - 1;
  out.nprow = l.nprow;
  out.npcol = l.npcol;
  return out;
}

// The index code forms the range end (start + extent) and block boundaries up
// to two cycles (nb x nprocs) beyond it; only 64-bit ScaLAPACK integers reach that.
bool axis_fits(const index::Axis& axis, Index extent) {
  const auto end = checked_add(axis.start, extent);
  const auto cycles = checked_mul(axis.nb, axis.nprocs, 2);
  return end && cycles && checked_add(*end, *cycles);
}

// Faults of the work a relabelling takes name A and B together (arguments
// a and b); `dim` 0 rows, 1 columns.
Fault work_fault(RelabelReason why, std::int64_t dim, std::int64_t value = 0, std::int64_t limit = 0) {
  return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).in(dim, 0);
}

Fault check_dimension(const index::AxisPair& axes, std::int64_t dim, const CallLimits& limits) {
  if (!axis_fits(axes.src, axes.extent) || !axis_fits(axes.dst, axes.extent))
    return work_fault(RelabelReason::index_math, dim);
  const Index runs = model::run_table_bound(axes);
  if (runs > limits.run_entries) return work_fault(RelabelReason::run_table_limit, dim, runs, limits.run_entries);
  return {};
}

struct Checked {
  model::Problem problem;
  std::vector<int> ranks;
};

Fault check(const CCall& c, const CallLimits& limits, Checked& out) {
  const check::ArgList args = arg_list(c);
  const auto at = [&](const char* name) { return check::arg_position(args, name); };
  if (c.elem_size == 0) return fault(Reason::bad_type, at("type"), c.type);
  model::Problem& pb = out.problem;
  if (c.trapezoidal) {
    if (c.uplo == nullptr) return fault(Reason::null_pointer, at("uplo"));
    if (c.diag == nullptr) return fault(Reason::null_pointer, at("diag"));
    const char u = c.uplo[0], d = c.diag[0];
    if (u != 'U' && u != 'u' && u != 'L' && u != 'l') return fault(Reason::bad_letter, at("uplo"), u);
    if (d != 'N' && d != 'n' && d != 'U' && d != 'u') return fault(Reason::bad_letter, at("diag"), d);
    pb.shape = u == 'U' || u == 'u' ? index::Shape::upper : index::Shape::lower;
    pb.unit_diag = d == 'U' || d == 'u';
  }
  if (c.m < 0) return fault(Reason::negative, at("m"), c.m);
  if (c.n < 0) return fault(Reason::negative, at("n"), c.n);
  const std::pair<const void*, const char*> pointers[] = {
      {c.a, "a"}, {c.a_usermap, "a_usermap"}, {c.b, "b"}, {c.b_usermap, "b_usermap"}};
  for (const auto& [pointer, name] : pointers)
    if (pointer == nullptr) return fault(Reason::null_pointer, at(name));
  Fault f = check_layout(at("a"), *c.a, c.m, c.n, limits);
  if (f.ok()) f = check_layout(at("b"), *c.b, c.m, c.n, limits);
  if (!f.ok()) return f;
  if (!checked_mul(c.m, c.n, c.elem_size)) return fault(Reason::too_large, at("m"), c.m, c.elem_size);

  pb.m = c.m;
  pb.n = c.n;
  pb.elem_size = c.elem_size;
  pb.a = layout_of(*c.a);
  pb.b = layout_of(*c.b);
  // a_usermap is column-major (Cblacs_gridmap's order); rank_of is row-major.
  const Index a_rows = c.a->nprow, a_cols = c.a->npcol;
  const std::vector<int> a_usermap(c.a_usermap, c.a_usermap + a_rows * a_cols);
  f = check_ranks(at("a_usermap"), a_usermap, a_rows);
  if (!f.ok()) return f;
  pb.a.rank_of.resize(a_usermap.size());
  for (Index r = 0; r < a_rows; ++r)
    for (Index col = 0; col < a_cols; ++col)
      pb.a.rank_of[static_cast<std::size_t>(r * a_cols + col)] = a_usermap[static_cast<std::size_t>(r + col * a_rows)];

  const Index b_positions = Index{c.b->nprow} * Index{c.b->npcol};
  if (c.nranks < b_positions)
    return fault(RelabelReason::too_few_ranks, at("nranks"), c.nranks, b_positions).in(c.b->nprow, c.b->npcol);
  if (c.ranks == nullptr) {
    // Ranks 0 .. nranks-1. Only B's default ranks (the first ones) and A's
    // ranks can matter: a position that keeps nothing always finds a free
    // rank among the first b_positions. So nranks costs no memory.
    out.ranks.resize(static_cast<std::size_t>(b_positions));
    std::iota(out.ranks.begin(), out.ranks.end(), 0);
    std::vector<int> more;
    for (int r : a_usermap)
      if (r >= b_positions && r < c.nranks) more.push_back(r);
    std::sort(more.begin(), more.end());
    out.ranks.insert(out.ranks.end(), more.begin(), more.end());
  } else {
    out.ranks.assign(c.ranks, c.ranks + c.nranks);
    f = check_ranks(at("ranks"), out.ranks, 0);
    if (!f.ok()) return f;
  }

  f = check_dimension(model::row_axes(pb), 0, limits);
  return f.ok() ? check_dimension(model::col_axes(pb), 1, limits) : f;
}

// The work bounded once the layouts are known.
Fault check_work(const model::Problem& pb, const model::PairRuns& runs, const CallLimits& limits) {
  const Index pairs = runs.pair_count();
  if (pairs > limits.pairs) return work_fault(RelabelReason::pair_limit, 0, pairs, limits.pairs);
  const Index columns = runs.trapezoid_columns(pb);
  if (columns > limits.trapezoid_columns)
    return work_fault(RelabelReason::trapezoid_limit, 0, columns, limits.trapezoid_columns);
  return {};
}

}  // namespace

Status run(const CCall& call, const CallLimits& limits) {
  check::Wording wording;
  wording.routine = call.routine;
  wording.args = arg_list(call);
  wording.layout_fields = true;
  wording.words = words_of;
  Checked c;
  Fault f = check(call, limits, c);
  const model::Problem& pb = c.problem;
  if (!f.ok()) return check::status_of(f, wording);
  const model::PairRuns runs = model::pair_runs(pb);
  f = check_work(pb, runs, limits);
  if (!f.ok()) return check::status_of(f, wording);

  const Placement placed = place(volumes(pb, runs), static_cast<int>(pb.b.processes()), c.ranks);
  // rank_of is row-major; b_usermap is column-major with leading dimension nprow.
  for (Index r = 0; r < pb.b.nprow; ++r)
    for (Index col = 0; col < pb.b.npcol; ++col)
      call.b_usermap[r + col * pb.b.nprow] = placed.rank_of[static_cast<std::size_t>(r * pb.b.npcol + col)];
  if (call.report != nullptr) {
    // Every count is at most m * n, whose byte count was checked to fit.
    const Index es = pb.elem_size;
    call.report->bytes_total = placed.total * es;
    call.report->bytes_moved_default = (placed.total - placed.kept_default) * es;
    call.report->bytes_moved = (placed.total - placed.kept) * es;
    call.report->exact = placed.exact ? 1 : 0;
  }
  return {};
}

}  // namespace mr2d::relabel

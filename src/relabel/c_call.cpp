// SPDX-License-Identifier: BSD-3-Clause
// Checks and runs one relabelling call; see c_call.hpp.
#include "relabel/c_call.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/checked.hpp"
#include "problem/problem.hpp"
#include "problem/edges.hpp"
#include "relabel/relabel.hpp"
#include "relabel/volumes.hpp"

namespace mr2d::relabel {

namespace {

std::string num(Index v) { return std::to_string(v); }

// 1-based argument positions; trmr2d has UPLO and DIAG after the type.
struct Positions {
  int uplo = 2, diag = 3, m, n, a, a_usermap, b, ranks, nranks, b_usermap;
  explicit Positions(bool trapezoidal) {
    const int shift = trapezoidal ? 2 : 0;
    m = 2 + shift;
    n = 3 + shift;
    a = 4 + shift;
    a_usermap = 5 + shift;
    b = 6 + shift;
    ranks = 7 + shift;
    nranks = 8 + shift;
    b_usermap = 9 + shift;
  }
};

// Builds "mr2d: ROUTINE: argument K (NAME) TEXT" statuses.
struct Errors {
  const char* routine;
  Status operator()(int position, const std::string& name, const std::string& text) const {
    return {MR2D_ERR_ARGUMENT, message_of(routine, "argument " + std::to_string(position) + " (" + name + ") " + text)};
  }
  Status plain(const std::string& text) const { return failure(MR2D_ERR_ARGUMENT, routine, text); }
};

std::string position_text(Index r, Index c) { return "(" + num(r) + "," + num(c) + ")"; }

// Fields of one layout, in descriptor order; `m` and `n` are the copy's extent.
Status check_layout(const Errors& err, int position, const char* side, const mr2d_layout& l, Index m, Index n,
                    const CallLimits& limits) {
  auto field = [&](const char* name) { return std::string(side) + "->" + name; };
  if (l.nprow < 1) return err(position, field("nprow"), "is " + num(l.nprow) + ", must be >= 1");
  if (l.npcol < 1) return err(position, field("npcol"), "is " + num(l.npcol) + ", must be >= 1");
  const Index grid = Index{l.nprow} * Index{l.npcol};
  if (grid > limits.grid_positions)
    return err(position, side,
               "has a " + num(l.nprow) + "x" + num(l.npcol) + " grid, more than the " + num(limits.grid_positions) +
                   " positions a relabelling handles");
  if (l.rows < 0) return err(position, field("rows"), "is " + num(l.rows) + ", must be >= 0");
  if (l.cols < 0) return err(position, field("cols"), "is " + num(l.cols) + ", must be >= 0");
  if (l.mb < 1) return err(position, field("mb"), "is " + num(l.mb) + ", must be >= 1");
  if (l.nb < 1) return err(position, field("nb"), "is " + num(l.nb) + ", must be >= 1");
  if (l.rsrc < 0 || l.rsrc >= l.nprow)
    return err(position, field("rsrc"), "is " + num(l.rsrc) + ", must be a process row in [0, " + num(l.nprow) + ")");
  if (l.csrc < 0 || l.csrc >= l.npcol)
    return err(position, field("csrc"),
               "is " + num(l.csrc) + ", must be a process column in [0, " + num(l.npcol) + ")");
  if (l.i < 1) return err(position, field("i"), "is " + num(l.i) + ", must be >= 1");
  if (l.j < 1) return err(position, field("j"), "is " + num(l.j) + ", must be >= 1");
  // Both sums fit: each term is at most 2^63 - 1 and the other is >= 0 or 1 smaller.
  const std::optional<Index> last_row = checked_add(Index{l.i} - 1, m);
  if (!last_row || *last_row > l.rows)
    return err(
        position, field("i"),
        "is " + num(l.i) + ": the submatrix's " + num(m) + " rows end beyond " + field("rows") + " = " + num(l.rows));
  const std::optional<Index> last_col = checked_add(Index{l.j} - 1, n);
  if (!last_col || *last_col > l.cols)
    return err(position, field("j"),
               "is " + num(l.j) + ": the submatrix's " + num(n) + " columns end beyond " + field("cols") + " = " +
                   num(l.cols));
  return {};
}

// Distinct ranks >= 0; `where(k)` names entry k in messages.
template <class Where>
Status check_ranks(const Errors& err, int position, const char* name, const std::vector<int>& ranks, Where&& where) {
  for (std::size_t k = 0; k < ranks.size(); ++k)
    if (ranks[k] < 0) return err(position, name, "has " + where(k) + " = " + num(ranks[k]) + ", must be a rank >= 0");
  std::vector<std::pair<int, std::size_t>> sorted;
  for (std::size_t k = 0; k < ranks.size(); ++k) sorted.push_back({ranks[k], k});
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 1; k < sorted.size(); ++k)
    if (sorted[k].first == sorted[k - 1].first)
      return err(position, name,
                 "has rank " + num(sorted[k].first) + " twice: " + where(sorted[k - 1].second) + " and " +
                     where(sorted[k].second));
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

Status check_dimension(const Errors& err, const index::AxisPair& axes, const char* dim, const CallLimits& limits) {
  if (!axis_fits(axes.src, axes.extent) || !axis_fits(axes.dst, axes.extent))
    return err.plain(std::string("a, b: the submatrix end plus two cycles of ") + dim +
                     " blocks (block size x grid size) exceeds 64-bit index arithmetic");
  const Index runs = model::run_table_bound(axes);
  if (runs > limits.run_entries)
    return err.plain(std::string("a, b: the ") + dim + " blocks of A and B cut one period into up to " + num(runs) +
                     " runs, more than the " + num(limits.run_entries) + " a relabelling tabulates");
  return {};
}

struct Checked {
  model::Problem problem;
  std::vector<int> ranks;
};

Status check(const CCall& c, const CallLimits& limits, Checked& out) {
  const Errors err{c.routine};
  const Positions at(c.trapezoidal);
  if (c.elem_size == 0)
    return err(1, "type", "is " + num(c.type) + ", not one of MR2D_S, MR2D_D, MR2D_C, MR2D_Z, MR2D_I");
  model::Problem& pb = out.problem;
  if (c.trapezoidal) {
    if (c.uplo == nullptr) return err(at.uplo, "uplo", "is NULL");
    if (c.diag == nullptr) return err(at.diag, "diag", "is NULL");
    const char u = c.uplo[0], d = c.diag[0];
    if (u != 'U' && u != 'u' && u != 'L' && u != 'l')
      return err(at.uplo, "uplo", std::string("is '") + u + "', not one of U, L");
    if (d != 'N' && d != 'n' && d != 'U' && d != 'u')
      return err(at.diag, "diag", std::string("is '") + d + "', not one of N, U");
    pb.shape = u == 'U' || u == 'u' ? index::Shape::upper : index::Shape::lower;
    pb.unit_diag = d == 'U' || d == 'u';
  }
  if (c.m < 0) return err(at.m, "m", "is " + num(c.m) + ", must be >= 0");
  if (c.n < 0) return err(at.n, "n", "is " + num(c.n) + ", must be >= 0");
  if (c.a == nullptr) return err(at.a, "a", "is NULL");
  if (c.a_usermap == nullptr) return err(at.a_usermap, "a_usermap", "is NULL");
  if (c.b == nullptr) return err(at.b, "b", "is NULL");
  if (c.b_usermap == nullptr) return err(at.b_usermap, "b_usermap", "is NULL");
  Status s = check_layout(err, at.a, "a", *c.a, c.m, c.n, limits);
  if (!s.ok()) return s;
  s = check_layout(err, at.b, "b", *c.b, c.m, c.n, limits);
  if (!s.ok()) return s;
  if (!checked_mul(c.m, c.n, c.elem_size))
    return err.plain("m, n: " + num(c.m) + " x " + num(c.n) + " elements of " + num(c.elem_size) +
                     " bytes overflow a 64-bit byte count");

  pb.m = c.m;
  pb.n = c.n;
  pb.elem_size = c.elem_size;
  pb.a = layout_of(*c.a);
  pb.b = layout_of(*c.b);
  // a_usermap is column-major (Cblacs_gridmap's order); rank_of is row-major.
  const Index a_rows = c.a->nprow, a_cols = c.a->npcol;
  const std::vector<int> a_usermap(c.a_usermap, c.a_usermap + a_rows * a_cols);
  s = check_ranks(err, at.a_usermap, "a_usermap", a_usermap, [&](std::size_t k) {
    const Index r = static_cast<Index>(k) % a_rows, col = static_cast<Index>(k) / a_rows;
    return "grid position " + position_text(r, col) + " at [" + num(static_cast<Index>(k)) + "]";
  });
  if (!s.ok()) return s;
  pb.a.rank_of.resize(a_usermap.size());
  for (Index r = 0; r < a_rows; ++r)
    for (Index col = 0; col < a_cols; ++col)
      pb.a.rank_of[static_cast<std::size_t>(r * a_cols + col)] = a_usermap[static_cast<std::size_t>(r + col * a_rows)];

  const Index b_positions = Index{c.b->nprow} * Index{c.b->npcol};
  if (c.nranks < b_positions)
    return err(at.nranks, "nranks",
               "is " + num(c.nranks) + ", fewer than the " + num(b_positions) + " positions of B's " + num(c.b->nprow) +
                   "x" + num(c.b->npcol) + " grid");
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
    s = check_ranks(err, at.ranks, "ranks", out.ranks,
                    [](std::size_t k) { return "[" + num(static_cast<Index>(k)) + "]"; });
    if (!s.ok()) return s;
  }

  s = check_dimension(err, model::row_axes(pb), "row", limits);
  if (!s.ok()) return s;
  return check_dimension(err, model::col_axes(pb), "column", limits);
}

}  // namespace

Status run(const CCall& call, const CallLimits& limits) {
  Checked c;
  Status s = check(call, limits, c);
  if (!s.ok()) return s;
  const model::Problem& pb = c.problem;
  const Errors err{call.routine};
  const model::PairRuns runs = model::pair_runs(pb);
  const Index pairs = runs.pair_count();
  if (pairs > limits.pairs)
    return err.plain("a, b: up to " + num(pairs) + " pairs of A and B positions share data, more than the " +
                     num(limits.pairs) + " a relabelling lists");
  const Index columns = runs.trapezoid_columns(pb);
  if (columns > limits.trapezoid_columns)
    return err.plain("a, b: counting the trapezoid takes " + num(columns) + " column visits, more than the " +
                     num(limits.trapezoid_columns) + " a relabelling makes");

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

// SPDX-License-Identifier: BSD-3-Clause
// Local and global argument checks; see validate.hpp.
#include "check/validate.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/checked.hpp"
#include "common/env.hpp"
#include "check/footprint.hpp"
#include "index/cyclic_1d.hpp"
#include "mr2d/mr2d.h"
#include "check/reasons.hpp"

namespace mr2d::check {

namespace {

// The argument list of the call: its entry point's, or for a call made
// without one (a fuzz target's), the list its flags imply.
ArgList arg_list(const Call& call) {
  if (call.args.count > 0) return call.args;
  if (call.layout) return call.found.described ? list_of(kCommLayout) : list_of(kLayout);
  if (call.found.described) return call.trapezoidal ? list_of(kCommTrmr2d) : list_of(kCommGemr2d);
  switch (call.entry) {
    case Entry::transform:
      return call.trapezoidal ? list_of(kTrtransform) : list_of(kTransform);
    case Entry::pblas_tran:
      return list_of(kPblasTran);
    case Entry::pblas_geadd:
      return list_of(kPblasGeadd);
    case Entry::pblas_tradd:
      return list_of(kPblasTradd);
    case Entry::redistribute:
      break;
  }
  return call.strided ? list_of(kStrided) : call.trapezoidal ? list_of(kTrmr2d) : list_of(kGemr2d);
}

}  // namespace

std::int64_t arg_position(const Call& call, const char* name) { return arg_position(arg_list(call), name); }

Wording wording_of(const Call& call) {
  Wording w;
  w.routine = call.routine;
  w.args = arg_list(call);
  w.scope = call.found.described ? Scope::communicator : Scope::context;
  w.env_value = call.found.bad_env_value;
  return w;
}

namespace {

std::int64_t at(const Call& call, const char* name) { return arg_position(call, name); }

// The names of one matrix's arguments: descriptor, window start, array.
struct MatrixNames {
  const char *desc, *i, *j, *array;
};

struct Checker {
  const Call& call;
  Report& rep;
  bool failed() const { return !rep.error.ok(); }
  // Records the first failure only.
  bool fail(const Fault& fault) {
    if (!failed()) rep.error = fault;
    return false;
  }
  bool fail(int code, std::int64_t arg, std::int64_t entry, Reason reason, std::int64_t value, std::int64_t limit = 0) {
    return fail(Fault::of(code, reason, value, limit).named(arg, entry));
  }

  // A window's start (i, j), 1-based; names of I and J (their positions
  // are looked up on a failure only).
  void starts(Index i, Index j, const char* name_i, const char* name_j) {
    if (i < 1) fail(MR2D_ERR_ARGUMENT, at(call, name_i), 0, Reason::start_below_one, i);
    if (j < 1) fail(MR2D_ERR_ARGUMENT, at(call, name_j), 0, Reason::start_below_one, j);
  }

  // Whether a window from (i, j) over m rows and n columns (nothing: more
  // than 64 bits hold, so beyond any matrix) ends within `extent`; an end
  // that overflows is reported as the largest Index.
  bool ends(Index i, Index j, std::optional<Index> m, std::optional<Index> n, Extent extent, const char* name_i,
            const char* name_j) {
    const std::optional<Index> end_i = m ? checked_add(i - 1, *m) : std::nullopt;
    const std::optional<Index> end_j = n ? checked_add(j - 1, *n) : std::nullopt;
    constexpr Index kMax = std::numeric_limits<Index>::max();
    if (!end_i || *end_i > extent.rows)
      fail(MR2D_ERR_ARGUMENT, at(call, name_i), 0, Reason::beyond_matrix, end_i.value_or(kMax), extent.rows);
    if (!end_j || *end_j > extent.cols)
      fail(MR2D_ERR_ARGUMENT, at(call, name_j), 0, Reason::beyond_matrix, end_j.value_or(kMax), extent.cols);
    return !failed();
  }

  // A grid-layout side: its window against the layout's extent, on every
  // process (the tables and blocks are checked with the other processes').
  void layout_window(Extent extent, Index i, Index j, std::optional<Index> m, std::optional<Index> n,
                     const char* name_i, const char* name_j) {
    starts(i, j, name_i, name_j);
    if (!failed()) ends(i, j, m, n, extent, name_i, name_j);
  }

  // Checks one matrix on one of its members: descriptor, window start (i, j)
  // and the rows and columns the window spans (nothing: more than 64 bits
  // hold, so beyond any matrix); `names` word its failures. `degenerate`:
  // PBLAS's checks of an empty operation, no bounds and LLD_ >= 1.
  void matrix(const std::array<Index, DESC_LEN>& d, const GridInfo& g, Index i, Index j, std::optional<Index> m,
              std::optional<Index> n, bool null_array, const MatrixNames& names, bool degenerate = false) {
    // Positions are looked up on a failure only: a valid call pays nothing for them.
    const auto pd = [&] { return at(call, names.desc); };
    const auto a_arr = [&] { return at(call, names.array); };
    if (d[M_] < 0) fail(MR2D_ERR_ARGUMENT, pd(), M_ + 1, Reason::negative, d[M_]);
    if (d[N_] < 0) fail(MR2D_ERR_ARGUMENT, pd(), N_ + 1, Reason::negative, d[N_]);
    if (d[MB] < 1) fail(MR2D_ERR_ARGUMENT, pd(), MB + 1, Reason::not_positive, d[MB]);
    if (d[NB] < 1) fail(MR2D_ERR_ARGUMENT, pd(), NB + 1, Reason::not_positive, d[NB]);
    if (d[RSRC] < 0 || d[RSRC] >= g.nprow)
      fail(Fault::of(MR2D_ERR_ARGUMENT, Reason::src_out_of_grid, d[RSRC], g.nprow).named(pd(), RSRC + 1).in(0, 0));
    if (d[CSRC] < 0 || d[CSRC] >= g.npcol)
      fail(Fault::of(MR2D_ERR_ARGUMENT, Reason::src_out_of_grid, d[CSRC], g.npcol).named(pd(), CSRC + 1).in(1, 0));
    starts(i, j, names.i, names.j);
    if (degenerate && d[LLD] < 1) fail(MR2D_ERR_ARGUMENT, pd(), LLD + 1, Reason::not_positive, d[LLD]);
    if (failed() || degenerate) return;
    if (!ends(i, j, m, n, {d[M_], d[N_]}, names.i, names.j)) return;
    const Index end_i = i - 1 + *m, end_j = j - 1 + *n;
    Index local_rows = index::numroc(d[M_], d[MB], g.myrow, d[RSRC], g.nprow);
    if (d[LLD] < local_rows) fail(MR2D_ERR_ARGUMENT, pd(), LLD + 1, Reason::lld_too_small, d[LLD], local_rows);
    // The local array's bytes must be countable (offsets and byte counts are 64-bit).
    const Index local_cols = index::numroc(d[N_], d[NB], g.mycol, d[CSRC], g.npcol);
    if (!failed() && !checked_mul(d[LLD], local_cols, std::max<Index>(call.elem_size, 1)))
      fail(MR2D_ERR_ARGUMENT, pd(), LLD + 1, Reason::too_large, d[LLD], call.elem_size);
    if (null_array && !failed()) {
      // NULL is fine where this process holds nothing of the submatrix.
      Index sub_rows = index::numroc(end_i, d[MB], g.myrow, d[RSRC], g.nprow) -
                       index::numroc(i - 1, d[MB], g.myrow, d[RSRC], g.nprow);
      Index sub_cols = index::numroc(end_j, d[NB], g.mycol, d[CSRC], g.npcol) -
                       index::numroc(j - 1, d[NB], g.mycol, d[CSRC], g.npcol);
      if (sub_rows > 0 && sub_cols > 0) fail(MR2D_ERR_ARGUMENT, a_arr(), 0, Reason::null_array, 0);
    }
  }
};

MatrixReport matrix_report(const std::array<Index, DESC_LEN>& d, const GridInfo& g, Index i, Index j) {
  MatrixReport r;
  r.nprow = g.nprow;
  r.npcol = g.npcol;
  const bool m = g.member();
  r.row = m ? g.myrow : -1;
  r.col = m ? g.mycol : -1;
  r.m = m ? d[M_] : 0;
  r.n = m ? d[N_] : 0;
  r.mb = m ? d[MB] : 0;
  r.nb = m ? d[NB] : 0;
  r.rsrc = m ? d[RSRC] : 0;
  r.csrc = m ? d[CSRC] : 0;
  // A start below 1 is already this report's error (and i - 1 could overflow).
  r.i0 = m && i >= 1 ? i - 1 : 0;
  r.j0 = m && j >= 1 ? j - 1 : 0;
  return r;
}

}  // namespace

Report make_report(const Call& call) {
  Report r{};
  Checker c{call, r};
  if (call.type < MR2D_S || call.type > MR2D_I)
    c.fail(MR2D_ERR_ARGUMENT, call.type_position, 0, Reason::bad_type, call.type);
  if (call.plan_out_null) c.fail(MR2D_ERR_ARGUMENT, 1, 0, Reason::null_plan_out, 0);
  if (call.found.bad_option >= 0)
    c.fail(Fault::of(MR2D_ERR_ARGUMENT, Reason::bad_option, call.found.bad_option_value).in(0, call.found.bad_option));
  if (call.found.bad_env >= 0 && call.found.bad_env_value != nullptr)
    c.fail(Fault::of(MR2D_ERR_ARGUMENT, Reason::bad_environment, text_word(call.found.bad_env_value))
               .in(0, call.found.bad_env));
  if (call.trapezoidal && call.letters == Letters::strict) {
    char u = call.uplo, d = call.diag;
    if (u != 'U' && u != 'u' && u != 'L' && u != 'l')
      c.fail(MR2D_ERR_ARGUMENT, at(call, "UPLO"), 0, Reason::bad_letter, u);
    if (d != 'U' && d != 'u' && d != 'N' && d != 'n')
      c.fail(MR2D_ERR_ARGUMENT, at(call, "DIAG"), 0, Reason::bad_letter, d);
  }
  const bool has_trans =
      call.entry == Entry::transform || call.entry == Entry::pblas_geadd || call.entry == Entry::pblas_tradd;
  if (has_trans) {
    const char t = call.op;
    if (t != 'N' && t != 'n' && t != 'T' && t != 't' && t != 'C' && t != 'c')
      c.fail(MR2D_ERR_ARGUMENT, at(call, "TRANS"), 0, Reason::bad_letter, t);
  }
  if (!call.fault.ok()) c.fail(call.fault);
  if (call.m < 0) c.fail(MR2D_ERR_ARGUMENT, at(call, "M"), 0, Reason::negative, call.m);
  if (call.n < 0) c.fail(MR2D_ERR_ARGUMENT, at(call, "N"), 0, Reason::negative, call.n);
  // Every byte count of the call is at most M x N elements.
  if (!c.failed() && !checked_mul(call.m, call.n, std::max<Index>(call.elem_size, 1)))
    c.fail(MR2D_ERR_ARGUMENT, at(call, "M"), 0, Reason::too_large, call.m, call.elem_size);
  if (call.strided) {
    const std::pair<const char*, Index> strides[] = {
        {"SA", call.sa}, {"TA", call.ta}, {"SB", call.sb}, {"TB", call.tb}};
    for (const auto& [name, value] : strides)
      if (value < 1) c.fail(MR2D_ERR_ARGUMENT, at(call, name), 0, Reason::not_positive, value);
  }
  // Windows beyond 64 bits (only ILP64 arguments can) span nothing.
  const auto span = window_span;
  // A transposing call reads an n x m window of A.
  const bool transposed = is_transposed(call.op);
  const Index a_rows = transposed ? call.n : call.m, a_cols = transposed ? call.m : call.n;
  // PBLAS checks the descriptors of an empty operation too, fewer entries.
  const bool degenerate = is_pblas(call.entry) && (call.m == 0 || call.n == 0);
  if (!c.failed() && call.found.kind_a == SideKind::grid_layout)
    c.layout_window(call.found.extent_a, call.ia, call.ja, span(a_rows, call.sa), span(a_cols, call.ta), "IA", "JA");
  if (!c.failed() && call.found.grid_a.member())
    c.matrix(call.found.desca, call.found.grid_a, call.ia, call.ja, span(a_rows, call.sa), span(a_cols, call.ta),
             call.found.a_null, {"DESCA", "IA", "JA", "A"}, degenerate);
  if (!c.failed() && call.found.kind_b == SideKind::grid_layout)
    c.layout_window(call.found.extent_b, call.ib, call.jb, span(call.m, call.sb), span(call.n, call.tb), "IB", "JB");
  if (!c.failed() && call.found.grid_b.member())
    c.matrix(call.found.descb, call.found.grid_b, call.ib, call.jb, span(call.m, call.sb), span(call.n, call.tb),
             call.found.b_null, {"DESCB", "IB", "JB", "B"}, degenerate);
  if (!c.failed() && call.found.a_addr != 0 && call.found.b_addr != 0) {
    LocalWindow wa, wb;
    call_windows(call, wa, wb);
    const Index lda = call.found.grid_a.member() ? call.found.desca[LLD] : 0,
                ldb = call.found.grid_b.member() ? call.found.descb[LLD] : 0;
    if (windows_overlap(call.found.a_addr, lda, wa, call.found.b_addr, ldb, wb, call.elem_size))
      c.fail(MR2D_ERR_ARGUMENT, at(call, "B"), 0, Reason::overlaps_a, 0);
  }
  r.a = matrix_report(call.found.desca, call.found.grid_a, call.ia, call.ja);
  r.b = matrix_report(call.found.descb, call.found.grid_b, call.ib, call.jb);
  r.sub_m = call.m;
  r.sub_n = call.n;
  index::Shape shape = index::Shape::full;
  bool unit = false;
  if (call.trapezoidal) {
    // ScaLAPACK's decoding (its p?trmr2d): 'U'/'u' is upper, anything
    // else lower; upper copies the diagonal only for 'N'/'n', lower skips it
    // only for 'U'/'u'.
    bool upper = call.uplo == 'U' || call.uplo == 'u';
    shape = upper ? index::Shape::upper : index::Shape::lower;
    unit = upper ? !(call.diag == 'N' || call.diag == 'n') : (call.diag == 'U' || call.diag == 'u');
  }
  r.shape = static_cast<std::int64_t>(shape);
  // Bit 1: p?tradd's trapezoid, whose diagonal starts at the corner.
  r.unit = (unit ? 1 : 0) | (call.entry == Entry::pblas_tradd ? 2 : 0);
  r.elem_size = call.elem_size;
  r.sa = call.sa;
  r.ta = call.ta;
  r.sb = call.sb;
  r.tb = call.tb;
  r.transposed = transposed ? 1 : 0;
  // For real and integer elements op C is op T.
  const bool complex = call.type == MR2D_C || call.type == MR2D_Z;
  r.conjugated = complex && (call.op == 'C' || call.op == 'c') ? 1 : 0;
  r.type = call.type;
  return r;
}

Status local_error(const Call& call, const Report& report, int rank) {
  return status_of(report.error.found_by(rank), wording_of(call));
}

Status own_error(const Call& call, const Report& report, int world_rank) {
  Wording w = wording_of(call);
  w.world_rank = true;
  return status_of(report.error.found_by(world_rank), w);
}

namespace {

// The arguments that name one matrix in messages; its grid is a descriptor
// entry (CTXT_) or an argument of its own (entry 0).
struct MatrixArgs {
  const char *desc, *i, *j, *grid;
  std::int64_t grid_entry;
};

MatrixArgs matrix_args(const Call& call, bool b) {
  if (call.found.described)
    return b ? MatrixArgs{"DESCB", "IB", "JB", "GRIDB", 0} : MatrixArgs{"DESCA", "IA", "JA", "GRIDA", 0};
  return b ? MatrixArgs{"DESCB", "IB", "JB", "DESCB", CTXT + 1} : MatrixArgs{"DESCA", "IA", "JA", "DESCA", CTXT + 1};
}

// A field the members of one grid must agree on: the argument (and
// descriptor entry, 1-based; -1: the grid's) an error names, and what turns
// the reported value into the one passed (the starts are reported 0-based).
struct GridField {
  std::int64_t MatrixReport::*field;
  const char* MatrixArgs::*arg;
  std::int64_t entry;
  std::int64_t passed_offset;
};
constexpr GridField kGridFields[] = {
    {&MatrixReport::nprow, &MatrixArgs::grid, -1, 0},
    {&MatrixReport::npcol, &MatrixArgs::grid, -1, 0},
    {&MatrixReport::m, &MatrixArgs::desc, M_ + 1, 0},
    {&MatrixReport::n, &MatrixArgs::desc, N_ + 1, 0},
    {&MatrixReport::mb, &MatrixArgs::desc, MB + 1, 0},
    {&MatrixReport::nb, &MatrixArgs::desc, NB + 1, 0},
    {&MatrixReport::rsrc, &MatrixArgs::desc, RSRC + 1, 0},
    {&MatrixReport::csrc, &MatrixArgs::desc, CSRC + 1, 0},
    {&MatrixReport::i0, &MatrixArgs::i, 0, 1},
    {&MatrixReport::j0, &MatrixArgs::j, 0, 1},
};

// Global checks of one matrix: at least one member, members agree, every
// grid position is held by exactly one process. Fills `layout`. On failure
// `err` names the process whose report shows the fault (a member that
// disagrees with the first, the second claimant of a position), or every
// process for what only all reports together show (no member, a hole).
bool check_grid(const std::vector<Report>& reports, MatrixReport Report::*side, const Call& call,
                const MatrixArgs& args, Fault& err, model::MatrixLayout& layout) {
  const MatrixReport* ref = nullptr;
  for (const Report& r : reports) {
    if ((r.*side).row >= 0) {
      ref = &(r.*side);
      break;
    }
  }
  auto fail = [&](Reason reason, std::int64_t v, std::int64_t l, std::int64_t by) {
    err = Fault::of(MR2D_ERR_CONTEXT, reason, v, l).named(at(call, args.grid), args.grid_entry).found_by(by);
    return false;
  };
  if (ref == nullptr) return fail(Reason::no_member, 0, 0, kEveryProcess);
  for (std::size_t k = 0; k < reports.size(); ++k) {
    const MatrixReport& r = reports[k].*side;
    if (r.row < 0) continue;
    for (const GridField& f : kGridFields) {
      if (r.*f.field != ref->*f.field) {
        err = Fault::of(MR2D_ERR_INCONSISTENT, Reason::inconsistent, r.*f.field + f.passed_offset,
                        ref->*f.field + f.passed_offset)
                  .named(at(call, args.*f.arg), f.entry < 0 ? args.grid_entry : f.entry)
                  .found_by(static_cast<std::int64_t>(k));
        return false;
      }
    }
  }
  const MatrixReport& g = *ref;
  layout.nprow = g.nprow;
  layout.npcol = g.npcol;
  layout.rows = g.m;
  layout.cols = g.n;
  layout.mb = g.mb;
  layout.nb = g.nb;
  layout.rsrc = g.rsrc;
  layout.csrc = g.csrc;
  layout.i0 = g.i0;
  layout.j0 = g.j0;
  layout.rank_of.assign(static_cast<std::size_t>(layout.processes()), -1);
  for (std::size_t k = 0; k < reports.size(); ++k) {
    const MatrixReport& r = reports[k].*side;
    if (r.row < 0) continue;
    auto pos = static_cast<std::size_t>(r.row * layout.npcol + r.col);
    if (layout.rank_of[pos] >= 0) return fail(Reason::grid_twice, r.row, r.col, static_cast<std::int64_t>(k));
    layout.rank_of[pos] = static_cast<int>(k);
  }
  for (std::size_t pos = 0; pos < layout.rank_of.size(); ++pos) {
    if (layout.rank_of[pos] < 0)
      return fail(Reason::grid_hole, static_cast<std::int64_t>(pos) / layout.npcol,
                  static_cast<std::int64_t>(pos) % layout.npcol, kEveryProcess);
  }
  return true;
}

// Scalars every process passes, with the argument an error names.
struct ScalarField {
  std::int64_t Report::*field;
  const char* arg;
};
constexpr ScalarField kScalarFields[] = {
    {&Report::sub_m, "M"},         {&Report::sub_n, "N"}, {&Report::shape, "UPLO"},
    {&Report::unit, "DIAG"},       {&Report::sa, "SA"},   {&Report::ta, "TA"},
    {&Report::sb, "SB"},           {&Report::tb, "TB"},   {&Report::transposed, "TRANS"},
    {&Report::conjugated, "TRANS"}};

}  // namespace

Status agree(const std::vector<Report>& reports, const Call& call, model::Problem& problem) {
  const Wording wording = wording_of(call);
  for (std::size_t k = 0; k < reports.size(); ++k)
    if (!reports[k].error.ok()) return status_of(reports[k].error.found_by(static_cast<std::int64_t>(k)), wording);
  const Report& first = reports[0];
  for (std::size_t k = 1; k < reports.size(); ++k) {
    if (reports[k].type != first.type || reports[k].elem_size != first.elem_size)
      return status_of(Fault::of(MR2D_ERR_INCONSISTENT, Reason::type_differs, reports[k].type, first.type)
                           .found_by(static_cast<std::int64_t>(k)),
                       wording);
  }
  for (const ScalarField& f : kScalarFields) {
    for (std::size_t k = 1; k < reports.size(); ++k) {
      if (reports[k].*f.field != first.*f.field)
        return status_of(Fault::of(MR2D_ERR_INCONSISTENT, Reason::inconsistent, reports[k].*f.field, first.*f.field)
                             .named(at(call, f.arg))
                             .found_by(static_cast<std::int64_t>(k)),
                         wording);
    }
  }
  // A grid-layout side has no grid here (a grid of no processes): every
  // process passed it as one (the layout exchange before this one made
  // sure), and its tables are agreed there.
  Fault err;
  const bool desc_a = call.found.kind_a == SideKind::descriptor, desc_b = call.found.kind_b == SideKind::descriptor;
  if (!desc_a) problem.a.nprow = problem.a.npcol = 0;
  if (!desc_b) problem.b.nprow = problem.b.npcol = 0;
  if ((desc_a && !check_grid(reports, &Report::a, call, matrix_args(call, false), err, problem.a)) ||
      (desc_b && !check_grid(reports, &Report::b, call, matrix_args(call, true), err, problem.b)))
    return status_of(err, wording);
  problem.m = first.sub_m;
  problem.n = first.sub_n;
  problem.shape = static_cast<index::Shape>(first.shape);
  problem.unit_diag = (first.unit & 1) != 0;
  problem.corner = (first.unit & 2) != 0;
  problem.elem_size = first.elem_size;
  problem.a.row_stride = first.sa;
  problem.a.col_stride = first.ta;
  problem.b.row_stride = first.sb;
  problem.b.col_stride = first.tb;
  if (first.transposed != 0) model::plan_in_a_space(problem);
  return {};
}

}  // namespace mr2d::check

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

namespace mr2d::check {

namespace {

// The argument list of the call: its entry point's, or for a call made
// without one (a fuzz target's), the list its flags imply.
ArgList arg_list(const LocalCall& call) {
  if (call.args.count > 0) return call.args;
  if (call.layout) return call.described ? list_of(kCommLayout) : list_of(kLayout);
  if (call.described) return call.trapezoidal ? list_of(kCommTrmr2d) : list_of(kCommGemr2d);
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

std::int64_t arg_position(const LocalCall& call, const char* name) {
  const ArgList list = arg_list(call);
  for (int k = 0; k < list.count; ++k)
    if (list.names[k].plays(name)) return k + 1;
  return 0;
}

namespace {

std::int64_t at(const LocalCall& call, const char* name) { return arg_position(call, name); }

const char* const kEntryNames[ENTRY_NAMES] = {"DTYPE_", "CTXT_", "M_",   "N_",   "MB_", "NB_",
                                              "RSRC_",  "CSRC_", "LLD_", "IMB_", "INB_"};

std::string arg_name(const LocalCall& call, std::int64_t arg, std::int64_t entry) {
  const ArgList list = arg_list(call);
  std::string name = arg >= 1 && arg <= list.count ? list.names[arg - 1].shown : "?";
  if (entry > 0 && entry <= ENTRY_NAMES) name += std::string("(") + kEntryNames[entry - 1] + ")";
  return name;
}

// The union as messages name it: a BLACS context or a communicator.
const char* union_name(const LocalCall& call) { return call.described ? "the communicator" : "the union context"; }

std::string reason_text(const LocalCall& call, Reason reason, std::int64_t value, std::int64_t limit) {
  auto s = [](std::int64_t v) { return std::to_string(v); };
  const std::string in_union = std::string(" of ") + union_name(call);
  switch (reason) {
    case Reason::negative:
      return "is " + s(value) + ", must be >= 0";
    case Reason::not_positive:
      return "is " + s(value) + ", must be >= 1";
    case Reason::src_out_of_grid:
      return "is " + s(value) + ", must be a process coordinate in [0, " + s(limit) + ")";
    case Reason::start_below_one:
      return "is " + s(value) + ", must be >= 1";
    case Reason::beyond_matrix:
      return "makes the submatrix end at " + s(value) + ", beyond the matrix extent " + s(limit);
    case Reason::lld_too_small:
      return "is " + s(value) + ", smaller than the " + s(limit) + " local rows of the matrix on this process";
    case Reason::bad_letter:
      // A NULL or empty string reads as NUL, which a message must not carry.
      if (value == 0) return "is NULL or empty, not one of the accepted letters";
      return std::string("is '") + static_cast<char>(value) + "', not one of the accepted letters";
    case Reason::null_array:
      return "is NULL although this process holds part of the submatrix";
    case Reason::not_in_union:
      return "is a union context that does not contain this process, which is in the grid of A or B";
    case Reason::no_member:
      return "holds no process" + in_union;
    case Reason::grid_hole:
      return "has grid position (" + s(value) + "," + s(limit) + ") without a process" + in_union +
             (call.described ? " (do all processes pass the same grid?)"
                             : " (is every process of the grid calling with its own context?)");
    case Reason::grid_twice:
      return "has grid position (" + s(value) + "," + s(limit) + ") claimed by two processes";
    case Reason::inconsistent:
      return "differs between processes (" + s(value) + " here, " + s(limit) + " on the first member)";
    case Reason::null_pointer:
      return "is NULL";
    case Reason::grid_shape:
      return "describes a " + s(value) + " x " + s(limit) + " grid, must be at least 1 x 1";
    case Reason::grid_too_large:
      return "has " + s(value) + " positions, more than the " + s(limit) + " processes" + in_union;
    case Reason::rank_out_of_range:
      return "holds rank " + s(value) + ", not a rank" + in_union + " [0, " + s(limit) + ")";
    case Reason::rank_twice:
      return "holds rank " + s(value) + " at two positions";
    case Reason::bad_type:
      return "is " + s(value) + ", not one of MR2D_S, MR2D_D, MR2D_C, MR2D_Z, MR2D_I";
    case Reason::too_large:
      return "is " + s(value) + ": with the other extent and " + s(limit) + "-byte elements, more than 2^63 - 1 bytes";
    case Reason::overlaps_a:
      return "shares memory with A on this process (sub(A) and sub(B) must not overlap)";
    case Reason::not_a_grid:
      return "is " + s(value) + ", not the context of a grid this process is in";
    case Reason::bad_dtype:
      return "is " + s(value) + ", not a descriptor type PBLAS accepts (1, or 2 with IMB_ and INB_)";
    case Reason::other_context:
      return "is " + s(value) + ", not A's context " + s(limit) + " (PBLAS works within one context)";
    case Reason::first_block:
      return "is " + s(value) + ", not the block size " + s(limit) +
             ": mr2d supports first blocks of whole block size only";
    case Reason::type_differs:
    case Reason::bad_option:
    case Reason::bad_environment:
    case Reason::null_plan_out:
    case Reason::none:
      break;
  }
  return "is illegal";
}

// The names of one matrix's arguments: descriptor, window start, array.
struct MatrixNames {
  const char *desc, *i, *j, *array;
};

struct Checker {
  const LocalCall& call;
  Report& rep;
  bool failed() const { return rep.error.code != 0; }
  // Records the first failure only.
  bool fail(int code, std::int64_t arg, std::int64_t entry, Reason reason, std::int64_t value, std::int64_t limit = 0) {
    if (!failed()) rep.error = {code, arg, entry, static_cast<std::int64_t>(reason), value, limit};
    return false;
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
      fail(MR2D_ERR_ARGUMENT, pd(), RSRC + 1, Reason::src_out_of_grid, d[RSRC], g.nprow);
    if (d[CSRC] < 0 || d[CSRC] >= g.npcol)
      fail(MR2D_ERR_ARGUMENT, pd(), CSRC + 1, Reason::src_out_of_grid, d[CSRC], g.npcol);
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

// ScaLAPACK names are printed in upper case (PDGEMR2D), mr2d's as spelled.
std::string routine_name(const char* routine) {
  std::string name = routine;
  if (name.rfind("mr2d_", 0) != 0)
    for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return name;
}

const char* const kTypeNames[] = {"MR2D_S", "MR2D_D", "MR2D_C", "MR2D_Z", "MR2D_I"};

std::string type_name(std::int64_t type) { return type >= 0 && type < 5 ? kTypeNames[type] : std::to_string(type); }

// What the error names: an argument by position (with a descriptor entry),
// or, for the element type and the options, the thing itself.
std::string subject(const LocalCall& call, const ArgumentError& e) {
  const auto reason = static_cast<Reason>(e.reason);
  if (reason == Reason::type_differs)
    return "the element type differs between processes (" + type_name(e.value) + " here, " + type_name(e.limit) +
           " on the first process)";
  if (reason == Reason::null_plan_out) return "argument 1 (plan) is NULL";
  if (reason == Reason::bad_environment) {
    // The detecting process has the whole value, the others its start.
    const bool here = call.bad_env_value != nullptr && text_word(call.bad_env_value) == e.limit;
    return "environment: " + env_fault_text(static_cast<int>(e.value), here ? call.bad_env_value : word_text(e.limit));
  }
  if (reason == Reason::bad_option)
    return std::string("options: ") + (e.value >= 0 && e.value < 6 ? kOptionFields[e.value] : "?") + " is " +
           std::to_string(e.limit) + ", not one of its values";
  const std::string name = reason == Reason::bad_type ? "type" : arg_name(call, e.arg, e.entry);
  return "argument " + std::to_string(e.arg) + " (" + name + ") " + reason_text(call, reason, e.value, e.limit);
}

// Who found the error: process `rank` of the union, every process of it
// (kEveryProcess), or, before any exchange (`own`), process `rank` of
// MPI_COMM_WORLD; a negative rank otherwise names nobody.
std::string message(const LocalCall& call, const ArgumentError& e, int rank, bool own = false) {
  std::string text = message_of(routine_name(call.routine), subject(call, e));
  if (rank == kEveryProcess) text += std::string(" [detected on every process of ") + union_name(call) + "]";
  if (rank >= 0)
    text +=
        " [detected on process " + std::to_string(rank) + " of " + (own ? "MPI_COMM_WORLD" : union_name(call)) + "]";
  return text;
}

}  // namespace

Report make_report(const LocalCall& call) {
  Report r{};
  Checker c{call, r};
  if (call.type < MR2D_S || call.type > MR2D_I)
    c.fail(MR2D_ERR_ARGUMENT, call.type_position, 0, Reason::bad_type, call.type);
  if (call.plan_out_null) c.fail(MR2D_ERR_ARGUMENT, 1, 0, Reason::null_plan_out, 0);
  if (call.bad_option >= 0) c.fail(MR2D_ERR_ARGUMENT, 0, 0, Reason::bad_option, call.bad_option, call.bad_option_value);
  if (call.bad_env >= 0 && call.bad_env_value != nullptr)
    c.fail(MR2D_ERR_ARGUMENT, 0, 0, Reason::bad_environment, call.bad_env, text_word(call.bad_env_value));
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
  if (call.fault.arg != nullptr)
    c.fail(MR2D_ERR_ARGUMENT, at(call, call.fault.arg), call.fault.entry, call.fault.reason, call.fault.value,
           call.fault.limit);
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
  if (!c.failed() && call.kind_a == SideKind::grid_layout)
    c.layout_window(call.extent_a, call.ia, call.ja, span(a_rows, call.sa), span(a_cols, call.ta), "IA", "JA");
  if (!c.failed() && call.grid_a.member())
    c.matrix(call.desca, call.grid_a, call.ia, call.ja, span(a_rows, call.sa), span(a_cols, call.ta), call.a_null,
             {"DESCA", "IA", "JA", "A"}, degenerate);
  if (!c.failed() && call.kind_b == SideKind::grid_layout)
    c.layout_window(call.extent_b, call.ib, call.jb, span(call.m, call.sb), span(call.n, call.tb), "IB", "JB");
  if (!c.failed() && call.grid_b.member())
    c.matrix(call.descb, call.grid_b, call.ib, call.jb, span(call.m, call.sb), span(call.n, call.tb), call.b_null,
             {"DESCB", "IB", "JB", "B"}, degenerate);
  if (!c.failed() && call.a_addr != 0 && call.b_addr != 0) {
    LocalWindow wa, wb;
    call_windows(call, wa, wb);
    const Index lda = call.grid_a.member() ? call.desca[LLD] : 0, ldb = call.grid_b.member() ? call.descb[LLD] : 0;
    if (windows_overlap(call.a_addr, lda, wa, call.b_addr, ldb, wb, call.elem_size))
      c.fail(MR2D_ERR_ARGUMENT, at(call, "B"), 0, Reason::overlaps_a, 0);
  }
  r.a = matrix_report(call.desca, call.grid_a, call.ia, call.ja);
  r.b = matrix_report(call.descb, call.grid_b, call.ib, call.jb);
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

Status local_error(const LocalCall& call, const Report& report, int rank) {
  return {static_cast<int>(report.error.code), message(call, report.error, rank), report.error.arg, report.error.entry};
}

Status own_error(const LocalCall& call, const Report& report, int world_rank) {
  return {static_cast<int>(report.error.code), message(call, report.error, world_rank, true), report.error.arg,
          report.error.entry};
}

namespace {

// The arguments that name one matrix in messages; its grid is a descriptor
// entry (CTXT_) or an argument of its own (entry 0).
struct MatrixArgs {
  const char* desc;
  const char* i;
  const char* j;
  const char* grid;
  std::int64_t grid_entry;
};

MatrixArgs matrix_args(const LocalCall& call, bool b) {
  if (call.described)
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
// `found` is the process whose report shows the fault (a member that
// disagrees with the first, the second claimant of a position), or
// kEveryProcess for what only all reports together show (no member, a hole).
bool check_grid(const std::vector<Report>& reports, MatrixReport Report::*side, const LocalCall& call,
                const MatrixArgs& args, ArgumentError& err, int& found, model::MatrixLayout& layout) {
  found = kEveryProcess;
  const MatrixReport* ref = nullptr;
  for (const Report& r : reports) {
    if ((r.*side).row >= 0) {
      ref = &(r.*side);
      break;
    }
  }
  auto fail = [&](int code, Reason reason, std::int64_t v, std::int64_t l) {
    err = {code, at(call, args.grid), args.grid_entry, static_cast<std::int64_t>(reason), v, l};
    return false;
  };
  if (ref == nullptr) return fail(MR2D_ERR_CONTEXT, Reason::no_member, 0, 0);
  for (std::size_t k = 0; k < reports.size(); ++k) {
    const MatrixReport& r = reports[k].*side;
    if (r.row < 0) continue;
    for (const GridField& f : kGridFields) {
      if (r.*f.field != ref->*f.field) {
        found = static_cast<int>(k);
        err = {MR2D_ERR_INCONSISTENT,
               at(call, args.*f.arg),
               f.entry < 0 ? args.grid_entry : f.entry,
               static_cast<std::int64_t>(Reason::inconsistent),
               r.*f.field + f.passed_offset,
               ref->*f.field + f.passed_offset};
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
    if (layout.rank_of[pos] >= 0) {
      found = static_cast<int>(k);
      return fail(MR2D_ERR_CONTEXT, Reason::grid_twice, r.row, r.col);
    }
    layout.rank_of[pos] = static_cast<int>(k);
  }
  for (std::size_t pos = 0; pos < layout.rank_of.size(); ++pos) {
    if (layout.rank_of[pos] < 0)
      return fail(MR2D_ERR_CONTEXT, Reason::grid_hole, static_cast<std::int64_t>(pos) / layout.npcol,
                  static_cast<std::int64_t>(pos) % layout.npcol);
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

Status agree(const std::vector<Report>& reports, const LocalCall& call, model::Problem& problem) {
  for (std::size_t k = 0; k < reports.size(); ++k)
    if (reports[k].error.code != 0) return local_error(call, reports[k], static_cast<int>(k));
  Report err{};
  const Report& first = reports[0];
  for (std::size_t k = 1; k < reports.size(); ++k) {
    if (reports[k].type != first.type || reports[k].elem_size != first.elem_size) {
      err.error = {MR2D_ERR_INCONSISTENT, 0,         0, static_cast<std::int64_t>(Reason::type_differs),
                   reports[k].type,       first.type};
      return local_error(call, err, static_cast<int>(k));
    }
  }
  for (const ScalarField& f : kScalarFields) {
    for (std::size_t k = 1; k < reports.size(); ++k) {
      if (reports[k].*f.field != first.*f.field) {
        err.error = {MR2D_ERR_INCONSISTENT, at(call, f.arg), 0, static_cast<std::int64_t>(Reason::inconsistent),
                     reports[k].*f.field,   first.*f.field};
        return local_error(call, err, static_cast<int>(k));
      }
    }
  }
  // A grid-layout side has no grid here (a grid of no processes): every
  // process passed it as one (the layout exchange before this one made
  // sure), and its tables are agreed there.
  int found = kEveryProcess;
  const bool desc_a = call.kind_a == SideKind::descriptor, desc_b = call.kind_b == SideKind::descriptor;
  if (!desc_a) problem.a.nprow = problem.a.npcol = 0;
  if (!desc_b) problem.b.nprow = problem.b.npcol = 0;
  if ((desc_a && !check_grid(reports, &Report::a, call, matrix_args(call, false), err.error, found, problem.a)) ||
      (desc_b && !check_grid(reports, &Report::b, call, matrix_args(call, true), err.error, found, problem.b)))
    return local_error(call, err, found);
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

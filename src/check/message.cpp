// SPDX-License-Identifier: BSD-3-Clause
// Every argument fault's message; see message.hpp.
#include "check/message.hpp"

#include <algorithm>
#include <cctype>

#include "check/call.hpp"
#include "common/env.hpp"

namespace mr2d::check {

namespace {

std::string s(std::int64_t v) { return std::to_string(v); }

const char* const kEntryNames[ENTRY_NAMES] = {"DTYPE_", "CTXT_", "M_",   "N_",   "MB_", "NB_",
                                              "RSRC_",  "CSRC_", "LLD_", "IMB_", "INB_"};

// Entry `k` of a rank list; `rows`: the rows of the grid the list maps
// (column-major), whose position is named too, or 0 for a plain list.
std::string listed(std::int64_t k, std::int64_t rows) {
  const std::string at = "[" + s(k) + "]";
  if (rows <= 0) return at;
  return "grid position (" + s(k % rows) + "," + s(k / rows) + ") at " + at;
}

const char* dimension(const Fault& f) { return f.table == 0 ? "row" : "column"; }

// Reasons about the work a relabelling of A and B would take: they name
// both layouts, not one argument.
bool is_relabel_work(Reason reason) { return reason >= Reason::index_math && reason <= Reason::trapezoid_limit; }

const char* union_name(Scope scope) { return scope == Scope::communicator ? "the communicator" : "the union context"; }

std::string in_union(Scope scope) { return std::string(" of ") + union_name(scope); }

// The letters an argument accepts, by its name (either case).
const char* letters_of(const std::string& name) {
  std::string upper = name;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (upper == "UPLO") return "U, L";
  if (upper == "DIAG") return "N, U";
  if (upper == "TRANS") return "N, T, C";
  return "the accepted letters";
}

// Reasons of the arguments as passed; `name` is the argument's as printed.
std::string argument_text(const Fault& f, Scope scope, const std::string& name) {
  const std::int64_t value = f.value, limit = f.limit;
  switch (f.why()) {
    case Reason::negative:
      return "is " + s(value) + ", must be >= 0";
    case Reason::not_positive:
    case Reason::start_below_one:
      return "is " + s(value) + ", must be >= 1";
    case Reason::src_out_of_grid:
      return "is " + s(value) + ", must be a process " + (f.table == 0 ? "row" : "column") + " in [0, " + s(limit) +
             ")";
    case Reason::beyond_matrix:
      return "makes the submatrix end at " + s(value) + ", beyond the matrix extent " + s(limit);
    case Reason::lld_too_small:
      return "is " + s(value) + ", smaller than the " + s(limit) + " local rows of the matrix on this process";
    case Reason::bad_letter:
      // A NULL or empty string reads as NUL, which a message must not carry.
      if (value == 0) return std::string("is NULL or empty, not one of ") + letters_of(name);
      return std::string("is '") + static_cast<char>(value) + "', not one of " + letters_of(name);
    case Reason::null_array:
      return "is NULL although this process holds part of the submatrix";
    case Reason::not_in_union:
      return "is a union context that does not contain this process, which is in the grid of A or B";
    case Reason::no_member:
      return "holds no process" + in_union(scope);
    case Reason::grid_hole:
      return "has grid position (" + s(value) + "," + s(limit) + ") without a process" + in_union(scope) +
             (scope == Scope::communicator ? " (do all processes pass the same grid?)"
                                           : " (is every process of the grid calling with its own context?)");
    case Reason::grid_twice:
      return "has grid position (" + s(value) + "," + s(limit) + ") claimed by two processes";
    case Reason::inconsistent:
      return "differs between processes (" + s(value) + " here, " + s(limit) + " on the first member)";
    case Reason::start_differs:
      return "differs between processes (" + s(value) + " here, " + s(limit) + " on process 0)";
    case Reason::null_pointer:
      return "is NULL";
    case Reason::grid_shape:
      return "describes a " + s(value) + " x " + s(limit) + " grid, must be at least 1 x 1";
    case Reason::grid_too_large:
      return "has " + s(value) + " positions, more than the " + s(limit) + " processes" + in_union(scope);
    case Reason::rank_out_of_range:
      return "holds rank " + s(value) + ", not a rank" + in_union(scope) + " [0, " + s(limit) + ")";
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
    case Reason::null_part:
      return ": entry " + s(f.index) + " is NULL or a batch plan";
    case Reason::other_union:
      return ": entry " + s(f.index) + " was planned over another union context than the earlier parts";
    case Reason::bad_option:
      return std::string(": ") + (f.index >= 0 && f.index < 6 ? kOptionFields[f.index] : "?") + " is " + s(value) +
             ", not one of its values";
    case Reason::grid_over_limit:
      return "has a " + s(value) + "x" + s(limit) + " grid, more than the " + s(f.index) +
             " positions a relabelling handles";
    case Reason::rank_negative:
      return "has " + listed(f.index, limit) + " = " + s(value) + ", must be a rank >= 0";
    case Reason::rank_listed_twice:
      return "has rank " + s(value) + " twice: " + listed(f.table, limit) + " and " + listed(f.index, limit);
    case Reason::too_few_ranks:
      return "is " + s(value) + ", fewer than the " + s(limit) + " positions of B's " + s(f.table) + "x" + s(f.index) +
             " grid";
    case Reason::index_math:
      return std::string("the submatrix end plus two cycles of ") + dimension(f) +
             " blocks (block size x grid size) exceeds 64-bit index arithmetic";
    case Reason::run_table_limit:
      return std::string("the ") + dimension(f) + " blocks of A and B cut one period into up to " + s(value) +
             " runs, more than the " + s(limit) + " a relabelling tabulates";
    case Reason::pair_limit:
      return "up to " + s(value) + " pairs of A and B positions share data, more than the " + s(limit) +
             " a relabelling lists";
    case Reason::trapezoid_limit:
      return "counting the trapezoid takes " + s(value) + " column visits, more than the " + s(limit) +
             " a relabelling makes";
    default:
      break;
  }
  return "is illegal";
}

// Reasons of a grid layout's tables and blocks.
std::string layout_text(const Fault& f) {
  const char* const splits = f.table == 0 ? "row_splits" : "col_splits";
  const std::string blk = "blocks[" + s(f.index) + "]";
  const std::string pos = "(" + s(f.value) + "," + s(f.limit) + ")";
  switch (f.why()) {
    case Reason::null_side:
      return "is NULL or gives neither a descriptor nor a layout";
    case Reason::negative_extent:
      return std::string("has ") + (f.table == 0 ? "rows" : "cols") + " = " + s(f.value) + ", must be >= 0";
    case Reason::no_blocks:
      return std::string("has ") + (f.table == 0 ? "block_rows" : "block_cols") + " = " + s(f.value) + ", must be >= 1";
    case Reason::null_table: {
      const char* const names[] = {"row_splits", "col_splits", "owners", "blocks"};
      return std::string("has ") + names[std::clamp<std::int64_t>(f.table, 0, 3)] + " NULL";
    }
    case Reason::split_first:
      return std::string("has ") + splits + "[0] = " + s(f.value) + ", must be 0";
    case Reason::split_order:
      return std::string("has ") + splits + "[" + s(f.index) + "] = " + s(f.value) + " below " + splits + "[" +
             s(f.index - 1) + "] = " + s(f.limit) + " (splits must not decrease)";
    case Reason::split_last:
      return std::string("has ") + splits + "[" + s(f.index) + "] = " + s(f.value) + ", must be the extent " +
             s(f.limit);
    case Reason::owner_range:
      return "has owners[" + s(f.index) + "] = " + s(f.value) + ", not a rank of the union [0, " + s(f.limit) + ")";
    case Reason::block_count:
      return "has nblocks = " + s(f.value) + ", must be >= 0";
    case Reason::block_index:
      return "has " + blk + " at block " + pos + ", outside the grid of blocks";
    case Reason::not_owned:
      return "has " + blk + " at block " + pos + ", which the owners give to another process";
    case Reason::block_twice:
      return "has " + blk + " at block " + pos + ", given twice";
    case Reason::block_missing:
      return "does not give block " + pos + ", which this process owns and which is not empty";
    case Reason::ld_small:
      return "has " + blk + ".ld = " + s(f.value) + ", smaller than max(1, the block's rows) = " + s(f.limit);
    case Reason::offset_negative:
      return "has " + blk + ".offset = " + s(f.value) + ", must be >= 0";
    case Reason::offset_no_array:
      return "has " + blk + " given by offset, but the array argument of this matrix is NULL";
    case Reason::blocks_overlap:
      return "has " + blk + " sharing memory with blocks[" + s(f.value) + "]";
    case Reason::overlaps_other:
      return "has " + blk + " sharing memory with the other matrix (sub(A) and sub(B) must not overlap)";
    case Reason::layout_differs:
      return "differs between processes: its sizes, splits or owners are not those of process 0";
    case Reason::kind_differs:
      return std::string("is a ") + (f.value != 0 ? "grid layout" : "descriptor") + " here but not on process 0";
    default:
      break;
  }
  return "is illegal";
}

bool is_layout(Reason reason) { return reason >= Reason::null_side && reason <= Reason::kind_differs; }

bool is_nd(Reason reason) { return reason >= Reason::nd_dims && reason <= Reason::nd_differs; }

// N-dimensional array descriptions (nd/check.hpp): the field and dimension.
std::string nd_text(const Fault& f) {
  const std::string field = f.table >= 0 && f.table < kNdFieldCount ? kNdFields[f.table] : "perm";
  const std::string at = field + "[" + s(f.index) + "]";
  switch (f.why()) {
    case Reason::nd_dims:
      return "has ndims = " + s(f.value) + ", must be 1 to " + s(f.limit);
    case Reason::nd_null_field:
      return "has " + field + " NULL";
    case Reason::nd_below:
      return "has " + at + " = " + s(f.value) + ", must be >= " + s(f.limit);
    case Reason::nd_collapsed_grid:
      return "has dimension " + s(f.index) + " collapsed over grid[" + s(f.index) + "] = " + s(f.value) +
             " processes, must be 1";
    case Reason::nd_grid_size:
      return "has a grid of " + s(f.value) + " positions, more than the " + s(f.limit) + " processes of the union";
    case Reason::nd_rank_twice:
      return "has " + at + " = " + s(f.value) + ", also at ranks[" + s(f.limit) + "]";
    case Reason::nd_out_of_range:
      return "has " + at + " = " + s(f.value) + ", outside [0, " + s(f.limit) + ")";
    case Reason::nd_window_end:
      return "has starts[" + s(f.index) + "] + counts[" + s(f.index) + "] = " + s(f.value) + ", beyond sizes[" +
             s(f.index) + "] = " + s(f.limit);
    case Reason::nd_order:
      return "has " + field + " = " + s(f.value) + ", must be MR2D_ND_ORDER_C (0) or MR2D_ND_ORDER_FORTRAN (1)";
    case Reason::nd_not_permutation:
      return "has perm[" + s(f.index) + "] = " + s(f.value) + ", outside [0, " + s(f.limit) + ") or repeated";
    case Reason::nd_count_differs:
      return "has counts[" + s(f.index) + "] = " + s(f.value) + ", but the window of A has " + s(f.limit) +
             " along the dimension that becomes dimension " + s(f.index);
    case Reason::nd_dims_differ:
      return "has ndims = " + s(f.value) + ", but A's description has " + s(f.limit);
    case Reason::nd_local_overflow:
      return "has " + at + " = " + s(f.value) +
             ": the local array (leading sizes, or the local counts where leading is NULL) holds more than 2^63 - 1 "
             "elements";
    case Reason::nd_window_overflow:
      return "has a window of more than 2^63 - 1 elements";
    case Reason::nd_differs:
      return "differs between processes: it is not what process 0 passed";
    default:
      break;
  }
  return "is illegal";
}

// Arrays given at execution, named as the matrices they hold (of a batch
// part where the record names one).
std::string execution_text(const Fault& f) {
  const char* const array = f.value == 0 ? "A" : "B";
  const std::string named = array + (f.index >= 0 ? " of part " + s(f.index) : std::string());
  switch (f.why()) {
    case Reason::array_null:
      return named + " is NULL although this process holds part of sub(" + array + ")";
    case Reason::offset_array_null:
      return named + " is NULL although blocks of this process are given by offset from it";
    default:
      break;
  }
  return named + " shares memory with A on this process (sub(A) and sub(B) must not overlap)";
}

// ScaLAPACK names are printed in upper case (PDGEMR2D), mr2d's as spelled.
std::string routine_name(const char* routine) {
  std::string name = routine != nullptr ? routine : "";
  if (name.rfind("mr2d_", 0) != 0)
    for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return name;
}

const char* const kTypeNames[] = {"MR2D_S", "MR2D_D", "MR2D_C", "MR2D_Z", "MR2D_I"};

std::string type_name(std::int64_t type) { return type >= 0 && type < 5 ? kTypeNames[type] : s(type); }

std::string arg_name(const Wording& w, std::int64_t arg, std::int64_t entry) {
  std::string name = arg >= 1 && arg <= w.args.count ? w.args.names[arg - 1].shown : "?";
  if (w.layout_fields) {
    if (entry > 0 && entry <= kLayoutFieldCount) name += std::string("->") + kLayoutFields[entry - 1];
  } else if (entry > 0 && entry <= ENTRY_NAMES) {
    name += std::string("(") + kEntryNames[entry - 1] + ")";
  }
  return name;
}

// What the message is about: an argument by position (with a descriptor
// entry), or, for the element type, the options and the environment, the
// thing itself.
std::string subject(const Fault& f, const Wording& w) {
  switch (f.why()) {
    case Reason::type_differs:
      return "the element type differs between processes (" + type_name(f.value) + " here, " + type_name(f.limit) +
             " on the first process)";
    case Reason::null_plan_out:
      return about_argument(1, "plan", "is NULL");
    case Reason::bad_environment: {
      // The detecting process has the whole value, the others its start.
      const bool here = w.env_value != nullptr && text_word(w.env_value) == f.value;
      return "environment: " + env_fault_text(static_cast<int>(f.index), here ? w.env_value : word_text(f.value));
    }
    case Reason::bad_option:
      if (f.arg == 0) return "options" + argument_text(f, w.scope, "options");
      break;
    case Reason::array_null:
    case Reason::arrays_overlap:
    case Reason::offset_array_null:
      return execution_text(f);
    default:
      break;
  }
  if (is_relabel_work(f.why())) return "a, b: " + argument_text(f, w.scope, "");
  const std::string name = f.why() == Reason::bad_type ? "type" : arg_name(w, f.arg, f.entry);
  const std::string what = is_layout(f.why()) ? layout_text(f)
                           : is_nd(f.why())   ? nd_text(f)
                                              : argument_text(f, w.scope, name);
  return about_argument(f.arg, name, what);
}

}  // namespace

std::string reason_text(const Fault& fault, Scope scope) {
  if (is_nd(fault.why())) return nd_text(fault);
  return is_layout(fault.why()) ? layout_text(fault) : argument_text(fault, scope, "");
}

std::string message_text(const Fault& fault, const Wording& wording) {
  std::string text = message_of(routine_name(wording.routine), subject(fault, wording));
  if (fault.process == kEveryProcess)
    text += std::string(" [detected on every process of ") + union_name(wording.scope) + "]";
  if (fault.process >= 0)
    text += " [detected on process " + s(fault.process) + " of " +
            (wording.world_rank ? "MPI_COMM_WORLD" : union_name(wording.scope)) + "]";
  return text;
}

Status status_of(const Fault& fault, const Wording& wording) {
  return {static_cast<int>(fault.code), message_text(fault, wording), fault.arg, fault.entry};
}

}  // namespace mr2d::check

// SPDX-License-Identifier: BSD-3-Clause
// Every fault's message, and the wording of the argument checks' reasons;
// see message.hpp.
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
  switch (f.why<Reason>()) {
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
    case Reason::bad_option:
      return std::string(": ") + (f.index >= 0 && f.index < 6 ? kOptionFields[f.index] : "?") + " is " + s(value) +
             ", not one of its values";
    default:
      break;
  }
  return "is illegal";
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
// thing itself. Reasons of other layers are worded by theirs (Wording::words).
std::string subject(const Fault& f, const Wording& w) {
  if (f.family() != kArgumentFamily) {
    const FaultWords said = w.words != nullptr ? w.words(f) : FaultWords{"is illegal"};
    return said.whole ? said.text : about_argument(f.arg, arg_name(w, f.arg, f.entry), said.text);
  }
  switch (f.why<Reason>()) {
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
    default:
      break;
  }
  const std::string name = f.why<Reason>() == Reason::bad_type ? "type" : arg_name(w, f.arg, f.entry);
  return about_argument(f.arg, name, argument_text(f, w.scope, name));
}

}  // namespace

std::string reason_text(const Fault& fault, Scope scope) { return argument_text(fault, scope, ""); }

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

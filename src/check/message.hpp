// SPDX-License-Identifier: BSD-3-Clause
// The one formatter of faults: a record (common/fault.hpp), the routine and
// its argument list, and how the union is called give the message every
// process prints alike. It words the argument checks' reasons (reasons.hpp);
// a layer above words its own (Wording::words). Pure, no MPI.
#pragma once

#include <string>

#include "check/arg_lists.hpp"
#include "check/reasons.hpp"
#include "common/fault.hpp"
#include "common/status.hpp"

namespace mr2d::check {

/// What the union of a call is called in a message.
enum class Scope {
  context,       ///< a BLACS union context
  communicator,  ///< the communicator of a call with described grids
};

/// What a message needs beyond the record.
struct Wording {
  const char* routine = "";  ///< as the entry point is called; ScaLAPACK's printed in upper case
  ArgList args;              ///< the entry point's argument list
  Scope scope = Scope::context;
  /// The record's process is a rank of MPI_COMM_WORLD (a fault found before
  /// any exchange), not of the union.
  bool world_rank = false;
  /// Entries name fields of an mr2d_layout argument ("a->mb", kLayoutFields),
  /// not descriptor entries ("DESCA(MB_)").
  bool layout_fields = false;
  /// bad_environment: the variable's value on this process (the record
  /// holds its start only), or null.
  const char* env_value = nullptr;
  /// The wording of reasons of the layers above check/ (null: "is illegal").
  WordFault words = nullptr;
};

/// What a message says of the argument after its name, e.g. "is 0, must be
/// >= 1" (the `mr2d` command quotes it after an option's value), for a
/// reason of the argument checks.
std::string reason_text(const Fault& fault, Scope scope = Scope::context);

/// The whole message: message_of(ROUTINE, "argument K (NAME) WHAT"), then
/// " [detected on process P of the union context]" (or of the communicator,
/// of MPI_COMM_WORLD, on every process) as the record's process says.
std::string message_text(const Fault& fault, const Wording& wording);

/// The fault as a status: its code, message_text, argument and entry.
Status status_of(const Fault& fault, const Wording& wording);

}  // namespace mr2d::check

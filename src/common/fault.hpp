// SPDX-License-Identifier: BSD-3-Clause
// The one record of a fault in a call's arguments, whoever finds it (the
// argument checks, the grid-layout checks, a batch's checks): fixed 64-bit
// fields, so that an agreement moves it as words and every process words
// the same message from it (check/message.hpp, with the wording of the layer
// that owns the reason). Pure data, no MPI.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

namespace mr2d {

/// A fault's reason is a number owned by one layer: the layer's family
/// times kReasonFamilySpan plus the reason's place in that layer's enum.
/// Each layer declares its reasons (an enum over int64_t whose first value
/// is its family's base) and words them itself; this floor knows none.
inline constexpr std::int64_t kReasonFamilySpan = 1 << 16;

/// The family of a reason number (0 for none).
constexpr std::int64_t reason_family(std::int64_t reason) { return reason / kReasonFamilySpan; }

/// Fault::process of a fault that no single process's record shows but
/// every process finds in the agreed records (a grid without members, a
/// grid position nobody holds).
inline constexpr std::int64_t kEveryProcess = -2;
/// Fault::process of a fault found here, or by a process messages do not name.
inline constexpr std::int64_t kNoProcess = -1;

/// A fault; code 0 means none.
struct Fault {
  std::int64_t code = 0;              ///< an mr2d_status
  std::int64_t arg = 0;               ///< 1-based position in the routine's argument list, 0 for none
  std::int64_t entry = 0;             ///< 1-based descriptor entry, 0 for a plain argument
  std::int64_t reason = 0;            ///< a reason number of some layer (0: none)
  std::int64_t table = 0;             ///< which table of a grid layout
  std::int64_t index = 0;             ///< the split, owner, block, part or option field the reason names
  std::int64_t value = 0;             ///< the numbers the reason's text quotes
  std::int64_t limit = 0;             ///<
  std::int64_t process = kNoProcess;  ///< the union rank that found it, or kEveryProcess, kNoProcess

  bool ok() const { return code == 0; }
  /// The reason as the owning layer's enum `R`.
  template <class R>
  R why() const {
    return static_cast<R>(reason);
  }
  std::int64_t family() const { return reason_family(reason); }

  /// A fault of `code` for `why` (any layer's reason), quoting `value` and `limit`.
  template <class R>
  static Fault of(std::int64_t code, R why, std::int64_t value = 0, std::int64_t limit = 0) {
    static_assert(std::is_enum_v<R> && sizeof(R) == sizeof(std::int64_t));
    Fault f;
    f.code = code;
    f.reason = static_cast<std::int64_t>(why);
    f.value = value;
    f.limit = limit;
    return f;
  }
  /// This fault naming argument `position` (and descriptor entry `desc_entry`).
  Fault named(std::int64_t position, std::int64_t desc_entry = 0) const {
    Fault f = *this;
    f.arg = position;
    f.entry = desc_entry;
    return f;
  }
  /// This fault at `at` of table `which` (grid layouts, batch parts, option fields).
  Fault in(std::int64_t which, std::int64_t at) const {
    Fault f = *this;
    f.table = which;
    f.index = at;
    return f;
  }
  /// This fault as process `rank` found it.
  Fault found_by(std::int64_t rank) const {
    Fault f = *this;
    f.process = rank;
    return f;
  }
};

/// Int64 words of a Fault: its count in an agreement.
inline constexpr int kFaultWords = static_cast<int>(sizeof(Fault) / sizeof(std::int64_t));

// Members only, all int64_t, no padding: the words are the members.
static_assert(std::is_standard_layout_v<Fault> && std::is_trivially_copyable_v<Fault>);
static_assert(std::has_unique_object_representations_v<Fault>);
static_assert(kFaultWords == 9);

/// What the layer owning a fault's reason says of it: the text that follows
/// the argument's name ("is 0, must be >= 1"), or, where `whole`, all the
/// message says before the process that found it.
struct FaultWords {
  std::string text;
  bool whole = false;
};

/// A layer's wording of its reasons.
using WordFault = FaultWords (*)(const Fault&);

}  // namespace mr2d

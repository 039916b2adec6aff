// SPDX-License-Identifier: BSD-3-Clause
// Status of a call as returned to users: a code from mr2d.h and a message.
#pragma once

#include <string>

#include "mr2d/mr2d.h"

namespace mr2d {

struct Status {
  int code = MR2D_SUCCESS;  ///< an mr2d_status
  std::string message;
  /// The argument an error names (1-based position, descriptor entry 1-based
  /// or 0); 0 when it names none. PBLAS's error codes are made of them.
  long long arg = 0, entry = 0;
  bool ok() const { return code == MR2D_SUCCESS; }
};

/// Every message mr2d writes: the prefix, then "ROUTINE: WHAT", or "WHAT"
/// where no routine is known (below the entry points). The one place the
/// prefix is spelled.
inline std::string message_of(const std::string& routine, const std::string& what) {
  static const std::string prefix = "mr2d: ";
  return routine.empty() ? prefix + what : prefix + routine + ": " + what;
}

/// A failure with its message (message_of).
inline Status failure(int code, const std::string& routine, const std::string& what) {
  return {code, message_of(routine, what)};
}

/// "argument K (NAME) WHAT", or "argument K WHAT" without a name, with no
/// space before a WHAT that starts with ':': the one place a message names
/// an argument by its position.
inline std::string about_argument(long long position, const std::string& name, const std::string& what) {
  std::string text = "argument " + std::to_string(position);
  if (!name.empty()) text += " (" + name + ")";
  return text + (what.empty() || what.front() == ':' ? "" : " ") + what;
}

/// A failure of argument `position` (`name`): its message (about_argument)
/// and the argument it names.
inline Status argument_failure(int code, const std::string& routine, long long position, const std::string& name,
                               const std::string& what) {
  Status status = failure(code, routine, about_argument(position, name, what));
  status.arg = position;
  return status;
}

/// A failure found below the entry point (its message has no routine), as
/// `routine`'s.
inline Status named(Status status, const std::string& routine) {
  const std::string bare = message_of("", "");
  if (!status.ok() && status.message.compare(0, bare.size(), bare) == 0)
    status.message = message_of(routine, status.message.substr(bare.size()));
  return status;
}

/// Thrown by internal checks that found a bug; the API boundary turns it
/// into MR2D_ERR_INTERNAL. Never thrown for user errors.
struct InternalError {
  std::string what;
};

#define MR2D_CHECK(cond)                                                                                              \
  do {                                                                                                                \
    if (!(cond))                                                                                                      \
      throw ::mr2d::InternalError{std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": check failed: " #cond}; \
  } while (0)

}  // namespace mr2d

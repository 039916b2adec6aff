// SPDX-License-Identifier: BSD-3-Clause
// (MPI-free) How every entry point ends: an exception turned into a status,
// the status recorded as this thread's last error and printed if asked, its
// code returned.
#pragma once

#include <string>
#include <utility>

#include "common/status.hpp"

namespace mr2d::driver {

/// Records `status` as the last error, prints it if asked, returns its code.
int finish(const char* routine, bool print_errors, Status status) noexcept;

/// The status for the exception being handled (call inside a catch block).
Status internal_failure(const char* routine) noexcept;

/// Runs `body` (returning Status), turning exceptions into statuses; never throws.
template <class F>
Status caught(const char* routine, F&& body) noexcept {
  try {
    return body();
  } catch (...) {
    return internal_failure(routine);
  }
}

/// caught(), then finish().
template <class F>
int guarded(const char* routine, bool print_errors, F&& body) noexcept {
  return finish(routine, print_errors, caught(routine, std::forward<F>(body)));
}

/// Records the message returned by mr2d_last_error() on this thread.
void set_last_error(const std::string& message);

/// The last error message on this thread ("" after a success).
const char* last_error();

}  // namespace mr2d::driver

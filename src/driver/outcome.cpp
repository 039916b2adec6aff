// SPDX-License-Identifier: BSD-3-Clause
// How entry points end; see outcome.hpp.
#include "driver/outcome.hpp"

#include <cstdio>
#include <new>

#include "mr2d/mr2d.h"

namespace mr2d::driver {

namespace {

thread_local std::string g_last_error;

}  // namespace

int finish(const char* routine, bool print_errors, Status status) noexcept {
  (void)routine;
  try {
    set_last_error(status.message);
  } catch (...) {}
  if (!status.ok() && print_errors) {
    std::fprintf(stderr, "%s\n", status.message.c_str());
    std::fflush(stderr);
  }
  return status.code;
}

Status internal_failure(const char* routine) noexcept {
  try {
    throw;
  } catch (const InternalError& e) {
    return failure(MR2D_ERR_INTERNAL, "", "internal error: " + e.what);
  } catch (const std::bad_alloc&) {
    return failure(MR2D_ERR_MEMORY, routine, "out of memory");
  } catch (...) {
    return failure(MR2D_ERR_INTERNAL, routine, "unexpected exception");
  }
}

void set_last_error(const std::string& message) { g_last_error = message; }

const char* last_error() { return g_last_error.c_str(); }

}  // namespace mr2d::driver

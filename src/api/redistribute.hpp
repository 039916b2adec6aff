// (MPI) One redistribution call from argument checking to the last byte:
// validate locally -> exchange reports -> agree -> plan -> execute. Every
// entry point (ScaLAPACK names, prefixed API) ends here.
#pragma once

#include "common/status.hpp"
#include "desc/call.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::api {

/// Where the union of processes comes from.
enum class Union { context, world };

/// Arguments exactly as a ScaLAPACK entry receives them (1-based, mr2d_int).
struct Arguments {
  const char* routine;
  bool trapezoidal;
  const char* uplo;   ///< only [0] is read; null for gemr2d
  const char* diag;
  desc::Letters letters;
  mr2d_int m, n;
  const void* a;
  mr2d_int ia, ja;
  const mr2d_int* desca;
  void* b;
  mr2d_int ib, jb;
  const mr2d_int* descb;
  mr2d_int ictxt;     ///< ignored for Union::world
  Union scope;
  Index elem_size;
};

/// Performs the call. On error no process writes to B, every process returns
/// the same code, and each prints the message on stderr (unless quiet) and
/// keeps it for mr2d_last_error(). Never throws.
int redistribute(const Arguments& args, bool print_errors) noexcept;

/// Records the message returned by mr2d_last_error() on this thread.
void set_last_error(const std::string& message);

}  // namespace mr2d::api

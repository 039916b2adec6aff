// SPDX-License-Identifier: BSD-3-Clause
// The status C API of mr2d.h: the last error message and status names.
#include "driver/redistribute.hpp"
#include "mr2d/mr2d.h"

extern "C" {

MR2D_API const char* mr2d_last_error(void) { return mr2d::driver::last_error(); }

MR2D_API const char* mr2d_status_name(int status) {
  switch (status) {
    case MR2D_SUCCESS:
      return "MR2D_SUCCESS";
    case MR2D_ERR_ARGUMENT:
      return "MR2D_ERR_ARGUMENT";
    case MR2D_ERR_CONTEXT:
      return "MR2D_ERR_CONTEXT";
    case MR2D_ERR_INCONSISTENT:
      return "MR2D_ERR_INCONSISTENT";
    case MR2D_ERR_MPI:
      return "MR2D_ERR_MPI";
    case MR2D_ERR_MEMORY:
      return "MR2D_ERR_MEMORY";
    case MR2D_ERR_INTERNAL:
      return "MR2D_ERR_INTERNAL";
    case MR2D_ERR_TIMEOUT:
      return "MR2D_ERR_TIMEOUT";
    default:
      return "MR2D_UNKNOWN_STATUS";
  }
}

}  // extern "C"

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Scoped MPI_ERRORS_RETURN on a communicator mr2d does not own (the
// BLACS communicator of a union context): a failure in mr2d's setup, such as
// MPI running out of communicators, becomes a status instead of an abort.
#pragma once

#include <mpi.h>

#include <string>

#include "common/status.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::transport {

class ErrorsReturn {
 public:
  explicit ErrorsReturn(MPI_Comm comm) : comm_(comm) {
    MPI_Comm_get_errhandler(comm_, &saved_);
    MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
  }
  ~ErrorsReturn() {
    MPI_Comm_set_errhandler(comm_, saved_);
    MPI_Errhandler_free(&saved_);
  }
  ErrorsReturn(const ErrorsReturn&) = delete;
  ErrorsReturn& operator=(const ErrorsReturn&) = delete;

 private:
  MPI_Comm comm_;
  MPI_Errhandler saved_ = MPI_ERRHANDLER_NULL;
};

/// MR2D_ERR_MPI with MPI's own text for error code `err` of `what`.
inline Status mpi_failure(const char* what, int err) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(err, text, &len) != MPI_SUCCESS) len = 0;
  return {MR2D_ERR_MPI,
          message_of("", std::string(what) + " failed: " + std::string(text, static_cast<std::size_t>(len)))};
}

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The one way processes of a union agree: every collective of a call
// that can wait on a peer (reports, cache vote, batch creation) goes through
// these, so that one place bounds them by MR2D_TIMEOUT and turns MPI failures
// into a status that names the routine.
#pragma once

#include <mpi.h>

#include <cstdint>

#include "common/status.hpp"

namespace mr2d::driver {

/// Every process's `words` integers from `mine`, gathered in rank order into
/// `all` (words x union size) on every process. Collective over `comm`.
Status agree_gather(MPI_Comm comm, const std::int64_t* mine, int words, std::int64_t* all, const char* routine);

/// The element-wise reduction `op` (MPI_BAND, MPI_BOR, MPI_MAX, MPI_MIN) of
/// every process's `words` integers, on every process. Collective over `comm`.
Status agree_reduce(MPI_Comm comm, const std::int64_t* mine, std::int64_t* out, int words, MPI_Op op,
                    const char* routine);

}  // namespace mr2d::driver

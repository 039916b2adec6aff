// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The agreement collectives; see agreement.hpp. They wait as transfers
// do (transport/bounded_collective.hpp): bounded by MR2D_TIMEOUT, after which
// the union context refuses further calls rather than let a late process's
// next collective match the one left waiting.
#include "driver/agreement.hpp"

#include "transport/bounded_collective.hpp"
#include "transport/errors_return.hpp"

namespace mr2d::driver {

Status agree_gather(MPI_Comm comm, const std::int64_t* mine, int words, std::int64_t* all, const char* routine) {
  transport::ErrorsReturn guard(comm);
  return transport::bounded_allgather(comm, mine, words, MPI_INT64_T, all,
                                      {routine, "exchange their view of the call"});
}

Status agree_reduce(MPI_Comm comm, const std::int64_t* mine, std::int64_t* out, int words, MPI_Op op,
                    const char* routine) {
  transport::ErrorsReturn guard(comm);
  return transport::bounded_allreduce(comm, mine, out, words, MPI_INT64_T, op, {routine, "agree on the call"});
}

}  // namespace mr2d::driver

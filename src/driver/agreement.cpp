// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The agreement collectives; see agreement.hpp.
#include "driver/agreement.hpp"

#include <string>

#include "transport/errors_return.hpp"

namespace mr2d::driver {

Status agree_gather(MPI_Comm comm, const std::int64_t* mine, int words, std::int64_t* all, const char* routine) {
  transport::ErrorsReturn guard(comm);
  if (MPI_Allgather(mine, words, MPI_INT64_T, all, words, MPI_INT64_T, comm) != MPI_SUCCESS)
    return {MR2D_ERR_MPI, std::string("mr2d: ") + routine + ": MPI_Allgather failed"};
  return {};
}

Status agree_reduce(MPI_Comm comm, const std::int64_t* mine, std::int64_t* out, int words, MPI_Op op,
                    const char* routine) {
  transport::ErrorsReturn guard(comm);
  if (MPI_Allreduce(mine, out, words, MPI_INT64_T, op, comm) != MPI_SUCCESS)
    return {MR2D_ERR_MPI, std::string("mr2d: ") + routine + ": MPI_Allreduce failed"};
  return {};
}

}  // namespace mr2d::driver

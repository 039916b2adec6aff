// SPDX-License-Identifier: BSD-3-Clause
// The `costa` variant (bench/README.md): COSTA's redistribution between the
// case's two block-cyclic layouts on the benchmark's own local arrays. Only
// compiled with -DMR2D_BENCH_COSTA=ON (then MR2D_BENCH_WITH_COSTA is defined).
#pragma once

#include <mpi.h>

#include <functional>
#include <string>

#include "case_file.hpp"
#include "distributed_matrix.hpp"

namespace mr2d::bench {

struct CostaCall {
  std::function<void()> run;                   ///< B := A; empty when COSTA cannot do the case
  std::function<long long()> workspace_bytes;  ///< COSTA's send plus receive buffers after a call
  std::string why_not;                         ///< why run is empty
};

/// Builds both layouts once (outside the timing); the same on every process of comm.
CostaCall prepare_costa(const Case& c, DistributedMatrix& a, DistributedMatrix& b, MPI_Comm comm);

}  // namespace mr2d::bench

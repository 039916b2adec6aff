// SPDX-License-Identifier: BSD-3-Clause
// Bytes each process sends to each other process in a redistribution,
// counted element by element from the two layouts (independently of mr2d):
// the per-pair volumes of the MPI_Alltoallv baseline.
#pragma once

#include <vector>

#include "case_file.hpp"
#include "distributed_matrix.hpp"

namespace mr2d::bench {

/// Bytes this process sends to each rank (its own rank included), given its
/// share of A and the layout of B. Pure, no MPI.
std::vector<long long> send_volumes(const Case& c, const DistributedMatrix& a, int procs);

}  // namespace mr2d::bench

// SPDX-License-Identifier: BSD-3-Clause
// Where a launch's processes run and how fast two of them reach each other:
// the cores of ranks 0 and 1, whether those share a last-level cache, and
// the round trip of one cache line between them through node-shared memory.
// Recorded with every case, so that launches in a slow mode can be told
// apart from fast ones by placement (bench/README.md, "Launch to launch").
#pragma once

#include <mpi.h>

#include <string>

namespace mr2d::bench {

struct Placement {
  std::string cpus;         ///< core of each rank at the probe, "0 1 ..."
  int shared_cache = -1;    ///< ranks 0 and 1 on cores sharing the last-level cache: 1, 0; -1 unknown
  double pingpong_ns = -1;  ///< one round trip of a cache line between ranks 0 and 1 (median of batches)
};

/// Collective over `comm`; the result is meaningful on rank 0.
Placement probe_placement(MPI_Comm comm);

}  // namespace mr2d::bench

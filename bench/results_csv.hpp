// SPDX-License-Identifier: BSD-3-Clause
// The benchmark's CSV output: one row per case, allocator setting and variant
// (columns described in bench/README.md).
#pragma once

#include <string>
#include <vector>

#include "case_file.hpp"
#include "placement_probe.hpp"
#include "timing.hpp"

namespace mr2d::bench {

/// What a case moves and holds, the same for every variant.
struct CaseFacts {
  int cores = 1;               ///< min(processes, cores of the machine)
  long long volume_bytes = 0;  ///< bytes of sub(A) copied (the trapezoid for trmr2d)
  long long local_bytes = 0;   ///< largest local array of A or B on any process
  std::string size_class;      ///< large (>= 32 MiB local), small (<= 1 MiB moved) or medium
  Placement placement;         ///< of the launch (placement_probe.hpp)
};

struct Row {
  std::string allocator;  ///< default or reuse
  std::string variant;    ///< scalapack, mr2d, mr2d-plan, alltoallv, copy-limit, costa
  std::string schedule;   ///< mr2d: the schedule asked for (auto, caterpillar, ...)
  std::string resolved;   ///< mr2d: the schedule the plan used; costa: why it did not run
  Timing timing;          ///< median_s 0: not run (empty times in the CSV)
  long long extra_bytes = -1;  ///< largest over processes; -1: not measured
  long long mismatches = -1;   ///< elements different from ScaLAPACK's B; -1: not compared
};

/// Appends the rows (and the header line if the file is new or empty).
void append_csv(const std::string& path, const Case& c, const CaseFacts& facts, int reps,
                const std::vector<Row>& rows);

}  // namespace mr2d::bench

// SPDX-License-Identifier: BSD-3-Clause
// The names and process counts of a benchmark case file (format in
// bench/README.md): what `mr2d bench` needs to start one mpirun per case. The
// benchmark program itself reads the rest of each line.
#pragma once

#include <string>
#include <vector>

namespace mr2d::cli {

struct BenchCase {
  std::string name;
  long procs = 0;
};

/// The cases of `path` in file order. Throws UsageError when the file cannot
/// be read, has no case, or a process count is not a positive integer.
std::vector<BenchCase> read_bench_cases(const std::string& path);

}  // namespace mr2d::cli

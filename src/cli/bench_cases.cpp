// SPDX-License-Identifier: BSD-3-Clause
// Reading a case file's names and process counts; see bench_cases.hpp.
#include "cli/bench_cases.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "cli/options.hpp"

namespace mr2d::cli {

std::vector<BenchCase> read_bench_cases(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read the case file " + path);
  std::vector<BenchCase> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line.substr(0, line.find('#')));
    BenchCase c;
    std::string procs;
    if (!(words >> c.name)) continue;  // blank or comment
    words >> procs;
    char* end = nullptr;
    c.procs = std::strtol(procs.c_str(), &end, 10);
    if (procs.empty() || *end != '\0' || c.procs < 1 || c.procs > 1'000'000)
      throw UsageError(path + ":" + std::to_string(number) + ": case " + c.name + " needs a process count, got '" +
                       procs + "'");
    cases.push_back(c);
  }
  if (cases.empty()) throw UsageError(path + " holds no case");
  return cases;
}

}  // namespace mr2d::cli

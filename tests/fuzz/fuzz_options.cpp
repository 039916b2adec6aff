// SPDX-License-Identifier: BSD-3-Clause
// Fuzz target: `mr2d plan` from its command line. The input is the argument
// list, one argument per line; the plan runs in full (report to nowhere)
// under small work limits so every input finishes quickly. Usage errors are
// the expected outcome of bad input; any other exception, a crash or a
// sanitizer report is a finding. --draw and --draw-slice are skipped: they
// write files; so is --network, whose parser has unit tests and whose link
// loads walk every message's route (a ring of thousands of hosts is slow by
// design).
#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/plan_command.hpp"

namespace {

// A stream buffer that discards everything.
struct NullBuffer : std::streambuf {
  int overflow(int c) override { return c; }
};

std::vector<std::string> lines(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> out{"mr2d", "plan"};
  std::string arg;
  for (std::size_t k = 0; k < size; ++k) {
    const char ch = static_cast<char>(data[k]);
    if (ch == '\n') {
      out.push_back(arg);
      arg.clear();
    } else if (ch != '\0') {
      arg += ch;
    }
  }
  if (!arg.empty()) out.push_back(arg);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mr2d::cli;
  std::vector<std::string> args = lines(data, size);
  std::vector<char*> argv;
  for (std::string& a : args) {
    if (a == "--draw" || a == "--draw-slice" || a == "--network") return 0;
    argv.push_back(a.data());
  }
  Limits limits;
  limits.processes = 4096;
  limits.run_entries = 1 << 16;
  limits.pairs = 1 << 16;
  limits.trapezoid_columns = 1 << 20;
  NullBuffer sink;
  std::ostream out(&sink);
  try {
    const Options opt = parse_options(static_cast<int>(argv.size()), argv.data(), 2, plan_valued_options(), plan_flags());
    plan_command(opt, out, limits);
  } catch (const UsageError&) {
  }
  return 0;
}

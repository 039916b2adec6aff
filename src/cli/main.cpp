// SPDX-License-Identifier: BSD-3-Clause
// The `mr2d` command. `mr2d plan ...` computes, in one process and without
// MPI, the plans every process would build for a redistribution and reports
// volumes, messages, steps and the predicted time; `mr2d advise FILE` picks a
// layout per program phase; `mr2d bench ...` runs the benchmark. Help goes to
// stdout with exit status 0; usage errors to stderr with exit status 2.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "cli/advise.hpp"
#include "cli/bench_command.hpp"
#include "cli/options.hpp"
#include "cli/plan_command.hpp"
#include "cli/usage.hpp"
#include "common/status.hpp"
#include "mr2d/version.h"

namespace {

bool is_help(const char* arg) { return std::strcmp(arg, "--help") == 0 || std::strcmp(arg, "-h") == 0; }

bool asks_help(int argc, char** argv, int first) {
  for (int k = first; k < argc; ++k)
    if (is_help(argv[k])) return true;
  return false;
}

int print_version(int argc) {
  if (argc > 2) throw mr2d::cli::UsageError("takes no arguments");
  std::printf("mr2d %s\n", MR2D_VERSION_STRING);
  return 0;
}

int run(const std::string& command, int argc, char** argv) {
  using namespace mr2d::cli;
  if (command == "plan") {
    plan_command(parse_options(argc, argv, 2, plan_valued_options(), plan_flags()), std::cout);
    return 0;
  }
  if (command == "advise") {
    if (argc != 3) throw UsageError("advise expects one FILE");
    advise(argv[2], std::cout);
    return 0;
  }
  if (command == "bench") return bench_command(argc, argv, 2);
  return print_version(argc);
}

}  // namespace

int main(int argc, char** argv) {
  using mr2d::cli::command_usage;
  using mr2d::cli::full_usage;
  if (argc < 2) {
    std::fputs(full_usage().c_str(), stderr);
    return 2;
  }
  const std::string first = argv[1];
  if (is_help(argv[1]) || first == "help") {
    const std::string one = argc > 2 ? command_usage(argv[2]) : std::string();
    std::fputs((one.empty() ? full_usage() : one).c_str(), stdout);
    return 0;
  }
  const std::string command = first == "--version" ? "version" : first;
  const std::string usage = command_usage(command);
  if (usage.empty()) {
    const std::string text = mr2d::message_of("", "unknown command '" + first + "'");
    std::fprintf(stderr, "%s\n%s", text.c_str(), full_usage().c_str());
    return 2;
  }
  if (asks_help(argc, argv, 2)) {
    std::fputs(usage.c_str(), stdout);
    return 0;
  }
  try {
    return run(command, argc, argv);
  } catch (const mr2d::cli::UsageError& e) {
    std::fprintf(stderr, "mr2d %s: %s\n%s", command.c_str(), e.what(), usage.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mr2d %s: %s\n", command.c_str(), e.what());
    return 1;
  }
}

// SPDX-License-Identifier: BSD-3-Clause
// Child processes of `mr2d bench`: mpirun per case, the table and plot tools.
#pragma once

#include <string>
#include <vector>

namespace mr2d::cli {

/// Exit status of a program that could not be started (the shell's).
inline constexpr int kCannotStart = 127;

/// Runs args[0] (looked up in PATH when it has no '/') with stdin from
/// /dev/null and, when `stdout_path` is given, stdout appended to that file;
/// waits for it. Returns its exit status, 128 + the signal that ended it, or
/// kCannotStart.
int run_process(const std::vector<std::string>& args, const std::string& stdout_path = {});

/// Runs args like run_process and returns what it wrote to stdout and stderr
/// ("" when it could not start).
std::string process_output(const std::vector<std::string>& args);

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// Usage texts of the `mr2d` command, one per subcommand, printed by --help
// (stdout) and with every usage error (stderr).
#pragma once

#include <string>

namespace mr2d::cli {

/// "usage: mr2d COMMAND ..." and what it does, for plan, advise, bench and
/// version; empty for an unknown command.
std::string command_usage(const std::string& command);

/// Every command's usage, for `mr2d --help` and a missing or unknown command.
std::string full_usage();

}  // namespace mr2d::cli

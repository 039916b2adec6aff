// SPDX-License-Identifier: BSD-3-Clause
// `mr2d plan`: options in, report out. No MPI.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/limits.hpp"
#include "cli/options.hpp"

namespace mr2d::cli {

/// Options of `mr2d plan` that take a value, and its bare flags.
const std::vector<std::string>& plan_valued_options();
const std::vector<std::string>& plan_flags();

/// Plans the redistribution `opt` describes and prints the report (text or
/// --json) to `out`; --draw also writes the SVG. Throws UsageError for bad
/// options and for problems beyond `limits`.
void plan_command(const Options& opt, std::ostream& out, const Limits& limits = {});

}  // namespace mr2d::cli

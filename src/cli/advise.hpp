// SPDX-License-Identifier: BSD-3-Clause
// `mr2d advise FILE`: which layout each phase of a program should use, from
// the phases' compute costs and mr2d's own predicted redistribution costs
// (advise/phase_planner.hpp). No MPI.
#pragma once

#include <iosfwd>
#include <string>

namespace mr2d::cli {

/// Reads the phase file (format in the usage text), prints the plan. Throws
/// UsageError on malformed input.
void advise(const std::string& path, std::ostream& out);

}  // namespace mr2d::cli

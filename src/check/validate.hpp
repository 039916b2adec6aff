// SPDX-License-Identifier: BSD-3-Clause
// Argument checking in two pure steps: each process checks what it can see
// (make_report), then every process runs the same global check over all
// reports (agree) and builds the same Problem. No MPI here: the caller moves
// the reports.
#pragma once

#include <string>
#include <vector>

#include "common/status.hpp"
#include "check/call.hpp"
#include "check/report.hpp"
#include "problem/problem.hpp"

namespace mr2d::check {

/// 1-based position of a named argument ("M", "DESCA", "ICTXT", ...) in the
/// argument list of this call's routine; 0 if it has no such argument.
std::int64_t arg_position(const LocalCall& call, const char* name);

/// This process's report: its grid coordinates, the global fields it holds and
/// the first local error found (following ScaLAPACK's argument order).
Report make_report(const LocalCall& call);

/// Checks all reports (indexed by union rank) for errors, missing or
/// duplicated grid positions and disagreements; on success fills `problem`.
/// Every process gets the same verdict and message.
Status agree(const std::vector<Report>& reports, const LocalCall& call, model::Problem& problem);

/// A status for an error found on this process alone (before any exchange).
Status local_error(const LocalCall& call, const Report& report, int rank);

}  // namespace mr2d::check

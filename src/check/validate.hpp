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
#include "check/message.hpp"
#include "check/report.hpp"
#include "problem/problem.hpp"

namespace mr2d::check {

/// 1-based position of a named argument ("M", "DESCA", "ICTXT", ...) in the
/// argument list of this call's routine; 0 if it has no such argument.
std::int64_t arg_position(const Call& call, const char* name);

/// How this call's faults are worded: its routine, argument list and union.
Wording wording_of(const Call& call);

/// This process's report: its grid coordinates, the global fields it holds and
/// the first local error found (following ScaLAPACK's argument order).
Report make_report(const Call& call);

/// Checks all reports (indexed by union rank) for errors, missing or
/// duplicated grid positions and disagreements; on success fills `problem`.
/// Every process gets the same verdict and message.
Status agree(const std::vector<Report>& reports, const Call& call, model::Problem& problem);

/// A status for `report`'s error, its message naming the process of the
/// union that found it (`rank`), every process (kEveryProcess), or nobody
/// (another negative rank).
Status local_error(const Call& call, const Report& report, int rank);

/// A status for an error this process found before any exchange (outside
/// any union it could name): the message names it by its rank in
/// MPI_COMM_WORLD (nobody where negative: MPI not running).
Status own_error(const Call& call, const Report& report, int world_rank);

}  // namespace mr2d::check

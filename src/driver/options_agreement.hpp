// SPDX-License-Identifier: BSD-3-Clause
// The options that shape what goes on the wire, as every process reports
// them, and the check that all processes of a call resolved the same ones:
// processes that cut, route or carry messages differently would read each
// other's data wrongly or wait for messages that never come. Pure, no MPI.
#pragma once

#include <vector>

#include "driver/options.hpp"
#include "common/status.hpp"
#include "check/report.hpp"

namespace mr2d::driver {

/// This process's options as it reports them to the others.
check::OptionsReport report_options(const Resolved& options);

/// MR2D_ERR_INCONSISTENT naming the first option that differs between two
/// processes (with both values), else success.
Status agree_options(const std::vector<check::OptionsReport>& reports, const char* routine);

}  // namespace mr2d::driver

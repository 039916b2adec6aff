// SPDX-License-Identifier: BSD-3-Clause
// `mr2d bench [--quick] [--reps N] [--cases FILE] [--out DIR]`: in the build
// tree it hands over to bench/run.sh of the source tree (which builds the
// benchmark first); installed, it runs the installed benchmark (bench_run.hpp).
#pragma once

namespace mr2d::cli {

/// Runs `mr2d bench` with the arguments argv[first..]. Throws UsageError on
/// bad options, std::runtime_error when there is no benchmark to run.
int bench_command(int argc, char** argv, int first);

}  // namespace mr2d::cli

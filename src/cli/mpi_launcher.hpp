// SPDX-License-Identifier: BSD-3-Clause
// How `mr2d bench` starts each case on its process count: the mpiexec CMake
// found when mr2d was built (MR2D_MPIEXEC in the environment names another),
// with the settings bench/run.sh uses.
#pragma once

#include <string>
#include <vector>

namespace mr2d::cli {

struct Launcher {
  std::string program;       // mpirun or mpiexec
  std::string version_line;  // the first line of its --version
  bool open_mpi = false;

  /// The command line that runs `args` on `procs` processes.
  std::vector<std::string> command(long procs, const std::vector<std::string>& args) const;
};

/// Finds the launcher and sets the environment of the runs: one OpenMP thread
/// per process and, for Open MPI, running as root and, with `yield`,
/// yielding when idle (unless already set; else MPI's default busy polling).
Launcher prepare_launcher(bool yield = false);

/// Processors this process may run on.
int available_cores();

}  // namespace mr2d::cli

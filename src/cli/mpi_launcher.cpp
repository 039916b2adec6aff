// SPDX-License-Identifier: BSD-3-Clause
// The launcher of `mr2d bench`; see mpi_launcher.hpp.
#include "cli/mpi_launcher.hpp"

#include <sched.h>
#include <unistd.h>

#include <cstdlib>

#include "cli/process.hpp"

namespace mr2d::cli {

namespace {

// MPIEXEC_EXECUTABLE of the build, when it still exists; otherwise whatever
// `mpirun` PATH holds (mr2d installed on another machine).
std::string find_program() {
  if (const char* chosen = std::getenv("MR2D_MPIEXEC"); chosen && *chosen) return chosen;
  const std::string built = MR2D_MPIEXEC_PATH;
  if (!built.empty() && access(built.c_str(), X_OK) == 0) return built;
  return "mpirun";
}

}  // namespace

std::vector<std::string> Launcher::command(long procs, const std::vector<std::string>& args) const {
  std::vector<std::string> line{program, "-n", std::to_string(procs)};
  // Open MPI counts physical cores as slots, which the processor count
  // cannot tell apart from hardware threads; the flag only permits more
  // processes than slots, so it goes on every run.
  if (open_mpi) line.push_back("--oversubscribe");
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

Launcher prepare_launcher(bool yield) {
  Launcher launcher;
  launcher.program = find_program();
  const std::string version = process_output({launcher.program, "--version"});
  launcher.version_line = version.substr(0, version.find('\n'));
  launcher.open_mpi = version.find("Open MPI") != std::string::npos || version.find("OpenRTE") != std::string::npos;
  // The variants are compared per process; threaded packing (COSTA's OpenMP)
  // would take cores from the other processes.
  setenv("OMP_NUM_THREADS", "1", 1);
  if (launcher.open_mpi) {
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
    // MPI's default waits poll busily, as users' jobs run; --yield asks for
    // yielding waits instead.
    if (yield) setenv("OMPI_MCA_mpi_yield_when_idle", "1", 0);
  }
  return launcher;
}

int available_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  return CPU_COUNT(&set);
}

}  // namespace mr2d::cli

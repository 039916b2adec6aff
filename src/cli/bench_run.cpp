// SPDX-License-Identifier: BSD-3-Clause
// The installed benchmark run; see bench_run.hpp.
#include "cli/bench_run.hpp"

#include <sys/utsname.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "cli/bench_cases.hpp"
#include "cli/mpi_launcher.hpp"
#include "cli/process.hpp"
#include "mr2d/version.h"

namespace mr2d::cli {

namespace fs = std::filesystem;

namespace {

std::string utc_now(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[64];
  return std::string(text, std::strftime(text, sizeof text, format, &utc));
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) return line.substr(line.find(':') + 2);
  return "unknown processor";
}

std::string kernel() {
  utsname name{};
  return uname(&name) == 0 ? std::string(name.sysname) + " " + name.release : "unknown system";
}

// The lines above the table of mr2d_bench_table, as bench/run.sh has them.
void write_header(const fs::path& md, const BenchSettings& settings, const Launcher& launcher, long seconds) {
  std::ofstream out(md);
  out << "# mr2d benchmark, " << utc_now("%Y-%m-%d %H:%M UTC") << "\n\n"
      << "Command: `" << settings.command << "` (installed mr2d " << MR2D_VERSION_STRING << ", " << seconds << " s).\n"
      << "Machine: " << cpu_model() << ", " << available_cores() << " cores, " << kernel() << "; "
      << launcher.version_line << ".\n"
      << "MPI settings: " << (settings.yield ? "mpi_yield_when_idle=1" : "defaults (waits poll busily)")
      << ".\nProcesses beyond the cores are oversubscribed (the P (cores) column).\n\n";
  if (!out) throw std::runtime_error("cannot write " + md.string());
}

}  // namespace

int run_installed_bench(const BenchInstall& install, const BenchSettings& settings) {
  const std::vector<BenchCase> cases = read_bench_cases(settings.cases.string());
  const Launcher launcher = prepare_launcher(settings.yield);
  if (launcher.version_line.empty())
    throw std::runtime_error("cannot run " + launcher.program + " (MR2D_MPIEXEC names the MPI launcher to use)");
  const fs::path dir = settings.out.empty() ? fs::path("mr2d-bench-" + utc_now("%Y-%m-%d")) : settings.out;
  fs::create_directories(dir);
  const fs::path csv = dir / "results.csv", md = dir / "results.md", dat = dir / "plot.dat", png = dir / "plot.png";
  for (const fs::path& old : {csv, md, dat, png}) fs::remove(old);

  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  const std::string driver = (install.programs / "mr2d_bench").string();
  for (long launch = 0; launch < settings.launches; ++launch)
    for (const BenchCase& c : cases) {
      std::vector<std::string> args{driver,      "--cases", settings.cases.string(),       "--case",
                                    c.name,      "--reps",  std::to_string(settings.reps), "--csv",
                                    csv.string()};
      if (!settings.variants.empty()) args.insert(args.end(), {"--variants", settings.variants});
      if (settings.costa_reps >= 0) args.insert(args.end(), {"--costa-reps", std::to_string(settings.costa_reps)});
      const int rc = run_process(launcher.command(c.procs, args));
      if (rc != 0) {
        std::cerr << "mr2d bench: case " << c.name << " failed (exit status " << rc << ")\n";
        status = 1;
      }
    }
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);

  write_header(md, settings, launcher, static_cast<long>(seconds.count()));
  const std::string table = (install.programs / "mr2d_bench_table").string();
  if (run_process({table, csv.string(), dat.string()}, md.string()) != 0) status = 1;
  // The plot is optional: without gnuplot (or its cairo terminal) the numbers stand alone.
  const int plotted = run_process({"gnuplot", "-e", "data='" + dat.string() + "'; out='" + png.string() + "'",
                                   (install.data / "plot.gp").string()});
  std::ifstream written(md);
  for (std::string line; std::getline(written, line);) std::cout << line << '\n';
  std::cout << "written: " << csv.string() << ", results.md"
            << (plotted == 0 ? ", plot.png" : " (no plot: gnuplot is missing or failed)") << "\n";
  return status;
}

}  // namespace mr2d::cli

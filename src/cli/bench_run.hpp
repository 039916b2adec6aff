// SPDX-License-Identifier: BSD-3-Clause
// `mr2d bench` of an installed mr2d: the benchmark programs and case files
// found beside the command, each case in its own mpirun, results written as
// bench/run.sh writes them, and nothing built.
#pragma once

#include <filesystem>
#include <string>

namespace mr2d::cli {

/// Where the installed benchmark lives.
struct BenchInstall {
  std::filesystem::path programs;  // mr2d_bench, mr2d_bench_table
  std::filesystem::path data;      // cases*.txt, plot.gp
};

struct BenchSettings {
  std::filesystem::path cases;  // the case file
  long reps = 9;
  long launches = 1;          // each case started this many times, round-robin
  std::string variants;       // mr2d_bench --variants; empty: all
  long costa_reps = -1;       // mr2d_bench --costa-reps; -1: as --reps
  bool yield = false;         // OpenMPI's mpi_yield_when_idle instead of its default busy polling
  std::filesystem::path out;  // for results.csv, results.md, plot.png; empty: mr2d-bench-<date>
  std::string command;        // the command as given, for results.md
};

/// Runs every case of settings.cases with the launcher of mpi_launcher.hpp,
/// writes results.md from results.csv (and plot.png when gnuplot is there)
/// and prints it. Returns 0, or 1 when a case or a comparison failed.
int run_installed_bench(const BenchInstall& install, const BenchSettings& settings);

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// `mr2d bench`; see bench_command.hpp.
#include "cli/bench_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/bench_run.hpp"
#include "cli/options.hpp"

// Where the installed benchmark lies relative to the installed command;
// bench/CMakeLists.txt defines both when it builds the benchmark.
#ifndef MR2D_BENCH_PROGRAMS
#define MR2D_BENCH_PROGRAMS ""
#define MR2D_BENCH_DATA ""
#endif

namespace mr2d::cli {

namespace fs = std::filesystem;

namespace {

// The directory of this executable, symbolic links resolved.
fs::path executable_dir() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) throw std::runtime_error("cannot locate the mr2d executable: " + error.message());
  return self.parent_path();
}

bool in_build_tree(const fs::path& dir) {
  std::error_code error;
  return fs::equivalent(dir, fs::path(MR2D_BINARY_DIR) / "bin", error);
}

// Replaces this process with bench/run.sh, which builds into this build tree.
// The options go in a fixed order, so that --cases wins over --quick's
// default cases as it does installed.
int run_script(const Options& opt) {
  const std::string script = std::string(MR2D_SOURCE_DIR) + "/bench/run.sh";
  std::vector<std::string> words{script};
  if (opt.flag("--quick")) words.push_back("--quick");
  if (opt.flag("--yield")) words.push_back("--yield");
  for (const char* name : {"--reps", "--cases", "--out", "--launches", "--variants", "--costa-reps"})
    if (opt.values.count(name)) words.insert(words.end(), {name, opt.values.at(name)});
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  setenv("MR2D_BUILD_DIR", MR2D_BINARY_DIR, 0);
  execv(script.c_str(), args.data());
  throw std::runtime_error("cannot run " + script + ": " + std::strerror(errno));
}

std::string command_line(int argc, char** argv, int first) {
  std::string line = "mr2d bench";
  for (int k = first; k < argc; ++k) line += std::string(" ") + argv[k];
  return line;
}

}  // namespace

int bench_command(int argc, char** argv, int first) {
  const Options opt =
      parse_options(argc, argv, first, {"--reps", "--cases", "--out", "--launches", "--variants", "--costa-reps"},
                    {"--quick", "--yield"});
  const bool quick = opt.flag("--quick");
  const long reps = static_cast<long>(opt.number("--reps", quick ? 3 : 9, 1, 1000000));
  const long launches = static_cast<long>(opt.number("--launches", 1, 1, 1000));
  const long costa_reps =
      opt.values.count("--costa-reps") ? static_cast<long>(opt.number("--costa-reps", 0, 0, 1000000)) : -1;
  const fs::path self = executable_dir();
  if (in_build_tree(self)) return run_script(opt);
  if (std::string(MR2D_BENCH_PROGRAMS).empty())
    throw std::runtime_error("this mr2d was built without the benchmark (MR2D_BUILD_BENCH=OFF)");
  const BenchInstall install{(self / MR2D_BENCH_PROGRAMS).lexically_normal(),
                             (self / MR2D_BENCH_DATA).lexically_normal()};
  if (!fs::exists(install.programs / "mr2d_bench"))
    throw std::runtime_error("no benchmark program in " + install.programs.string() +
                             ": install mr2d with cmake --install (benchmark built, MR2D_BUILD_BENCH=ON)");
  BenchSettings settings;
  const fs::path default_cases = install.data / (quick ? "cases_quick.txt" : "cases.txt");
  settings.cases = fs::absolute(opt.text("--cases", default_cases.string()));
  settings.reps = reps;
  settings.launches = launches;
  settings.variants = opt.text("--variants", "");
  settings.costa_reps = costa_reps;
  settings.yield = opt.flag("--yield");
  settings.out = opt.text("--out", "");
  settings.command = command_line(argc, argv, first);
  return run_installed_bench(install, settings);
}

}  // namespace mr2d::cli

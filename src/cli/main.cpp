// The `mr2d` command. `mr2d plan ...` computes, in one process and without
// MPI, the plans every process would build for a redistribution and reports
// volumes, messages, steps and the predicted time. `mr2d bench ...` runs the
// benchmark script of the source tree the command was built from.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli/advise.hpp"
#include "cli/plan_command.hpp"

namespace {

const char* const kUsage =
    "usage: mr2d plan --m M [--n N] --a PxQ:MBxNB --b PxQ:MBxNB [--a-src r,c] [--b-src r,c]\n"
    "                 [--ia i] [--ja j] [--ib i] [--jb j] [--b-first rank] [--type s|d|c|z|i]\n"
    "                 [--uplo U|L [--diag N|U]] [--schedule auto|caterpillar|circulant|optimal|async]\n"
    "                 [--json] [--draw file.svg]\n"
    "  A occupies ranks 0.. in row-major grid order, B ranks --b-first.. (default 0);\n"
    "  --uplo makes it a trapezoidal copy (p?trmr2d). Values must fit ScaLAPACK's\n"
    "  integers; plans beyond 2^24 ranks, 2^24 communicating pairs, 2^23 index runs\n"
    "  per dimension or 2^32 trapezoid column visits are refused (exit 2), which\n"
    "  keeps memory under about 4 GB.\n"
    "       mr2d bench [--quick] [--reps N] [--cases FILE] [--out DIR]\n"
    "  runs bench/run.sh of the source tree (bench/README.md).\n"
    "       mr2d advise FILE\n"
    "  FILE: 'matrix M N TYPE', 'layout NAME PxQ:MBxNB' per candidate, 'phase NAME\n"
    "  LAYOUT=SECONDS ...' per phase in program order, and 'loop' if the phases repeat;\n"
    "  prints the layout per phase with the least compute plus redistribution time\n"
    "  (examples/advise).\n";

// Replaces this process with bench/run.sh, which builds into this build tree.
int bench_command(int argc, char** argv) {
  const std::string script = std::string(MR2D_SOURCE_DIR) + "/bench/run.sh";
  std::vector<char*> args{const_cast<char*>(script.c_str())};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  setenv("MR2D_BUILD_DIR", MR2D_BINARY_DIR, 0);
  execv(script.c_str(), args.data());
  std::fprintf(stderr, "mr2d bench: cannot run %s: %s\n", script.c_str(), std::strerror(errno));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  try {
    if (std::strcmp(argv[1], "plan") == 0) {
      using namespace mr2d::cli;
      plan_command(parse_options(argc, argv, 2, plan_valued_options(), plan_flags()), std::cout);
      return 0;
    }
    if (std::strcmp(argv[1], "advise") == 0) {
      if (argc != 3) throw mr2d::cli::UsageError("advise expects one FILE");
      mr2d::cli::advise(argv[2], std::cout);
      return 0;
    }
    if (std::strcmp(argv[1], "bench") == 0) return bench_command(argc, argv);
    std::fprintf(stderr, "mr2d: unknown command '%s'\n%s", argv[1], kUsage);
    return 2;
  } catch (const mr2d::cli::UsageError& e) {
    std::fprintf(stderr, "mr2d %s: %s\n%s", argv[1], e.what(), kUsage);
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mr2d: %s\n", e.what());
    return 1;
  }
}

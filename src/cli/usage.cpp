// SPDX-License-Identifier: BSD-3-Clause
// The usage texts; see usage.hpp.
#include "cli/usage.hpp"

namespace mr2d::cli {

namespace {

struct CommandText {
  const char* name;
  const char* synopsis;     // after "usage: "; continuation lines indented to match
  const char* description;  // indented two spaces
};

const CommandText kCommands[] = {
    {"plan",
     "mr2d plan --m M [--n N] --a PxQ:MBxNB --b PxQ:MBxNB [--a-src r,c] [--b-src r,c]\n"
     "                 [--ia i] [--ja j] [--ib i] [--jb j] [--b-first rank] [--type s|d|c|z|i]\n"
     "                 [--uplo U|L [--diag N|U]] [--op N|T|C]\n"
     "                 [--schedule auto|caterpillar|circulant|optimal|async]\n"
     "                 [--network key=value,... [--chunk BYTES]] [--relabel] [--json]\n"
     "                 [--draw file.svg]\n"
     "       mr2d plan --nd-a \"sizes=... grid=... [key=value ...]\" --nd-b \"...\" [--perm p,q,...]\n"
     "                 [--type s|d|c|z|i] [--schedule ...] [--network ...] [--json]\n"
     "                 [--draw file.svg] [--draw-slice file.svg]\n",
     "  computes, in one process and without MPI, the plans every process would build\n"
     "  and reports volumes, messages, steps and the predicted time.\n"
     "  A occupies ranks 0.. in row-major grid order, B ranks --b-first.. (default 0);\n"
     "  --a and --b may instead be grid layouts: rows:P (the rows split over P ranks as\n"
     "  PETSc splits them), cols:Q, or file:PATH (lines 'rows', 'cols' and 'owners' with\n"
     "  the split points and the owner rank of each block, column-major);\n"
     "  --uplo makes it a trapezoidal copy (p?trmr2d); --op T or C plans B := op(A)\n"
     "  (--m x --n is then sub(B), sub(A) its transpose); --relabel also places B's\n"
     "  grid positions on the ranks that keep the most data and prints the bytes moved\n"
     "  before and after and the usermap; --network prices the schedules on a network\n"
     "  (MR2D_NETWORK's keys), which auto's choice and the schedule model time then\n"
     "  follow; --chunk prices messages pipelined in chunks of BYTES there (default 0:\n"
     "  whole messages). Values must fit ScaLAPACK's integers; plans beyond 2^24\n"
     "  ranks, 2^24 communicating pairs, 2^23 index runs per dimension, 2^20 tiles\n"
     "  of grid layouts or 2^32 trapezoid column visits are refused (exit 2), which\n"
     "  keeps memory under about 4 GB.\n"
     "  --nd-a and --nd-b describe N-dimensional arrays (mr2d_nd.h) by the words\n"
     "  sizes=, grid= (required), blocks= (integers, b for MR2D_ND_BLOCK, * for\n"
     "  collapsed), sources=, starts=, counts=, ranks= (lists split by , or x),\n"
     "  order=C|F (storage) and grid-order=C|F (default C); --perm p,q,...: dimension d\n"
     "  of A becomes dimension perm[d] of B. The report adds the matrix form they are\n"
     "  planned as, each process's share and every pair's bytes; --draw-slice draws\n"
     "  A's first two dimensions coloured by the rank holding each element in A and\n"
     "  in B.\n"},
    {"advise", "mr2d advise FILE\n",
     "  FILE: 'matrix M N TYPE', 'layout NAME PxQ:MBxNB' per candidate, 'phase NAME\n"
     "  LAYOUT=SECONDS ...' per phase in program order, and 'loop' if the phases repeat;\n"
     "  prints the layout per phase with the least compute plus redistribution time\n"
     "  (examples/advise).\n"},
    {"bench",
     "mr2d bench [--quick] [--reps N] [--cases FILE] [--out DIR] [--launches N]\n"
     "                  [--variants LIST] [--yield] [--costa-reps N]\n",
     "  runs each case of FILE (default: the benchmark's cases.txt, 9 repetitions;\n"
     "  --quick: cases_quick.txt, 3 repetitions) in its own mpirun, against ScaLAPACK,\n"
     "  N times with --launches N (times as distributions over the launches), under\n"
     "  MPI's default settings (--yield: OpenMPI's mpi_yield_when_idle), and writes\n"
     "  results.csv and results.md to DIR. Installed, it runs the installed\n"
     "  benchmark (DIR defaults to mr2d-bench-<date> in the current directory); in the\n"
     "  build tree, bench/run.sh, which builds it first (DIR defaults to\n"
     "  bench/results/<date>; bench/README.md). --costa-reps N: COSTA's repetitions,\n"
     "  where it is built in (0 leaves it out).\n"},
    {"version", "mr2d --version\n", "  prints 'mr2d MAJOR.MINOR.PATCH' (also: mr2d version).\n"},
};

// Where every command and option is explained, printed after each usage.
const char* const kGuide =
    "The guide: docs/command.md in mr2d's sources (cmake --build build --target docs\n"
    "builds it as HTML).\n";

}  // namespace

std::string command_usage(const std::string& command) {
  for (const CommandText& c : kCommands)
    if (command == c.name) return std::string("usage: ") + c.synopsis + c.description + kGuide;
  return {};
}

std::string full_usage() {
  std::string text = "usage: mr2d COMMAND [OPTIONS]; mr2d COMMAND --help shows one command\n";
  for (const CommandText& c : kCommands) text += std::string("       ") + c.synopsis + c.description;
  return text + kGuide;
}

}  // namespace mr2d::cli

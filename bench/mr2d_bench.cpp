// SPDX-License-Identifier: BSD-3-Clause
// The benchmark program: for each case of a case file, ScaLAPACK's routine,
// mr2d with every schedule, mr2d's explicit plan, an MPI_Alltoallv of the same
// per-pair volumes, the memcpy copy limit and, when compiled in, COSTA, first
// with glibc's default allocator settings, then with settings that reuse freed
// memory. Every mr2d and COSTA result is compared element by element with
// ScaLAPACK's. bench/README.md
// describes the columns; bench/run.sh runs all cases.
//   mr2d_bench --cases FILE [--case NAME] [--reps N] [--min-rep-ms T] [--cores C] [--csv FILE]
//              [--variants auto,transport-mpi,...]   (mr2d variants to run; default all)
//              [--costa-reps N]   (repetitions of the COSTA variant; default --reps; 0: skip it)
//              [--reference-reps N]   (repetitions of ScaLAPACK's routine; default --reps)
// Without --case, the cases whose process count is the world size run.
// Exit status: 0 when every comparison passed, 1 on a mismatch, 2 on bad usage.
#include <malloc.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "case_run.hpp"
#include "program_args.hpp"
#include "results_csv.hpp"

namespace {

using namespace mr2d::bench;

struct Settings {
  std::string cases_path, only_case, csv_path;
  RunSettings run;
};

Settings parse_settings(const program_args::Args& args) {
  Settings s;
  s.run.machine_cores = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  args.options([&](const std::string& flag, const char* value) {
    if (flag == "--cases") s.cases_path = value;
    else if (flag == "--case") s.only_case = value;
    else if (flag == "--csv") s.csv_path = value;
    else if (flag == "--reps") s.run.reps = static_cast<int>(args.integer(value, flag, 1, 1000000));
    else if (flag == "--min-rep-ms") s.run.min_rep_s = args.real(value, flag, 0, 1e7) / 1000.0;
    else if (flag == "--cores") s.run.machine_cores = static_cast<int>(args.integer(value, flag, 1, 1 << 20));
    else if (flag == "--variants") s.run.mr2d_variants = value;
    else if (flag == "--costa-reps") s.run.costa_reps = static_cast<int>(args.integer(value, flag, 0, 1000000));
    else if (flag == "--reference-reps")
      s.run.reference_reps = static_cast<int>(args.integer(value, flag, 1, 1000000));
    else return false;
    return true;
  });
  if (s.cases_path.empty()) args.reject("--cases FILE is required");
  return s;
}

std::vector<Case> select_cases(const Settings& s, int world_size) {
  std::vector<Case> chosen;
  for (const Case& c : read_cases(s.cases_path))
    if (s.only_case.empty() ? c.procs == world_size : c.name == s.only_case) chosen.push_back(c);
  if (chosen.empty())
    throw std::invalid_argument(s.only_case.empty() ? "no case for " + std::to_string(world_size) + " processes"
                                                    : "no case named " + s.only_case);
  return chosen;
}

// Large buffers stay in the heap and freed memory is kept for the next
// request, instead of glibc's default of fresh mmap'ed (page-faulting)
// memory for every buffer above its dynamic threshold (at most 32 MiB).
void reuse_freed_memory() {
  if (mallopt(M_MMAP_THRESHOLD, 1 << 30) != 1 || mallopt(M_TRIM_THRESHOLD, 1 << 30) != 1)
    throw std::runtime_error("mallopt refused the reuse settings");
}

void print_summary(const Case& c, const std::vector<Row>& rows, const Placement& placement) {
  auto median_of = [&](const std::string& allocator, const std::string& variant, const std::string& schedule) {
    for (const Row& r : rows)
      if (r.allocator == allocator && r.variant == variant && r.schedule == schedule) return r.timing.median_s;
    return 0.0;
  };
  long long wrong = 0;
  std::string costa;  // stays empty in a build without the COSTA variant
  for (const Row& r : rows) {
    wrong += r.mismatches > 0 ? r.mismatches : 0;
    if (r.variant == "costa" && r.allocator == "default") {
      char text[32];
      std::snprintf(text, sizeof text, "%.4g s", r.timing.median_s);
      costa = ", COSTA " + (r.timing.median_s > 0 ? std::string(text) : r.resolved);
    }
  }
  std::printf("%-8s ScaLAPACK %.4g s (default) %.4g s (reuse), mr2d auto %.4g s, alltoallv %.4g s, copy limit %.4g s%s: "
              "%s (cpus %s, ping-pong %.0f ns)\n",
              c.name.c_str(), median_of("default", "scalapack", ""), median_of("reuse", "scalapack", ""),
              median_of("default", "mr2d", "auto"), median_of("default", "alltoallv", ""),
              median_of("default", "copy-limit", ""), costa.c_str(), wrong == 0 ? "verified" : "MISMATCH",
              placement.cpus.c_str(), placement.pingpong_ns);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const Settings s = parse_settings(program_args::Args(
      argc, argv,
      "usage: mr2d_bench --cases FILE [--case NAME] [--reps N] [--min-rep-ms T] [--cores C]\n"
      "                  [--csv FILE] [--variants auto,transport-mpi,...] [--costa-reps N]\n"
      "                  [--reference-reps N]\n"
      "  runs the cases of FILE whose process count is the world size (or the one\n"
      "  --case names) against ScaLAPACK and every mr2d variant, verifying each result;\n"
      "  --csv appends the rows to FILE. Run under mpirun, or all cases through\n"
      "  bench/run.sh or mr2d bench. Guide: bench/README.md\n"));
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int status = 0;
  try {
    const std::vector<Case> cases = select_cases(s, size);
    const Placement placement = probe_placement(MPI_COMM_WORLD);
    // The default settings cannot be restored once changed, so every case is
    // measured with them before any is measured with reuse.
    std::vector<std::unique_ptr<CaseRun>> runs;
    std::vector<std::vector<Row>> rows(cases.size());
    for (std::size_t k = 0; k < cases.size(); ++k) {
      runs.push_back(std::make_unique<CaseRun>(cases[k], s.run));
      rows[k] = runs[k]->measure_all("default");
    }
    reuse_freed_memory();
    long long failures = 0;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      std::vector<Row> more = runs[k]->measure_all("reuse");
      rows[k].insert(rows[k].end(), more.begin(), more.end());
      failures += runs[k]->failures();
      if (rank == 0) {
        print_summary(cases[k], rows[k], placement);
        CaseFacts facts = runs[k]->facts();
        facts.placement = placement;
        if (!s.csv_path.empty()) append_csv(s.csv_path, cases[k], facts, s.run.reps, rows[k]);
      }
    }
    runs.clear();
    status = failures == 0 ? 0 : 1;
  } catch (const std::invalid_argument& e) {
    if (rank == 0) std::fprintf(stderr, "mr2d_bench: %s\n", e.what());
    status = 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mr2d_bench: process %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return status;
}

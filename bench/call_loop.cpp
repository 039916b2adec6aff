// SPDX-License-Identifier: BSD-3-Clause
// Direct calls of one benchmark case and nothing else, for profiles: a
// profiler attached to a process sees mr2d's time alone, where mr2d_bench's
// processes also run ScaLAPACK and the baselines. After the timed calls, B
// is compared once with ScaLAPACK's, over the whole local array.
//   mr2d_call_loop --cases FILE --case NAME [--calls N] [--mode direct|started]
// Prints the median, p10 and p90 over the calls (slowest process per call).
// --mode started: a persistent plan of the case executed (mr2d_plan_execute) and
// started then waited at once (mr2d_plan_start + mr2d_request_wait), the two
// taking turns call by call; both medians and their ratio.
// Exit status: 0 when B matches, 1 on a mismatch or a failed call, 2 on bad usage.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "distributed_matrix.hpp"
#include "element_types.hpp"
#include "program_args.hpp"

namespace {

using namespace mr2d::bench;

struct Settings {
  std::string cases_path, case_name;
  int calls = 30;
  bool started = false;
};

Settings parse_settings(const program_args::Args& args) {
  Settings s;
  args.options([&](const std::string& flag, const char* value) {
    if (flag == "--cases") s.cases_path = value;
    else if (flag == "--case") s.case_name = value;
    else if (flag == "--calls") s.calls = static_cast<int>(args.integer(value, flag, 1, 1000000));
    else if (flag == "--mode" && (std::string(value) == "direct" || std::string(value) == "started"))
      s.started = std::string(value) == "started";
    else return false;
    return true;
  });
  if (s.cases_path.empty() || s.case_name.empty()) args.reject("--cases FILE and --case NAME are required");
  return s;
}

Case find_case(const Settings& s) {
  for (const Case& c : read_cases(s.cases_path))
    if (c.name == s.case_name) return c;
  throw std::invalid_argument("no case named " + s.case_name);
}

int call_mr2d(const Case& c, DistributedMatrix& a, DistributedMatrix& b, int ictxt) {
  char uplo[2] = {c.uplo, 0}, diag[2] = {c.diag, 0};
  const int type = type_code(c.type);
  if (c.trapezoidal)
    return mr2d_trmr2d(type, uplo, diag, c.m, c.n, a.bytes.data(), 1, 1, a.desc, b.bytes.data(), 1, 1, b.desc,
                       ictxt);
  return mr2d_gemr2d(type, c.m, c.n, a.bytes.data(), 1, 1, a.desc, b.bytes.data(), 1, 1, b.desc, ictxt);
}

// The persistent plan of the case (null where creation failed).
mr2d_plan plan_of(const Case& c, const DistributedMatrix& a, const DistributedMatrix& b, int ictxt) {
  char uplo[2] = {c.uplo, 0}, diag[2] = {c.diag, 0};
  const int type = type_code(c.type);
  mr2d_plan plan = nullptr;
  const int st = c.trapezoidal ? mr2d_plan_create_trmr2d(&plan, type, uplo, diag, c.m, c.n, 1, 1, a.desc, 1, 1, b.desc,
                                                         ictxt, nullptr)
                               : mr2d_plan_create_gemr2d(&plan, type, c.m, c.n, 1, 1, a.desc, 1, 1, b.desc, ictxt,
                                                         nullptr);
  return st == MR2D_SUCCESS ? plan : nullptr;
}

// One timed call: the slowest process's seconds.
template <class Call>
double timed(Call&& call, int& failed) {
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  failed += call() != MR2D_SUCCESS;
  double took = MPI_Wtime() - start, slowest = 0;
  MPI_Allreduce(&took, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return slowest;
}

double at_fraction(const std::vector<double>& sorted, double f) {
  return sorted[static_cast<std::size_t>(f * static_cast<double>(sorted.size() - 1) + 0.5)];
}

// Times the calls; returns whether every call succeeded and B matches ScaLAPACK's.
bool run(const Case& c, int calls, bool started, int rank) {
  DistributedMatrix a = make_matrix(c.a, c.m, c.n, element_size(c.type));
  DistributedMatrix b = make_matrix(c.b, c.m, c.n, element_size(c.type));
  fill_with_positions(c.type, a);
  int ictxt = make_union_context(c.procs);
  std::vector<double> times, started_times;
  int failed = 0;
  mr2d_plan plan = started ? plan_of(c, a, b, ictxt) : nullptr;
  failed += started && plan == nullptr;
  for (int k = 0; k < calls && failed == 0; ++k) {
    if (!started) {
      times.push_back(timed([&] { return call_mr2d(c, a, b, ictxt); }, failed));
      continue;
    }
    auto execute = [&] { return mr2d_plan_execute(plan, a.bytes.data(), b.bytes.data()); };
    auto start_wait = [&] {
      mr2d_request r = nullptr;
      const int st = mr2d_plan_start(plan, a.bytes.data(), b.bytes.data(), &r);
      return st != MR2D_SUCCESS ? st : mr2d_request_wait(&r);
    };
    // In turns, each first every other call.
    if (k % 2 == 0) {
      times.push_back(timed(execute, failed));
      started_times.push_back(timed(start_wait, failed));
    } else {
      started_times.push_back(timed(start_wait, failed));
      times.push_back(timed(execute, failed));
    }
  }
  if (plan != nullptr) mr2d_plan_destroy(&plan);
  // Both B's start as zeros: an element written outside sub(B) shows too.
  DistributedMatrix reference = make_matrix(c.b, c.m, c.n, element_size(c.type));
  scalapack_copy(c, a, reference, ictxt);
  int bad = failed != 0 || reference.bytes != b.bytes, any = 0;
  MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  std::sort(times.begin(), times.end());
  if (rank == 0)
    std::printf("%s: %d calls, median %.4g ms, p10 %.4g ms, p90 %.4g ms, %s\n", c.name.c_str(),
                static_cast<int>(times.size()), at_fraction(times, 0.5) * 1e3, at_fraction(times, 0.1) * 1e3,
                at_fraction(times, 0.9) * 1e3, any == 0 ? "verified against ScaLAPACK" : "MISMATCH or failed call");
  if (rank == 0 && started && !started_times.empty()) {
    std::sort(started_times.begin(), started_times.end());
    std::printf("%s: the above: plan executions; started + waited at once: median %.4g ms, p10 %.4g ms, p90 %.4g "
                "ms; started / executed (medians) %.3f\n",
                c.name.c_str(), at_fraction(started_times, 0.5) * 1e3, at_fraction(started_times, 0.1) * 1e3,
                at_fraction(started_times, 0.9) * 1e3, at_fraction(started_times, 0.5) / at_fraction(times, 0.5));
  }
  release_context(a.ctxt);
  release_context(b.ctxt);
  release_context(reference.ctxt);
  release_context(ictxt);
  return any == 0;
}

// The case, its run and the exit status (2: bad usage), on every process.
int run_named_case(const Settings& s) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  try {
    const Case c = find_case(s);
    if (c.procs != size) throw std::invalid_argument(c.name + " needs " + std::to_string(c.procs) + " processes");
    return run(c, s.calls, s.started, rank) ? 0 : 1;
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "mr2d_call_loop: %s\n", e.what());
    return 2;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Settings s = parse_settings(program_args::Args(
      argc, argv,
      "usage: mr2d_call_loop --cases FILE --case NAME [--calls N] [--mode direct|started]\n"
      "  times N (default 30) direct mr2d calls of one case of FILE and nothing\n"
      "  else, for profiles, then compares B once with ScaLAPACK's; --mode\n"
      "  started: a plan executed and started + waited at once, in turns. Run under\n"
      "  mpirun with the case's process count. Guide: bench/README.md\n"));
  MPI_Init(&argc, &argv);
  const int status = run_named_case(s);
  MPI_Finalize();
  return status;
}

// SPDX-License-Identifier: BSD-3-Clause
// Concurrent redistributions from several threads of every process
// (MPI_THREAD_MULTIPLE): each thread owns its own BLACS contexts, all over the
// same processes, and moves its own matrix many times, directly or through
// its own plan; every element of every local B, padding included, is checked
// after every call. The threads' contexts share one group, so this also
// exercises the lanes of the shared private communicator.
// With `shared`, every thread's A lies in mr2d_alloc memory, allocated anew
// every 25 calls, so node peers read it in place while other threads
// allocate, release and map arrays.
// With `start`, every thread starts two plans of its own per call (the same
// move into two B), completes them by waitall, test loops or waits in
// reverse order, and both B must equal, bit for bit, its blocking execution.
//   test_threads [direct|plan|start] [threads] [iterations] [shared]
// Exit 77 (CTest: skipped) where MPI does not grant MPI_THREAD_MULTIPLE.
#include <mpi.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"

using namespace mr2d_test;

namespace {

struct Job {
  Grid ga, gb, gu;
  int m, n, mba, nba, mbb, nbb;
};

// Wrong elements of B (sentinel outside the matrix part).
long long check(LocalArray<double>& b, const Job& j) {
  long long bad = 0;
  for (int c = 0; c < b.cols; ++c)
    for (int r = 0; r < b.lld; ++r) {
      double expect = sentinel<double>();
      if (r < b.rows)
        expect = code_of<double>(global_of(r, j.mbb, j.gb.myrow, 0, j.gb.nprow),
                                 global_of(c, j.nbb, j.gb.mycol, 0, j.gb.npcol));
      bad += !same_bits(b.at(r, c), expect);
    }
  return bad;
}

// A copy of `a` in mr2d_alloc memory, released with the pointer.
std::unique_ptr<double, int (*)(void*)> shared_copy(const LocalArray<double>& a) {
  void* p = a.data.empty() ? nullptr : mr2d_alloc(a.data.size() * sizeof(double));
  if (p != nullptr) std::memcpy(p, a.data.data(), a.data.size() * sizeof(double));
  return {static_cast<double*>(p), mr2d_free};
}

// Whether x and y hold the same bits, padding included.
bool same_array(const LocalArray<double>& x, const LocalArray<double>& y) {
  return x.data.size() == y.data.size() &&
         (x.data.empty() || std::memcmp(x.data.data(), y.data.data(), x.data.size() * sizeof(double)) == 0);
}

// Starts plans[0..1] (A into b[0..1]) and completes them as `it` chooses.
int started(mr2d_plan* plans, const double* a, LocalArray<double>* b, int it) {
  mr2d_request r[2] = {nullptr, nullptr};
  int failed = 0;
  for (int k = 0; k < 2; ++k) failed += mr2d_plan_start(plans[k], a, b[k].ptr(), &r[k]) != MR2D_SUCCESS;
  switch (it % 3) {
    case 0:
      failed += mr2d_request_waitall(2, r) != MR2D_SUCCESS;
      break;
    case 1:
      for (int k = 0; k < 2; ++k)
        for (int done = 0; done == 0;) failed += mr2d_request_test(&r[k], &done) != MR2D_SUCCESS;
      break;
    default:
      for (int k = 2; k-- > 0;) failed += mr2d_request_wait(&r[k]) != MR2D_SUCCESS;
  }
  return failed + (r[0] != nullptr) + (r[1] != nullptr);
}

void run(const Job& j, bool use_plan, bool start, bool shared, int iterations, std::atomic<long long>& wrong,
         std::atomic<long long>& failures) {
  LocalArray<double> a, b;
  int desca[9] = {1, -1, j.m, j.n, j.mba, j.nba, 0, 0, 1};
  int descb[9] = {1, -1, j.m, j.n, j.mbb, j.nbb, 0, 0, 1};
  if (j.ga.member()) {
    fill_codes(a, j.m, j.n, j.mba, j.nba, 0, 0, j.ga.myrow, j.ga.nprow, j.ga.mycol, j.ga.npcol);
    desca[1] = j.ga.ctxt;
    desca[8] = a.lld;
  }
  if (j.gb.member()) {
    fill_codes(b, j.m, j.n, j.mbb, j.nbb, 0, 0, j.gb.myrow, j.gb.nprow, j.gb.mycol, j.gb.npcol, 3);
    descb[1] = j.gb.ctxt;
    descb[8] = b.lld;
  }
  mr2d_plan plan = nullptr, plans[2] = {nullptr, nullptr};
  if (use_plan &&
      mr2d_plan_create_gemr2d(&plan, MR2D_D, j.m, j.n, 1, 1, desca, 1, 1, descb, j.gu.ctxt, nullptr) != MR2D_SUCCESS) {
    ++failures;
    return;
  }
  // Started: two plans of the same move, and B as the blocking plan leaves it.
  LocalArray<double> b_started[2] = {b, b}, b_blocking = b;
  if (start) {
    for (mr2d_plan& p : plans)
      if (mr2d_plan_create_gemr2d(&p, MR2D_D, j.m, j.n, 1, 1, desca, 1, 1, descb, j.gu.ctxt, nullptr) != MR2D_SUCCESS)
        ++failures;
    for (double& x : b_blocking.data) x = sentinel<double>();
    if (mr2d_plan_execute(plan, a.ptr(), b_blocking.ptr()) != MR2D_SUCCESS) ++failures;
  }
  std::unique_ptr<double, int (*)(void*)> in_shared(nullptr, mr2d_free);
  for (int it = 0; it < iterations; ++it) {
    if (shared && it % 25 == 0) {
      in_shared.reset();
      in_shared = shared_copy(a);
      if (!a.data.empty() && !in_shared) ++failures;
    }
    double* pa = in_shared ? in_shared.get() : a.ptr();
    if (start) {
      for (LocalArray<double>& x : b_started)
        for (double& y : x.data) y = sentinel<double>();
      failures += started(plans, pa, b_started, it);
      for (LocalArray<double>& x : b_started) wrong += !same_array(x, b_blocking);
      if (j.gb.member()) wrong += check(b_blocking, j);
      continue;
    }
    for (double& x : b.data) x = sentinel<double>();
    const int status = use_plan ? mr2d_plan_execute(plan, pa, b.ptr())
                                : mr2d_pdgemr2d(j.m, j.n, pa, 1, 1, desca, b.ptr(), 1, 1, descb, j.gu.ctxt);
    if (status != MR2D_SUCCESS) ++failures;
    if (j.gb.member()) wrong += check(b, j);
  }
  mr2d_plan_destroy(&plan);
  for (mr2d_plan& p : plans) mr2d_plan_destroy(&p);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, world = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const bool start = argc > 1 && std::strcmp(argv[1], "start") == 0;
  const bool use_plan = start || (argc > 1 && std::strcmp(argv[1], "plan") == 0);
  const int threads = argc > 2 ? std::atoi(argv[2]) : 2;
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 100;
  const bool shared = argc > 4 && std::strcmp(argv[4], "shared") == 0;
  if (provided < MPI_THREAD_MULTIPLE) {
    if (rank == 0) std::printf("threads: skipped, MPI grants thread level %d only\n", provided);
    MPI_Finalize();
    return 77;
  }
  // Grids are made up front (BLACS itself is not thread-safe); each thread
  // gets a union context and two matrix grids of its own, and its own layout.
  std::vector<Job> jobs;
  for (int t = 0; t < threads; ++t) {
    Job j;
    j.gu = make_grid(1, world, "R", {});
    j.ga = make_grid(1, world, "R", {});
    j.gb = make_grid(world, 1, t % 2 == 0 ? "C" : "R", {});
    j.m = 150 + 17 * t;
    j.n = 130 + 11 * t;
    j.mba = 2 + t;
    j.nba = 3 + t;
    j.mbb = 5 + 2 * t;
    j.nbb = 1 + t;
    jobs.push_back(j);
  }
  std::atomic<long long> wrong{0}, failures{0};
  std::vector<std::thread> pool;
  for (const Job& j : jobs)
    pool.emplace_back(run, std::cref(j), use_plan, start, shared, iterations, std::ref(wrong), std::ref(failures));
  for (std::thread& th : pool) th.join();
  mr2d_stats stats;
  mr2d_get_stats(&stats);
  long long mine[3] = {wrong.load(), failures.load(), stats.bytes_direct}, total[3] = {0, 0, 0};
  MPI_Allreduce(mine, total, 3, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  // A in mr2d_alloc memory is read in place (where shared memory is set up).
  if (shared && stats.shm_bytes > 0 && total[2] == 0) ++total[1];
  if (rank == 0)
    std::printf(
        "threads (%s%s, %d threads x %d ranks, %d iterations): %lld wrong elements, %lld failed calls, "
        "%lld bytes read in place\n",
        start      ? "start"
        : use_plan ? "plan"
                   : "direct",
        shared ? ", A shared" : "", threads, world, iterations, total[0], total[1], total[2]);
  for (Job& j : jobs)
    for (Grid* g : {&j.ga, &j.gb, &j.gu})
      if (g->member()) Cblacs_gridexit(g->ctxt);
  MPI_Finalize();
  return total[0] == 0 && total[1] == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// The node-local shared-memory transport under the conditions that break a
// naive one, each scenario checked against ScaLAPACK's Cpdgemr2d over the
// whole local arrays (padding included) and bounded by an alarm, so that a
// hang fails instead of blocking the suite:
//   alltoall  every process exchanges with every other (a square grid of
//             64 x 64 blocks to a P x 1 grid of 1 x N blocks); the shared
//             memory every process holds stays within the budget, the
//             node's within --max-node-shm, /dev/shm keeps no mr2d names,
//             and (--statvfs, in a private /dev/shm) what /dev/shm used grew
//             by no more than --max-node-shm nor half its size, also with
//             --contexts K union contexts alive at once
//   tall      2 processes, columns taller than the pool (they go through MPI)
//   mismatch  processes whose options differ: MR2D_ERR_INCONSISTENT
//             everywhere, for direct calls, plans and batches, B untouched
//   order     two plans executed in opposite orders on rank 0 and the
//             others: MR2D_ERR_INCONSISTENT everywhere, then errors, no hang
//   repeat    --count executions of a plan and of a direct call (with
//             MR2D_TEST_EPOCH_START, across the wrap of the 32-bit epochs)
//   turns     --count small executions, a large one every 7th: small ones
//             place their chunks in turns over half the pool
//   fork      a forked child that calls exit() leaves the parent's links intact
//             (3 processes or more)
//   local-fault  rank 0 alone executes with a NULL A: every process reports it
//   timeout   (MR2D_TIMEOUT=2) a peer that arrives 6 s late: the waiting
//             process returns MR2D_ERR_TIMEOUT naming it, the late one an error
// With --shared-a every A lies in mr2d_alloc memory, so node peers read it in
// place: the same outcomes, and the statistics must show in-place reads
// (and none without the flag).
#include <dirent.h>
#include <mpi.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

int g_rank = 0, g_world = 1;
int g_failures = 0;
bool g_shared_a = false;  // --shared-a: every A in mr2d_alloc memory, read in place by node peers

void fail(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "rank %d: %s %s\n", g_rank, what, detail.c_str());
  ++g_failures;
}

long long arg_value(int argc, char** argv, const char* name, long long fallback) {
  for (int k = 1; k + 1 < argc; ++k)
    if (std::strcmp(argv[k], name) == 0) return std::atoll(argv[k + 1]);
  return fallback;
}

bool has_flag(int argc, char** argv, const char* name) {
  for (int k = 1; k < argc; ++k)
    if (std::strcmp(argv[k], name) == 0) return true;
  return false;
}

long long shm_used(bool total = false) {
  struct statvfs fs {};
  if (statvfs("/dev/shm", &fs) != 0) return 0;
  return static_cast<long long>(total ? fs.f_blocks : fs.f_blocks - fs.f_bfree) * static_cast<long long>(fs.f_frsize);
}

// Names this process left in /dev/shm.
int leftover_names() {
  const std::string prefix = "mr2d-" + std::to_string(getpid()) + "-";
  int count = 0;
  if (DIR* d = opendir("/dev/shm")) {
    while (dirent* e = readdir(d))
      if (std::strncmp(e->d_name, prefix.c_str(), prefix.size()) == 0) ++count;
    closedir(d);
  }
  return count;
}

// A redistribution with its reference result, B reset to sentinels.
struct Case {
  int m = 0, n = 0;
  Grid ga, gb;
  int desca[9] = {}, descb[9] = {};
  LocalArray<double> a, b, ref, fresh;
  std::shared_ptr<double> shared;  // A again in mr2d_alloc memory (--shared-a)

  // A as executions pass it.
  double* pa() { return shared ? shared.get() : a.ptr(); }

  Case(int m_, int n_, const Grid& ga_, int mba, int nba, const Grid& gb_, int mbb, int nbb, int union_ctxt)
      : m(m_), n(n_), ga(ga_), gb(gb_) {
    if (ga.member()) fill_codes(a, m, n, mba, nba, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol);
    if (gb.member()) fresh = sentinel_array<double>(m, n, mbb, nbb, 0, 0, gb.myrow, gb.nprow, gb.mycol, gb.npcol, 3);
    desca[1] = descb[1] = -1;
    if (ga.member()) {
      const int d[9] = {1, ga.ctxt, m, n, mba, nba, 0, 0, a.lld};
      std::memcpy(desca, d, sizeof d);
    }
    if (gb.member()) {
      const int d[9] = {1, gb.ctxt, m, n, mbb, nbb, 0, 0, fresh.lld};
      std::memcpy(descb, d, sizeof d);
    }
    if (g_shared_a && !a.data.empty()) {
      void* p = mr2d_alloc(a.data.size() * sizeof(double));
      if (p == nullptr) fail("mr2d_alloc:", mr2d_last_error());
      else std::memcpy(p, a.data.data(), a.data.size() * sizeof(double));
      shared.reset(static_cast<double*>(p), [](double* q) { mr2d_free(q); });
    }
    ref = fresh;
    Cpdgemr2d(m, n, a.ptr(), 1, 1, desca, ref.ptr(), 1, 1, descb, union_ctxt);
    b = fresh;
  }
  void reset() { b = fresh; }
  void exit_grids() const {
    for (const Grid* g : {&ga, &gb})
      if (g->member()) Cblacs_gridexit(g->ctxt);
  }
  bool right() const { return same(b, ref); }
  bool untouched() const { return same(b, fresh); }
  // Bit for bit (processes outside B's grid hold empty arrays).
  static bool same(const LocalArray<double>& x, const LocalArray<double>& y) {
    return x.data.size() == y.data.size() &&
           (x.data.empty() || std::memcmp(x.data.data(), y.data.data(), x.data.size() * sizeof(double)) == 0);
  }
};

// m x n in 36 x 36 blocks on a 1 x P grid to 128 x 128 blocks on a P x 1
// grid: every process exchanges with every other.
Case row_to_column(int m, int n, int union_ctxt) {
  const Grid ga = make_grid(1, g_world, "R", {});
  const Grid gb = make_grid(g_world, 1, "C", {});
  return Case(m, n, ga, 36, 36, gb, 128, 128, union_ctxt);
}

// The closest to square pr x pc grid of `world` processes.
void square(int world, int& pr, int& pc) {
  pr = 1;
  for (int r = 1; r * r <= world; ++r)
    if (world % r == 0) pr = r;
  pc = world / pr;
}

void check_status(int got, int want, const char* what) {
  if (got != want)
    fail(what, std::string("returned ") + mr2d_status_name(got) + ", expected " + mr2d_status_name(want) + ": " +
                   mr2d_last_error());
}

// Options demanding shared memory, with chunks of `chunk` bytes.
mr2d_options shm_options(long long chunk) {
  return {MR2D_SCHEDULE_AUTO, chunk, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_SHM, 0};
}

mr2d_plan plan_of(Case& c, const mr2d_options& o, int ctxt, const char* what) {
  mr2d_plan plan = nullptr;
  check_status(mr2d_plan_create_gemr2d(&plan, MR2D_D, c.m, c.n, 1, 1, c.desca, 1, 1, c.descb, ctxt, &o),
               MR2D_SUCCESS, what);
  return plan;
}

int alltoall(int argc, char** argv, const Grid& u) {
  const int m = static_cast<int>(arg_value(argc, argv, "--m", 1000));
  const int n = static_cast<int>(arg_value(argc, argv, "--n", 1000));
  const long long max_node = arg_value(argc, argv, "--max-node-shm", 64LL << 20);
  const int contexts = static_cast<int>(arg_value(argc, argv, "--contexts", 1));
  const long long before = shm_used();
  int pr = 1, pc = 1;
  square(g_world, pr, pc);
  const Grid ga = make_grid(pr, pc, "R", {});
  const Grid gb = make_grid(g_world, 1, "C", {});
  Case c(m, n, ga, 64, 64, gb, 1, n, u.ctxt);
  for (int rep = 0; rep < 3; ++rep) {
    c.reset();
    check_status(mr2d_gemr2d(MR2D_D, m, n, c.pa(), 1, 1, c.desca, c.b.ptr(), 1, 1, c.descb, u.ctxt),
                 MR2D_SUCCESS, "alltoall: mr2d_gemr2d");
    if (!c.right()) fail("alltoall: B differs from ScaLAPACK's");
  }
  // More union contexts, all alive at once: each may set up its own pools.
  std::vector<Grid> unions;
  for (int k = 1; k < contexts; ++k) {
    unions.push_back(make_grid(1, g_world, "R", {}));
    c.reset();
    check_status(mr2d_gemr2d(MR2D_D, m, n, c.pa(), 1, 1, c.desca, c.b.ptr(), 1, 1, c.descb, unions.back().ctxt),
                 MR2D_SUCCESS, "alltoall: mr2d_gemr2d over another union context");
    if (!c.right()) fail("alltoall: B differs from ScaLAPACK's over another union context");
  }
  mr2d_stats stats{};
  mr2d_get_stats(&stats);
  long long node = 0;
  MPI_Allreduce(&stats.shm_bytes, &node, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  const long long bound = contexts * ((4LL << 20) + 64LL * 192 * g_world);  // the default budget and the links
  if (stats.shm_bytes > bound) fail("alltoall: shared memory above the budget:", std::to_string(stats.shm_bytes));
  if (node > max_node) fail("alltoall: the node's shared memory above the limit:", std::to_string(node));
  if (leftover_names() != 0) fail("alltoall: names left in /dev/shm");
  MPI_Barrier(MPI_COMM_WORLD);
  const long long grown = shm_used() - before;
  if (has_flag(argc, argv, "--statvfs") && grown > max_node)
    fail("alltoall: /dev/shm grew by", std::to_string(grown));
  // Whatever the number of contexts, half of /dev/shm stays for others.
  if (has_flag(argc, argv, "--statvfs") && grown > shm_used(true) / 2)
    fail("alltoall: /dev/shm grew by more than half its size:", std::to_string(grown));
  for (const Grid& g : unions) Cblacs_gridexit(g.ctxt);
  if (g_rank == 0)
    std::printf("alltoall %d x %d on %d processes: shared memory %lld bytes on process 0, %lld on the node, "
                "/dev/shm grew by %lld\n", m, n, g_world, stats.shm_bytes, node, grown);
  c.exit_grids();
  return 0;
}

int tall(int argc, char** argv, const Grid& u) {
  const int m = static_cast<int>(arg_value(argc, argv, "--m", 2097152));
  const int n = static_cast<int>(arg_value(argc, argv, "--n", 8));
  const Grid ga = make_grid(1, g_world, "R", {});
  const Grid gb = make_grid(g_world, 1, "C", {});
  Case c(m, n, ga, m, 1, gb, (m + g_world - 1) / g_world, n, u.ctxt);
  check_status(mr2d_gemr2d(MR2D_D, m, n, c.pa(), 1, 1, c.desca, c.b.ptr(), 1, 1, c.descb, u.ctxt),
               MR2D_SUCCESS, "tall: mr2d_gemr2d");
  if (!c.right()) fail("tall: B differs from ScaLAPACK's");
  mr2d_stats stats{};
  mr2d_get_stats(&stats);
  if (stats.shm_bytes > (4LL << 20) + 4096) fail("tall: shared memory above the budget:", std::to_string(stats.shm_bytes));
  if (g_rank == 0) std::printf("tall %d x %d: shared memory %lld bytes on process 0\n", m, n, stats.shm_bytes);
  c.exit_grids();
  return 0;
}

// Each way options can differ: rank 0 uses `odd`, the others `common`.
struct Disagreement {
  const char* name;
  mr2d_options common, odd;
};

int mismatch(const Grid& u) {
  const mr2d_options base{MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0};
  std::vector<Disagreement> cases;
  auto add = [&](const char* name, auto change_common, auto change_odd) {
    Disagreement d{name, base, base};
    change_common(d.common);
    change_odd(d.odd);
    cases.push_back(d);
  };
  add("chunk_bytes", [](mr2d_options& o) { o.chunk_bytes = -1; }, [](mr2d_options& o) { o.chunk_bytes = 1 << 20; });
  add("chunk_bytes reversed", [](mr2d_options& o) { o.chunk_bytes = 1 << 20; }, [](mr2d_options& o) { o.chunk_bytes = -1; });
  add("transport", [](mr2d_options& o) { o.transport = MR2D_TRANSPORT_MPI; }, [](mr2d_options& o) { o.transport = MR2D_TRANSPORT_SHM; });
  add("shm_budget", [](mr2d_options&) {}, [](mr2d_options& o) { o.shm_budget = 1 << 20; });
  add("schedule", [](mr2d_options&) {}, [](mr2d_options& o) { o.schedule = MR2D_SCHEDULE_CATERPILLAR; });
  add("phases", [](mr2d_options&) {}, [](mr2d_options& o) { o.phases = MR2D_PHASES_ONE; });
  Case c = row_to_column(1500, 1400, u.ctxt);
  mr2d_options saved{};
  mr2d_get_options(&saved);
  for (const Disagreement& d : cases) {
    const mr2d_options& mine = g_rank == 0 ? d.odd : d.common;
    const std::string what = std::string("mismatch ") + d.name + ":";
    // Direct call (process-wide options).
    mr2d_set_options(&mine);
    c.reset();
    check_status(mr2d_gemr2d(MR2D_D, c.m, c.n, c.pa(), 1, 1, c.desca, c.b.ptr(), 1, 1, c.descb, u.ctxt),
                 MR2D_ERR_INCONSISTENT, (what + " mr2d_gemr2d").c_str());
    if (!c.untouched()) fail((what + " mr2d_gemr2d changed B").c_str());
    mr2d_set_options(&saved);
    // Plan.
    mr2d_plan plan = nullptr;
    check_status(mr2d_plan_create_gemr2d(&plan, MR2D_D, c.m, c.n, 1, 1, c.desca, 1, 1, c.descb, u.ctxt, &mine),
                 MR2D_ERR_INCONSISTENT, (what + " mr2d_plan_create_gemr2d").c_str());
    mr2d_plan_destroy(&plan);
    // Batch of two plans made with the same options.
    mr2d_plan parts[2] = {nullptr, nullptr};
    for (mr2d_plan& p : parts)
      check_status(mr2d_plan_create_gemr2d(&p, MR2D_D, c.m, c.n, 1, 1, c.desca, 1, 1, c.descb, u.ctxt, &base),
                   MR2D_SUCCESS, "mismatch: part");
    mr2d_plan batch = nullptr;
    check_status(mr2d_plan_create_batch(&batch, 2, parts, &mine), MR2D_ERR_INCONSISTENT,
                 (what + " mr2d_plan_create_batch").c_str());
    mr2d_plan_destroy(&batch);
    for (mr2d_plan& p : parts) mr2d_plan_destroy(&p);
  }
  // And with the same options again: everything works.
  c.reset();
  check_status(mr2d_gemr2d(MR2D_D, c.m, c.n, c.pa(), 1, 1, c.desca, c.b.ptr(), 1, 1, c.descb, u.ctxt),
               MR2D_SUCCESS, "mismatch: agreeing call");
  if (!c.right()) fail("mismatch: B differs from ScaLAPACK's after the disagreements");
  c.exit_grids();
  return 0;
}

int order(int argc, char** argv, const Grid& u) {
  const mr2d_options o = shm_options(arg_value(argc, argv, "--chunk", 0));
  // One way only, A on rank 0 and B on the last rank: the receiver alone
  // sees the other plan's data, so the sender must learn it from the link.
  const Grid ga = make_grid(1, 1, "", {0});
  const Grid gb = make_grid(1, 1, "", {g_world - 1});
  Case c1(400, 300, ga, 36, 36, gb, 128, 128, u.ctxt);
  Case c2(400, 300, ga, 36, 36, gb, 128, 128, u.ctxt);
  mr2d_plan p1 = plan_of(c1, o, u.ctxt, "order: plan 1"), p2 = plan_of(c2, o, u.ctxt, "order: plan 2");
  mr2d_plan first = g_rank == 0 ? p1 : p2, second = g_rank == 0 ? p2 : p1;
  Case& cf = g_rank == 0 ? c1 : c2;
  Case& cs = g_rank == 0 ? c2 : c1;
  const bool involved = g_rank == 0 || g_rank == g_world - 1;
  check_status(mr2d_plan_execute(first, cf.pa(), cf.b.ptr()), involved ? MR2D_ERR_INCONSISTENT : MR2D_SUCCESS,
               "order: first execution");
  const int again = mr2d_plan_execute(second, cs.pa(), cs.b.ptr());
  if (involved && again == MR2D_SUCCESS) fail("order: the second execution succeeded after a mismatch");
  if (!cf.untouched() && involved && g_rank != 0) fail("order: the mismatched execution wrote B");
  mr2d_plan_destroy(&p1);
  mr2d_plan_destroy(&p2);
  c1.exit_grids();  // c2 is on the same grids
  return 0;
}

// Small executions place their chunks where the previous one ended, wrapping
// within half the pool; a large one takes the pool from its start. --count
// small executions (a plan and direct calls, some hundreds of them wrap the
// placements several times) with a large one every 7th, each checked.
int turns(int argc, char** argv, const Grid& u) {
  const int count = static_cast<int>(arg_value(argc, argv, "--count", 300));
  Case small = row_to_column(100, 100, u.ctxt);
  Case large = row_to_column(600, 500, u.ctxt);
  const mr2d_options o = shm_options(0);
  mr2d_plan ps = plan_of(small, o, u.ctxt, "turns: small plan"), pl = plan_of(large, o, u.ctxt, "turns: large plan");
  for (int k = 0; k < count && g_failures == 0; ++k) {
    small.reset();
    if (k % 2 == 0)
      check_status(mr2d_plan_execute(ps, small.pa(), small.b.ptr()), MR2D_SUCCESS, "turns: small plan");
    else
      check_status(mr2d_gemr2d(MR2D_D, small.m, small.n, small.pa(), 1, 1, small.desca, small.b.ptr(), 1, 1,
                               small.descb, u.ctxt),
                   MR2D_SUCCESS, "turns: small call");
    if (!small.right()) fail("turns: B differs from ScaLAPACK's at small execution", std::to_string(k));
    if (k % 7 != 6) continue;
    large.reset();
    check_status(mr2d_plan_execute(pl, large.pa(), large.b.ptr()), MR2D_SUCCESS, "turns: large plan");
    if (!large.right()) fail("turns: B differs from ScaLAPACK's at large execution", std::to_string(k));
  }
  mr2d_plan_destroy(&ps);
  mr2d_plan_destroy(&pl);
  small.exit_grids();
  large.exit_grids();
  return 0;
}

int repeat(int argc, char** argv, const Grid& u) {
  const int count = static_cast<int>(arg_value(argc, argv, "--count", 12));
  Case c = row_to_column(600, 500, u.ctxt);
  mr2d_plan plan = plan_of(c, shm_options(4096), u.ctxt, "repeat: plan");
  for (int k = 0; k < count && g_failures == 0; ++k) {
    c.reset();
    check_status(mr2d_plan_execute(plan, c.pa(), c.b.ptr()), MR2D_SUCCESS, "repeat: mr2d_plan_execute");
    if (!c.right()) fail("repeat: B differs from ScaLAPACK's at execution", std::to_string(k));
    c.reset();
    check_status(mr2d_gemr2d(MR2D_D, c.m, c.n, c.pa(), 1, 1, c.desca, c.b.ptr(), 1, 1, c.descb, u.ctxt),
                 MR2D_SUCCESS, "repeat: mr2d_gemr2d");
    if (!c.right()) fail("repeat: B differs from ScaLAPACK's at call", std::to_string(k));
  }
  mr2d_plan_destroy(&plan);
  c.exit_grids();
  return 0;
}

// Rank 0 sends to rank 1, forks a child that calls exit() (running the
// exit handlers it inherited), then sends to rank 2 for the first time:
// rank 2 must still reach rank 0's shared memory.
int forked(const Grid& u) {
  const mr2d_options o = shm_options(4096);
  const Grid ga = make_grid(1, 1, "", {0});
  const Grid g1 = make_grid(1, 1, "", {1});
  const Grid g2 = make_grid(1, 1, "", {2});
  Case c1(700, 600, ga, 36, 36, g1, 128, 128, u.ctxt);
  Case c2(300, 200, ga, 36, 36, g2, 128, 128, u.ctxt);
  mr2d_plan p1 = plan_of(c1, o, u.ctxt, "fork: plan 1"), p2 = plan_of(c2, o, u.ctxt, "fork: plan 2");
  check_status(mr2d_plan_execute(p1, c1.pa(), c1.b.ptr()), MR2D_SUCCESS, "fork: before the fork");
  if (!c1.right()) fail("fork: B differs from ScaLAPACK's before the fork");
  if (g_rank == 0) {
    const pid_t child = fork();
    if (child == 0) std::exit(0);
    int status = 0;
    waitpid(child, &status, 0);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  for (int k = 0; k < 3; ++k) {
    c1.reset();
    c2.reset();
    check_status(mr2d_plan_execute(p2, c2.pa(), c2.b.ptr()), MR2D_SUCCESS, "fork: to rank 2 after the fork");
    if (!c2.right()) fail("fork: B differs from ScaLAPACK's after the fork (rank 2)");
    check_status(mr2d_plan_execute(p1, c1.pa(), c1.b.ptr()), MR2D_SUCCESS, "fork: to rank 1 after the fork");
    if (!c1.right()) fail("fork: B differs from ScaLAPACK's after the fork (rank 1)");
  }
  mr2d_plan_destroy(&p1);
  mr2d_plan_destroy(&p2);
  for (const Grid* g : {&ga, &g1, &g2})
    if (g->member()) Cblacs_gridexit(g->ctxt);
  return 0;
}

// Rank 0 executes a plan with a NULL A, which only it can see: it reports
// the argument, and its node peers, instead of waiting for its data, report
// that it gave up, with the same status; the next execution fails everywhere
// at once (the peers' union context broke), never hangs.
int local_fault(const Grid& u) {
  Case c = row_to_column(500, 400, u.ctxt);
  mr2d_plan plan = plan_of(c, shm_options(0), u.ctxt, "local fault: plan");
  const int got = mr2d_plan_execute(plan, g_rank == 0 ? nullptr : c.pa(), c.b.ptr());
  check_status(got, MR2D_ERR_ARGUMENT, "local fault: the execution");
  const char* expect = g_rank == 0 ? "A is NULL" : "node peer rank 0 gave up";
  if (std::strstr(mr2d_last_error(), expect) == nullptr) fail("local fault: the message does not say", expect);
  if (mr2d_plan_execute(plan, c.pa(), c.b.ptr()) == MR2D_SUCCESS)
    fail("local fault: the next execution succeeded over a broken union context");
  mr2d_plan_destroy(&plan);
  c.exit_grids();
  return 0;
}

int timeout(const Grid& u) {
  Case c = row_to_column(300, 300, u.ctxt);
  mr2d_plan plan = plan_of(c, shm_options(0), u.ctxt, "timeout: plan");
  if (g_rank == 1) std::this_thread::sleep_for(std::chrono::seconds(6));
  const auto t0 = std::chrono::steady_clock::now();
  const int got = mr2d_plan_execute(plan, c.pa(), c.b.ptr());
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (g_rank == 0) {
    check_status(got, MR2D_ERR_TIMEOUT, "timeout: the waiting process");
    if (std::strstr(mr2d_last_error(), "rank 1") == nullptr) fail("timeout: the message names no peer:", mr2d_last_error());
    if (took < 1.5 || took > 5) fail("timeout: returned after", std::to_string(took) + " s");
  } else {
    if (got == MR2D_SUCCESS) fail("timeout: the late process succeeded against a peer that gave up");
    if (took > 2) fail("timeout: the late process waited", std::to_string(took) + " s");
  }
  mr2d_plan_destroy(&plan);
  MPI_Barrier(MPI_COMM_WORLD);
  c.exit_grids();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_world);
  const std::string scenario = argc > 1 ? argv[1] : "";
  if (!world_fits(g_world >= 2, "at least 2", g_world, g_rank, "test_shm_safety")) {
    MPI_Finalize();
    return 1;
  }
  g_shared_a = has_flag(argc, argv, "--shared-a");
  arm_hang_alarm("test_shm_safety", 300);
  const Grid u = make_grid(1, g_world, "R", {});
  if (scenario == "alltoall") alltoall(argc, argv, u);
  else if (scenario == "tall") tall(argc, argv, u);
  else if (scenario == "mismatch") mismatch(u);
  else if (scenario == "order") order(argc, argv, u);
  else if (scenario == "repeat") repeat(argc, argv, u);
  else if (scenario == "turns") turns(argc, argv, u);
  else if (scenario == "fork" && g_world >= 3) forked(u);
  else if (scenario == "timeout") timeout(u);
  else if (scenario == "local-fault") local_fault(u);
  else fail("unknown scenario", scenario);
  alarm(0);
  // With A in mr2d_alloc memory, node peers read it in place (some bytes at
  // least), and never without; the timeout, fault and order scenarios
  // complete no transfer.
  mr2d_stats stats;
  mr2d_get_stats(&stats);
  long long direct = 0;
  MPI_Allreduce(&stats.bytes_direct, &direct, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  const bool completes = scenario != "timeout" && scenario != "local-fault" && scenario != "order";
  if ((completes && g_shared_a != (direct > 0)) || (!g_shared_a && direct > 0))
    fail("bytes read in place:", std::to_string(direct));
  int all = 0;
  MPI_Allreduce(&g_failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0) std::printf("test_shm_safety %s: %d processes, %s\n", scenario.c_str(), g_world, all == 0 ? "passed" : "FAILED");
  Cblacs_gridexit(u.ctxt);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// MR2D_TIMEOUT bounds every wait on a peer, the collective ones included
// (the agreement of a call, the cache vote, batch creation, the set-up of a
// union context's private communicator). Run with MR2D_TIMEOUT set (S
// seconds); each process reports its own verdict, and an alarm turns a hang
// into a failure:
//   absent  one process (the last) leaves out a call the others make: a
//           direct call on a context already in use, the first call on a
//           fresh context, a plan creation, and a batch creation (to which
//           it passes no parts: it alone returns its error). The others
//           return MR2D_ERR_TIMEOUT after S seconds (within a few), naming
//           the routine, B untouched; a later call on a context whose
//           agreement timed out is refused at once (MR2D_ERR_CONTEXT) rather
//           than matched with the stale collective; a new context works, its
//           result equal to ScaLAPACK's.
//   killed  (under `mpirun --enable-recovery`) rank 1 kills itself after a
//           first good call, checked against ScaLAPACK. Every survivor's next
//           direct call, batch creation and plan execution, each on its own
//           union context, returns MR2D_ERR_TIMEOUT (or MR2D_ERR_MPI where MPI
//           reports the death) within a few seconds of S. The launcher's exit
//           status says nothing here (OpenMPI ignores the survivors' with
//           --enable-recovery): timeouts.cmake counts the survivors' lines.
#include <mpi.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

int g_rank = 0, g_world = 1;
int g_failures = 0;
double g_limit = 0;       // MR2D_TIMEOUT
const double kSlack = 3;  // seconds a bounded wait may take beyond the limit

void fail(const std::string& what) {
  std::fprintf(stderr, "rank %d: FAILED: %s\n", g_rank, what.c_str());
  ++g_failures;
}

// A 1 x P grid of every process: a union context of its own.
Grid union_grid() { return make_grid(1, g_world, "R", {}); }

// 60 x 50 from 8 x 8 blocks on a 1 x P grid to 7 x 5 blocks on a P x 1 grid:
// every process sends to and receives from others.
struct Case {
  Grid ga, gb;
  int desca[9] = {}, descb[9] = {};
  LocalArray<double> a, b, fresh, ref;
  static constexpr int m = 60, n = 50;

  explicit Case(int union_ctxt) : ga(make_grid(1, g_world, "R", {})), gb(make_grid(g_world, 1, "C", {})) {
    fill_codes(a, m, n, 8, 8, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol);
    fresh = sentinel_array<double>(m, n, 7, 5, 0, 0, gb.myrow, gb.nprow, gb.mycol, gb.npcol, 2);
    const int da[9] = {1, ga.ctxt, m, n, 8, 8, 0, 0, a.lld};
    const int db[9] = {1, gb.ctxt, m, n, 7, 5, 0, 0, fresh.lld};
    std::memcpy(desca, da, sizeof da);
    std::memcpy(descb, db, sizeof db);
    ref = fresh;
    Cpdgemr2d(m, n, a.ptr(), 1, 1, desca, ref.ptr(), 1, 1, descb, union_ctxt);
    b = fresh;
  }
  int direct(int ctxt) { return mr2d_gemr2d(MR2D_D, m, n, a.ptr(), 1, 1, desca, b.ptr(), 1, 1, descb, ctxt); }
  mr2d_plan plan(int ctxt) {
    mr2d_plan p = nullptr;
    const int got = mr2d_plan_create_gemr2d(&p, MR2D_D, m, n, 1, 1, desca, 1, 1, descb, ctxt, nullptr);
    if (got != MR2D_SUCCESS) fail(std::string("plan creation: ") + mr2d_last_error());
    return p;
  }
  bool right() const { return same(b, ref); }
  bool untouched() const { return same(b, fresh); }
  static bool same(const LocalArray<double>& x, const LocalArray<double>& y) {
    return x.data.size() == y.data.size() &&
           (x.data.empty() || std::memcmp(x.data.data(), y.data.data(), x.data.size() * sizeof(double)) == 0);
  }
  void exit_grids() const {
    Cblacs_gridexit(ga.ctxt);
    Cblacs_gridexit(gb.ctxt);
  }
};

struct Outcome {
  int status = MR2D_SUCCESS;
  double seconds = 0;
  std::string message;
};

template <class F>
Outcome timed(F&& call) {
  const auto t0 = std::chrono::steady_clock::now();
  Outcome o;
  o.status = call();
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  o.message = o.status == MR2D_SUCCESS ? "" : mr2d_last_error();
  return o;
}

std::string describe(const char* what, const Outcome& o) {
  return std::string(what) + ": " + mr2d_status_name(o.status) + " after " + std::to_string(o.seconds) + " s: " +
         o.message;
}

// A wait bounded by the limit: MR2D_ERR_TIMEOUT (or, with `mpi_too`,
// MR2D_ERR_MPI) naming `routine`, no later than a few seconds after the
// limit and, where the process waited for the whole limit (`waits_limit`),
// not before it.
void expect_timeout(const char* what, const Outcome& o, const char* routine, bool waits_limit, bool mpi_too) {
  const bool code = o.status == MR2D_ERR_TIMEOUT || (mpi_too && o.status == MR2D_ERR_MPI);
  if (!code) fail(describe(what, o) + " (expected MR2D_ERR_TIMEOUT)");
  if (o.seconds > g_limit + kSlack) fail(describe(what, o) + " (longer than the limit and a few seconds)");
  if (waits_limit && o.status == MR2D_ERR_TIMEOUT && o.seconds < g_limit - 0.5)
    fail(describe(what, o) + " (before the limit)");
  if (o.message.find(routine) == std::string::npos) fail(describe(what, o) + " (does not name " + routine + ")");
}

void expect_right(const char* what, const Outcome& o, const Case& c) {
  if (o.status != MR2D_SUCCESS) fail(describe(what, o));
  else if (!c.right()) fail(std::string(what) + ": B differs from ScaLAPACK's");
}

void absent() {
  const bool out = g_rank == g_world - 1;  // the process that leaves the calls out
  const Grid u1 = union_grid();
  Case c1(u1.ctxt);
  expect_right("absent: a first direct call", timed([&] { return c1.direct(u1.ctxt); }), c1);
  c1.b = c1.fresh;
  // A direct call the last process leaves out: the cache vote waits.
  if (!out) {
    expect_timeout("absent: a direct call", timed([&] { return c1.direct(u1.ctxt); }), "mr2d_gemr2d", true, false);
    if (!c1.untouched()) fail("absent: a direct call that timed out wrote B");
    // The context's collectives are out of step now: refused at once.
    const Outcome again = timed([&] { return c1.direct(u1.ctxt); });
    if (again.status != MR2D_ERR_CONTEXT || again.seconds > 1)
      fail(describe("absent: a call after a timed-out agreement", again) + " (expected MR2D_ERR_CONTEXT at once)");
    if (again.message.find("MR2D_TIMEOUT") == std::string::npos)
      fail(describe("absent: a call after a timed-out agreement", again) + " (does not say why)");
    if (!c1.untouched()) fail("absent: a refused call wrote B");
  }
  // The first call on a fresh context: its private communicator's set-up waits.
  const Grid u2 = union_grid();
  Case c2(u2.ctxt);
  if (!out) {
    expect_timeout("absent: a first call", timed([&] { return c2.direct(u2.ctxt); }), "mr2d_gemr2d", true, false);
    if (!c2.untouched()) fail("absent: a first call that timed out wrote B");
  }
  // Plan creation on a context in use: the exchange of reports waits.
  const Grid u3 = union_grid();
  Case c3(u3.ctxt);
  expect_right("absent: a direct call", timed([&] { return c3.direct(u3.ctxt); }), c3);
  if (!out) {
    mr2d_plan p = nullptr;
    const Outcome o = timed([&] {
      return mr2d_plan_create_gemr2d(&p, MR2D_D, Case::m, Case::n, 1, 1, c3.desca, 1, 1, c3.descb, u3.ctxt, nullptr);
    });
    expect_timeout("absent: a plan creation", o, "mr2d_plan_create_gemr2d", true, false);
    if (p != nullptr) fail("absent: a plan creation that timed out gave a plan");
  }
  // Batch creation: the last process passes no parts, so it cannot reach
  // the others and returns its error alone; their agreement waits.
  const Grid u4 = union_grid();
  Case c4(u4.ctxt);
  mr2d_plan parts[2] = {c4.plan(u4.ctxt), c4.plan(u4.ctxt)};
  mr2d_plan batch = nullptr;
  const Outcome o = timed([&] { return mr2d_plan_create_batch(&batch, out ? 0 : 2, parts, nullptr); });
  if (out && (o.status != MR2D_ERR_ARGUMENT || o.seconds > 1))
    fail(describe("absent: a batch of no parts", o) + " (expected MR2D_ERR_ARGUMENT at once)");
  if (!out) expect_timeout("absent: a batch creation", o, "mr2d_plan_create_batch", true, false);
  if (batch != nullptr) fail("absent: a batch creation that failed gave a batch");
  for (mr2d_plan& p : parts) mr2d_plan_destroy(&p);
  // Every process again: a new context works.
  MPI_Barrier(MPI_COMM_WORLD);
  const Grid u5 = union_grid();
  Case c5(u5.ctxt);
  expect_right("absent: a call on a new context", timed([&] { return c5.direct(u5.ctxt); }), c5);
  for (const Case* c : {&c1, &c2, &c3, &c4, &c5}) c->exit_grids();
  for (const Grid* u : {&u1, &u2, &u3, &u4, &u5}) Cblacs_gridexit(u->ctxt);
}

void killed() {
  const int victim = 1;
  // Three contexts, so that each bounded wait below is a first one.
  const Grid u1 = union_grid(), u2 = union_grid(), u3 = union_grid();
  Case c1(u1.ctxt), c2(u2.ctxt), c3(u3.ctxt);
  expect_right("killed: a first direct call", timed([&] { return c1.direct(u1.ctxt); }), c1);
  c1.b = c1.fresh;
  mr2d_plan parts[2] = {c2.plan(u2.ctxt), c2.plan(u2.ctxt)};
  mr2d_plan plan = c3.plan(u3.ctxt);
  expect_right("killed: a first plan execution", timed([&] { return mr2d_plan_execute(plan, c3.a.ptr(), c3.b.ptr()); }),
               c3);
  c3.b = c3.fresh;
  MPI_Barrier(MPI_COMM_WORLD);
  if (g_rank == victim) raise(SIGKILL);
  expect_timeout("killed: a direct call", timed([&] { return c1.direct(u1.ctxt); }), "mr2d_gemr2d", true, true);
  if (!c1.untouched()) fail("killed: a direct call that timed out wrote B");
  mr2d_plan batch = nullptr;
  expect_timeout("killed: a batch creation", timed([&] { return mr2d_plan_create_batch(&batch, 2, parts, nullptr); }),
                 "mr2d_plan_create_batch", true, true);
  // A plan execution agrees on nothing: it waits for the dead peer's data
  // (its node peers may return its give-up earlier), and its message names
  // the peer rather than the routine.
  expect_timeout("killed: a plan execution", timed([&] { return mr2d_plan_execute(plan, c3.a.ptr(), c3.b.ptr()); }),
                 "rank", false, true);
  std::printf("test_timeouts killed: rank %d %s\n", g_rank, g_failures == 0 ? "passed" : "FAILED");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_world);
  const std::string scenario = argc > 1 ? argv[1] : "";
  const char* limit = std::getenv("MR2D_TIMEOUT");
  g_limit = limit != nullptr ? std::atof(limit) : 0;
  if (!world_fits(g_world >= 3, "at least 3", g_world, g_rank, "test_timeouts") || g_limit <= 0) {
    if (g_rank == 0 && g_limit <= 0) std::fprintf(stderr, "test_timeouts needs MR2D_TIMEOUT\n");
    MPI_Finalize();
    return 1;
  }
  arm_hang_alarm("test_timeouts", static_cast<unsigned>(12 * (g_limit + kSlack)));
  if (scenario == "absent") {
    absent();
  } else if (scenario == "killed") {
    // MPI cannot finish with a dead process: the survivors leave here.
    killed();
    std::_Exit(g_failures == 0 ? 0 : 1);
  } else {
    fail("unknown scenario " + scenario);
  }
  alarm(0);
  int all = 0;
  MPI_Allreduce(&g_failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0)
    std::printf("test_timeouts %s: %d processes, %s\n", scenario.c_str(), g_world, all == 0 ? "passed" : "FAILED");
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

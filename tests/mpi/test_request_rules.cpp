// SPDX-License-Identifier: BSD-3-Clause
// The rules of started plans that need processes out of step.
//
// parts: a batch of a part every process keeps whole (no data from peers)
// and a part whose B rank 0 receives from the others. Rank 0 starts it
// while the others wait at a barrier, so the second part cannot be
// complete there: mr2d_request_testsome must report the first part alone
// (a strict subset), mr2d_request_free must refuse the active request and
// leave it valid; then every process completes the batch part by part and
// every B (full local arrays, padding included) equals the blocking batch's
// and ScaLAPACK's p?gemr2d. Freeing NULL, a NULL pointer and a request
// whose plan was destroyed while active give the documented statuses.
//
// order: rank 0 starts and waits for one plan while the others start and
// wait for another over the same union context. Every process must return
// an error within a bound, none hangs: MR2D_ERR_INCONSISTENT where the
// processes exchange through shared memory, MR2D_ERR_TIMEOUT over MPI
// (run with a short MR2D_TIMEOUT), or there the give-up notice of a peer
// that timed out first (MR2D_ERR_INCONSISTENT).
//
// progress E: over shared memory, a plan is started and the caller stays
// out of mr2d for half a second. With MR2D_PROGRESS=thread (E = 1) the
// first test after it finds the request complete on every process; without
// (E = 0) not on every one; B equals the blocking execution and ScaLAPACK.
// E = -1: MR2D_PROGRESS is invalid and plan creation refuses, naming it.
//   test_request_rules parts|order|progress [expected status of order | E]
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

int failures = 0;
int rank_ = 0;

void expect(bool ok, const char* what) {
  if (ok) return;
  ++failures;
  std::fprintf(stderr, "rank %d: FAILED: %s (%s)\n", rank_, what, mr2d_last_error());
}

// An m x n matrix of doubles in nb x nb blocks on grid g (every process a
// member), 3 rows of padding; element codes in A, the sentinel in B.
struct Matrix {
  LocalArray<double> x;
  int desc[9] = {};
  mr2d_int mdesc[9] = {};
};

Matrix matrix_on(const Grid& g, int m, int n, int nb, bool codes) {
  Matrix a;
  if (codes)
    fill_codes(a.x, m, n, nb, nb, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, 3);
  else
    a.x = sentinel_array<double>(m, n, nb, nb, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, 3);
  int zero = 0, info = 0, ctxt = g.ctxt, lld = a.x.lld;
  descinit_(a.desc, &m, &n, &nb, &nb, &zero, &zero, &ctxt, &lld, &info);
  for (int k = 0; k < 9; ++k) a.mdesc[k] = a.desc[k];
  return a;
}

mr2d_plan plan_of(const Matrix& a, const Matrix& b, int m, int n, int ictxt) {
  mr2d_plan p = nullptr;
  expect(mr2d_plan_create_gemr2d(&p, MR2D_D, m, n, 1, 1, a.mdesc, 1, 1, b.mdesc, ictxt, nullptr) == MR2D_SUCCESS,
         "plan created");
  return p;
}

bool same_bits(const LocalArray<double>& x, const LocalArray<double>& y) {
  return x.data.size() == y.data.size() && std::memcmp(x.data.data(), y.data.data(), x.data.size() * 8) == 0;
}

void parts_rules(int world) {
  const int m = 96, n = 96, nb = 8;
  const Grid gu = make_grid(1, world, "R", {});
  const Grid gc = make_grid(world, 1, "R", {});
  // Part 0 stays where it is; part 1 goes from columns to rows of blocks.
  Matrix a0 = matrix_on(gu, m, n, nb, true), a1 = matrix_on(gu, m, n, nb, true);
  Matrix b0 = matrix_on(gu, m, n, nb, false), b1 = matrix_on(gc, m, n, nb, false);
  Matrix b0_blocking = b0, b1_blocking = b1, b0_ref = b0, b1_ref = b1;
  mr2d_plan parts[2] = {plan_of(a0, b0, m, n, gu.ctxt), plan_of(a1, b1, m, n, gu.ctxt)};
  mr2d_plan batch = nullptr;
  expect(mr2d_plan_create_batch(&batch, 2, parts, nullptr) == MR2D_SUCCESS, "batch created");
  const void* a[2] = {a0.x.ptr(), a1.x.ptr()};
  void* blocking[2] = {b0_blocking.x.ptr(), b1_blocking.x.ptr()};
  expect(mr2d_plan_execute_batch(batch, a, blocking) == MR2D_SUCCESS, "blocking batch");
  Cpdgemr2d(m, n, a0.x.ptr(), 1, 1, a0.desc, b0_ref.x.ptr(), 1, 1, b0_ref.desc, gu.ctxt);
  Cpdgemr2d(m, n, a1.x.ptr(), 1, 1, a1.desc, b1_ref.x.ptr(), 1, 1, b1_ref.desc, gu.ctxt);

  void* b[2] = {b0.x.ptr(), b1.x.ptr()};
  mr2d_request r = nullptr;
  int seen[2] = {0, 0}, got[2] = {-1, -1}, count = 0;
  auto test_some = [&] {
    expect(mr2d_request_testsome(&r, &count, got) == MR2D_SUCCESS, "testsome");
    for (int k = 0; k < count; ++k)
      if (got[k] == 0 || got[k] == 1) ++seen[got[k]];
  };
  if (rank_ == 0) {
    expect(mr2d_plan_start_batch(batch, a, b, &r) == MR2D_SUCCESS, "batch started first on rank 0");
    // The kept part may wait for tests while nothing else moves (shared
    // memory copies it between chunks); the other part waits for peers
    // that have not started.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (seen[0] == 0 && r != nullptr && std::chrono::steady_clock::now() < until) test_some();
    expect(seen[0] == 1 && seen[1] == 0 && r != nullptr, "the kept part is reported alone, before the other");
    expect(mr2d_request_free(&r) == MR2D_ERR_ARGUMENT && r != nullptr, "an active request is not freed");
    expect(std::strstr(mr2d_last_error(), "argument 1 (request) is active") != nullptr, "the refusal names it");
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    expect(mr2d_plan_start_batch(batch, a, b, &r) == MR2D_SUCCESS, "batch started");
  }
  while (r != nullptr) test_some();
  expect(seen[0] == 1 && seen[1] == 1, "each part reported once");
  expect(same_bits(b0.x, b0_blocking.x) && same_bits(b1.x, b1_blocking.x), "started batch as the blocking one");
  expect(same_bits(b0.x, b0_ref.x) && same_bits(b1.x, b1_ref.x), "started batch as ScaLAPACK");

  expect(mr2d_request_free(&r) == MR2D_SUCCESS && r == nullptr, "a NULL request is freed");
  expect(mr2d_request_free(nullptr) == MR2D_ERR_ARGUMENT, "a NULL pointer is refused");
  // Destroyed while active (on every process, once all completed the batch:
  // node peers of a process that gives up fail too): the request is over
  // with MR2D_ERR_ARGUMENT, which mr2d_request_free returns as it frees it.
  MPI_Barrier(MPI_COMM_WORLD);
  expect(mr2d_plan_start(parts[1], a1.x.ptr(), b1.x.ptr(), &r) == MR2D_SUCCESS, "plan started");
  mr2d_plan_destroy(&parts[1]);
  expect(mr2d_request_free(&r) == MR2D_ERR_ARGUMENT && r == nullptr, "a request given up is freed with its status");
  mr2d_plan_destroy(&parts[0]);
  mr2d_plan_destroy(&batch);
}

void order_rules(int world, int want) {
  const int m = 16, n = 16, nb = 4;  // small: sends left unmatched complete eagerly
  const Grid gu = make_grid(1, world, "R", {});
  const Grid gc = make_grid(world, 1, "R", {});
  Matrix a = matrix_on(gu, m, n, nb, true), b = matrix_on(gc, m, n, nb, false);
  Matrix at = matrix_on(gc, m, n, nb, true), bt = matrix_on(gu, m, n, nb, false);
  mr2d_plan one = plan_of(a, b, m, n, gu.ctxt), other = plan_of(at, bt, m, n, gu.ctxt);
  MPI_Barrier(MPI_COMM_WORLD);
  const auto t0 = std::chrono::steady_clock::now();
  mr2d_request r = nullptr;
  int status = -1;
  if (rank_ == 0) {
    expect(mr2d_plan_start(one, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS, "rank 0 starts one plan");
    status = mr2d_request_wait(&r);
  } else {
    expect(mr2d_plan_start(other, at.x.ptr(), bt.x.ptr(), &r) == MR2D_SUCCESS, "the others start another");
    status = mr2d_request_wait(&r);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // Over MPI a process whose peer timed out first may get that peer's
  // give-up notice instead of its own timeout.
  const bool told = want == MR2D_ERR_TIMEOUT && status == MR2D_ERR_INCONSISTENT &&
                    std::strstr(mr2d_last_error(), "gave up this execution") != nullptr;
  if (status != want && !told)
    std::fprintf(stderr, "rank %d: status %d after %.1f s: %s\n", rank_, status, seconds, mr2d_last_error());
  expect(status == want || told, "the documented status");
  int mine = status == want ? 1 : 0, some = 0;
  MPI_Allreduce(&mine, &some, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  expect(some == 1, "some process returns the documented status itself");
  expect(r == nullptr, "the failed request is completed");
  expect(seconds < 30, "returned within the bound");
  mr2d_plan_destroy(&one);
  mr2d_plan_destroy(&other);
}

void progress_rules(int world, int expect_done) {
  const int m = 200, n = 180, nb = 8;
  const Grid gu = make_grid(1, world, "R", {});
  const Grid gc = make_grid(world, 1, "R", {});
  Matrix a = matrix_on(gu, m, n, nb, true), b = matrix_on(gc, m, n, nb, false);
  if (expect_done < 0) {
    // A setting that decides how a plan executes is checked when it is created, on every process.
    mr2d_plan refused = nullptr;
    expect(mr2d_plan_create_gemr2d(&refused, MR2D_D, m, n, 1, 1, a.mdesc, 1, 1, b.mdesc, gu.ctxt, nullptr) ==
                   MR2D_ERR_ARGUMENT &&
               refused == nullptr,
           "an invalid MR2D_PROGRESS is refused at creation");
    expect(std::strstr(mr2d_last_error(), "MR2D_PROGRESS") != nullptr, "the refusal names the variable");
    return;
  }
  Matrix b_blocking = b, b_ref = b;
  mr2d_plan plan = plan_of(a, b, m, n, gu.ctxt);
  expect(mr2d_plan_execute(plan, a.x.ptr(), b_blocking.x.ptr()) == MR2D_SUCCESS, "blocking execution");
  Cpdgemr2d(m, n, a.x.ptr(), 1, 1, a.desc, b_ref.x.ptr(), 1, 1, b_ref.desc, gu.ctxt);
  mr2d_request r = nullptr;
  expect(mr2d_plan_start(plan, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS, "plan started");
  // The caller computes, out of mr2d.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  volatile double sink = 0;
  while (std::chrono::steady_clock::now() < until) sink = sink + 1;
  MPI_Barrier(MPI_COMM_WORLD);
  int done = 0, all_done = 0;
  expect(mr2d_request_test(&r, &done) == MR2D_SUCCESS, "test");
  MPI_Allreduce(&done, &all_done, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  expect(all_done == expect_done, expect_done ? "complete at the first test (progress thread)"
                                              : "not complete everywhere at the first test (no progress thread)");
  expect(mr2d_request_wait(&r) == MR2D_SUCCESS && r == nullptr, "wait");
  expect(same_bits(b.x, b_blocking.x) && same_bits(b.x, b_ref.x), "started plan as blocking and ScaLAPACK");
  mr2d_plan_destroy(&plan);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const std::string mode = argc > 1 ? argv[1] : "";
  if (!world_fits(world >= 2, "at least 2", world, rank_, "test_request_rules") ||
      (mode != "parts" && mode != "order" && mode != "progress")) {
    MPI_Finalize();
    return 2;
  }
  arm_hang_alarm("test_request_rules", 120);
  if (mode == "parts")
    parts_rules(world);
  else if (mode == "order")
    order_rules(world, argc > 2 ? std::atoi(argv[2]) : MR2D_ERR_TIMEOUT);
  else
    progress_rules(world, argc > 2 ? std::atoi(argv[2]) : 1);
  int total = 0;
  MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank_ == 0) std::printf("test_request_rules %s: %d failures\n", mode.c_str(), total);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// Started plans on several unions (one BLACS context each, all over the same
// processes) completed in different orders on different processes, and the
// rules around them that need all processes (docs/plans.md, "Progress").
//
// orders U ROUNDS SEED: U unions, a plan of 3000 x 1000 doubles on each.
//   Round 0: every process starts them all in union order; rank 0 waits for
//   them in union order, the others in reverse. Round 1: every process starts
//   the first; rank 0 then executes the second (blocking) before waiting for
//   the first, the others wait for the first and then execute the second.
//   Round 2: the same with a direct call and a plan's creation on the second
//   union in place of the execution. Rounds 3 .. ROUNDS-1: each process
//   starts the plans in an order of its
//   own and completes them in another, by wait, waitall, test or testsome
//   loops (random per process and round). After every round each B (full
//   local arrays, padding included) equals ScaLAPACK's p?gemr2d.
// lifetimes: requests outliving their plans, the same request twice and
//   NULL requests in mr2d_request_waitall and _testsome (for the ASan stage).
// settings VAR VALUE: VAR=VALUE on rank 0 only; a plan's creation returns
//   MR2D_ERR_INCONSISTENT on every process, naming VAR on rank 0's side.
// startfail: every process creates a plan; rank 1 refuses its start (the
//   wrong entry point): every peer's request ends in an error instead of
//   waiting, node peers and peers over MPI alike.
//   test_request_order orders|lifetimes|settings|startfail [args]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
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

void expect(bool ok, const std::string& what) {
  if (ok) return;
  ++failures;
  std::fprintf(stderr, "rank %d: FAILED: %s (%s)\n", rank_, what.c_str(), mr2d_last_error());
}

struct Matrix {
  LocalArray<double> x;
  int desc[9] = {};
  mr2d_int mdesc[9] = {};
};

// An m x n matrix in mb x nb blocks on grid g, 3 rows of padding; element
// codes in A, the sentinel in B. Processes outside g hold an empty array.
Matrix matrix_on(const Grid& g, int m, int n, int mb, int nb, bool codes) {
  Matrix a;
  if (g.member()) {
    if (codes)
      fill_codes(a.x, m, n, mb, nb, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, 3);
    else
      a.x = sentinel_array<double>(m, n, mb, nb, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, 3);
  }
  int zero = 0, info = 0, ctxt = g.member() ? g.ctxt : -1, lld = std::max(a.x.lld, 1);
  if (g.member())
    descinit_(a.desc, &m, &n, &mb, &nb, &zero, &zero, &ctxt, &lld, &info);
  else
    a.desc[1] = -1;
  for (int k = 0; k < 9; ++k) a.mdesc[k] = a.desc[k];
  return a;
}

bool same_bits(const LocalArray<double>& x, const LocalArray<double>& y) {
  return x.data.size() == y.data.size() && std::memcmp(x.data.data(), y.data.data(), x.data.size() * 8) == 0;
}

// One union: its context, a plan over it and the arrays, with ScaLAPACK's B.
struct Union {
  Grid all, ga, gb;
  Matrix a, b, expected;
  mr2d_plan plan = nullptr;
  mr2d_request request = nullptr;
};

void make_union(Union& u, int k, int world, int m, int n) {
  u.all = make_grid(1, world, "R", {});
  // Different shapes and blocks per union: every union moves most of its data.
  const int rows = world % 2 == 0 ? 2 : 1;
  u.ga = make_grid(rows, world / rows, k % 2 == 0 ? "R" : "C", {});
  u.gb = make_grid(world, 1, "C", {});
  u.a = matrix_on(u.ga, m, n, 32 + 16 * k, 48, true);
  u.b = matrix_on(u.gb, m, n, 100 - 7 * k, 37 + k, false);
  u.expected = u.b;
  Cpdgemr2d(m, n, u.a.x.ptr(), 1, 1, u.a.desc, u.expected.x.ptr(), 1, 1, u.expected.desc, u.all.ctxt);
  expect(mr2d_plan_create_gemr2d(&u.plan, MR2D_D, m, n, 1, 1, u.a.mdesc, 1, 1, u.b.mdesc, u.all.ctxt, nullptr) ==
             MR2D_SUCCESS,
         "plan created on union " + std::to_string(k));
}

void start(Union& u, int k) {
  expect(mr2d_plan_start(u.plan, u.a.x.ptr(), u.b.x.ptr(), &u.request) == MR2D_SUCCESS,
         "start on union " + std::to_string(k));
}

void wait(Union& u, int k) {
  expect(mr2d_request_wait(&u.request) == MR2D_SUCCESS && u.request == nullptr, "wait on union " + std::to_string(k));
}

void execute(Union& u, int k) {
  expect(mr2d_plan_execute(u.plan, u.a.x.ptr(), u.b.x.ptr()) == MR2D_SUCCESS,
         "blocking execution on union " + std::to_string(k));
}

// Completes the requests of `unions` in `order` with a completion call chosen by `how`.
void complete(std::vector<Union>& unions, const std::vector<int>& order, int how) {
  if (how == 0) {
    for (int k : order) wait(unions[static_cast<std::size_t>(k)], k);
  } else if (how == 1) {
    std::vector<mr2d_request> all;
    for (int k : order) all.push_back(unions[static_cast<std::size_t>(k)].request);
    expect(mr2d_request_waitall(static_cast<int>(all.size()), all.data()) == MR2D_SUCCESS, "waitall");
    for (mr2d_request r : all) expect(r == nullptr, "waitall sets every request to NULL");
    for (Union& u : unions) u.request = nullptr;
  } else {
    // Test loops: each request in turn until done, by test or testsome.
    for (int k : order) {
      Union& u = unions[static_cast<std::size_t>(k)];
      while (u.request != nullptr) {
        int done = 0, count = 0, part = -1;
        if (how == 2)
          expect(mr2d_request_test(&u.request, &done) == MR2D_SUCCESS, "test");
        else
          expect(mr2d_request_testsome(&u.request, &count, &part) == MR2D_SUCCESS, "testsome");
      }
    }
  }
}

void check_round(std::vector<Union>& unions, int round) {
  for (std::size_t k = 0; k < unions.size(); ++k) {
    Union& u = unions[k];
    expect(same_bits(u.b.x, u.expected.x),
           "round " + std::to_string(round) + ": B of union " + std::to_string(k) + " equals ScaLAPACK's");
    std::fill(u.b.x.data.begin(), u.b.x.data.end(), sentinel<double>());
  }
}

void orders(int world, int count, int rounds, unsigned seed) {
  const int m = 3000, n = 1000;
  std::vector<Union> unions(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) make_union(unions[static_cast<std::size_t>(k)], k, world, m, n);
  std::vector<int> forward(static_cast<std::size_t>(count));
  std::iota(forward.begin(), forward.end(), 0);
  std::vector<int> backward(forward.rbegin(), forward.rend());

  // Round 0: the same starts, waits in opposite orders.
  for (int k : forward) start(unions[static_cast<std::size_t>(k)], k);
  complete(unions, rank_ == 0 ? forward : backward, 0);
  check_round(unions, 0);
  // Round 1: a blocking execution of another union between a start and its wait.
  start(unions[0], 0);
  if (rank_ == 0) {
    execute(unions[1], 1);
    wait(unions[0], 0);
  } else {
    wait(unions[0], 0);
    execute(unions[1], 1);
  }
  for (int k = 2; k < count; ++k) execute(unions[static_cast<std::size_t>(k)], k);
  check_round(unions, 1);
  // Round 2: a direct call and a plan's creation on another union between a
  // start and its wait (rank 0), or after the wait (the others).
  auto direct_and_create = [&] {
    Union& u = unions[1];
    expect(mr2d_pdgemr2d(m, n, u.a.x.ptr(), 1, 1, u.a.mdesc, u.b.x.ptr(), 1, 1, u.b.mdesc, u.all.ctxt) ==
               MR2D_SUCCESS,
           "direct call on union 1");
    mr2d_plan again = nullptr;
    expect(mr2d_plan_create_gemr2d(&again, MR2D_D, m, n, 1, 1, u.a.mdesc, 1, 1, u.b.mdesc, u.all.ctxt, nullptr) ==
               MR2D_SUCCESS,
           "plan created on union 1");
    mr2d_plan_destroy(&again);
  };
  start(unions[0], 0);
  if (rank_ == 0) {
    direct_and_create();
    wait(unions[0], 0);
  } else {
    wait(unions[0], 0);
    direct_and_create();
  }
  for (int k = 2; k < count; ++k) execute(unions[static_cast<std::size_t>(k)], k);
  check_round(unions, 2);
  // Random orders, different on every process.
  std::mt19937 rng(seed * 7919u + static_cast<unsigned>(rank_) * 104729u);
  for (int round = 3; round < rounds; ++round) {
    std::vector<int> starts = forward, ends = forward;
    std::shuffle(starts.begin(), starts.end(), rng);
    std::shuffle(ends.begin(), ends.end(), rng);
    for (int k : starts) start(unions[static_cast<std::size_t>(k)], k);
    complete(unions, ends, static_cast<int>(rng() % 4));
    check_round(unions, round);
  }
  for (Union& u : unions) mr2d_plan_destroy(&u.plan);
}

// A over a 1 x P grid, B over a P x 1 grid, the union the first one.
struct Rows {
  Grid gu, gc;
  Matrix a, b;
};

Rows rows_to_columns(int world, int m, int n, int nb) {
  Rows r;
  r.gu = make_grid(1, world, "R", {});
  r.gc = make_grid(world, 1, "R", {});
  r.a = matrix_on(r.gu, m, n, nb, nb, true);
  r.b = matrix_on(r.gc, m, n, nb, nb, false);
  return r;
}

// Creates the plan of an m x n copy from A to B of `rc`; its status.
int create(const Rows& rc, int m, int n, mr2d_plan* out) {
  return mr2d_plan_create_gemr2d(out, MR2D_D, m, n, 1, 1, rc.a.mdesc, 1, 1, rc.b.mdesc, rc.gu.ctxt, nullptr);
}

void lifetimes(int world) {
  const int m = 64, n = 48;
  Rows rc = rows_to_columns(world, m, n, 8);
  const Grid& gu = rc.gu;
  Matrix &a = rc.a, &b = rc.b;
  Matrix expected = b;
  Cpdgemr2d(m, n, a.x.ptr(), 1, 1, a.desc, expected.x.ptr(), 1, 1, expected.desc, gu.ctxt);

  // An empty plan's request outlives the plan.
  mr2d_plan empty = nullptr;
  expect(create(rc, 0, n, &empty) == MR2D_SUCCESS, "empty plan created");
  mr2d_request r = nullptr;
  expect(mr2d_plan_start(empty, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS && r != nullptr, "empty plan started");
  mr2d_plan_destroy(&empty);
  int count = -2, parts[1] = {-1};
  expect(mr2d_request_testsome(&r, &count, parts) == MR2D_SUCCESS && count == 1 && parts[0] == 0 && r == nullptr,
         "testsome after the plan was destroyed reports its part and frees the request");

  // A completed request outlives its plan too.
  mr2d_plan plan = nullptr;
  expect(create(rc, m, n, &plan) == MR2D_SUCCESS, "plan created");
  expect(mr2d_plan_start(plan, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS, "plan started");
  int done = 0;
  while (r != nullptr) expect(mr2d_request_test(&r, &done) == MR2D_SUCCESS, "test");
  expect(done == 1, "test frees the completed request");
  expect(same_bits(b.x, expected.x), "B after test equals ScaLAPACK's");

  // The same request twice: refused, nothing freed, the request still valid.
  expect(mr2d_plan_start(plan, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS, "plan started again");
  mr2d_request twice[3] = {r, nullptr, r};
  expect(mr2d_request_waitall(3, twice) == MR2D_ERR_ARGUMENT, "the same request twice is refused");
  expect(std::strstr(mr2d_last_error(), "argument 2 (requests)") != nullptr, "the refusal names the argument");
  expect(twice[0] == r && twice[2] == r, "the refused requests are untouched");
  mr2d_request once[3] = {nullptr, r, nullptr};
  expect(mr2d_request_waitall(3, once) == MR2D_SUCCESS && once[1] == nullptr, "NULL entries are inactive");
  r = nullptr;
  expect(mr2d_request_waitall(3, once) == MR2D_SUCCESS, "only NULL requests: nothing to do");
  expect(mr2d_request_waitall(0, nullptr) == MR2D_SUCCESS, "no requests");
  expect(mr2d_request_testsome(&r, &count, parts) == MR2D_SUCCESS && count == -1, "testsome of NULL: outcount -1");
  expect(mr2d_request_test(&r, &done) == MR2D_SUCCESS && done == 1, "test of NULL: done");

  // Destroyed while active: the request stays valid and ends in an error, on
  // every process alike (all destroy it), whatever tests it.
  MPI_Barrier(MPI_COMM_WORLD);
  expect(mr2d_plan_start(plan, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS, "plan started before its destruction");
  mr2d_plan_destroy(&plan);
  expect(mr2d_request_testsome(&r, &count, parts) == MR2D_ERR_ARGUMENT && r == nullptr,
         "testsome of a request whose plan was destroyed: its error, and freed");
}

void settings(int world, const char* name) {
  const int m = 96, n = 80;
  Rows rc = rows_to_columns(world, m, n, 8);
  const Grid& gu = rc.gu;
  Matrix &a = rc.a, &b = rc.b;
  const Matrix untouched = b;
  mr2d_plan plan = nullptr;
  const int status = create(rc, m, n, &plan);
  std::vector<int> all(static_cast<std::size_t>(world));
  MPI_Allgather(&status, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (int k = 0; k < world; ++k)
    expect(all[static_cast<std::size_t>(k)] == MR2D_ERR_INCONSISTENT,
           "rank " + std::to_string(k) + " returned MR2D_ERR_INCONSISTENT, not " +
               std::to_string(all[static_cast<std::size_t>(k)]));
  expect(plan == nullptr, "no plan");
  expect(std::strstr(mr2d_last_error(), name) != nullptr, std::string("the message names ") + name);
  // A direct call too, B untouched.
  expect(mr2d_pdgemr2d(m, n, a.x.ptr(), 1, 1, a.mdesc, b.x.ptr(), 1, 1, b.mdesc, gu.ctxt) == MR2D_ERR_INCONSISTENT,
         "a direct call is refused alike");
  expect(same_bits(b.x, untouched.x), "B untouched");
}

void startfail(int world) {
  Rows rc = rows_to_columns(world, 600, 400, 16);
  Matrix &a = rc.a, &b = rc.b;
  mr2d_plan plan = nullptr;
  expect(create(rc, 600, 400, &plan) == MR2D_SUCCESS, "plan created");
  mr2d_request r = nullptr;
  if (rank_ == 1) {
    const double one = 1, zero = 0;
    expect(mr2d_plan_start_transform(plan, &one, a.x.ptr(), &zero, b.x.ptr(), &r) == MR2D_ERR_ARGUMENT && r == nullptr,
           "rank 1's start through the wrong entry point is refused");
  } else {
    expect(mr2d_plan_start(plan, a.x.ptr(), b.x.ptr(), &r) == MR2D_SUCCESS, "start");
    expect(mr2d_request_wait(&r) != MR2D_SUCCESS && r == nullptr, "the request ends in an error instead of waiting");
  }
  mr2d_plan_destroy(&plan);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const std::string mode = argc > 1 ? argv[1] : "";
  if (!world_fits(world >= 2, "at least 2", world, rank_, "test_request_order") ||
      (mode != "orders" && mode != "lifetimes" && mode != "settings" && mode != "startfail") ||
      (mode == "settings" && argc < 4)) {
    MPI_Finalize();
    return 2;
  }
  arm_hang_alarm("test_request_order", mode == "orders" ? 240 : 60);
  if (mode == "orders") {
    const int count = argc > 2 ? std::atoi(argv[2]) : 2;
    orders(world, std::max(count, 2), argc > 3 ? std::atoi(argv[3]) : 2,
           argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1u);
  } else if (mode == "lifetimes") {
    lifetimes(world);
  } else if (mode == "settings") {
    // Before this process's first call: settings are read once.
    if (rank_ == 0) setenv(argv[2], argv[3], 1);
    settings(world, argv[2]);
  } else {
    startfail(world);
  }
  int total = 0;
  MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank_ == 0) std::printf("test_request_order %s: %d failures\n", mode.c_str(), total);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

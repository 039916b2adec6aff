// SPDX-License-Identifier: BSD-3-Clause
// Started plans (mr2d_plan_start*, mr2d_request_*): random parts (every
// type; copies, trapezoids, transforms; some through an intermediate matrix)
// started together, up to 10 requests outstanding on different plans, and
// completed by mr2d_request_waitall, by test loops or by waits one by one,
// must leave every B bit for bit as the blocking executions leave it (full
// local arrays, padding included), the copies as ScaLAPACK's p?gemr2d /
// p?trmr2d leave them, and count the same traffic. A batch of the same parts
// started and completed through mr2d_request_testsome reports each part
// once and equals the blocking batch; a grid-layout plan started equals its
// blocking execution. Then the misuses: a double start, executing an active
// plan, NULL requests, a test after completion, a plan destroyed while
// active; each gives the documented status on every process, none waits.
//   test_nonblocking [--seed S] [--cases N]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "grids.hpp"
#include "layout_cases.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "random_parts.hpp"
#include "typed_calls.hpp"

using namespace mr2d_test;

namespace {

// Every process must get `want`; returns 1 if some does not.
int all_get(int status, int want) {
  int bad = status != want, total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total > 0;
}

void* data_of(Bytes& x) { return x.empty() ? nullptr : x.data(); }

struct Arrays {
  Bytes a, b_initial, b_blocking, b_started, b_reference;
  int desca[9], descb[9];
};

// How a case completes its requests.
enum class Completion { waitall, test_loop, wait_each };

int complete(std::vector<mr2d_request>& requests, Completion how) {
  int bad = 0;
  switch (how) {
    case Completion::waitall:
      bad += mr2d_request_waitall(static_cast<int>(requests.size()), requests.data()) != MR2D_SUCCESS;
      break;
    case Completion::test_loop:
      for (bool all = false; !all;) {
        all = true;
        for (mr2d_request& r : requests) {
          int done = 0;
          bad += mr2d_request_test(&r, &done) != MR2D_SUCCESS;
          all = all && done == 1;
        }
      }
      break;
    case Completion::wait_each:
      // Last started first: the earlier ones move on inside these waits.
      for (std::size_t k = requests.size(); k-- > 0;) bad += mr2d_request_wait(&requests[k]) != MR2D_SUCCESS;
      break;
  }
  for (mr2d_request r : requests) bad += r != nullptr;  // completed requests are NULL
  return bad;
}

long long moved_since(const mr2d_stats& before) {
  mr2d_stats now;
  mr2d_get_stats(&now);
  return now.bytes_sent - before.bytes_sent + now.messages_sent - before.messages_sent;
}

// Starts `batch` and completes it by mr2d_request_testsome: every part must
// be reported exactly once. Returns this process's failures.
int started_batch(mr2d_plan batch, std::vector<const void*>& alpha, std::vector<const void*>& a,
                  std::vector<const void*>& beta, std::vector<void*>& b) {
  mr2d_request r = nullptr;
  int bad = mr2d_plan_start_batch_transform(batch, alpha.data(), a.data(), beta.data(), b.data(), &r) != MR2D_SUCCESS;
  std::vector<int> seen(a.size(), 0), got(a.size() + 1, -7);
  while (r != nullptr) {
    int count = -5;
    bad += mr2d_request_testsome(&r, &count, got.data()) != MR2D_SUCCESS;
    if (count < 0 || count > static_cast<int>(a.size())) return bad + 1;
    for (int k = 0; k < count; ++k) {
      if (got[static_cast<std::size_t>(k)] < 0 || got[static_cast<std::size_t>(k)] >= static_cast<int>(a.size()))
        return bad + 1;
      ++seen[static_cast<std::size_t>(got[static_cast<std::size_t>(k)])];
    }
  }
  for (int s : seen) bad += s != 1;
  int count = 0;
  bad += mr2d_request_testsome(&r, &count, got.data()) != MR2D_SUCCESS || count != -1;
  return bad;
}

// One random case; returns this process's failures.
int run_case(std::mt19937_64& rng, const std::vector<Grid>& grids, const Grid& gu, int rank, bool verbose) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  // Up to 10 outstanding: more than the shared-memory links' kLinkSlots
  // executions per pair of processes, so later starts queue behind earlier ones.
  const int count = pick(1, 10);
  const auto how = static_cast<Completion>(pick(0, 2));
  std::vector<Part> parts;
  for (int k = 0; k < count; ++k) parts.push_back(random_part(rng, grids));
  int bad = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok && verbose) std::printf("  rank %d: %s\n", rank, what);
    bad += !ok;
  };
  std::vector<Arrays> arrays(parts.size());
  std::vector<mr2d_plan> plans(parts.size(), nullptr);
  std::vector<Scalars> scalars;
  mr2d_stats before;
  long long blocking_moved = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Part& p = parts[k];
    Arrays& x = arrays[k];
    plans[k] = prepare_part(p, grids, gu.ctxt, x.a, x.b_initial, x.desca, x.descb);
    x.b_blocking = x.b_started = x.b_reference = x.b_initial;
    if (plans[k] == nullptr) return bad + 1;
    scalars.push_back(scalars_of(p.type, static_cast<int>(k)));
    mr2d_get_stats(&before);
    expect(
        (p.kind == Kind::transform ? mr2d_plan_execute_transform(plans[k], scalars[k].alpha, data_of(x.a),
                                                                 scalars[k].beta, data_of(x.b_blocking))
                                   : mr2d_plan_execute(plans[k], data_of(x.a), data_of(x.b_blocking))) == MR2D_SUCCESS,
        "blocking execution failed");
    blocking_moved += moved_since(before);
    if (p.kind == Kind::transform) continue;
    char u[2] = {p.uplo, 0}, d[2] = {p.diag, 0};
    const Calls& calls = kCalls[p.type];
    if (p.kind == Kind::gemr2d)
      calls.ref_ge(p.m, p.n, data_of(x.a), p.a.i, p.a.j, x.desca, data_of(x.b_reference), p.b.i, p.b.j, x.descb,
                   gu.ctxt);
    else
      calls.ref_tr(u, d, p.m, p.n, data_of(x.a), p.a.i, p.a.j, x.desca, data_of(x.b_reference), p.b.i, p.b.j, x.descb,
                   gu.ctxt);
    expect(x.b_reference == x.b_blocking, "blocking B differs from ScaLAPACK's");
  }

  // Every plan started before any completes.
  std::vector<mr2d_request> requests(parts.size(), nullptr);
  mr2d_get_stats(&before);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    Arrays& x = arrays[k];
    const int st = parts[k].kind == Kind::transform
                       ? mr2d_plan_start_transform(plans[k], scalars[k].alpha, data_of(x.a), scalars[k].beta,
                                                   data_of(x.b_started), &requests[k])
                       : mr2d_plan_start(plans[k], data_of(x.a), data_of(x.b_started), &requests[k]);
    expect(st == MR2D_SUCCESS, "start failed");
  }
  expect(complete(requests, how) == 0, "completion failed");
  expect(moved_since(before) == blocking_moved, "started plans counted other traffic than blocking ones");
  for (const Arrays& x : arrays) expect(x.b_started == x.b_blocking, "started B differs from the blocking B");

  // The same parts as a batch: blocking, then started with per-part completion.
  mr2d_plan batch = nullptr;
  expect(mr2d_plan_create_batch(&batch, count, plans.data(), nullptr) == MR2D_SUCCESS, "batch not created");
  for (mr2d_plan& p : plans) mr2d_plan_destroy(&p);
  if (batch == nullptr) return bad + 1;
  std::vector<const void*> a, alpha, beta;
  std::vector<void*> b_blocking, b_started;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    Arrays& x = arrays[k];
    x.b_blocking = x.b_started = x.b_initial;
    a.push_back(data_of(x.a));
    b_blocking.push_back(data_of(x.b_blocking));
    b_started.push_back(data_of(x.b_started));
    alpha.push_back(scalars[k].alpha);
    beta.push_back(scalars[k].beta);
  }
  expect(
      mr2d_plan_execute_batch_transform(batch, alpha.data(), a.data(), beta.data(), b_blocking.data()) == MR2D_SUCCESS,
      "blocking batch failed");
  expect(started_batch(batch, alpha, a, beta, b_started) == 0, "started batch: parts not reported once each");
  for (const Arrays& x : arrays) expect(x.b_started == x.b_blocking, "started batch B differs from the blocking one");
  mr2d_plan_destroy(&batch);
  if (verbose && rank == 0) std::printf("  %d parts, completion %d\n", count, static_cast<int>(how));
  return bad;
}

// A grid-layout plan (doubles, blocks by offset from one arena per rank):
// started, it leaves B's arena as the blocking execution does, and B holds A.
int layout_case(unsigned seed, const Grid& gu, int world, int rank) {
  using namespace mr2d_layout_test;
  Rng shared(seed), mine(seed * 31u + static_cast<unsigned>(rank));
  const mr2d_int rows = pick(shared, 1, 60), cols = pick(shared, 1, 60);
  GridSide<double> A, B;
  A.make(shared, mine, rows, cols, world, rank);
  B.make(shared, mine, rows, cols, world, rank);
  A.bind(A.arena.data(), std::vector<bool>(A.blocks.size(), false));
  B.bind(B.arena.data(), std::vector<bool>(B.blocks.size(), false));
  A.each(A.arena.data(), [](mr2d_int i, mr2d_int j, double& v) { v = value_of<double>(i, j, 3); });
  mr2d_plan plan = nullptr;
  int bad = mr2d_plan_create_layout_transform(&plan, MR2D_D, "N", rows, cols, 1, 1, &A.matrix, 1, 1, &B.matrix, gu.ctxt,
                                              nullptr) != MR2D_SUCCESS;
  if (plan == nullptr) return 1;
  std::vector<double> blocking = B.arena, started = B.arena;
  bad += mr2d_plan_execute(plan, A.arena.data(), blocking.data()) != MR2D_SUCCESS;
  mr2d_request r = nullptr;
  bad += mr2d_plan_start(plan, A.arena.data(), started.data(), &r) != MR2D_SUCCESS;
  bad += mr2d_request_wait(&r) != MR2D_SUCCESS;
  for (std::size_t k = 0; k < started.size(); ++k) bad += !same(started[k], blocking[k]);
  B.each(started.data(), [&](mr2d_int i, mr2d_int j, double& v) { bad += !same(v, value_of<double>(i, j, 3)); });
  mr2d_plan_destroy(&plan);
  return bad;
}

// A plan of doubles over `g`'s context: 9 x 7 of a 12 x 12 matrix.
struct SmallPlan {
  std::vector<double> a, b;
  mr2d_plan plan = nullptr;
  explicit SmallPlan(const Grid& g) {
    const int lld = std::max(1, numroc(12, 2, g.myrow, 0, g.nprow));
    const int desca[9] = {1, g.ctxt, 12, 12, 2, 2, 0, 0, lld};
    const int descb[9] = {1, g.ctxt, 12, 12, 3, 1, 0, 0, std::max(1, numroc(12, 3, g.myrow, 0, g.nprow))};
    a.assign(144, 1.5);
    b.assign(144, 0.0);
    mr2d_plan_create_gemr2d(&plan, MR2D_D, 9, 7, 2, 1, desca, 1, 3, descb, g.ctxt, nullptr);
  }
};

// The C++ layer: plan.start(a, b) then wait(), test() until done, and a
// request left to its destructor all equal the blocking execution; a double
// start throws MR2D_ERR_ARGUMENT.
int cxx_requests(const Grid& gu, int& cases) {
  SmallPlan p(gu);
  mr2d::Plan<double> plan = mr2d::Plan<double>::adopt(p.plan);
  for (std::size_t k = 0; k < p.a.size(); ++k) p.a[k] = static_cast<double>(k) + 0.5;
  std::vector<double> blocking(p.b), waited(p.b), tested(p.b), dropped(p.b);
  plan.execute(p.a.data(), blocking.data());
  int bad = 0;
  mr2d::Request r = plan.start(p.a.data(), waited.data());
  try {
    plan.start(p.a.data(), tested.data());
    bad += 1;
  } catch (const mr2d::Error& e) {
    bad += e.status() != MR2D_ERR_ARGUMENT;
  }
  r.wait();
  bad += !r.done();
  r = plan.start(p.a.data(), tested.data());
  while (!r.test()) {}
  { mr2d::Request left = plan.start(p.a.data(), dropped.data()); }  // waits on destruction
  bad += waited != blocking || tested != blocking || dropped != blocking;
  ++cases;
  return all_get(bad, 0);
}

int misuse(const Grid& gu, const Grid& spare, int& cases) {
  int failures = 0;
  SmallPlan p(gu);
  failures += all_get(p.plan != nullptr, 1);
  mr2d_request r = nullptr, again = nullptr;
  // A double start: an error on every process, *request left alone.
  failures += all_get(mr2d_plan_start(p.plan, p.a.data(), p.b.data(), &r), MR2D_SUCCESS);
  failures += all_get(mr2d_plan_start(p.plan, p.a.data(), p.b.data(), &again), MR2D_ERR_ARGUMENT);
  failures += all_get(again == nullptr, 1);
  // Executing an active plan, as a plan or a batch of it.
  failures += all_get(mr2d_plan_execute(p.plan, p.a.data(), p.b.data()), MR2D_ERR_ARGUMENT);
  failures += all_get(mr2d_request_wait(&r), MR2D_SUCCESS);
  failures += all_get(r == nullptr, 1);
  cases += 3;
  // Completed (NULL) requests: done at once; NULL pointers are errors.
  int done = 0, count = 0, part = 0;
  failures += all_get(mr2d_request_wait(&r), MR2D_SUCCESS);
  failures += all_get(mr2d_request_test(&r, &done), MR2D_SUCCESS);
  failures += all_get(done, 1);
  failures += all_get(mr2d_request_testsome(&r, &count, &part), MR2D_SUCCESS);
  failures += all_get(count, -1);
  failures += all_get(mr2d_request_waitall(1, &r), MR2D_SUCCESS);
  failures += all_get(mr2d_request_wait(nullptr), MR2D_ERR_ARGUMENT);
  failures += all_get(mr2d_request_test(nullptr, &done), MR2D_ERR_ARGUMENT);
  failures += all_get(mr2d_request_test(&r, nullptr), MR2D_ERR_ARGUMENT);
  failures += all_get(mr2d_request_waitall(-1, &r), MR2D_ERR_ARGUMENT);
  failures += all_get(mr2d_plan_start(nullptr, p.a.data(), p.b.data(), &r), MR2D_ERR_ARGUMENT);
  cases += 2;
  // A test after completion: the plan starts again, and a test loop ends it.
  failures += all_get(mr2d_plan_start(p.plan, p.a.data(), p.b.data(), &r), MR2D_SUCCESS);
  int looped = MR2D_SUCCESS;
  for (done = 0; done == 0 && looped == MR2D_SUCCESS;) looped = mr2d_request_test(&r, &done);
  failures += all_get(looped, MR2D_SUCCESS);
  failures += all_get(mr2d_request_test(&r, &done), MR2D_SUCCESS);
  failures += all_get(done, 1);
  ++cases;
  mr2d_plan_destroy(&p.plan);
  // A plan destroyed while active (on a context of its own: a given-up
  // execution leaves its context unusable): its request returns the error.
  SmallPlan q(spare);
  failures += all_get(mr2d_plan_start(q.plan, q.a.data(), q.b.data(), &r), MR2D_SUCCESS);
  mr2d_plan_destroy(&q.plan);
  failures += all_get(q.plan == nullptr, 1);
  failures += all_get(mr2d_request_wait(&r), MR2D_ERR_ARGUMENT);
  failures += all_get(r == nullptr, 1);
  ++cases;
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  unsigned seed = 11;
  int ncases = 60;
  bool verbose = false;
  for (int k = 1; k < argc; ++k) {
    if (!std::strcmp(argv[k], "--seed") && k + 1 < argc)
      seed = static_cast<unsigned>(std::atoi(argv[++k]));
    else if (!std::strcmp(argv[k], "--cases") && k + 1 < argc)
      ncases = std::atoi(argv[++k]);
    else if (!std::strcmp(argv[k], "--verbose"))
      verbose = true;
  }
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  arm_hang_alarm("test_nonblocking", 240);
  std::mt19937_64 rng(seed);
  const std::vector<Grid> grids = matrix_grids(world, rng);
  const Grid gu = make_grid(1, world, "R", {});
  const Grid spare = make_grid(world, 1, "R", {});
  int failures = 0, cases = 0;
  for (int c = 0; c < ncases; ++c) {
    int bad = run_case(rng, grids, gu, rank, verbose), total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total > 0 && rank == 0) std::printf("  case %d failed (seed %u)\n", c, seed);
    failures += total > 0;
    ++cases;
  }
  for (int c = 0; c < 10; ++c) {
    int bad = layout_case(seed + static_cast<unsigned>(c), gu, world, rank), total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total > 0 && rank == 0) std::printf("  layout case %d failed (seed %u)\n", c, seed);
    failures += total > 0;
    ++cases;
  }
  failures += cxx_requests(gu, cases);
  failures += misuse(gu, spare, cases);
  if (rank == 0) std::printf("nonblocking: %d processes, %d passed, %d failed\n", world, cases - failures, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

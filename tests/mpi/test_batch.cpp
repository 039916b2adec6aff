// SPDX-License-Identifier: BSD-3-Clause
// Batched redistribution: random batches of parts (every type; general and
// trapezoidal copies and transforms; layouts on any grids; some parts planned
// through an intermediate matrix) executed as one batch plan must leave every
// B bit for bit as executing the parts one by one does (full local arrays,
// padding included), and the copies as ScaLAPACK's p?gemr2d / p?trmr2d leave
// them. The batch must send one message per peer: no more than the parts
// together, exactly what its query says, with the same bytes. Then the
// misuses: parts in another order on one process, a NULL part, parts of two
// union contexts, a batch given to mr2d_plan_execute and a plan given to
// mr2d_plan_execute_batch.
//   test_batch [--seed S] [--cases N]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "random_parts.hpp"
#include "typed_calls.hpp"

using namespace mr2d_test;

namespace {

struct Arrays {
  Bytes a, b_parts, b_batch, b_reference;
  int desca[9], descb[9];
};

// One random batch; returns this process's failures.
int run_case(std::mt19937_64& rng, const std::vector<Grid>& grids, const Grid& gu, int world,
             int rank, bool verbose) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int count = pick(1, 5);
  std::vector<Part> parts;
  for (int k = 0; k < count; ++k) parts.push_back(random_part(rng, grids));
  mr2d_options options{};
  const int schedules[] = {MR2D_SCHEDULE_AUTO, MR2D_SCHEDULE_ASYNC, MR2D_SCHEDULE_OPTIMAL,
                           MR2D_SCHEDULE_CATERPILLAR};
  options.schedule = schedules[pick(0, 3)];
  const long long chunks[] = {0, -1, 64, 512};
  options.chunk_bytes = chunks[pick(0, 3)];
  options.transport = pick(0, 1) ? MR2D_TRANSPORT_AUTO : MR2D_TRANSPORT_MPI;

  int bad = 0;
  std::vector<Arrays> arrays(parts.size());
  std::vector<mr2d_plan> plans(parts.size(), nullptr);
  std::vector<Scalars> scalars;
  long long parts_messages = 0, parts_bytes = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Part& p = parts[k];
    Arrays& x = arrays[k];
    plans[k] = prepare_part(p, grids, gu.ctxt, x.a, x.b_parts, x.desca, x.descb);
    x.b_batch = x.b_parts;
    x.b_reference = x.b_parts;
    if (plans[k] == nullptr) return 1;
    scalars.push_back(scalars_of(p.type, static_cast<int>(k)));
    mr2d_plan_info info;
    mr2d_plan_query(plans[k], &info);
    if (info.phases != MR2D_PHASES_ONE) {
      // A batch moves such a part once: its traffic is that of a one-pass plan.
      Part once = p;
      once.options.phases = MR2D_PHASES_ONE;
      mr2d_plan direct = create(once, x.desca, x.descb, gu.ctxt);
      mr2d_plan_query(direct, &info);
      mr2d_plan_destroy(&direct);
    }
    parts_messages += info.messages_sent;
    parts_bytes += info.bytes_sent;
    void* a = x.a.empty() ? nullptr : x.a.data();
    void* b = x.b_parts.empty() ? nullptr : x.b_parts.data();
    // The parts one by one: what the batch must reproduce.
    bad += (p.kind == Kind::transform
                ? mr2d_plan_execute_transform(plans[k], scalars[k].alpha, a, scalars[k].beta, b)
                : mr2d_plan_execute(plans[k], a, b)) != MR2D_SUCCESS;
    if (p.kind == Kind::transform) continue;
    // And ScaLAPACK, for the copies.
    void* r = x.b_reference.empty() ? nullptr : x.b_reference.data();
    char u[2] = {p.uplo, 0}, d[2] = {p.diag, 0};
    const Calls& calls = kCalls[p.type];
    if (p.kind == Kind::gemr2d)
      calls.ref_ge(p.m, p.n, a, p.a.i, p.a.j, x.desca, r, p.b.i, p.b.j, x.descb, gu.ctxt);
    else
      calls.ref_tr(u, d, p.m, p.n, a, p.a.i, p.a.j, x.desca, r, p.b.i, p.b.j, x.descb, gu.ctxt);
    bad += x.b_reference != x.b_parts;
  }

  mr2d_plan batch = nullptr;
  bad += mr2d_plan_create_batch(&batch, count, plans.data(), &options) != MR2D_SUCCESS;
  // The batch keeps what it needs.
  for (mr2d_plan& p : plans) mr2d_plan_destroy(&p);
  if (batch == nullptr) return bad + 1;
  mr2d_plan_info info;
  mr2d_plan_query(batch, &info);
  std::vector<const void*> a, alpha, beta;
  std::vector<void*> b;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    a.push_back(arrays[k].a.empty() ? nullptr : arrays[k].a.data());
    b.push_back(arrays[k].b_batch.empty() ? nullptr : arrays[k].b_batch.data());
    alpha.push_back(scalars[k].alpha);
    beta.push_back(scalars[k].beta);
  }
  mr2d_stats before, after;
  mr2d_get_stats(&before);
  bad += mr2d_plan_execute_batch_transform(batch, alpha.data(), a.data(), beta.data(), b.data()) !=
         MR2D_SUCCESS;
  mr2d_get_stats(&after);
  const long long messages = after.messages_sent - before.messages_sent;
  auto expect = [&](bool ok, const char* what) {
    if (!ok && verbose) std::printf("  rank %d: %s\n", rank, what);
    bad += !ok;
  };
  expect(messages == info.messages_sent, "messages sent differ from the query");
  expect(messages <= parts_messages && messages <= world - 1, "more messages than peers or parts");
  expect(after.bytes_sent - before.bytes_sent == parts_bytes && info.bytes_sent == parts_bytes,
         "bytes sent differ from the parts'");
  for (std::size_t k = 0; k < parts.size(); ++k)
    expect(arrays[k].b_batch == arrays[k].b_parts, "B differs from the parts executed alone");
  mr2d_plan_destroy(&batch);
  if (verbose && rank == 0)
    std::printf("  %d parts, schedule %s, chunks %lld: %lld messages (parts alone %lld)\n", count,
                mr2d_schedule_name(options.schedule), options.chunk_bytes, messages, parts_messages);
  return bad;
}

// Two gemr2d plans of doubles over `ictxt` (the first 7 x 5, the second 4 x 9).
std::vector<mr2d_plan> two_plans(const Grid& g, int ictxt, int desca[9], int descb[9]) {
  const int lld = std::max(1, numroc(20, 2, g.myrow, 0, g.nprow));
  const int d[9] = {1, g.ctxt, 20, 20, 2, 2, 0, 0, lld};
  std::memcpy(desca, d, sizeof d);
  std::memcpy(descb, d, sizeof d);
  descb[4] = 3;
  descb[8] = std::max(1, numroc(20, 3, g.myrow, 0, g.nprow));
  std::vector<mr2d_plan> plans(2, nullptr);
  mr2d_plan_create_gemr2d(&plans[0], MR2D_D, 7, 5, 1, 1, desca, 2, 2, descb, ictxt, nullptr);
  mr2d_plan_create_gemr2d(&plans[1], MR2D_D, 4, 9, 3, 1, desca, 1, 4, descb, ictxt, nullptr);
  return plans;
}

// Every process must get `want`; returns 1 if some does not.
int all_get(int status, int want) {
  int bad = status != want, total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total > 0;
}

int misuse(const Grid& gu, const Grid& other_union, int rank, int world, int& cases) {
  int failures = 0;
  int desca[9], descb[9];
  std::vector<mr2d_plan> plans = two_plans(gu, gu.ctxt, desca, descb);
  mr2d_plan batch = nullptr;
  if (world > 1) {
    // Rank 0 lists the parts in the other order.
    std::vector<mr2d_plan> order = plans;
    if (rank == 0) std::swap(order[0], order[1]);
    failures += all_get(mr2d_plan_create_batch(&batch, 2, order.data(), nullptr), MR2D_ERR_INCONSISTENT);
    failures += batch != nullptr;
    ++cases;
  }
  {
    // A NULL part on rank 0 only: every process fails alike.
    std::vector<mr2d_plan> holes = plans;
    if (rank == 0) holes[0] = nullptr;
    failures += all_get(mr2d_plan_create_batch(&batch, 2, holes.data(), nullptr), MR2D_ERR_ARGUMENT);
    ++cases;
  }
  {
    // Parts of two union contexts.
    int da[9], db[9];
    std::vector<mr2d_plan> foreign = two_plans(gu, other_union.ctxt, da, db);
    std::vector<mr2d_plan> mixed = {plans[0], foreign[1]};
    failures += all_get(mr2d_plan_create_batch(&batch, 2, mixed.data(), nullptr), MR2D_ERR_ARGUMENT);
    for (mr2d_plan& p : foreign) mr2d_plan_destroy(&p);
    ++cases;
  }
  {
    // Each execute routine refuses the other kind of plan, and the batch then works.
    failures += all_get(mr2d_plan_create_batch(&batch, 2, plans.data(), nullptr), MR2D_SUCCESS);
    std::vector<double> a(400, 1.0), b(400, 0.0);
    failures += all_get(mr2d_plan_execute(batch, a.data(), b.data()), MR2D_ERR_ARGUMENT);
    const void* as[2] = {a.data(), a.data()};
    void* bs[2] = {b.data(), b.data()};
    failures += all_get(mr2d_plan_execute_batch(plans[0], as, bs), MR2D_ERR_ARGUMENT);
    failures += all_get(mr2d_plan_execute_batch(batch, as, bs), MR2D_SUCCESS);
    mr2d_plan_destroy(&batch);
    cases += 4;
  }
  for (mr2d_plan& p : plans) mr2d_plan_destroy(&p);
  return failures;
}

// The C++ layer: a Batch of typed plans equals the plans run one by one, and
// vectors of the wrong length throw before anything moves.
int cxx_batch(const Grid& gu, int& cases) {
  int desca[9], descb[9];
  std::vector<mr2d_plan> plans = two_plans(gu, gu.ctxt, desca, descb);
  for (mr2d_plan& p : plans) mr2d_plan_destroy(&p);
  mr2d::Plan<double> first(7, 5, 1, 1, desca, 2, 2, descb, gu.ctxt);
  mr2d::Plan<std::complex<double>> second(4, 9, 3, 1, desca, 1, 4, descb, gu.ctxt);
  const std::size_t n = 400;
  std::vector<double> a1(n), b1(n, -1.0), c1(n, -1.0);
  std::vector<std::complex<double>> a2(n), b2(n, {-1.0, 2.0}), c2(n, {-1.0, 2.0});
  for (std::size_t k = 0; k < n; ++k) {
    a1[k] = static_cast<double>(k) + 0.25;
    a2[k] = {static_cast<double>(k), -static_cast<double>(k)};
  }
  first.execute(a1.data(), b1.data());
  second.execute(a2.data(), b2.data());
  mr2d::Batch batch(first, second);
  batch.execute({a1.data(), a2.data()}, {c1.data(), c2.data()});
  int bad = b1 != c1 || b2 != c2;
  bad += batch.info().messages_sent > first.info().messages_sent + second.info().messages_sent;
  try {
    batch.execute({a1.data()}, {c1.data()});
    bad += 1;
  } catch (const mr2d::Error& e) {
    bad += e.status() != MR2D_ERR_ARGUMENT;
  }
  cases += 1;
  return all_get(bad, 0);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  unsigned seed = 7;
  int ncases = 150;
  bool verbose = false;
  for (int k = 1; k < argc; ++k) {
    if (!std::strcmp(argv[k], "--seed") && k + 1 < argc) seed = static_cast<unsigned>(std::atoi(argv[++k]));
    else if (!std::strcmp(argv[k], "--cases") && k + 1 < argc) ncases = std::atoi(argv[++k]);
    else if (!std::strcmp(argv[k], "--verbose")) verbose = true;
  }
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  std::mt19937_64 rng(seed);
  const std::vector<Grid> grids = matrix_grids(world, rng);
  const Grid gu = make_grid(1, world, "R", {});
  const Grid other_union = make_grid(world, 1, "R", {});
  int failures = 0, cases = 0;
  for (int c = 0; c < ncases; ++c) {
    int bad = run_case(rng, grids, gu, world, rank, verbose), total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total > 0 && rank == 0) std::printf("  batch case %d failed (seed %u)\n", c, seed);
    failures += total > 0;
    ++cases;
  }
  failures += misuse(gu, other_union, rank, world, cases);
  failures += cxx_batch(gu, cases);
  if (rank == 0) std::printf("batch: %d processes, %d passed, %d failed\n", world, cases - failures, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

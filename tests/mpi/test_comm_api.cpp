// SPDX-License-Identifier: BSD-3-Clause
// The BLACS-free entries (mr2d_comm.h) against the context-based ones on the
// same grids: random layouts, types, offsets, gemr2d and trmr2d, direct calls
// and plans, on MPI_COMM_WORLD and on a communicator whose ranks run in the
// opposite order. Each grid is described by a rank map (or the default
// order) and built as a BLACS context with Cblacs_gridmap from the same map;
// every process compares its full local B (padding included) bit for bit
// with mr2d_gemr2d / mr2d_trmr2d and ScaLAPACK's Cp?gemr2d / Cp?trmr2d. Then
// bad grid descriptions, the C++ layer, and the release of everything mr2d
// keeps on a communicator when it is freed.
//   test_comm_api [--seed S] [--cases N]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "local_matrix.hpp"
#include "mr2d/blacs.h"
#include "mr2d/mr2d_comm.hpp"
#include "typed_calls.hpp"

using namespace mr2d_test;

namespace {

int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// A communicator and the world rank of each of its ranks.
struct Comm {
  MPI_Comm comm;
  std::vector<int> world_of;
};

// A grid described within a communicator: ranks at r + c*nprow, or empty
// for the default row-major order.
struct Spec {
  int nprow = 1, npcol = 1;
  std::vector<int> ranks;
  mr2d_grid grid() const { return {nprow, npcol, ranks.empty() ? nullptr : ranks.data()}; }
  int rank_at(int r, int c) const {
    return ranks.empty() ? r * npcol + c : ranks[static_cast<std::size_t>(r + c * nprow)];
  }
};

// This process's place in a grid and the BLACS context built from the same map.
struct Place {
  int ctxt = -1, myrow = -1, mycol = -1;
  bool member() const { return myrow >= 0; }
};

Place blacs_grid(const Spec& s, const Comm& c) {
  std::vector<int> usermap(static_cast<std::size_t>(s.nprow * s.npcol));
  for (int col = 0; col < s.npcol; ++col)
    for (int row = 0; row < s.nprow; ++row)
      usermap[static_cast<std::size_t>(row + col * s.nprow)] =
          c.world_of[static_cast<std::size_t>(s.rank_at(row, col))];
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridmap(&ctxt, usermap.data(), s.nprow, s.nprow, s.npcol);
  Place p;
  int pr = 0, pc = 0;
  Cblacs_gridinfo(ctxt, &pr, &pc, &p.myrow, &p.mycol);
  if (p.myrow < 0 || p.myrow >= s.nprow || p.mycol < 0 || p.mycol >= s.npcol) return {};
  p.ctxt = ctxt;
  return p;
}

// A grid of k positions on ranks taken from `pool` (shuffled), or the default order.
Spec pick_spec(std::mt19937_64& rng, std::vector<int>& pool, int size, bool allow_default) {
  Spec s;
  const int avail = static_cast<int>(pool.size());
  s.nprow = uniform(rng, 1, avail);
  s.npcol = uniform(rng, 1, avail / s.nprow);
  if (allow_default && avail == size && uniform(rng, 0, 3) == 0) return s;
  std::shuffle(pool.begin(), pool.end(), rng);
  s.ranks.assign(pool.begin(), pool.begin() + s.nprow * s.npcol);
  return s;
}

struct Side {
  Spec spec;
  int M = 0, N = 0, mb = 1, nb = 1, rsrc = 0, csrc = 0, i = 1, j = 1, pad = 0;
};

Side pick_side(std::mt19937_64& rng, Spec spec, int m, int n) {
  Side s;
  s.spec = std::move(spec);
  s.i = uniform(rng, 1, 12);
  s.j = uniform(rng, 1, 12);
  s.M = s.i - 1 + m + uniform(rng, 0, 5);
  s.N = s.j - 1 + n + uniform(rng, 0, 5);
  s.mb = uniform(rng, 1, 9);
  s.nb = uniform(rng, 1, 9);
  s.rsrc = uniform(rng, 0, s.spec.nprow - 1);
  s.csrc = uniform(rng, 0, s.spec.npcol - 1);
  s.pad = uniform(rng, 0, 2);
  return s;
}

struct Case {
  int type = MR2D_D;
  bool trapezoidal = false, plan = false, reversed = false;
  char uplo = 'U', diag = 'N';
  int m = 0, n = 0;
  Side a, b;
};

Case make_case(std::mt19937_64& rng, int size) {
  Case c;
  c.type = uniform(rng, 0, 4);
  c.trapezoidal = uniform(rng, 0, 2) == 0;
  c.plan = uniform(rng, 0, 1) == 1;
  c.reversed = uniform(rng, 0, 1) == 1;
  c.uplo = "UL"[uniform(rng, 0, 1)];
  c.diag = "NU"[uniform(rng, 0, 1)];
  c.m = uniform(rng, 0, 9) == 0 ? 0 : uniform(rng, 1, 40);
  c.n = uniform(rng, 1, 40);
  std::vector<int> pool(static_cast<std::size_t>(size));
  for (int k = 0; k < size; ++k) pool[static_cast<std::size_t>(k)] = k;
  Spec sa = pick_spec(rng, pool, size, true);
  // Disjoint process sets where A's grid leaves room, else any overlap.
  if (!sa.ranks.empty() && sa.ranks.size() < pool.size() && uniform(rng, 0, 1) == 0)
    pool.erase(pool.begin(), pool.begin() + static_cast<long>(sa.ranks.size()));
  Spec sb = pick_spec(rng, pool, size, true);
  c.a = pick_side(rng, sa, c.m, c.n);
  c.b = pick_side(rng, sb, c.m, c.n);
  return c;
}

template <class T>
LocalArray<T> local_of(const Side& s, const Place& p, bool codes) {
  if (!p.member()) return {};
  LocalArray<T> arr;
  if (codes)
    fill_codes(arr, s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, p.myrow, s.spec.nprow, p.mycol, s.spec.npcol, s.pad);
  else
    arr = sentinel_array<T>(s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, p.myrow, s.spec.nprow, p.mycol, s.spec.npcol,
                            s.pad);
  return arr;
}

void desc_of(const Side& s, int ctxt, int lld, int d[9]) {
  const int v[9] = {1, ctxt, s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, lld};
  std::memcpy(d, v, sizeof v);
}

template <class T>
bool same(const LocalArray<T>& x, const LocalArray<T>& y) {
  return x.data.size() == y.data.size() &&
         (x.data.empty() || std::memcmp(x.data.data(), y.data.data(), x.data.size() * sizeof(T)) == 0);
}

// The comm entry (direct, or a plan executed twice) into b; its status.
int comm_call(const Case& c, const Comm& comm, const void* a, const int* desca, void* b, const int* descb,
              void* b_again) {
  const mr2d_grid ga = c.a.spec.grid(), gb = c.b.spec.grid();
  const char u[2] = {c.uplo, 0}, d[2] = {c.diag, 0};
  if (!c.plan)
    return c.trapezoidal ? mr2d_comm_trmr2d(comm.comm, c.type, u, d, c.m, c.n, a, c.a.i, c.a.j, desca, &ga, b,
                                            c.b.i, c.b.j, descb, &gb, nullptr)
                         : mr2d_comm_gemr2d(comm.comm, c.type, c.m, c.n, a, c.a.i, c.a.j, desca, &ga, b, c.b.i,
                                            c.b.j, descb, &gb, nullptr);
  mr2d_plan plan = nullptr;
  int s = c.trapezoidal ? mr2d_plan_create_comm_trmr2d(&plan, comm.comm, c.type, u, d, c.m, c.n, c.a.i, c.a.j,
                                                       desca, &ga, c.b.i, c.b.j, descb, &gb, nullptr)
                        : mr2d_plan_create_comm_gemr2d(&plan, comm.comm, c.type, c.m, c.n, c.a.i, c.a.j, desca,
                                                       &ga, c.b.i, c.b.j, descb, &gb, nullptr);
  if (s == MR2D_SUCCESS) s = mr2d_plan_execute(plan, a, b);
  if (s == MR2D_SUCCESS) s = mr2d_plan_execute(plan, a, b_again);
  mr2d_plan_destroy(&plan);
  return s;
}

template <class T>
int run_case(const Case& c, const Comm& comm, int union_ctxt, std::mt19937_64& junk) {
  const Place pa = blacs_grid(c.a.spec, comm), pb = blacs_grid(c.b.spec, comm);
  LocalArray<T> a = local_of<T>(c.a, pa, true);
  const LocalArray<T> b0 = local_of<T>(c.b, pb, false);
  LocalArray<T> b_ref = b0, b_ctx = b0, b_comm = b0, b_again = b0;
  int desca[9], descb[9];
  desc_of(c.a, pa.ctxt, a.lld, desca);
  desc_of(c.b, pb.ctxt, b0.lld, descb);
  // The comm entry ignores CTXT_; outside a grid its descriptor may be NULL.
  int cdesca[9], cdescb[9];
  std::memcpy(cdesca, desca, sizeof desca);
  std::memcpy(cdescb, descb, sizeof descb);
  cdesca[1] = cdescb[1] = static_cast<int>(junk() % 1000) + 7;
  const int* use_a = pa.member() || junk() % 2 ? cdesca : nullptr;
  const int* use_b = pb.member() || junk() % 2 ? cdescb : nullptr;
  const Calls& calls = kCalls[c.type];
  char u[2] = {c.uplo, 0}, d[2] = {c.diag, 0};
  int ref_a[9], ref_b[9];
  std::memcpy(ref_a, desca, sizeof desca);
  std::memcpy(ref_b, descb, sizeof descb);
  int ctx_status = 0;
  if (c.trapezoidal) {
    calls.ref_tr(u, d, c.m, c.n, a.ptr(), c.a.i, c.a.j, ref_a, b_ref.ptr(), c.b.i, c.b.j, ref_b, union_ctxt);
    ctx_status = calls.our_tr(u, d, c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, b_ctx.ptr(), c.b.i, c.b.j, descb,
                              union_ctxt);
  } else {
    calls.ref_ge(c.m, c.n, a.ptr(), c.a.i, c.a.j, ref_a, b_ref.ptr(), c.b.i, c.b.j, ref_b, union_ctxt);
    ctx_status = calls.our_ge(c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, b_ctx.ptr(), c.b.i, c.b.j, descb,
                              union_ctxt);
  }
  const int status = comm_call(c, comm, a.ptr(), use_a, b_comm.ptr(), use_b, b_again.ptr());
  int bad = 0;
  if (status != MR2D_SUCCESS || ctx_status != MR2D_SUCCESS) {
    std::fprintf(stderr, "status %d / %d: %s\n", status, ctx_status, mr2d_last_error());
    ++bad;
  }
  bad += !same(b_comm, b_ctx) || !same(b_comm, b_ref);
  if (c.plan) bad += !same(b_again, b_comm);
  if (pa.member()) Cblacs_gridexit(pa.ctxt);
  if (pb.member()) Cblacs_gridexit(pb.ctxt);
  return bad;
}

// Every process agrees that `bad` is zero everywhere.
bool all_good(int bad) {
  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total == 0;
}

// A matrix of an m x n window on the 1 x P grid in the default order, its
// first block on process (0, 0) (a legal source on any grid): this process's
// A (element codes), an unwritten B of the same layout, and their descriptor.
struct OnRow {
  Spec whole;
  Side side;
  LocalArray<double> a, b;
  int desc[9];
  OnRow(int rank, int size, unsigned seed, int m, int n) : whole{1, size, {}} {
    std::mt19937_64 rng(seed);
    side = pick_side(rng, whole, m, n);
    side.csrc = 0;
    const Place me{0, 0, rank};
    a = local_of<double>(side, me, true);
    b = local_of<double>(side, me, false);
    desc_of(side, -1, a.lld, desc);
  }
};

// Bad grid descriptions: MR2D_ERR_ARGUMENT on every process (direct and
// plan), the message naming the argument, B untouched; descriptions that
// disagree between processes: MR2D_ERR_INCONSISTENT.
int bad_grids(int rank, int size) {
  OnRow row(rank, size, 5, 6, 7);
  const Spec& whole = row.whole;
  const Side& side = row.side;
  LocalArray<double>& a = row.a;
  const LocalArray<double>& b0 = row.b;
  const int* desc = row.desc;
  const std::vector<int> twice{0, 0}, outside{size};
  struct Bad {
    const char* what;
    mr2d_grid grid;
    bool b_side;
    const char* text;
    int status = MR2D_ERR_ARGUMENT;
  };
  std::vector<Bad> cases = {
      {"shape 0 x 1", {0, 1, nullptr}, false, "(GRIDA) describes a 0 x 1 grid"},
      {"shape 1 x -2", {1, -2, nullptr}, true, "(GRIDB) describes a 1 x -2 grid"},
      {"too large", {size + 1, 1, nullptr}, true, "(GRIDB) has"},
      {"duplicate rank", {2, 1, twice.data()}, false, size >= 2 ? "holds rank 0 at two positions" : "(GRIDA)"},
      {"rank out of range", {1, 1, outside.data()}, true, "not a rank of the communicator"},
      {"bad on process 0 only", {rank == 0 ? 0 : 1, size, nullptr}, true, "(GRIDB)"},
  };
  if (size >= 2)
    cases.push_back({"shapes differ", {rank == 0 ? 1 : size, rank == 0 ? size : 1, nullptr}, false,
                     "(GRIDA) differs between processes", MR2D_ERR_INCONSISTENT});
  int failures = 0;
  for (const Bad& bad : cases) {
    const mr2d_grid good = whole.grid();
    const mr2d_grid& ga = bad.b_side ? good : bad.grid;
    const mr2d_grid& gb = bad.b_side ? bad.grid : good;
    LocalArray<double> b = b0;
    const int direct = mr2d_comm_gemr2d(MPI_COMM_WORLD, MR2D_D, 6, 7, a.ptr(), side.i, side.j, desc, &ga,
                                        b.ptr(), side.i, side.j, desc, &gb, nullptr);
    const std::string message = mr2d_last_error();
    mr2d_plan plan = reinterpret_cast<mr2d_plan>(&plan);
    const int planned = mr2d_plan_create_comm_trmr2d(&plan, MPI_COMM_WORLD, MR2D_D, "U", "N", 6, 7, side.i,
                                                     side.j, desc, &ga, side.i, side.j, desc, &gb, nullptr);
    const bool ok = direct == bad.status && planned == bad.status && plan == nullptr &&
                    same(b, b0) && message.find(bad.text) != std::string::npos;
    if (!ok)
      std::fprintf(stderr, "rank %d: bad grid '%s': %d %d: %s\n", rank, bad.what, direct, planned, message.c_str());
    failures += !all_good(!ok);
  }
  return failures;
}

// The C++ layer: the same data as the C entry, a plan from the factory, and
// an exception for a bad grid.
int cxx_layer(int rank, int size) {
  const Spec whole{size, 1, {}}, row{1, size, {}};
  std::mt19937_64 rng(9);
  const Side sa = pick_side(rng, whole, 11, 5), sb = pick_side(rng, row, 11, 5);
  const Place pa{0, rank, 0}, pb{0, 0, rank};
  LocalArray<double> a = local_of<double>(sa, pa, true);
  LocalArray<double> b_c = local_of<double>(sb, pb, false), b_cxx = b_c, b_plan = b_c;
  int da[9], db[9];
  desc_of(sa, -1, a.lld, da);
  desc_of(sb, -1, b_c.lld, db);
  const mr2d_grid ga = whole.grid(), gb = row.grid();
  int bad = mr2d_comm_gemr2d(MPI_COMM_WORLD, MR2D_D, 11, 5, a.ptr(), sa.i, sa.j, da, &ga, b_c.ptr(), sb.i, sb.j,
                             db, &gb, nullptr) != MR2D_SUCCESS;
  mr2d::comm_gemr2d<double>(MPI_COMM_WORLD, 11, 5, a.ptr(), sa.i, sa.j, da, ga, b_cxx.ptr(), sb.i, sb.j, db, gb);
  const auto plan = mr2d::comm_plan_gemr2d<double>(MPI_COMM_WORLD, 11, 5, sa.i, sa.j, da, ga, sb.i, sb.j, db, gb);
  plan.execute(a.ptr(), b_plan.ptr());
  bad += !same(b_c, b_cxx) || !same(b_c, b_plan);
  try {
    const mr2d_grid broken{0, 0, nullptr};
    mr2d::comm_trmr2d<double>(MPI_COMM_WORLD, 'L', 'N', 11, 5, a.ptr(), sa.i, sa.j, da, broken, b_cxx.ptr(), sb.i,
                              sb.j, db, gb);
    ++bad;
  } catch (const mr2d::Error& e) {
    bad += e.status() != MR2D_ERR_ARGUMENT;
  }
  return !all_good(bad);
}

// What mr2d keeps on a communicator goes with it: a repeated call reuses the
// prepared one, a plan on a freed communicator refuses to run, and many
// communicators created and freed in turn each work.
int release_on_free(int rank, int size) {
  OnRow row(rank, size, 3, 8, 8);
  const Side& side = row.side;
  LocalArray<double>& a = row.a;
  LocalArray<double>& b = row.b;
  const int* desc = row.desc;
  const mr2d_grid g = row.whole.grid();
  int bad = 0;
  mr2d_plan plan = nullptr;
  for (int round = 0; round < 40; ++round) {
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    mr2d_stats before, after;
    mr2d_get_stats(&before);
    for (int k = 0; k < 2; ++k)
      bad += mr2d_comm_gemr2d(comm, MR2D_D, 8, 8, a.ptr(), side.i, side.j, desc, &g, b.ptr(), side.i, side.j,
                              desc, &g, nullptr) != MR2D_SUCCESS;
    mr2d_get_stats(&after);
    bad += after.plans_reused - before.plans_reused != 1 || after.calls_gemr2d - before.calls_gemr2d != 2;
    if (round == 0)
      bad += mr2d_plan_create_comm_gemr2d(&plan, comm, MR2D_D, 8, 8, side.i, side.j, desc, &g, side.i, side.j,
                                          desc, &g, nullptr) != MR2D_SUCCESS;
    MPI_Comm_free(&comm);
  }
  bad += mr2d_plan_execute(plan, a.ptr(), b.ptr()) != MR2D_ERR_CONTEXT;
  mr2d_plan_destroy(&plan);
  return !all_good(bad);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  unsigned long long seed = 1;
  int cases = 60;
  for (int k = 1; k + 1 < argc; k += 2) {
    if (!std::strcmp(argv[k], "--seed")) seed = std::strtoull(argv[k + 1], nullptr, 10);
    if (!std::strcmp(argv[k], "--cases")) cases = std::atoi(argv[k + 1]);
  }
  Comm world{MPI_COMM_WORLD, {}}, reversed{MPI_COMM_NULL, {}};
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed.comm);
  for (int k = 0; k < size; ++k) {
    world.world_of.push_back(k);
    reversed.world_of.push_back(size - 1 - k);
  }
  int union_ctxt = 0;
  Cblacs_get(0, 0, &union_ctxt);
  Cblacs_gridinit(&union_ctxt, "R", 1, size);
  std::mt19937_64 rng(seed * 1000 + static_cast<unsigned long long>(size));
  std::mt19937_64 junk(seed * 7919 + static_cast<unsigned long long>(rank));
  int failures = 0, plans = 0, trapezoidal = 0;
  for (int k = 0; k < cases; ++k) {
    const Case c = make_case(rng, size);
    plans += c.plan;
    trapezoidal += c.trapezoidal;
    const int bad = with_element_type(c.type, [&](auto zero) {
      return run_case<decltype(zero)>(c, c.reversed ? reversed : world, union_ctxt, junk);
    });
    if (!all_good(bad)) {
      ++failures;
      if (rank == 0) std::fprintf(stderr, "FAILED case %d (--seed %llu)\n", k, seed);
    }
  }
  const int bad_grid_failures = bad_grids(rank, size);
  const int cxx_failures = cxx_layer(rank, size);
  const int release_failures = release_on_free(rank, size);
  if (rank == 0)
    std::printf("comm api: %d processes, %d cases (%d plans, %d trapezoidal): %d failed; bad grids %d, "
                "C++ %d, release %d failed\n",
                size, cases, plans, trapezoidal, failures, bad_grid_failures, cxx_failures, release_failures);
  MPI_Comm_free(&reversed.comm);
  Cblacs_gridexit(union_ctxt);
  MPI_Finalize();
  return failures + bad_grid_failures + cxx_failures + release_failures == 0 ? 0 : 1;
}

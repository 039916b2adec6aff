// SPDX-License-Identifier: BSD-3-Clause
// Benchmark of batched redistribution (bench/README.md, "Batch"): K matrices
// of N x N doubles moved from one layout to another on all processes, timed
// in one run for
//   batch      one mr2d batch plan of the K plans (one message per peer)
//   plans      the K mr2d plans executed one after the other
//   calls      K mr2d_pdgemr2d calls (the plan cache)
//   pdgemr2d   K calls of ScaLAPACK's Cpdgemr2d
// and the most messages any process sends per move, batch against plans.
// Each time is the slowest process's for the whole move of K matrices,
// median of --reps rounds in which the four take turns (timing.hpp,
// interleaved_medians). The batch's B arrays are first checked bit
// for bit against ScaLAPACK's.
//   mr2d_batch_bench [--k K] [--n N] [--reps R]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "mr2d/blacs.h"
#include "program_args.hpp"
#include "timing.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/scalapack.h"

extern "C" int numroc_(const int*, const int*, const int*, const int*, const int*);

namespace {

struct Grid {
  int ctxt = -1, nprow = 1, npcol = 1, myrow = -1, mycol = -1;
};

Grid make_grid(int nprow, int npcol) {
  Grid g;
  Cblacs_get(0, 0, &g.ctxt);
  Cblacs_gridinit(&g.ctxt, "R", nprow, npcol);
  Cblacs_gridinfo(g.ctxt, &g.nprow, &g.npcol, &g.myrow, &g.mycol);
  return g;
}

struct Local {
  std::vector<double> data;
  int desc[9] = {};
};

Local make_local(const Grid& g, int n, int mb, int nb) {
  Local l;
  const int zero = 0;
  const int rows = numroc_(&n, &mb, &g.myrow, &zero, &g.nprow);
  const int cols = numroc_(&n, &nb, &g.mycol, &zero, &g.npcol);
  const int lld = std::max(1, rows);
  l.data.assign(static_cast<std::size_t>(lld) * static_cast<std::size_t>(std::max(1, cols)), 0.0);
  const int d[9] = {1, g.ctxt, n, n, mb, nb, 0, 0, lld};
  std::memcpy(l.desc, d, sizeof d);
  return l;
}

void check(int status, const char* what) {
  if (status == MR2D_SUCCESS) return;
  std::fprintf(stderr, "mr2d_batch_bench: %s: %s\n", what, mr2d_last_error());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

long long most(long long mine) {
  long long all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  return all;
}

struct Layout {
  const char* name;
  int a_prow, a_pcol, a_mb, a_nb, b_prow, b_pcol, b_mb, b_nb;
};

void run(const Layout& lay, int k, int n, int reps, int ctxt_union, int rank) {
  const Grid ga = make_grid(lay.a_prow, lay.a_pcol), gb = make_grid(lay.b_prow, lay.b_pcol);
  std::vector<Local> a, b, ref;
  for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m) {
    a.push_back(make_local(ga, n, lay.a_mb, lay.a_nb));
    b.push_back(make_local(gb, n, lay.b_mb, lay.b_nb));
    for (std::size_t e = 0; e < a.back().data.size(); ++e)
      a.back().data[e] = static_cast<double>((e * 7 + static_cast<std::size_t>(m)) % 1000003) + 0.5 * rank;
  }
  ref = b;
  std::vector<mr2d_plan> plans(static_cast<std::size_t>(k), nullptr);
  for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m)
    check(mr2d_plan_create_gemr2d(&plans[static_cast<std::size_t>(m)], MR2D_D, n, n, 1, 1, a[m].desc, 1, 1,
                                  b[m].desc, ctxt_union, nullptr),
          "mr2d_plan_create_gemr2d");
  mr2d_plan batch = nullptr;
  check(mr2d_plan_create_batch(&batch, k, plans.data(), nullptr), "mr2d_plan_create_batch");
  std::vector<const void*> as;
  std::vector<void*> bs;
  for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m) {
    as.push_back(a[m].data.data());
    bs.push_back(b[m].data.data());
  }
  check(mr2d_plan_execute_batch(batch, as.data(), bs.data()), "mr2d_plan_execute_batch");
  for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m)
    Cpdgemr2d(n, n, a[m].data.data(), 1, 1, a[m].desc, ref[m].data.data(), 1, 1, ref[m].desc, ctxt_union);
  int wrong = 0;
  for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m) wrong |= b[m].data != ref[m].data;
  if (most(wrong)) {
    if (rank == 0) std::fprintf(stderr, "mr2d_batch_bench: the batch differs from ScaLAPACK\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  mr2d_plan_info info, one;
  mr2d_plan_query(batch, &info);
  long long plan_messages = 0;
  for (mr2d_plan p : plans) {
    mr2d_plan_query(p, &one);
    plan_messages += one.messages_sent;
  }
  const long long batch_msgs = most(info.messages_sent), plans_msgs = most(plan_messages);

  const std::vector<double> t = mr2d::bench::interleaved_medians(
      reps, {[&] { check(mr2d_plan_execute_batch(batch, as.data(), bs.data()), "batch"); },
             [&] {
               for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m)
                 check(mr2d_plan_execute(plans[m], as[m], bs[m]), "plan");
             },
             [&] {
               for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m)
                 check(mr2d_pdgemr2d(n, n, a[m].data.data(), 1, 1, a[m].desc, b[m].data.data(), 1, 1, b[m].desc,
                                     ctxt_union),
                       "mr2d_pdgemr2d");
             },
             [&] {
               for (std::size_t m = 0; m < static_cast<std::size_t>(k); ++m)
                 Cpdgemr2d(n, n, a[m].data.data(), 1, 1, a[m].desc, b[m].data.data(), 1, 1, b[m].desc, ctxt_union);
             }});
  const double t_batch = t[0], t_plans = t[1], t_calls = t[2], t_scalapack = t[3];
  if (rank == 0)
    std::printf("%-26s %9.5f %9.5f %9.5f %9.5f | %5lld %5lld | %6.2f %6.2f %6.1f\n", lay.name, t_batch, t_plans,
                t_calls, t_scalapack, batch_msgs, plans_msgs, t_plans / t_batch, t_calls / t_batch,
                t_scalapack / t_batch);
  mr2d_plan_destroy(&batch);
  for (mr2d_plan& p : plans) mr2d_plan_destroy(&p);
}

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(
      argc, argv,
      "usage: mr2d_batch_bench [--k K] [--n N] [--reps R]\n"
      "  times moving K matrices (default 8) of N x N doubles (default 1000) between\n"
      "  two layouts on all processes: one mr2d batch, the K plans, K direct calls and\n"
      "  K pdgemr2d calls, median of R rounds (default 9). Run under mpirun.\n"
      "  Guide: bench/README.md, \"Batch\"\n");
  int k = 8, n = 1000, reps = 9;
  args.options([&](const std::string& name, const char* value) {
    if (name == "--k") k = static_cast<int>(args.integer(value, name, 1, 1024));
    else if (name == "--n") n = static_cast<int>(args.integer(value, name, 1, 46340));
    else if (name == "--reps") reps = static_cast<int>(args.integer(value, name, 1, 1000000));
    else return false;
    return true;
  });
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  int p = 1;  // the squarest grid of all processes: p x q
  for (int d = 1; d * d <= world; ++d)
    if (world % d == 0) p = d;
  const int q = world / p;
  const Grid u = make_grid(1, world);
  const std::string square = std::to_string(p) + "x" + std::to_string(q);
  const std::string c1 = square + ":36 -> " + square + ":128";
  const std::string c2 = "1x" + std::to_string(world) + " cols -> " + std::to_string(world) + "x1 rows";
  const std::string c3 = square + ":64 -> " + std::to_string(q) + "x" + std::to_string(p) + ":100x37";
  const int whole = n, strip = (n + world - 1) / world;
  const Layout layouts[] = {{c1.c_str(), p, q, 36, 36, p, q, 128, 128},
                            {c2.c_str(), 1, world, whole, strip, world, 1, strip, whole},
                            {c3.c_str(), p, q, 64, 64, q, p, 100, 37}};
  if (rank == 0)
    std::printf("batch: %d matrices of %d x %d doubles, %d processes, seconds per move of all %d, median of %d\n"
                "%-26s %9s %9s %9s %9s | %5s %5s | %6s %6s %6s\n",
                k, n, n, world, k, reps, "layouts", "batch", "plans", "calls", "pdgemr2d", "msg-b", "msg-p",
                "plans/b", "calls/b", "scal/b");
  for (const Layout& l : layouts) run(l, k, n, reps, u.ctxt, rank);
  MPI_Finalize();
  return 0;
}

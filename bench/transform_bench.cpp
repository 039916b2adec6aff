// SPDX-License-Identifier: BSD-3-Clause
// Benchmark of the transpose (issue targets in bench/README.md, "Transpose"):
// C := A' for an N x N matrix of doubles on one grid of all processes (1 x 2
// for 2 processes, 2 x 2 for 4), blocks MBA -> MBC, timed in one run for
//   mr2d-plan   mr2d_plan_execute_transform (plan made once)
//   mr2d        mr2d_transform (the plan cache)
//   pdtran      ScaLAPACK's PBLAS pdtran_
//   gemr2d      mr2d's own p?gemr2d plan between the same layouts (no transpose)
//   costa       COSTA's transform with 'T' (with -DMR2D_BENCH_COSTA=ON)
// Each time is the slowest process's, median of --reps rounds in which the
// variants take turns (timing.hpp, interleaved_medians). mr2d's
// result is checked bit for bit against pdtran's before timing.
//   mr2d_transform_bench [--n N] [--reps R] [--blocks MBA:MBC[,MBA:MBC...]]
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

#ifdef MR2D_BENCH_WITH_COSTA
#include <costa/grid2grid/transform.hpp>
#include <costa/layout.hpp>
#endif

extern "C" int numroc_(const int*, const int*, const int*, const int*, const int*);

namespace {

struct Grid {
  int ctxt = -1, nprow = 1, npcol = 1, myrow = 0, mycol = 0, rank = 0;
};

struct Local {
  int rows = 0, cols = 0, lld = 1;
  std::vector<double> data;
  int desc[9] = {};
};

Local make_local(const Grid& g, int n, int mb) {
  Local l;
  const int zero = 0;
  l.rows = numroc_(&n, &mb, &g.myrow, &zero, &g.nprow);
  l.cols = numroc_(&n, &mb, &g.mycol, &zero, &g.npcol);
  l.lld = std::max(1, l.rows);
  l.data.assign(static_cast<std::size_t>(l.lld) * static_cast<std::size_t>(std::max(1, l.cols)), 0.0);
  const int d[9] = {1, g.ctxt, n, n, mb, mb, 0, 0, l.lld};
  std::memcpy(l.desc, d, sizeof d);
  return l;
}

void fail(const char* what) {
  std::fprintf(stderr, "mr2d_transform_bench: %s: %s\n", what, mr2d_last_error());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(
      argc, argv,
      "usage: mr2d_transform_bench [--n N] [--reps R] [--blocks MBA:MBC[,MBA:MBC...]]\n"
      "  times C := A' for an N x N matrix of doubles (default 4000) on a grid of all\n"
      "  processes, blocks MBA -> MBC (default 64:64,36:128): mr2d's plan and direct\n"
      "  call, pdtran, a gemr2d plan (and COSTA when built with it), median of R\n"
      "  rounds (default 7). Run under mpirun. Guide: bench/README.md, \"Transpose\"\n");
  int n = 4000, reps = 7;
  std::string blocks = "64:64,36:128";
  args.options([&](const std::string& name, const char* value) {
    if (name == "--n") n = static_cast<int>(args.integer(value, name, 1, 46340));
    else if (name == "--reps") reps = static_cast<int>(args.integer(value, name, 1, 1000000));
    else if (name == "--blocks") blocks = value;
    else return false;
    return true;
  });
  // Every block size of the list a positive integer: "MBA:MBC" pairs, commas between.
  for (std::size_t at = 0; at <= blocks.size();) {
    const std::size_t comma = std::min(blocks.find(',', at), blocks.size());
    const std::string spec = blocks.substr(at, comma - at);
    const std::size_t colon = spec.find(':');
    if (colon == std::string::npos) args.reject("--blocks: '" + spec + "' is not MBA:MBC");
    args.integer(spec.substr(0, colon).c_str(), "--blocks MBA", 1, 46340);
    args.integer(spec.substr(colon + 1).c_str(), "--blocks MBC", 1, 46340);
    at = comma + 1;
  }
  MPI_Init(&argc, &argv);
  Grid g;
  int world = 1;
  Cblacs_pinfo(&g.rank, &world);
  // The squarest grid of all processes, row-major (COSTA's 'R' order).
  for (int p = 1; p * p <= world; ++p)
    if (world % p == 0) g.nprow = p;
  g.npcol = world / g.nprow;
  Cblacs_get(0, 0, &g.ctxt);
  Cblacs_gridinit(&g.ctxt, "R", g.nprow, g.npcol);
  Cblacs_gridinfo(g.ctxt, &g.nprow, &g.npcol, &g.myrow, &g.mycol);
  if (g.rank == 0)
    std::printf("transpose: %d x %d doubles, %d processes (%dx%d grid), median of %d\n"
                "%-9s %10s %10s %10s %10s %10s | %9s %9s %9s\n",
                n, n, world, g.nprow, g.npcol, reps, "blocks", "mr2d-plan", "mr2d", "pdtran", "gemr2d",
                "costa", "pdtran/x", "costa/x", "x/gemr2d");
  std::size_t at = 0;
  while (at < blocks.size()) {
    const std::size_t comma = std::min(blocks.find(',', at), blocks.size());
    const std::string spec = blocks.substr(at, comma - at);
    at = comma + 1;
    const int mba = std::atoi(spec.c_str()), mbc = std::atoi(spec.substr(spec.find(':') + 1).c_str());
    Local a = make_local(g, n, mba), c = make_local(g, n, mbc), ref = c;
    for (std::size_t k = 0; k < a.data.size(); ++k) a.data[k] = static_cast<double>(k % 1000003) + 0.25 * g.rank;
    const double one = 1, zero = 0;
    const int ione = 1;
    pdtran_(&n, &n, &one, a.data.data(), &ione, &ione, a.desc, &zero, ref.data.data(), &ione, &ione, ref.desc);
    if (mr2d_transform(MR2D_D, "T", n, n, &one, a.data.data(), 1, 1, a.desc, &zero, c.data.data(), 1, 1, c.desc, g.ctxt))
      fail("mr2d_transform");
    int wrong = std::memcmp(c.data.data(), ref.data.data(), c.data.size() * sizeof(double)) != 0, any = 0;
    MPI_Allreduce(&wrong, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any) {
      if (g.rank == 0) std::fprintf(stderr, "mr2d_transform_bench: mr2d differs from pdtran\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    mr2d_plan tplan = nullptr, gplan = nullptr;
    if (mr2d_plan_create_transform(&tplan, MR2D_D, "T", n, n, 1, 1, a.desc, 1, 1, c.desc, g.ctxt, nullptr))
      fail("mr2d_plan_create_transform");
    if (mr2d_plan_create_gemr2d(&gplan, MR2D_D, n, n, 1, 1, a.desc, 1, 1, c.desc, g.ctxt, nullptr))
      fail("mr2d_plan_create_gemr2d");
    std::vector<std::function<void()>> variants = {
        [&] {
          if (mr2d_plan_execute_transform(tplan, &one, a.data.data(), &zero, c.data.data())) fail("execute");
        },
        [&] {
          if (mr2d_transform(MR2D_D, "T", n, n, &one, a.data.data(), 1, 1, a.desc, &zero, c.data.data(), 1, 1,
                             c.desc, g.ctxt))
            fail("mr2d_transform");
        },
        [&] { pdtran_(&n, &n, &one, a.data.data(), &ione, &ione, a.desc, &zero, c.data.data(), &ione, &ione, c.desc); },
        [&] {
          if (mr2d_plan_execute(gplan, a.data.data(), c.data.data())) fail("gemr2d");
        }};
#ifdef MR2D_BENCH_WITH_COSTA
    auto from = costa::block_cyclic_layout<double>(n, n, mba, mba, 1, 1, n, n, g.nprow, g.npcol, 'R', 0, 0,
                                                   a.data.data(), a.lld, 'C', g.rank);
    auto to = costa::block_cyclic_layout<double>(n, n, mbc, mbc, 1, 1, n, n, g.nprow, g.npcol, 'R', 0, 0,
                                                 c.data.data(), c.lld, 'C', g.rank);
    costa::transform<double>(from, to, 'T', 1.0, 0.0, MPI_COMM_WORLD);
    wrong = std::memcmp(c.data.data(), ref.data.data(), c.data.size() * sizeof(double)) != 0;
    MPI_Allreduce(&wrong, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any && g.rank == 0) std::fprintf(stderr, "note: COSTA's result differs from pdtran's\n");
    variants.push_back([&] { costa::transform<double>(from, to, 'T', 1.0, 0.0, MPI_COMM_WORLD); });
#endif
    const std::vector<double> t = mr2d::bench::interleaved_medians(reps, variants);
    const double t_plan = t[0], t_call = t[1], t_pdtran = t[2], t_gemr2d = t[3];
    const double t_costa = t.size() > 4 ? t[4] : 0;
    mr2d_plan_destroy(&tplan);
    mr2d_plan_destroy(&gplan);
    if (g.rank == 0) {
      char costa_col[32] = "n/a", costa_ratio[32] = "n/a";
      if (t_costa > 0) {
        std::snprintf(costa_col, sizeof costa_col, "%.4f", t_costa);
        std::snprintf(costa_ratio, sizeof costa_ratio, "%.2f", t_costa / t_plan);
      }
      std::printf("%-9s %10.4f %10.4f %10.4f %10.4f %10s | %9.2f %9s %9.2f\n", spec.c_str(), t_plan, t_call,
                  t_pdtran, t_gemr2d, costa_col, t_pdtran / t_plan, costa_ratio, t_plan / t_gemr2d);
    }
  }
  MPI_Finalize();
  return 0;
}

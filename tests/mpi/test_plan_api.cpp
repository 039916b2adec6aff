// SPDX-License-Identifier: BSD-3-Clause
// Persistent plans: created once, executed several times on fresh arrays; the
// data must be right every time and the plan's statistics must equal what the
// library actually moved (its counters). Runs on any number of processes.
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"

using namespace mr2d_test;

namespace {

struct Layout {
  int M, N, mb, nb, rsrc, csrc;
};

LocalArray<double> alloc(const Layout& l, const Grid& g, int pad) {
  if (!g.member()) return {};
  return sentinel_array<double>(l.M, l.N, l.mb, l.nb, l.rsrc, l.csrc, g.myrow, g.nprow, g.mycol,
                                g.npcol, pad);
}

void desc_of(const Layout& l, const Grid& g, int lld, int d[9]) {
  const int v[9] = {1, g.member() ? g.ctxt : -1, l.M, l.N, l.mb, l.nb, l.rsrc, l.csrc, lld};
  std::memcpy(d, v, sizeof v);
}

int run(const Grid& ga, const Grid& gb, const Grid& gu, const Layout& la, const Layout& lb,
        bool trapezoidal, int rank) {
  const int m = std::min(la.M, lb.M) - 2, n = std::min(la.N, lb.N) - 3;
  int desca[9], descb[9];
  LocalArray<double> a = alloc(la, ga, 0);
  LocalArray<double> probe = alloc(lb, gb, 1);
  desc_of(la, ga, a.lld, desca);
  desc_of(lb, gb, probe.lld, descb);
  mr2d_plan plan = nullptr;
  int status = trapezoidal
                   ? mr2d_plan_create_trmr2d(&plan, MR2D_D, "L", "N", m, n, 2, 1, desca, 1, 3, descb, gu.ctxt, nullptr)
                   : mr2d_plan_create_gemr2d(&plan, MR2D_D, m, n, 2, 1, desca, 1, 3, descb, gu.ctxt, nullptr);
  if (status != MR2D_SUCCESS) return 1;
  mr2d_plan_info info;
  mr2d_plan_query(plan, &info);
  int bad = 0;
  for (int round = 0; round < 3; ++round) {
    for (int c = 0; c < a.cols; ++c)
      for (int r = 0; r < a.rows; ++r)
        a.at(r, c) = round * 1e7 + code_of<double>(global_of(r, la.mb, ga.myrow, la.rsrc, ga.nprow),
                                                   global_of(c, la.nb, ga.mycol, la.csrc, ga.npcol));
    LocalArray<double> b = alloc(lb, gb, 1);  // a new B every round
    mr2d_stats before, after;
    mr2d_get_stats(&before);
    bad += mr2d_plan_execute(plan, a.ptr(), b.ptr()) != MR2D_SUCCESS;
    mr2d_get_stats(&after);
    bad += after.bytes_sent - before.bytes_sent != info.bytes_sent;
    bad += after.bytes_received - before.bytes_received != info.bytes_received;
    bad += after.bytes_local - before.bytes_local != info.bytes_local;
    bad += after.messages_sent - before.messages_sent != info.messages_sent;
    for (int c = 0; c < b.cols; ++c)
      for (int r = 0; r < b.lld; ++r) {
        double expect = sentinel<double>();
        if (r < b.rows) {
          int i = global_of(r, lb.mb, gb.myrow, lb.rsrc, gb.nprow);
          int j = global_of(c, lb.nb, gb.mycol, lb.csrc, gb.npcol) - 2;
          if (i < m && j >= 0 && j < n && (!trapezoidal || i >= j))
            expect = round * 1e7 + code_of<double>(i + 1, j);
        }
        bad += !same_bits(b.at(r, c), expect);
      }
  }
  long long sent = info.bytes_sent, received = info.bytes_received, totals[2];
  long long mine[2] = {sent, received};
  MPI_Allreduce(mine, totals, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  bad += totals[0] != totals[1];  // what leaves somewhere arrives somewhere
  if (rank == 0)
    std::printf("  %s %s -> %s: %lld bytes moved, lower bound %lld steps, predicted %.2e s\n",
                trapezoidal ? "trmr2d" : "gemr2d", ga.name.c_str(), gb.name.c_str(), totals[0],
                info.steps_lower_bound, info.predicted_seconds);
  mr2d_plan_destroy(&plan);
  bad += plan != nullptr;
  // The C++ layer builds the same plan.
  if (!trapezoidal) {
    mr2d::Plan<double> cxx(m, n, 2, 1, desca, 1, 3, descb, gu.ctxt, nullptr);
    bad += cxx.info().bytes_sent != info.bytes_sent;
    LocalArray<double> b = alloc(lb, gb, 1);
    cxx.execute(a.ptr(), b.ptr());
  }
  return bad;
}

}  // namespace

// The C++ layer reports errors as exceptions carrying the status.
int cxx_error_is_thrown(const Grid& gu) {
  int desc[9] = {1, -1, 4, 4, 0, 1, 0, 0, 1};
  try {
    mr2d::gemr2d<double>(-1, 2, nullptr, 1, 1, desc, nullptr, 1, 1, desc, gu.ctxt);
  } catch (const mr2d::Error& e) {
    return e.status() == MR2D_ERR_ARGUMENT ? 0 : 1;
  }
  return 1;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  Grid gu = make_grid(1, world, "R", {});
  Grid row = make_grid(world, 1, "R", {});
  Grid col = make_grid(1, world, "C", {});
  Grid square = make_grid(world >= 4 ? 2 : 1, world >= 4 ? 2 : 1, "C", {});
  const Layout la{40, 33, 4, 5, 0, 0}, lb{37, 41, 3, 2, 0, 0};
  int failures = 0, cases = 0;
  for (const Grid* ga : {&row, &square})
    for (const Grid* gb : {&col, &square})
      for (bool tr : {false, true}) {
        int bad = run(*ga, *gb, gu, la, lb, tr, rank), total = 0;
        MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        failures += total > 0;
        ++cases;
      }
  {
    int bad = cxx_error_is_thrown(gu), total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    failures += total > 0;
    ++cases;
  }
  if (rank == 0) std::printf("plan api: %d passed, %d failed\n", cases - failures, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

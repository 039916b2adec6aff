// SPDX-License-Identifier: BSD-3-Clause
// The plan cache behind repeated ScaLAPACK-style calls: an identical repeat is
// served from the cache on every process, and any change anywhere (one
// process's LLD, a grid released and rebuilt under the same handle with the
// processes placed differently) is planned anew. Data are checked every time.
// Runs on 4 processes.
#include <mpi.h>

#include <cstdio>
#include <cstring>

#include "grids.hpp"
#include "local_matrix.hpp"

using namespace mr2d_test;

namespace {

const int M = 23, N = 19, MBA = 3, NBA = 4, MBB = 5, NBB = 2;

// One call A (2x2 grid `ga`) -> B (4x1 grid `gb`), B padded by `pad`; returns
// wrong elements plus 1000 if the cache-hit counter moved unlike `expect_hit`.
int call(const Grid& ga, const Grid& gb, const Grid& gu, int pad, bool expect_hit) {
  LocalArray<double> a, b;
  int desca[9] = {1, -1, M, N, MBA, NBA, 0, 0, 1}, descb[9] = {1, -1, M, N, MBB, NBB, 0, 0, 1};
  if (ga.member()) {
    fill_codes(a, M, N, MBA, NBA, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol);
    desca[1] = ga.ctxt;
    desca[8] = a.lld;
  }
  if (gb.member()) {
    b.rows = numroc(M, MBB, gb.myrow, 0, gb.nprow);
    b.cols = numroc(N, NBB, gb.mycol, 0, gb.npcol);
    b.lld = b.rows + pad;
    b.data.assign(static_cast<std::size_t>(b.lld * b.cols), sentinel<double>());
    descb[1] = gb.ctxt;
    descb[8] = b.lld;
  }
  mr2d_stats before, after;
  mr2d_get_stats(&before);
  int bad = mr2d_pdgemr2d(M - 1, N - 2, a.ptr(), 2, 3, desca, b.ptr(), 1, 1, descb, gu.ctxt);
  mr2d_get_stats(&after);
  if ((after.plans_reused - before.plans_reused) != (expect_hit ? 1 : 0)) bad += 1000;
  for (int c = 0; c < b.cols; ++c)
    for (int r = 0; r < b.lld; ++r) {
      double expect = sentinel<double>();
      int i = global_of(r, MBB, gb.myrow, 0, gb.nprow), j = global_of(c, NBB, gb.mycol, 0, gb.npcol);
      if (r < b.rows && i < M - 1 && j < N - 2) expect = code_of<double>(i + 1, j + 2);
      bad += !same_bits(b.at(r, c), expect);
    }
  return bad;
}

int collective(int bad) {
  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  if (!world_is(4, world, rank, "test_plan_cache")) {
    MPI_Finalize();
    return 2;
  }
  Grid gu = make_grid(1, 4, "R", {});
  Grid gb = make_grid(4, 1, "C", {});
  Grid ga = make_grid(2, 2, "R", {});
  int failures = 0;
  auto step = [&](const char* what, int bad) {
    int total = collective(bad);
    if (rank == 0) std::printf("%-60s %s\n", what, total ? "FAILED" : "ok");
    failures += total > 0;
  };
  step("first call plans", call(ga, gb, gu, 1, false));
  step("identical repeat is served from the cache", call(ga, gb, gu, 1, true));
  step("one process changes its LLD: planned anew", call(ga, gb, gu, rank == 2 ? 3 : 1, false));
  step("the first arguments again: still cached", call(ga, gb, gu, 1, true));
  const int old_handle = ga.ctxt;
  if (ga.member()) Cblacs_gridexit(ga.ctxt);
  Grid ga2 = make_grid(2, 2, "C", {});  // same shape, processes placed column-major
  int reused = ga2.ctxt == old_handle ? 1 : 0, all_reused = 0;
  MPI_Allreduce(&reused, &all_reused, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (rank == 0) std::printf("(rebuilt grid %s the old context handle)\n", all_reused ? "reuses" : "does not reuse");
  step("grid rebuilt with other placement: planned anew", call(ga2, gb, gu, 1, false));
  step("repeat on the rebuilt grid is cached", call(ga2, gb, gu, 1, true));
  if (rank == 0) std::printf("plan cache: %d failed\n", failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

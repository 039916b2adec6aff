// SPDX-License-Identifier: BSD-3-Clause
// Rank relabelling end to end on 4 processes: B's grid is made with
// Cblacs_gridmap from the computed usermap, and then (1) the bytes each
// process keeps, summed from mr2d_get_stats, equal the report's kept bytes,
// for the relabelled grid and for the default-order grid alike, and (2) B
// holds, padding included, exactly what ScaLAPACK's Cpdgemr2d / Cpdtrmr2d
// write into the same grid.
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

struct Case {
  const char* name;
  int m, n;
  mr2d_layout a, b;  // a on a 2x2 grid, b on a 4x1 one
  bool trapezoidal;
};

LocalArray<double> alloc(const mr2d_layout& l, const Grid& g, int pad) {
  if (!g.member()) return {};
  return sentinel_array<double>(l.rows, l.cols, l.mb, l.nb, l.rsrc, l.csrc, g.myrow, g.nprow, g.mycol,
                                g.npcol, pad);
}

void desc_of(const mr2d_layout& l, const Grid& g, int lld, int d[9]) {
  const int v[9] = {1, g.member() ? g.ctxt : -1, l.rows, l.cols, l.mb, l.nb, l.rsrc, l.csrc, lld};
  std::memcpy(d, v, sizeof v);
}

// Copies with mr2d into B on grid gb; returns the bytes kept on all processes
// together and leaves B in `b`.
long long copy_with_mr2d(const Case& c, const Grid& ga, const Grid& gb, int union_ctxt,
                         LocalArray<double>& a, LocalArray<double>& b, int& bad) {
  int desca[9], descb[9];
  desc_of(c.a, ga, a.lld, desca);
  desc_of(c.b, gb, b.lld, descb);
  mr2d_stats before, after;
  mr2d_get_stats(&before);
  const int status = c.trapezoidal
                         ? mr2d_trmr2d(MR2D_D, "L", "N", c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, b.ptr(),
                                       c.b.i, c.b.j, descb, union_ctxt)
                         : mr2d_gemr2d(MR2D_D, c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, b.ptr(), c.b.i,
                                       c.b.j, descb, union_ctxt);
  mr2d_get_stats(&after);
  bad += status != MR2D_SUCCESS;
  long long mine = after.bytes_local - before.bytes_local, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  return all;
}

int run(const Case& c, const Grid& ga, int union_ctxt, int rank) {
  const std::vector<int> a_usermap{0, 2, 1, 3};  // Cblacs_gridinit "R" on 2x2: rank 2r + c at (r, c)
  std::vector<int> usermap(4, -1);
  mr2d_relabel_report report{};
  const int status = c.trapezoidal
                         ? mr2d_relabel_trmr2d(MR2D_D, "L", "N", c.m, c.n, &c.a, a_usermap.data(), &c.b,
                                               nullptr, 4, usermap.data(), &report)
                         : mr2d_relabel_gemr2d(MR2D_D, c.m, c.n, &c.a, a_usermap.data(), &c.b, nullptr, 4,
                                               usermap.data(), &report);
  if (status != MR2D_SUCCESS) {
    std::fprintf(stderr, "%s: %s\n", c.name, mr2d_last_error());
    return 1;
  }
  int bad = 0;
  // The C++ layer gives the same placement.
  const mr2d::Relabelling cxx = c.trapezoidal
                                    ? mr2d::relabel_ranks<double>('L', 'N', c.m, c.n, c.a, a_usermap, c.b, {0, 1, 2, 3})
                                    : mr2d::relabel_ranks<double>(c.m, c.n, c.a, a_usermap, c.b, {0, 1, 2, 3});
  bad += cxx.usermap != usermap || cxx.report.bytes_moved != report.bytes_moved;

  const Grid relabelled = make_grid(4, 1, "", usermap);
  const Grid by_default = make_grid(4, 1, "R", {});
  LocalArray<double> a;
  if (ga.member())
    fill_codes(a, c.a.rows, c.a.cols, c.a.mb, c.a.nb, c.a.rsrc, c.a.csrc, ga.myrow, ga.nprow, ga.mycol,
               ga.npcol);
  const long long kept = report.bytes_total - report.bytes_moved;
  const long long kept_default = report.bytes_total - report.bytes_moved_default;

  LocalArray<double> ours = alloc(c.b, relabelled, 2), theirs = alloc(c.b, relabelled, 2);
  const long long local = copy_with_mr2d(c, ga, relabelled, union_ctxt, a, ours, bad);
  LocalArray<double> plain = alloc(c.b, by_default, 2);
  const long long local_default = copy_with_mr2d(c, ga, by_default, union_ctxt, a, plain, bad);
  bad += local != kept || local_default != kept_default;

  int desca[9], descb[9];
  desc_of(c.a, ga, a.lld, desca);
  desc_of(c.b, relabelled, theirs.lld, descb);
  char uplo[] = "L", diag[] = "N";
  if (c.trapezoidal)
    Cpdtrmr2d(uplo, diag, c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, theirs.ptr(), c.b.i, c.b.j, descb, union_ctxt);
  else
    Cpdgemr2d(c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, theirs.ptr(), c.b.i, c.b.j, descb, union_ctxt);
  for (std::size_t k = 0; k < ours.data.size(); ++k) bad += !same_bits(ours.data[k], theirs.data[k]);

  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("%-30s usermap %d %d %d %d: kept %lld bytes (%lld counted), default order %lld (%lld): %s\n",
                c.name, usermap[0], usermap[1], usermap[2], usermap[3], kept, local, kept_default,
                local_default, total ? "FAILED" : "ok");
  if (relabelled.member()) Cblacs_gridexit(relabelled.ctxt);
  if (by_default.member()) Cblacs_gridexit(by_default.ctxt);
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  if (!world_is(4, world, rank, "test_relabel")) {
    MPI_Finalize();
    return 1;
  }
  // One pass moves the data: the kept bytes are then exactly the placement's.
  mr2d_options options;
  mr2d_get_options(&options);
  options.phases = MR2D_PHASES_ONE;
  mr2d_set_options(&options);

  const Grid all = make_grid(1, 4, "R", {});
  const Grid ga = make_grid(2, 2, "R", {});
  const Case cases[] = {
      {"2x2:2x2 -> 4x1:2x64", 400, 400, {400, 400, 2, 2, 0, 0, 1, 1, 2, 2}, {400, 400, 2, 64, 0, 0, 1, 1, 4, 1}, false},
      {"offsets and sources", 301, 257, {330, 270, 3, 5, 1, 0, 7, 4, 2, 2}, {320, 290, 4, 9, 2, 0, 12, 30, 4, 1}, false},
      {"trapezoid", 290, 200, {300, 300, 6, 4, 0, 1, 3, 2, 2, 2}, {320, 210, 2, 8, 3, 0, 1, 5, 4, 1}, true},
  };
  int failures = 0;
  for (const Case& c : cases) failures += run(c, ga, all.ctxt, rank);
  if (ga.member()) Cblacs_gridexit(ga.ctxt);
  Cblacs_gridexit(all.ctxt);
  Cblacs_exit(1);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

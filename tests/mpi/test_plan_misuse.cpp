// SPDX-License-Identifier: BSD-3-Clause
// Plans used against the rules must end in an error, never in a crash or in
// wrong data: (1) a plan executed after its grids were exited, also when new
// grids took the same handles; (2) two plans executed in a different order on
// different processes; (3) M = 0 on one process only, which returns at once
// without communicating, as ScaLAPACK does (documented in mr2d.h); (4) alpha
// and beta passed to a plan that is no transform; (5) a sender that exits
// its grids right after sending, before its receiver started reading. Runs on
// 2 processes.
#include <mpi.h>
#include <time.h>

#include <algorithm>
#include <cstdio>

#include "grids.hpp"
#include "local_matrix.hpp"

using namespace mr2d_test;

namespace {

const int M = 64, N = 48;

struct Setup {
  Grid ga, gb, gu;
  LocalArray<double> a, b;
  int desca[9], descb[9];
};

// A on a 1x2 grid with mb x nb blocks -> B on a 2x1 grid with 7x3 blocks.
void setup(Setup& s, int mb, int nb) {
  s.gu = make_grid(1, 2, "R", {});
  s.ga = make_grid(1, 2, "R", {});
  s.gb = make_grid(2, 1, "C", {});
  fill_codes(s.a, M, N, mb, nb, 0, 0, s.ga.myrow, s.ga.nprow, s.ga.mycol, s.ga.npcol);
  s.b.rows = numroc(M, 7, s.gb.myrow, 0, s.gb.nprow);
  s.b.cols = numroc(N, 3, s.gb.mycol, 0, s.gb.npcol);
  s.b.lld = s.b.rows;
  s.b.data.assign(static_cast<std::size_t>(s.b.lld * s.b.cols), sentinel<double>());
  const int da[9] = {1, s.ga.ctxt, M, N, mb, nb, 0, 0, s.a.lld};
  const int db[9] = {1, s.gb.ctxt, M, N, 7, 3, 0, 0, s.b.lld};
  for (int k = 0; k < 9; ++k) {
    s.desca[k] = da[k];
    s.descb[k] = db[k];
  }
}

// Elements of B that are neither the right value nor untouched.
long long corrupt(Setup& s) {
  long long bad = 0;
  for (int c = 0; c < s.b.cols; ++c)
    for (int r = 0; r < s.b.rows; ++r) {
      const double right = code_of<double>(global_of(r, 7, s.gb.myrow, 0, 2), global_of(c, 3, 0, 0, 1));
      bad += !same_bits(s.b.at(r, c), right) && !same_bits(s.b.at(r, c), sentinel<double>());
    }
  return bad;
}

void exit_grids(Setup& s) {
  for (Grid* g : {&s.ga, &s.gb, &s.gu})
    if (g->member()) Cblacs_gridexit(g->ctxt);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  if (!world_is(2, world, rank, "test_plan_misuse")) {
    MPI_Finalize();
    return 2;
  }
  int failed = 0;

  // (1) Grids exited, then new grids on the same handles.
  {
    Setup s;
    setup(s, 4, 5);
    mr2d_plan plan = nullptr;
    int st = mr2d_plan_create_gemr2d(&plan, MR2D_D, M, N, 1, 1, s.desca, 1, 1, s.descb, s.gu.ctxt, nullptr);
    failed += st != MR2D_SUCCESS;
    failed += mr2d_plan_execute(plan, s.a.ptr(), s.b.ptr()) != MR2D_SUCCESS;
    exit_grids(s);
    st = mr2d_plan_execute(plan, s.a.ptr(), s.b.ptr());
    std::printf("rank %d: plan after gridexit: status %d (%s)\n", rank, st, mr2d_last_error());
    failed += st == MR2D_SUCCESS;
    Setup again;
    setup(again, 4, 5);  // BLACS hands out the freed handles again
    st = mr2d_plan_execute(plan, again.a.ptr(), again.b.ptr());
    std::printf("rank %d: plan after the handles were reused: status %d\n", rank, st);
    failed += st == MR2D_SUCCESS;
    failed += corrupt(again) != 0;
    mr2d_plan_destroy(&plan);
    exit_grids(again);
  }

  // (2) Two plans over one union context, executed in opposite orders.
  {
    Setup s1, s2;
    setup(s1, 4, 5);
    setup(s2, 3, 2);
    s2.desca[1] = s1.ga.ctxt;
    s2.descb[1] = s1.gb.ctxt;
    mr2d_plan p1 = nullptr, p2 = nullptr;
    failed += mr2d_plan_create_gemr2d(&p1, MR2D_D, M, N, 1, 1, s1.desca, 1, 1, s1.descb, s1.gu.ctxt, nullptr) != 0;
    failed += mr2d_plan_create_gemr2d(&p2, MR2D_D, M, N, 1, 1, s2.desca, 1, 1, s2.descb, s1.gu.ctxt, nullptr) != 0;
    Setup* order[2] = {&s1, &s2};
    mr2d_plan plans[2] = {p1, p2};
    if (rank == 1) {
      std::swap(order[0], order[1]);
      std::swap(plans[0], plans[1]);
    }
    for (int k = 0; k < 2; ++k) {
      const int st = mr2d_plan_execute(plans[k], order[k]->a.ptr(), order[k]->b.ptr());
      const long long bad = corrupt(*order[k]);
      std::printf("rank %d: plans in different orders, execution %d: status %d, %lld wrong elements%s%s\n",
                  rank, k, st, bad, st != 0 ? ": " : "", st != 0 ? mr2d_last_error() : "");
      failed += bad != 0;
    }
    mr2d_plan_destroy(&p1);
    mr2d_plan_destroy(&p2);
    exit_grids(s1);
    exit_grids(s2);
  }

  // (3) An empty call on rank 0 alone: returns without waiting for rank 1.
  {
    Setup s;
    setup(s, 4, 5);
    if (rank == 0) {
      const int st = mr2d_pdgemr2d(0, N, s.a.ptr(), 1, 1, s.desca, s.b.ptr(), 1, 1, s.descb, s.gu.ctxt);
      const long long touched = s.b.rows * s.b.cols - static_cast<long long>(std::count_if(
          s.b.data.begin(), s.b.data.end(), [](double x) { return same_bits(x, sentinel<double>()); }));
      std::printf("rank 0: M = 0 on this process only: status %d, %lld elements of B written\n", st, touched);
      failed += st != MR2D_SUCCESS || touched != 0;
    }
    exit_grids(s);
  }

  // (4) Alpha and beta given to a plain copy plan, which would ignore them:
  // refused on every process, B untouched.
  {
    Setup s;
    setup(s, 4, 5);
    mr2d_plan plan = nullptr;
    failed += mr2d_plan_create_gemr2d(&plan, MR2D_D, M, N, 1, 1, s.desca, 1, 1, s.descb, s.gu.ctxt, nullptr) != 0;
    const double alpha = 2, beta = 1;
    const int st = mr2d_plan_execute_transform(plan, &alpha, s.a.ptr(), &beta, s.b.ptr());
    const long long touched = static_cast<long long>(std::count_if(
        s.b.data.begin(), s.b.data.end(), [](double x) { return !same_bits(x, sentinel<double>()); }));
    std::printf("rank %d: transform execution of a copy plan: status %d (%s), %lld elements of B written\n", rank,
                st, mr2d_last_error(), touched);
    failed += st != MR2D_ERR_ARGUMENT || touched != 0;
    mr2d_plan_destroy(&plan);
    exit_grids(s);
  }

  // (5) Rank 0 sends all of A to rank 1 and exits every grid at once; rank 1
  // starts executing only later. Node-local messages wait in rank 0's shared memory,
  // which must outlive the grids until rank 1 has read them.
  {
    Grid gu = make_grid(1, 2, "R", {});
    Grid ga = make_grid(1, 1, "", {0});
    Grid gb = make_grid(1, 1, "", {1});
    const int m = 40, nb = 8;
    LocalArray<double> a, b;
    int da[9] = {1, -1, m, m, nb, nb, 0, 0, 1}, db[9] = {1, -1, m, m, nb, nb, 0, 0, 1};
    if (ga.member()) {
      fill_codes(a, m, m, nb, nb, 0, 0, 0, 1, 0, 1);
      da[1] = ga.ctxt;
      da[8] = a.lld;
    }
    if (gb.member()) {
      b = sentinel_array<double>(m, m, nb, nb, 0, 0, 0, 1, 0, 1, 0);
      db[1] = gb.ctxt;
      db[8] = b.lld;
    }
    // A plan: its execution has no collective step that would hold rank 0 back.
    mr2d_plan plan = nullptr;
    int st = mr2d_plan_create_gemr2d(&plan, MR2D_D, m, m, 1, 1, da, 1, 1, db, gu.ctxt, nullptr);
    if (rank == 1) {
      const timespec late{0, 300 * 1000 * 1000};
      nanosleep(&late, nullptr);
    }
    if (st == MR2D_SUCCESS) st = mr2d_plan_execute(plan, a.ptr(), b.ptr());
    mr2d_plan_destroy(&plan);
    for (Grid* g : {&ga, &gb, &gu})
      if (g->member()) Cblacs_gridexit(g->ctxt);
    long long bad = 0;
    if (rank == 1)
      for (int c = 0; c < m; ++c)
        for (int r = 0; r < m; ++r) bad += !same_bits(b.at(r, c), code_of<double>(r, c));
    std::printf("rank %d: sender gone before the receiver started: status %d%s%s, %lld wrong elements\n", rank,
                st, st != 0 ? ": " : "", st != 0 ? mr2d_last_error() : "", bad);
    failed += st != MR2D_SUCCESS || bad != 0;
  }

  int total = 0;
  MPI_Allreduce(&failed, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("plan misuse: %s\n", total == 0 ? "passed" : "FAILED");
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

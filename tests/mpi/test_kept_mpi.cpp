// SPDX-License-Identifier: BSD-3-Clause
// The kept part paired with a message on the MPI path (transport mpi): rows
// of A dealt in blocks of 5 and gathered whole in B's columns (the kept rows
// alternate with a received transfer's in B: unpacked together), and single
// rows of A's columns dealt to B's processes in turn (the kept rows
// alternate with a sent transfer's in A: packed together), with whole
// messages and with 256-byte chunks (many windows per message), through a
// plan executed twice and a direct call, for float, double and double
// complex; and a transform (B := 1.5 A - 2 B, which the one-pass kernels
// must not take) on the gathered cases. Every B is compared with
// ScaLAPACK's (p?gemr2d, then the update) over the whole local array,
// padding included; every execution must have used no shared memory, received
// something somewhere, and copied exactly this process's kept elements
// (bytes_local).
//
//   test_kept_mpi
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

struct Layout {
  int M, N, mb, nb;
};

// A copy of sub(A) (m x n at ia, ja) into sub(B) (at ib, jb).
struct Case {
  const char* name;
  Layout la, lb;
  int m, n, ia, ja, ib, jb;
};

template <class T>
LocalArray<T> array_of(const Layout& l, const Grid& g, int pad) {
  return sentinel_array<T>(l.M, l.N, l.mb, l.nb, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, pad);
}

void desc_of(const Layout& l, const Grid& g, int lld, int d[9]) {
  const int v[9] = {1, g.ctxt, l.M, l.N, l.mb, l.nb, 0, 0, lld};
  std::memcpy(d, v, sizeof v);
}

// Elements of the sub-matrix along one dimension (first global index
// `a0` in A, `b0` in B) that this process holds on both sides.
long long kept_along(int count, int a0, int a_nb, int a_me, int a_procs, int b0, int b_nb, int b_me, int b_procs) {
  long long kept = 0;
  for (int k = 0; k < count; ++k) kept += ((a0 + k) / a_nb) % a_procs == a_me && ((b0 + k) / b_nb) % b_procs == b_me;
  return kept;
}

long long kept_elements(const Case& c, const Grid& ga, const Grid& gb) {
  return kept_along(c.m, c.ia - 1, c.la.mb, ga.myrow, ga.nprow, c.ib - 1, c.lb.mb, gb.myrow, gb.nprow) *
         kept_along(c.n, c.ja - 1, c.la.nb, ga.mycol, ga.npcol, c.jb - 1, c.lb.nb, gb.mycol, gb.npcol);
}

template <class T>
void reference(const Case& c, T* a, int* desca, T* b, int* descb, int ctxt) {
  if constexpr (std::is_same_v<T, float>) Cpsgemr2d(c.m, c.n, a, c.ia, c.ja, desca, b, c.ib, c.jb, descb, ctxt);
  if constexpr (std::is_same_v<T, double>) Cpdgemr2d(c.m, c.n, a, c.ia, c.ja, desca, b, c.ib, c.jb, descb, ctxt);
  if constexpr (std::is_same_v<T, mr2d_dcomplex>) Cpzgemr2d(c.m, c.n, a, c.ia, c.ja, desca, b, c.ib, c.jb, descb, ctxt);
}

// What one execution must show in this process's statistics.
struct Expect {
  long long local_bytes = 0;
};

// Checks of one execution from its statistics; returns this process's
// count of failed checks (received bytes are checked over all processes).
int check_stats(const mr2d_stats& before, const mr2d_stats& after, const Expect& e, long long& received) {
  received += after.bytes_received - before.bytes_received;
  return (after.bytes_local - before.bytes_local != e.local_bytes) + (after.bytes_direct != before.bytes_direct);
}

int report(int bad, long long received, int rank, const std::string& name) {
  int total = 0;
  long long all_received = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&received, &all_received, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  const bool ok = total == 0 && all_received > 0;
  if (!ok && rank == 0)
    std::printf("FAIL %s: %d checks failed (B against ScaLAPACK, kept bytes, no shared memory), %lld bytes received\n",
                name.c_str(), total, all_received);
  return ok ? 0 : 1;
}

// The copy `c` through a plan executed twice and a direct call.
template <class T>
int copy_case(const Case& c, const Grid& ga, const Grid& gb, const Grid& gu, const mr2d_options& opts, int rank) {
  LocalArray<T> a;
  fill_codes(a, c.la.M, c.la.N, c.la.mb, c.la.nb, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol, 2);
  int desca[9], descb[9];
  desc_of(c.la, ga, a.lld, desca);
  LocalArray<T> probe = array_of<T>(c.lb, gb, 1);
  desc_of(c.lb, gb, probe.lld, descb);
  const int type = mr2d::type_of<T>::value;
  const Expect expect{kept_elements(c, ga, gb) * static_cast<long long>(sizeof(T))};
  mr2d_plan plan = nullptr;
  int bad = mr2d_plan_create_gemr2d(&plan, type, c.m, c.n, c.ia, c.ja, desca, c.ib, c.jb, descb, gu.ctxt, &opts) !=
            MR2D_SUCCESS;
  mr2d_plan_info info{};
  if (plan != nullptr) mr2d_plan_query(plan, &info);
  bad += info.shm_bytes != 0;
  long long received = 0;
  LocalArray<T> ref = array_of<T>(c.lb, gb, 1);
  reference<T>(c, a.ptr(), desca, ref.ptr(), descb, gu.ctxt);
  for (int round = 0; round < 3; ++round) {
    LocalArray<T> b = array_of<T>(c.lb, gb, 1);
    mr2d_stats before, after;
    mr2d_get_stats(&before);
    // Rounds 0 and 1 execute the plan, round 2 is a direct call.
    if (round < 2)
      bad += plan == nullptr || mr2d_plan_execute(plan, a.ptr(), b.ptr()) != MR2D_SUCCESS;
    else
      bad +=
          mr2d_gemr2d(type, c.m, c.n, a.ptr(), c.ia, c.ja, desca, b.ptr(), c.ib, c.jb, descb, gu.ctxt) != MR2D_SUCCESS;
    mr2d_get_stats(&after);
    bad += check_stats(before, after, expect, received);
    bad += b.data.size() != ref.data.size() ||
           (!b.data.empty() && std::memcmp(b.ptr(), ref.ptr(), sizeof(T) * b.data.size()) != 0);
  }
  mr2d_plan_destroy(&plan);
  return report(bad, received, rank,
                std::string(c.name) + " type " + std::to_string(type) + " chunk " + std::to_string(opts.chunk_bytes));
}

// B := 1.5 A - 2 B on the case `c` through a transform plan, against
// ScaLAPACK's pdgemr2d and the update: the kept part is updated, not paired.
int transform_case(const Case& c, const Grid& ga, const Grid& gb, const Grid& gu, const mr2d_options& opts, int rank) {
  LocalArray<double> a;
  fill_codes(a, c.la.M, c.la.N, c.la.mb, c.la.nb, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol, 2);
  int desca[9], descb[9];
  desc_of(c.la, ga, a.lld, desca);
  LocalArray<double> b;
  fill_codes(b, c.lb.M, c.lb.N, c.lb.mb, c.lb.nb, 0, 0, gb.myrow, gb.nprow, gb.mycol, gb.npcol, 1);
  LocalArray<double> ref = b;
  desc_of(c.lb, gb, b.lld, descb);
  const double alpha = 1.5, beta = -2.0;
  mr2d_plan plan = nullptr;
  int bad = mr2d_plan_create_transform(&plan, MR2D_D, "N", c.m, c.n, c.ia, c.ja, desca, c.ib, c.jb, descb, gu.ctxt,
                                       &opts) != MR2D_SUCCESS;
  const Expect expect{kept_elements(c, ga, gb) * static_cast<long long>(sizeof(double))};
  long long received = 0;
  mr2d_stats before, after;
  mr2d_get_stats(&before);
  bad += plan == nullptr || mr2d_plan_execute_transform(plan, &alpha, a.ptr(), &beta, b.ptr()) != MR2D_SUCCESS;
  mr2d_get_stats(&after);
  bad += check_stats(before, after, expect, received);
  // ScaLAPACK moves A into place (PBLAS's p?geadd wants one grid); every
  // value is exact, so the update's order of operations does not matter.
  LocalArray<double> moved = array_of<double>(c.lb, gb, 1);
  reference<double>(c, a.ptr(), desca, moved.ptr(), descb, gu.ctxt);
  for (int j = 0; j < ref.cols; ++j)
    for (int i = 0; i < ref.rows; ++i) {
      const int gi = global_of(i, c.lb.mb, gb.myrow, 0, gb.nprow), gj = global_of(j, c.lb.nb, gb.mycol, 0, gb.npcol);
      if (gi >= c.ib - 1 && gi < c.ib - 1 + c.m && gj >= c.jb - 1 && gj < c.jb - 1 + c.n)
        ref.at(i, j) = alpha * moved.at(i, j) + beta * ref.at(i, j);
    }
  bad += std::memcmp(b.ptr(), ref.ptr(), sizeof(double) * b.data.size()) != 0;
  mr2d_plan_destroy(&plan);
  return report(bad, received, rank, std::string("transform ") + c.name + " chunk " + std::to_string(opts.chunk_bytes));
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  if (!world_fits(world >= 2, "at least 2", world, rank, "test_kept_mpi")) {
    MPI_Finalize();
    return 1;
  }
  arm_hang_alarm("test_kept_mpi", 240);
  const Grid gu = make_grid(1, world, "R", {});
  const Grid col = make_grid(world, 1, "R", {});
  const Grid row = make_grid(1, world, "C", {});
  const int rows = 5 * world * 12;
  // Received pairing: A's rows in blocks of 5 over a column of processes, B's
  // columns whole on a row of them (and one block more than whole periods).
  const Case gather{"gather", {rows, 40, 5, 4}, {rows + 5, 40, rows + 5, 3}, rows, 40, 1, 1, 1, 1};
  const Case gather_extra{"gather+1", {rows + 5, 40, 5, 4}, {rows + 5, 40, rows + 5, 3}, rows + 5, 40, 1, 1, 1, 1};
  // Sent pairing: A's columns whole on a row of processes, B's rows dealt singly.
  const Case split{"split", {61, 30, 61, 1}, {61, 30, 1, 30}, 61, 30, 1, 1, 1, 1};
  mr2d_options opts;
  mr2d_get_options(&opts);
  opts.transport = MR2D_TRANSPORT_MPI;
  int failures = 0, cases = 0;
  for (long long chunk : {0LL, 256LL}) {
    opts.chunk_bytes = chunk;
    // Direct calls take the process-wide options.
    mr2d_set_options(&opts);
    for (const Case* c : {&gather, &gather_extra}) {
      failures += copy_case<double>(*c, col, row, gu, opts, rank);
      failures += copy_case<float>(*c, col, row, gu, opts, rank);
      failures += copy_case<mr2d_dcomplex>(*c, col, row, gu, opts, rank);
      failures += transform_case(*c, col, row, gu, opts, rank);
      cases += 4;
    }
    failures += copy_case<double>(split, row, col, gu, opts, rank);
    failures += copy_case<float>(split, row, col, gu, opts, rank);
    failures += copy_case<mr2d_dcomplex>(split, row, col, gu, opts, rank);
    cases += 3;
  }
  if (rank == 0) std::printf("kept_mpi: %d cases, %d failed\n", cases, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

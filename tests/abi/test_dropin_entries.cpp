// SPDX-License-Identifier: BSD-3-Clause
// The drop-in's ScaLAPACK-named entry points, linked ahead of ScaLAPACK: for
// every type, the Fortran and C forms of gemr2d and trmr2d, with and without
// the union context (`o` forms use all of MPI_COMM_WORLD), must reach mr2d
// (its call counters move) and produce B exactly as the element codes say.
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "../mpi/grids.hpp"
#include "../mpi/local_matrix.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

enum class Entry { fortran, fortran_old, c, c_old };
const char* const kEntryNames[] = {"p?xxmr2d_", "p?xxmr2do_", "Cp?xxmr2d", "Cp?xxmr2do"};

template <class T>
struct Entries {
  void (*fge)(const int*, const int*, const T*, const int*, const int*, const int*, T*, const int*,
              const int*, const int*, const int*);
  void (*fgeo)(const int*, const int*, const T*, const int*, const int*, const int*, T*, const int*,
               const int*, const int*);
  void (*ftr)(const char*, const char*, const int*, const int*, const T*, const int*, const int*,
              const int*, T*, const int*, const int*, const int*, const int*);
  void (*ftro)(const char*, const char*, const int*, const int*, const T*, const int*, const int*,
               const int*, T*, const int*, const int*, const int*);
  void (*cge)(int, int, T*, int, int, int*, T*, int, int, int*, int);
  void (*cgeo)(int, int, T*, int, int, int*, T*, int, int, int*);
  void (*ctr)(char*, char*, int, int, T*, int, int, int*, T*, int, int, int*, int);
  void (*ctro)(char*, char*, int, int, T*, int, int, int*, T*, int, int, int*);
};

// gfortran passes the hidden lengths of UPLO and DIAG after the last argument;
// calling through a prototype without them is what C callers do, and both must work.
#define MR2D_ENTRIES(x, T, code) \
  Entries<T> entries_##x() { \
    return {&p##x##gemr2d_, &p##x##gemr2do_, &p##x##trmr2d_, &p##x##trmr2do_, \
            &Cp##x##gemr2d, &Cp##x##gemr2do, &Cp##x##trmr2d, &Cp##x##trmr2do}; \
  }
MR2D_TYPE_TABLE(MR2D_ENTRIES)
#undef MR2D_ENTRIES

template <class T>
int check(const Entries<T>& e, const Grid& ga, const Grid& gb, const Grid& gu, bool trapezoidal,
          Entry entry) {
  const int M = 11, N = 10, m = 8, n = 6, ia = 2, ja = 3, ib = 3, jb = 1;
  const int mba = 2, nba = 3, mbb = 3, nbb = 2;
  LocalArray<T> a, b;
  int desca[9] = {1, -1, M, N, mba, nba, 0, 0, 1}, descb[9] = {1, -1, M, N, mbb, nbb, 0, 0, 1};
  if (ga.member()) {
    fill_codes(a, M, N, mba, nba, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol);
    desca[1] = ga.ctxt;
    desca[8] = a.lld;
  }
  if (gb.member()) {
    b.rows = numroc(M, mbb, gb.myrow, 0, gb.nprow);
    b.cols = numroc(N, nbb, gb.mycol, 0, gb.npcol);
    b.lld = b.rows + 1;
    b.data.assign(static_cast<std::size_t>(b.lld * b.cols), sentinel<T>());
    descb[1] = gb.ctxt;
    descb[8] = b.lld;
  }
  char uplo[2] = "L", diag[2] = "U";
  switch (entry) {
    case Entry::fortran:
      if (trapezoidal) e.ftr(uplo, diag, &m, &n, a.ptr(), &ia, &ja, desca, b.ptr(), &ib, &jb, descb, &gu.ctxt);
      else e.fge(&m, &n, a.ptr(), &ia, &ja, desca, b.ptr(), &ib, &jb, descb, &gu.ctxt);
      break;
    case Entry::fortran_old:
      if (trapezoidal) e.ftro(uplo, diag, &m, &n, a.ptr(), &ia, &ja, desca, b.ptr(), &ib, &jb, descb);
      else e.fgeo(&m, &n, a.ptr(), &ia, &ja, desca, b.ptr(), &ib, &jb, descb);
      break;
    case Entry::c:
      if (trapezoidal) e.ctr(uplo, diag, m, n, a.ptr(), ia, ja, desca, b.ptr(), ib, jb, descb, gu.ctxt);
      else e.cge(m, n, a.ptr(), ia, ja, desca, b.ptr(), ib, jb, descb, gu.ctxt);
      break;
    case Entry::c_old:
      if (trapezoidal) e.ctro(uplo, diag, m, n, a.ptr(), ia, ja, desca, b.ptr(), ib, jb, descb);
      else e.cgeo(m, n, a.ptr(), ia, ja, desca, b.ptr(), ib, jb, descb);
      break;
  }
  int bad = 0;
  for (int c = 0; c < b.cols; ++c)
    for (int r = 0; r < b.lld; ++r) {
      T expect = sentinel<T>();
      if (r < b.rows) {
        int i = global_of(r, mbb, gb.myrow, 0, gb.nprow) - (ib - 1);
        int j = global_of(c, nbb, gb.mycol, 0, gb.npcol) - (jb - 1);
        bool inside = i >= 0 && i < m && j >= 0 && j < n && (!trapezoidal || i >= j + 1);
        if (inside) expect = code_of<T>(i + ia - 1, j + ja - 1);
      }
      bad += !same_bits(b.at(r, c), expect);
    }
  return bad;
}

template <class T>
int check_all(const Entries<T>& e, const Grid& ga, const Grid& gb, const Grid& gu, int rank,
              const char* letter) {
  int failures = 0;
  for (int tr = 0; tr < 2; ++tr)
    for (int k = 0; k < 4; ++k) {
      mr2d_stats before, after;
      mr2d_get_stats(&before);
      int bad = check<T>(e, ga, gb, gu, tr == 1, static_cast<Entry>(k));
      mr2d_get_stats(&after);
      long long calls = tr ? after.calls_trmr2d - before.calls_trmr2d
                           : after.calls_gemr2d - before.calls_gemr2d;
      if (calls != 1) ++bad;  // the call did not reach mr2d
      int total = 0;
      MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      if (rank == 0 && total)
        std::printf("FAILED: type %s, %s, %s\n", letter, tr ? "trmr2d" : "gemr2d", kEntryNames[k]);
      failures += total > 0;
    }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  Grid ga = make_grid(world >= 2 ? 2 : 1, world >= 4 ? 2 : 1, "R", {});
  Grid gb = make_grid(world, 1, "C", {});
  Grid gu = make_grid(1, world, "R", {});
  int failures = 0;
#define MR2D_CHECK_TYPE(x, T, code) failures += check_all<T>(entries_##x(), ga, gb, gu, rank, #x);
  MR2D_TYPE_TABLE(MR2D_CHECK_TYPE)
#undef MR2D_CHECK_TYPE
  if (rank == 0) std::printf("drop-in entries: %d passed, %d failed\n", 5 * 8 - failures, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// Two-dimensional N-D arrays in Fortran storage are ScaLAPACK matrices: a
// description built from a descriptor (sizes M_, N_; blocks MB_, NB_;
// sources RSRC_, CSRC_; grid and rank map of its BLACS grid, numbered in
// the grid's order; leading sizes LLD_ and the allocated columns; the
// submatrix as the window) must leave the whole local arrays of B, padding
// included, exactly as ScaLAPACK's Cp?gemr2d (perm identity, a copy) or
// PBLAS's p?tran / p?tranu (perm {1,0}, with alpha and beta) leave them on
// the same data; over the communicator and the BLACS union context.
//   test_nd_vs_gemr2d --seed S --cases N
#include <mpi.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "layout_cases.hpp"
#include "local_matrix.hpp"
#include "mr2d/blacs.h"
#include "mr2d/mr2d_nd.h"
#include "mr2d/scalapack.h"
#include "nd_arrays.hpp"

using mr2d_layout_test::pick;
using mr2d_layout_test::Rng;
using mr2d_test::global_of;
using mr2d_test::numroc;
using nd_test::type_code;

namespace {

int g_rank = 0, g_size = 1;
long g_failures = 0;

// A BLACS grid with the union rank of each position in the order the N-D
// description numbers them.
struct Grid {
  int ctxt = -1, nprow = 1, npcol = 1, myrow = -1, mycol = -1;
  int order = MR2D_ND_ORDER_C;
  std::vector<int> ranks;  // empty: position k is rank k
  std::string name;
  bool member() const { return myrow >= 0; }
};

// Every shape that fits: Cblacs_gridinit row-major (C order) and
// column-major (Fortran order) on the first processes, and Cblacs_gridmap
// on a random subset in a random order (its usermap is column-major: the
// ranks in Fortran order).
std::vector<Grid> make_grids(Rng& shared) {
  std::vector<Grid> grids;
  for (int pr = 1; pr <= g_size; ++pr)
    for (int pc = 1; pr * pc <= g_size; ++pc)
      for (int kind = 0; kind < 3; ++kind) {
        Grid g;
        g.nprow = pr;
        g.npcol = pc;
        Cblacs_get(0, 0, &g.ctxt);
        if (kind < 2) {
          Cblacs_gridinit(&g.ctxt, kind == 0 ? "R" : "C", pr, pc);
          g.order = kind == 0 ? MR2D_ND_ORDER_C : MR2D_ND_ORDER_FORTRAN;
          g.name = std::to_string(pr) + "x" + std::to_string(pc) + (kind == 0 ? ":R" : ":C");
        } else {
          std::vector<int> all(static_cast<std::size_t>(g_size));
          for (int k = 0; k < g_size; ++k) all[static_cast<std::size_t>(k)] = k;
          std::shuffle(all.begin(), all.end(), shared);
          all.resize(static_cast<std::size_t>(pr * pc));
          g.ranks = all;
          Cblacs_gridmap(&g.ctxt, all.data(), pr, pr, pc);
          g.order = MR2D_ND_ORDER_FORTRAN;
          g.name = std::to_string(pr) + "x" + std::to_string(pc) + ":map";
        }
        int p = 0, q = 0;
        Cblacs_gridinfo(g.ctxt, &p, &q, &g.myrow, &g.mycol);
        if (g.myrow < 0 || g.myrow >= pr || g.mycol < 0 || g.mycol >= pc) g.myrow = g.mycol = -1, g.ctxt = -1;
        grids.push_back(g);
      }
  return grids;
}

// One side: descriptor, padded local array (sentinels outside the matrix)
// and the N-D description of the same distribution and submatrix.
template <class T>
struct Side {
  mr2d_int desc[9]{};
  std::vector<T> local;
  nd_test::Desc nd;

  void make(Rng& shared, Rng& mine, const Grid& g, int rows, int cols, int i, int j, int m, int n, int salt) {
    const int mb = pick(shared, 1, 5), nb = pick(shared, 1, 5);
    const int rsrc = pick(shared, 0, g.nprow - 1), csrc = pick(shared, 0, g.npcol - 1);
    nd.ndims = 2;
    nd.sizes = {rows, cols};
    nd.blocks = {mb, nb};
    nd.grid = {g.nprow, g.npcol};
    nd.grid_order = g.order;
    nd.ranks = g.ranks;
    nd.sources = {rsrc, csrc};
    nd.storage_order = MR2D_ND_ORDER_FORTRAN;
    nd.starts = {i - 1, j - 1};
    nd.counts = {m, n};
    const int lrows = g.member() ? numroc(rows, mb, g.myrow, rsrc, g.nprow) : 0;
    const int lcols = g.member() ? numroc(cols, nb, g.mycol, csrc, g.npcol) : 0;
    const int lld = std::max(lrows, 1) + pick(mine, 0, 2), alloc_cols = lcols + pick(mine, 0, 2);
    const mr2d_int d[9] = {1, g.member() ? g.ctxt : -1, rows, cols, mb, nb, rsrc, csrc, lld};
    std::memcpy(desc, d, sizeof d);
    nd.leading = {lld, alloc_cols};
    local.assign(static_cast<std::size_t>(std::max(lld * alloc_cols, 1)), nd_test::sentinel<T>());
    for (int c = 0; c < lcols; ++c)
      for (int r = 0; r < lrows; ++r) {
        const int gi = global_of(r, mb, g.myrow, rsrc, g.nprow), gj = global_of(c, nb, g.mycol, csrc, g.npcol);
        local[static_cast<std::size_t>(r + c * lld)] = nd_test::value_of<T>(gi + 64LL * gj, salt);
      }
  }
};

// ScaLAPACK's redistribution and PBLAS's transposes on std::complex data
// (laid out as ScaLAPACK's complex types).
template <class T>
void reference_copy(mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* da, T* b, mr2d_int ib,
                    mr2d_int jb, mr2d_int* db, int ctxt) {
  if constexpr (std::is_same_v<T, float>)
    Cpsgemr2d(m, n, a, ia, ja, da, b, ib, jb, db, ctxt);
  else if constexpr (std::is_same_v<T, double>)
    Cpdgemr2d(m, n, a, ia, ja, da, b, ib, jb, db, ctxt);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    Cpcgemr2d(m, n, reinterpret_cast<mr2d_scomplex*>(a), ia, ja, da, reinterpret_cast<mr2d_scomplex*>(b), ib, jb, db,
              ctxt);
  else if constexpr (std::is_same_v<T, std::complex<double>>)
    Cpzgemr2d(m, n, reinterpret_cast<mr2d_dcomplex*>(a), ia, ja, da, reinterpret_cast<mr2d_dcomplex*>(b), ib, jb, db,
              ctxt);
  else
    Cpigemr2d(m, n, a, ia, ja, da, b, ib, jb, db, ctxt);
}

template <class T>
void reference_tran(mr2d_int m, mr2d_int n, const T* alpha, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* da, const T* beta,
                    T* c, mr2d_int ic, mr2d_int jc, mr2d_int* dc) {
  if constexpr (std::is_same_v<T, float>)
    pstran_(&m, &n, alpha, a, &ia, &ja, da, beta, c, &ic, &jc, dc);
  else if constexpr (std::is_same_v<T, double>)
    pdtran_(&m, &n, alpha, a, &ia, &ja, da, beta, c, &ic, &jc, dc);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    pctranu_(&m, &n, reinterpret_cast<const mr2d_scomplex*>(alpha), reinterpret_cast<mr2d_scomplex*>(a), &ia, &ja, da,
             reinterpret_cast<const mr2d_scomplex*>(beta), reinterpret_cast<mr2d_scomplex*>(c), &ic, &jc, dc);
  else if constexpr (std::is_same_v<T, std::complex<double>>)
    pztranu_(&m, &n, reinterpret_cast<const mr2d_dcomplex*>(alpha), reinterpret_cast<mr2d_dcomplex*>(a), &ia, &ja, da,
             reinterpret_cast<const mr2d_dcomplex*>(beta), reinterpret_cast<mr2d_dcomplex*>(c), &ic, &jc, dc);
}

long g_copies = 0, g_transposes = 0;

template <class T>
void run_case(Rng& shared, Rng& mine, int union_ctxt, const std::vector<Grid>& grids, int k) {
  const bool transpose = type_code<T>() != MR2D_I && pick(shared, 0, 1) == 1;
  const int m = pick(shared, 1, 30), n = pick(shared, 1, 30);
  const int am = transpose ? n : m, an = transpose ? m : n;
  const int ia = pick(shared, 1, 4), ja = pick(shared, 1, 4), ib = pick(shared, 1, 4), jb = pick(shared, 1, 4);
  const Grid& ga = grids[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(grids.size()) - 1))];
  // PBLAS needs A and C in one context.
  const Grid& gb =
      transpose ? ga : grids[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(grids.size()) - 1))];
  Side<T> A, B;
  A.make(shared, mine, ga, ia - 1 + am + pick(shared, 0, 3), ja - 1 + an + pick(shared, 0, 3), ia, ja, am, an, 0);
  B.make(shared, mine, gb, ib - 1 + m + pick(shared, 0, 3), jb - 1 + n + pick(shared, 0, 3), ib, jb, m, n, 2);
  const T alpha = static_cast<T>(pick(shared, -1, 2)), beta = static_cast<T>(pick(shared, -1, 2));
  const std::vector<T> a_before = A.local;
  std::vector<T> ref = B.local, got = B.local;
  if (transpose) {
    if (ga.member()) reference_tran<T>(m, n, &alpha, A.local.data(), ia, ja, A.desc, &beta, ref.data(), ib, jb, B.desc);
  } else {
    reference_copy<T>(m, n, A.local.data(), ia, ja, A.desc, ref.data(), ib, jb, B.desc, union_ctxt);
  }
  const int swap[2] = {1, 0}, identity[2] = {0, 1};
  const int* perm = transpose ? swap : pick(shared, 0, 1) ? identity : nullptr;
  const mr2d_nd_array da = A.nd.view(), db = B.nd.view();
  std::vector<T> a = a_before;
  T* pa = ga.member() ? a.data() : nullptr;
  T* pb = gb.member() ? got.data() : nullptr;
  const T* sa = transpose ? &alpha : nullptr;
  const T* sb = transpose ? &beta : nullptr;
  const bool comm = pick(shared, 0, 1) == 1;
  const int rc = comm ? mr2d_comm_nd_transform(MPI_COMM_WORLD, type_code<T>(), perm, sa, pa, &da, sb, pb, &db, nullptr)
                      : mr2d_nd_transform(type_code<T>(), perm, sa, pa, &da, sb, pb, &db, union_ctxt, nullptr);
  ++(transpose ? g_transposes : g_copies);
  const std::string what = "case " + std::to_string(k) + " type " + std::to_string(type_code<T>()) +
                           (transpose ? " perm {1,0}" : " copy") + (comm ? " comm" : " blacs") + " A on " + ga.name +
                           " B on " + gb.name;
  if (rc != MR2D_SUCCESS) {
    if (g_failures++ < 10) std::fprintf(stderr, "rank %d: %s: %s\n", g_rank, what.c_str(), mr2d_last_error());
    return;
  }
  const nd_test::Index at = nd_test::first_difference(ref, got);
  if (at >= 0 && g_failures++ < 10)
    std::fprintf(stderr, "rank %d: %s: local B differs from ScaLAPACK's at element %lld\n", g_rank, what.c_str(), at);
  if (!nd_test::same_bits(a, a_before) && g_failures++ < 10)
    std::fprintf(stderr, "rank %d: %s: A changed\n", g_rank, what.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const mr2d_layout_test::Program run(argc, argv);
  g_rank = run.rank;
  g_size = run.size;
  Rng shared(run.seed), mine(run.seed * 31 + static_cast<unsigned long>(g_rank));
  const std::vector<Grid> grids = make_grids(shared);
  for (int k = 0; k < run.cases; ++k) {
    switch (pick(shared, 0, 4)) {
      case MR2D_S:
        run_case<float>(shared, mine, run.ctxt, grids, k);
        break;
      case MR2D_D:
        run_case<double>(shared, mine, run.ctxt, grids, k);
        break;
      case MR2D_C:
        run_case<std::complex<float>>(shared, mine, run.ctxt, grids, k);
        break;
      case MR2D_Z:
        run_case<std::complex<double>>(shared, mine, run.ctxt, grids, k);
        break;
      default:
        run_case<mr2d_int>(shared, mine, run.ctxt, grids, k);
        break;
    }
  }
  if (g_rank == 0) std::printf("test_nd_vs_gemr2d: %ld copies, %ld transposes\n", g_copies, g_transposes);
  if (g_copies == 0 || g_transposes == 0) ++g_failures;
  return run.over("test_nd_vs_gemr2d", g_failures);
}

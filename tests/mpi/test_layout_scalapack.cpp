// SPDX-License-Identifier: BSD-3-Clause
// Grid layouts that are block-cyclic matrices against ScaLAPACK: each
// layout is built from a descriptor (splits at its block boundaries, owners
// its grid's processes, blocks pointing into its local array with LLD as
// their leading dimension), so mr2d_layout_transform between them must
// leave the whole local arrays, padding included, exactly as ScaLAPACK's
// p?gemr2d (op N) or PBLAS's p?tran / p?tranu / p?tranc (op T, C) leave them
// on the same data, on any mix of layout and descriptor sides.
//   test_layout_scalapack --seed S --cases N
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "layout_cases.hpp"
#include "local_matrix.hpp"
#include "mr2d/blacs.h"
#include "mr2d/mr2d_layout.h"
#include "mr2d/scalapack.h"

using mr2d_layout_test::pick;
using mr2d_layout_test::Rng;
using mr2d_test::numroc;

namespace {

int g_rank = 0, g_size = 1;
long g_failures = 0;

// A block-cyclic matrix: descriptor, local array (padded, with sentinels) and
// the same matrix as a grid layout over the local array.
template <class T>
struct Matrix {
  mr2d_int desc[9]{};
  std::vector<T> local;
  mr2d_layout_test::CyclicLayout cyclic;
  mr2d_matrix as_desc{}, as_layout{};
  int nprow = 1, npcol = 1, myrow = -1, mycol = -1;

  void make(Rng& shared, int ctxt, mr2d_int M, mr2d_int N, int salt) {
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    const int mb = pick(shared, 1, 5), nb = pick(shared, 1, 5);
    const int rsrc = pick(shared, 0, nprow - 1), csrc = pick(shared, 0, npcol - 1);
    const mr2d_int lrows = numroc(static_cast<int>(M), mb, myrow, rsrc, nprow);
    const mr2d_int lcols = numroc(static_cast<int>(N), nb, mycol, csrc, npcol);
    const mr2d_int lld = std::max<mr2d_int>(lrows, 1) + pick(shared, 0, 2);
    const mr2d_int d[9] = {1, ctxt, M, N, mb, nb, rsrc, csrc, lld};
    std::memcpy(desc, d, sizeof d);
    T pad;
    std::memset(static_cast<void*>(&pad), 0x5A, sizeof pad);
    local.assign(static_cast<std::size_t>(lld * std::max<mr2d_int>(lcols, 1)), pad);
    for (mr2d_int c = 0; c < lcols; ++c)
      for (mr2d_int r = 0; r < lrows; ++r) {
        const int gi = mr2d_test::global_of(static_cast<int>(r), mb, myrow, rsrc, nprow);
        const int gj = mr2d_test::global_of(static_cast<int>(c), nb, mycol, csrc, npcol);
        std::memset(static_cast<void*>(&local[static_cast<std::size_t>(r + c * lld)]), 0, sizeof(T));
        // Small integers in every type's first component (and the second, for complex).
        auto* parts = reinterpret_cast<unsigned char*>(&local[static_cast<std::size_t>(r + c * lld)]);
        set_value(parts, 64 * gi + gj + 1 + salt, -(gi + 2 * gj));
      }
    as_desc.desc = desc;
    // The layout: a split at every block boundary, the owner of each block.
    cyclic.make(M, N, mb, nb, rsrc, csrc, nprow, npcol, myrow, mycol, lld,
                [ctxt](int pr, int pc) { return Cblacs_pnum(ctxt, pr, pc); });
    as_layout.layout = &cyclic.layout;
  }
  // Binds the blocks by pointer into `base` (or leaves them by offset).
  void bind(T* base, bool by_pointer) {
    for (mr2d_block& b : cyclic.blocks) b.data = by_pointer ? static_cast<void*>(base + b.offset) : nullptr;
  }

  static void set_value(unsigned char* at, int re, int im) {
    if constexpr (std::is_same_v<T, float>) { const float v = static_cast<float>(re); std::memcpy(at, &v, sizeof v); }
    else if constexpr (std::is_same_v<T, double>) { const double v = re; std::memcpy(at, &v, sizeof v); }
    else if constexpr (std::is_same_v<T, mr2d_scomplex>) { const float v[2] = {static_cast<float>(re), static_cast<float>(im)}; std::memcpy(at, v, sizeof v); }
    else if constexpr (std::is_same_v<T, mr2d_dcomplex>) { const double v[2] = {static_cast<double>(re), static_cast<double>(im)}; std::memcpy(at, v, sizeof v); }
    else { const mr2d_int v = re; std::memcpy(at, &v, sizeof v); }
  }
};

template <class T> struct Ref;
#define MR2D_TEST_REF(x, T, code)                                                                       \
  template <> struct Ref<T> {                                                                           \
    static constexpr int type = code;                                                                   \
    static void gemr2d(mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* da, T* b,      \
                       mr2d_int ib, mr2d_int jb, mr2d_int* db, mr2d_int ctxt) {                         \
      Cp##x##gemr2d(m, n, a, ia, ja, da, b, ib, jb, db, ctxt);                                         \
    }                                                                                                   \
  };
MR2D_TYPE_TABLE(MR2D_TEST_REF)
#undef MR2D_TEST_REF

// PBLAS's transposes by type and op (integers have none).
template <class T>
bool tran(char op, mr2d_int m, mr2d_int n, const T* alpha, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* da,
          const T* beta, T* c, mr2d_int ic, mr2d_int jc, mr2d_int* dc) {
  if constexpr (std::is_same_v<T, float>) pstran_(&m, &n, alpha, a, &ia, &ja, da, beta, c, &ic, &jc, dc);
  else if constexpr (std::is_same_v<T, double>) pdtran_(&m, &n, alpha, a, &ia, &ja, da, beta, c, &ic, &jc, dc);
  else if constexpr (std::is_same_v<T, mr2d_scomplex>)
    (op == 'C' ? pctranc_ : pctranu_)(&m, &n, alpha, a, &ia, &ja, da, beta, c, &ic, &jc, dc);
  else if constexpr (std::is_same_v<T, mr2d_dcomplex>)
    (op == 'C' ? pztranc_ : pztranu_)(&m, &n, alpha, a, &ia, &ja, da, beta, c, &ic, &jc, dc);
  else return false;
  return true;
}

template <class T> T scalar(int v) {
  T s;
  std::memset(static_cast<void*>(&s), 0, sizeof s);
  Matrix<T>::set_value(reinterpret_cast<unsigned char*>(&s), v, 0);
  return s;
}

template <class T>
void run_case(Rng& shared, int ictxt, const std::vector<int>& grids, int k) {
  const bool transpose = pick(shared, 0, 1) == 1 && Ref<T>::type != MR2D_I;
  const char op = transpose ? (pick(shared, 0, 1) ? 'C' : 'T') : 'N';
  const mr2d_int m = pick(shared, 1, 30), n = pick(shared, 1, 30);
  const mr2d_int am = transpose ? n : m, an = transpose ? m : n;
  const mr2d_int ia = pick(shared, 1, 4), ja = pick(shared, 1, 4), ib = pick(shared, 1, 4), jb = pick(shared, 1, 4);
  const int ga = grids[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(grids.size()) - 1))];
  // PBLAS needs A and C in one context.
  const int gb = transpose ? ga : grids[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(grids.size()) - 1))];
  Matrix<T> A, B;
  A.make(shared, ga, ia - 1 + am + pick(shared, 0, 3), ja - 1 + an + pick(shared, 0, 3), 0);
  B.make(shared, gb, ib - 1 + m + pick(shared, 0, 3), jb - 1 + n + pick(shared, 0, 3), 5);
  const int sides = pick(shared, 0, 2);  // layout -> desc, desc -> layout, layout -> layout
  const bool a_layout = sides != 1, b_layout = sides != 0;
  const int av = pick(shared, -1, 2), bv = pick(shared, -1, 2);
  const T alpha = scalar<T>(av), beta = scalar<T>(bv);
  std::vector<T> ref = B.local, got = B.local;
  T dummy[1];
  auto ptr = [&](std::vector<T>& v) { return v.empty() ? dummy : v.data(); };
  if (transpose) tran<T>(op, m, n, &alpha, ptr(A.local), ia, ja, A.desc, &beta, ptr(ref), ib, jb, B.desc);
  else Ref<T>::gemr2d(m, n, ptr(A.local), ia, ja, A.desc, ptr(ref), ib, jb, B.desc, ictxt);
  A.bind(ptr(A.local), pick(shared, 0, 1) == 1);
  B.bind(ptr(got), pick(shared, 0, 1) == 1);
  const char trans[2] = {op, '\0'};
  const int rc = mr2d_layout_transform(Ref<T>::type, trans, m, n, transpose ? &alpha : nullptr, ptr(A.local), ia, ja,
                                       a_layout ? &A.as_layout : &A.as_desc, transpose ? &beta : nullptr, ptr(got),
                                       ib, jb, b_layout ? &B.as_layout : &B.as_desc, ictxt, nullptr);
  if (rc != MR2D_SUCCESS) {
    if (g_failures++ < 10) std::fprintf(stderr, "rank %d: case %d: %s\n", g_rank, k, mr2d_last_error());
    return;
  }
  if (std::memcmp(ref.data(), got.data(), ref.size() * sizeof(T)) != 0 && g_failures++ < 10)
    std::fprintf(stderr, "rank %d: case %d (type %d op %c, %s -> %s): local array differs from ScaLAPACK's\n",
                 g_rank, k, Ref<T>::type, op, a_layout ? "layout" : "desc", b_layout ? "layout" : "desc");
}

}  // namespace

int main(int argc, char** argv) {
  const mr2d_layout_test::Program run(argc, argv);
  g_rank = run.rank;
  g_size = run.size;
  Rng shared(run.seed);
  for (int k = 0; k < run.cases; ++k) {
    switch (pick(shared, 0, 4)) {
      case MR2D_S: run_case<float>(shared, run.ctxt, run.grids, k); break;
      case MR2D_D: run_case<double>(shared, run.ctxt, run.grids, k); break;
      case MR2D_C: run_case<mr2d_scomplex>(shared, run.ctxt, run.grids, k); break;
      case MR2D_Z: run_case<mr2d_dcomplex>(shared, run.ctxt, run.grids, k); break;
      default: run_case<mr2d_int>(shared, run.ctxt, run.grids, k); break;
    }
  }
  return run.over("test_layout_scalapack", g_failures);
}

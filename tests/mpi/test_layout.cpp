// SPDX-License-Identifier: BSD-3-Clause
// Grid-layout redistributions (mr2d_layout.h) against an element-by-element
// model: random grid layouts (empty blocks, single owners, a rank owning
// nothing, blocks by pointer and by offset) and block-cyclic sides mixed,
// all five types, op N/T/C, alpha and beta general and special, over the
// BLACS union context and over the communicator, direct and as plans
// executed several times on different arrays. Every element a rank holds is
// checked: inside sub(B) the model's value, everywhere else (other blocks'
// elements, padding, sentinels between blocks, A) unchanged.
//   test_layout --seed S --cases N
#include <mpi.h>
#include <unistd.h>

#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "layout_cases.hpp"
#include "mr2d/blacs.h"
#include "mr2d/mr2d_layout.h"

using namespace mr2d_layout_test;

extern "C" int Cblacs_pnum(int ctxt, int prow, int pcol);

namespace {

int g_rank = 0, g_size = 1;
long g_failures = 0;

/// A block-cyclic side on a BLACS grid of all ranks.
template <class T>
struct CyclicSide {
  mr2d_int desc[9]{};
  int nprow = 1, npcol = 1, myrow = -1, mycol = -1;
  mr2d_int mb = 1, nb = 1, rsrc = 0, csrc = 0, lld = 1, lrows = 0, lcols = 0;
  std::vector<int> ranks;  // column-major, for mr2d_grid
  mr2d_grid grid{};
  std::vector<T> local;
  mr2d_matrix matrix{};

  static mr2d_int numroc(mr2d_int n, mr2d_int nb, int p, mr2d_int src, int np) {
    const mr2d_int d = ((p - src) % np + np) % np, blocks = n / nb;
    mr2d_int count = blocks / np * nb;
    const mr2d_int extra = blocks % np;
    if (d < extra) count += nb;
    else if (d == extra) count += n % nb;
    return count;
  }
  mr2d_int global(mr2d_int l, mr2d_int nb_, int p, mr2d_int src, int np) const {
    const mr2d_int d = ((p - src) % np + np) % np;
    return (l / nb_) * nb_ * np + d * nb_ + l % nb_;
  }

  void make(Rng& shared, int ctxt, mr2d_int rows, mr2d_int cols) {
    int pr, pc;
    Cblacs_gridinfo(ctxt, &pr, &pc, &myrow, &mycol);
    nprow = pr;
    npcol = pc;
    mb = pick(shared, 1, 4);
    nb = pick(shared, 1, 4);
    rsrc = pick(shared, 0, nprow - 1);
    csrc = pick(shared, 0, npcol - 1);
    lrows = numroc(rows, mb, myrow, rsrc, nprow);
    lcols = numroc(cols, nb, mycol, csrc, npcol);
    lld = std::max<mr2d_int>(lrows, 1) + pick(shared, 0, 2);
    const mr2d_int d[9] = {1, ctxt, rows, cols, mb, nb, rsrc, csrc, lld};
    std::memcpy(desc, d, sizeof d);
    local.assign(static_cast<std::size_t>(lld * std::max<mr2d_int>(lcols, 1)), sentinel<T>());
    ranks.assign(static_cast<std::size_t>(nprow * npcol), 0);
    for (int c = 0; c < npcol; ++c)
      for (int r = 0; r < nprow; ++r) ranks[static_cast<std::size_t>(r + c * nprow)] = Cblacs_pnum(ctxt, r, c);
    grid = {nprow, npcol, ranks.data()};
    matrix.desc = desc;
    matrix.grid = &grid;
  }

  template <class F>
  void each(T* base, F&& f) {
    for (mr2d_int c = 0; c < lcols; ++c)
      for (mr2d_int r = 0; r < lrows; ++r)
        f(global(r, mb, myrow, rsrc, nprow), global(c, nb, mycol, csrc, npcol),
          base[static_cast<std::size_t>(r + c * lld)]);
  }
};

/// One side: a grid layout or a block-cyclic matrix, with its storage.
template <class T>
struct Side {
  bool grid = true;
  GridSide<T> g;
  CyclicSide<T> c;
  std::vector<bool> by_pointer;
  T* base() { return grid ? g.arena.data() : c.local.data(); }
  mr2d_matrix* matrix() { return grid ? &g.matrix : &c.matrix; }
  template <class F>
  void each(T* b, F&& f) {
    grid ? g.each(b, f) : c.each(b, f);
  }
  std::vector<T>& storage() { return grid ? g.arena : c.local; }
};

template <class T> T conj_of(const T& x) {
  if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) return std::conj(x);
  else return x;
}

// alpha * x + beta * y as the transform defines it (PBLAS's way): a zero
// drops its term, a one its multiplication (but complex alpha and beta both
// one without conjugation multiply by (1, 0)), so signed zeros match.
template <class T> T combine(const T& alpha, const T& beta, const T& x, const T& y, bool conj) {
  const T zero = static_cast<T>(0), one = static_cast<T>(1);
  constexpr bool complex = !std::is_same_v<T, float> && !std::is_same_v<T, double> && !std::is_same_v<T, mr2d_int>;
  if (same(alpha, zero) || alpha == zero) return beta == zero ? beta : beta == one ? y : beta * y;
  T ax = x;
  if (!(alpha == one)) ax = alpha * x;
  else if (complex && beta == one && !conj) ax = one * x;
  return beta == zero ? ax : beta == one ? ax + y : ax + beta * y;
}

const char* kTrans[] = {"N", "T", "C"};
// alpha, beta pairs; 99 stands for NULL (1 and 0).
const int kScalars[][2] = {{99, 99}, {1, 0}, {0, 1}, {2, -1}, {-3, 2}, {1, 1}, {0, 0}};

template <class T>
void report(const char* what, long i, long j, const std::string& name) {
  if (g_failures++ < 10)
    std::fprintf(stderr, "rank %d: %s: %s at (%ld, %ld)\n", g_rank, name.c_str(), what, i, j);
}

// One case of element type T: sides, scalars and entry drawn from `shared`.
template <class T>
void run_case(Rng& shared, Rng& mine, int type, int ctxt, const std::vector<int>& grid_ctxts, int c) {
  const int op = pick(shared, 0, 2);
  const bool t = op != 0;
  // Small, medium, and sometimes several cycles of a block-cyclic side long.
  auto extent = [&]() { const int k = pick(shared, 0, 5); return k <= 1 ? pick(shared, 1, 3) : k == 5 ? pick(shared, 30, 70) : pick(shared, 1, 24); };
  const mr2d_int m = extent();
  const mr2d_int n = extent();
  const mr2d_int am = t ? n : m, an = t ? m : n;
  const mr2d_int ia = pick(shared, 1, 4), ja = pick(shared, 1, 4), ib = pick(shared, 1, 4), jb = pick(shared, 1, 4);
  const mr2d_int MA = ia - 1 + am + pick(shared, 0, 3), NA = ja - 1 + an + pick(shared, 0, 3);
  const mr2d_int MB = ib - 1 + m + pick(shared, 0, 3), NB = jb - 1 + n + pick(shared, 0, 3);
  const int kinds = pick(shared, 0, 9);  // mostly grid layouts, sometimes mixed, rarely both descriptors
  Side<T> A, B;
  A.grid = kinds != 0 && kinds != 7;
  B.grid = kinds != 0 && kinds != 8;
  const int ga = grid_ctxts[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(grid_ctxts.size()) - 1))];
  const int gb = grid_ctxts[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(grid_ctxts.size()) - 1))];
  if (A.grid) A.g.make(shared, mine, MA, NA, g_size, g_rank);
  else A.c.make(shared, ga, MA, NA);
  if (B.grid) B.g.make(shared, mine, MB, NB, g_size, g_rank);
  else B.c.make(shared, gb, MB, NB);
  const int sc = pick(shared, 0, 6);
  const bool comm = pick(shared, 0, 1) == 1;
  const bool as_plan = pick(shared, 0, 2) == 0;
  for (Side<T>* s : {&A, &B})
    if (s->grid) {
      s->by_pointer.resize(s->g.blocks.size());
      for (std::size_t k = 0; k < s->by_pointer.size(); ++k) s->by_pointer[k] = pick(mine, 0, 1) == 1;
      s->g.bind(s->base(), s->by_pointer);
    }
  A.each(A.base(), [](long i, long j, T& v) { v = value_of<T>(i, j, 0); });
  B.each(B.base(), [](long i, long j, T& v) { v = value_of<T>(i, j, 7); });
  const std::vector<T> a0 = A.storage(), b0 = B.storage();
  T alpha_v = static_cast<T>(kScalars[sc][0]), beta_v = static_cast<T>(kScalars[sc][1]);
  const bool null_scalars = kScalars[sc][0] == 99;
  if (null_scalars) {
    alpha_v = static_cast<T>(1);
    beta_v = static_cast<T>(0);
  }
  const T* alpha = null_scalars ? nullptr : &alpha_v;
  const T* beta = null_scalars ? nullptr : &beta_v;
  const std::string name = "case " + std::to_string(c) + " type " + std::to_string(type) + " op " + kTrans[op] +
                           (A.grid ? " A grid" : " A cyclic") + (B.grid ? " B grid" : " B cyclic") +
                           (comm ? " comm" : " blacs") + (as_plan ? " plan" : " direct") + " m " +
                           std::to_string(m) + " n " + std::to_string(n);
  // Several executions of a plan: the second one on copies of the arrays
  // (blocks by offset follow the array, blocks by pointer stay bound).
  auto check = [&](std::vector<T>& a_store, std::vector<T>& b_store, const std::vector<T>& b_start, int rc) {
    if (rc != MR2D_SUCCESS) {
      report<T>(mr2d_last_error(), -1, -1, name);
      return;
    }
    (void)b_start;
    if (!same(a_store.size(), a0.size()) || std::memcmp(a_store.data(), a0.data(), a0.size() * sizeof(T)) != 0)
      report<T>("A changed", -1, -1, name);
    // Expected B: the start, with sub(B) updated.
    std::vector<T> want = b0;
    T* wb = want.data();
    B.each(wb, [&](long i, long j, T& v) {
      const long bi = i - (ib - 1), bj = j - (jb - 1);
      if (bi < 0 || bj < 0 || bi >= m || bj >= n) return;
      const long ai = (t ? bj : bi) + ia - 1, aj = (t ? bi : bj) + ja - 1;
      T x = value_of<T>(ai, aj, 0);
      if (op == 2) x = conj_of(x);
      v = combine(alpha_v, beta_v, x, v, op == 2);
    });
    for (std::size_t k = 0; k < want.size(); ++k)
      if (!same(want[k], b_store[k])) {
        report<T>("B wrong (or memory outside sub(B) changed)", static_cast<long>(k), -1, name);
        break;
      }
  };
  if (!as_plan) {
    const int rc = comm ? mr2d_comm_layout_transform(MPI_COMM_WORLD, type, kTrans[op], m, n, alpha, A.base(), ia, ja,
                                                     A.matrix(), beta, B.base(), ib, jb, B.matrix(), nullptr)
                        : mr2d_layout_transform(type, kTrans[op], m, n, alpha, A.base(), ia, ja, A.matrix(), beta,
                                                B.base(), ib, jb, B.matrix(), ctxt, nullptr);
    check(A.storage(), B.storage(), b0, rc);
    return;
  }
  mr2d_plan plan = nullptr;
  int rc = comm ? mr2d_plan_create_comm_layout_transform(&plan, MPI_COMM_WORLD, type, kTrans[op], m, n, ia, ja,
                                                         A.matrix(), ib, jb, B.matrix(), nullptr)
                : mr2d_plan_create_layout_transform(&plan, type, kTrans[op], m, n, ia, ja, A.matrix(), ib, jb,
                                                    B.matrix(), ctxt, nullptr);
  if (rc != MR2D_SUCCESS) {
    report<T>(mr2d_last_error(), -1, -1, name + " (plan creation)");
    return;
  }
  for (int run = 0; run < 2; ++run) {
    // Run 1: fresh copies; blocks by pointer still point into the first arrays,
    // so those are reset too.
    A.storage() = a0;
    B.storage() = b0;
    std::vector<T> a_copy = a0, b_copy = b0;
    const bool copies = run == 1;
    T* pa = copies ? a_copy.data() : A.base();
    T* pb = copies ? b_copy.data() : B.base();
    rc = mr2d_plan_execute_transform(plan, alpha, pa, beta, pb);
    if (!copies) {
      check(A.storage(), B.storage(), b0, rc);
      continue;
    }
    // Where the storage of a grid side's block is by pointer, its data is in
    // the first arrays; by offset (and descriptor sides) in the copies.
    for (Side<T>* s : {&A, &B}) {
      std::vector<T>& copy = s == &A ? a_copy : b_copy;
      if (!s->grid) {
        s->storage() = copy;
        continue;
      }
      for (std::size_t k = 0; k < s->g.blocks.size(); ++k) {
        if (s->by_pointer[k]) continue;
        const mr2d_block& bl = s->g.blocks[k];
        const std::size_t w = static_cast<std::size_t>(s->g.col_splits[static_cast<std::size_t>(bl.col + 1)] -
                                                       s->g.col_splits[static_cast<std::size_t>(bl.col)]);
        std::copy(copy.begin() + static_cast<std::ptrdiff_t>(s->g.at[k]),
                  copy.begin() + static_cast<std::ptrdiff_t>(s->g.at[k] + static_cast<std::size_t>(bl.ld) * w),
                  s->storage().begin() + static_cast<std::ptrdiff_t>(s->g.at[k]));
      }
    }
    check(A.storage(), B.storage(), b0, rc);
  }
  mr2d_plan_destroy(&plan);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  alarm(300);
  unsigned long seed = 1;
  int cases = 100;
  for (int k = 1; k + 1 < argc; k += 2) {
    if (std::strcmp(argv[k], "--seed") == 0) seed = std::strtoul(argv[k + 1], nullptr, 10);
    if (std::strcmp(argv[k], "--cases") == 0) cases = std::atoi(argv[k + 1]);
  }
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", 1, g_size);
  // Grids of all ranks for block-cyclic sides: 1 x P, P x 1 and a 2D shape.
  std::vector<int> grids;
  for (int pr : {1, g_size, g_size % 2 == 0 && g_size > 2 ? 2 : 1}) {
    int g = 0;
    Cblacs_get(0, 0, &g);
    Cblacs_gridinit(&g, pr == g_size ? "C" : "R", pr, g_size / pr);
    grids.push_back(g);
  }
  Rng shared(seed);
  Rng mine(seed * 1000 + static_cast<unsigned long>(g_rank));
  for (int c = 0; c < cases; ++c) {
    const int type = pick(shared, 0, 4);
    switch (type) {
      case MR2D_S: run_case<float>(shared, mine, type, ctxt, grids, c); break;
      case MR2D_D: run_case<double>(shared, mine, type, ctxt, grids, c); break;
      case MR2D_C: run_case<std::complex<float>>(shared, mine, type, ctxt, grids, c); break;
      case MR2D_Z: run_case<std::complex<double>>(shared, mine, type, ctxt, grids, c); break;
      default: run_case<mr2d_int>(shared, mine, type, ctxt, grids, c); break;
    }
  }
  long total = 0;
  MPI_Allreduce(&g_failures, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0) std::printf("test_layout: %d cases, %ld failures\n", cases, total);
  Cblacs_exit(1);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// Differential test of the transform B := alpha * op(A) + beta * B against
// ScaLAPACK in the same process, bit for bit over the full local arrays
// (padding rows included):
//  - mr2d_transform / mr2d_trtransform between random layouts on any two
//    grids, against ScaLAPACK's p?gemr2d onto B's grid followed by PBLAS's
//    p?geadd (and p?trmr2d to keep the trapezoid), for s d c z; for i, and
//    for all types, against the values the element codes imply;
//  - the same through a persistent plan executed with two alpha/beta pairs;
//  - the drop-in's PBLAS entries p?tran* (from libmr2d_scalapack, loaded with
//    dlopen beside ScaLAPACK's own) against ScaLAPACK's p?tran*;
//  - with --adds D, D cases of the drop-in's p?geadd and p?tradd (op N, T, C
//    in either case, UPLO U or L, alpha and beta 0, 1, -1 or other, every
//    other case with special values) against ScaLAPACK's own.
// alpha and beta are drawn from 0, 1 and other values. With --special S,
// S more p?tran* cases put signed zeros, infinities and NaNs into A, B and the
// factors (alpha, beta of 0, -0, 1, -1, Inf, NaN, (1, -0), ...): the drop-in's
// p?tran* and mr2d_transform must match ScaLAPACK's p?tran* bit for bit, but
// for the payloads of NaNs. After them, --large
// cases copy op(A) (alpha 1, beta 0, op T or N) of about 1100 to 1700
// square, several MiB per process: the sizes at which B is written around
// the caches, with B's rows on 64-byte lines in most transposes (local rows
// a multiple of 8) and off them in the others, sub(B) starting anywhere in
// a line, and long row blocks for op N.
//   test_transform [--seed S] [--cases N] [--special S] [--large L] [--adds D] [--only K] [--dropin PATH]
#include <dlfcn.h>
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "typed_calls.hpp"

using namespace mr2d_test;

extern "C" {
// PBLAS (reference): sub(C) := beta*sub(C) + alpha*op(sub(A)).
#define MR2D_TEST_PBLAS(x, T)                                                                     \
  void p##x##geadd_(const char*, const int*, const int*, const T*, const T*, const int*, const int*, \
                    const int*, const T*, T*, const int*, const int*, const int*);
MR2D_TEST_PBLAS(s, float)
MR2D_TEST_PBLAS(d, double)
MR2D_TEST_PBLAS(c, mr2d_scomplex)
MR2D_TEST_PBLAS(z, mr2d_dcomplex)
#undef MR2D_TEST_PBLAS
}

namespace {

using Geadd = void (*)(const char*, const int*, const int*, const void*, const void*, const int*,
                       const int*, const int*, const void*, void*, const int*, const int*, const int*);
using Tran = void (*)(const int*, const int*, const void*, const void*, const int*, const int*,
                      const int*, const void*, void*, const int*, const int*, const int*);
const Geadd kGeadd[] = {reinterpret_cast<Geadd>(&psgeadd_), reinterpret_cast<Geadd>(&pdgeadd_),
                        reinterpret_cast<Geadd>(&pcgeadd_), reinterpret_cast<Geadd>(&pzgeadd_)};
// ScaLAPACK's own p?tran*, by name (the program links ScaLAPACK).
const char* const kTranNames[4][2] = {
    {"pstran_", "pstran_"}, {"pdtran_", "pdtran_"}, {"pctranu_", "pctranc_"}, {"pztranu_", "pztranc_"}};
// PBLAS's adds, by name: p?geadd and p?tradd (UPLO before TRANS).
using Tradd = void (*)(const char*, const char*, const int*, const int*, const void*, const void*, const int*,
                       const int*, const int*, const void*, void*, const int*, const int*, const int*);
const char* const kAddNames[4][2] = {
    {"psgeadd_", "pstradd_"}, {"pdgeadd_", "pdtradd_"}, {"pcgeadd_", "pctradd_"}, {"pzgeadd_", "pztradd_"}};

struct Side {
  int grid = 0;
  int M = 0, N = 0, mb = 1, nb = 1, rsrc = 0, csrc = 0, i = 1, j = 1, pad = 0;
  int lld_unit = 1;  // local leading dimension rounded up to a multiple of it
};

struct Case {
  int type = MR2D_D;
  char op = 'N';
  bool trapezoidal = false;
  char uplo = 'U', diag = 'N';
  int m = 0, n = 0;  // sub(B)
  int union_grid = 0;
  int alpha_kind = 2, beta_kind = 2;  // 0, 1 or another value
  bool pblas = false;                 // p?tran* on one grid (A's), union = that grid
  int add = 0;                        // with pblas: p?tran* (0), p?geadd (1) or p?tradd (2)
  bool inb = false;                   // p?geadd/p?tradd: PBLAS's 11-entry descriptors (type 2)
  bool special = false;               // signed zeros, infinities and NaNs in A, B and the factors
  Side a, b;
  std::string text() const {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "type=%d op=%c tr=%d uplo=%c diag=%c m=%d n=%d alpha=%d beta=%d pblas=%d add=%d inb=%d special=%d union=%d | "
                  "A grid=%d M=%d N=%d mb=%d nb=%d src=%d,%d ij=%d,%d pad=%d | B grid=%d M=%d N=%d "
                  "mb=%d nb=%d src=%d,%d ij=%d,%d pad=%d lld_unit=%d",
                  type, op, trapezoidal, uplo, diag, m, n, alpha_kind, beta_kind, pblas, add, inb, special, union_grid,
                  a.grid, a.M, a.N, a.mb, a.nb, a.rsrc, a.csrc, a.i, a.j, a.pad, b.grid, b.M, b.N,
                  b.mb, b.nb, b.rsrc, b.csrc, b.i, b.j, b.pad, b.lld_unit);
    return buf;
  }
};

int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

int pick_extent(std::mt19937_64& rng) {
  const int r = uniform(rng, 0, 99);
  if (r < 5) return 0;
  if (r < 12) return 1;
  if (r < 90) return uniform(rng, 2, 40);
  return uniform(rng, 41, 120);
}

int pick_block(std::mt19937_64& rng, int extent) {
  const int r = uniform(rng, 0, 99);
  if (r < 15) return 1;
  if (r < 80) return uniform(rng, 2, 9);
  if (r < 92) return uniform(rng, 10, 40);
  return extent + uniform(rng, 1, 20);
}

Side pick_side(std::mt19937_64& rng, int grid, const Grid& g, int rows, int cols) {
  Side s;
  s.grid = grid;
  s.i = uniform(rng, 0, 3) == 0 ? 1 : uniform(rng, 1, 20);
  s.j = uniform(rng, 0, 3) == 0 ? 1 : uniform(rng, 1, 20);
  s.M = s.i - 1 + rows + uniform(rng, 0, 5);
  s.N = s.j - 1 + cols + uniform(rng, 0, 5);
  s.mb = pick_block(rng, s.M);
  s.nb = pick_block(rng, s.N);
  s.rsrc = uniform(rng, 0, g.nprow - 1);
  s.csrc = uniform(rng, 0, g.npcol - 1);
  s.pad = uniform(rng, 0, 2) == 0 ? 0 : uniform(rng, 1, 3);
  return s;
}

// Elements of `type` in 512 bytes: a leading dimension that is a multiple
// puts B's rows on shared cache sets (the kernels' wide blocks).
int rows_sharing_sets(int type) {
  return with_element_type(type, [](auto zero) { return 512 / static_cast<int>(sizeof(zero)); });
}

Case make_case(std::mt19937_64& rng, const std::vector<Grid>& grids, const std::vector<Grid>& unions,
               bool pblas_possible) {
  Case c;
  c.type = uniform(rng, 0, 4);
  c.op = "NTCntc"[uniform(rng, 0, 5)];
  c.m = pick_extent(rng);
  c.n = pick_extent(rng);
  c.alpha_kind = uniform(rng, 0, 4) % 3;
  c.beta_kind = uniform(rng, 0, 4) % 3;
  c.pblas = pblas_possible && c.type != MR2D_I && uniform(rng, 0, 3) == 0;
  if (c.pblas) c.op = "TC"[uniform(rng, 0, 1)];
  c.trapezoidal = !c.pblas && uniform(rng, 0, 3) == 0;
  c.uplo = "UL"[uniform(rng, 0, 1)];
  c.diag = "NU"[uniform(rng, 0, 1)];
  c.union_grid = uniform(rng, 0, static_cast<int>(unions.size()) - 1);
  const bool t = c.op != 'N' && c.op != 'n';
  // p?tran* run on the union grid itself: A and C both on it.
  const int ga = c.pblas ? -1 : uniform(rng, 0, static_cast<int>(grids.size()) - 1);
  const int gb = c.pblas ? -1 : uniform(rng, 0, static_cast<int>(grids.size()) - 1);
  const Grid& g_a = c.pblas ? unions[static_cast<std::size_t>(c.union_grid)] : grids[static_cast<std::size_t>(ga)];
  const Grid& g_b = c.pblas ? unions[static_cast<std::size_t>(c.union_grid)] : grids[static_cast<std::size_t>(gb)];
  c.a = pick_side(rng, ga, g_a, t ? c.n : c.m, t ? c.m : c.n);
  c.b = pick_side(rng, gb, g_b, c.m, c.n);
  // Sometimes B's rows a multiple of 512 bytes apart.
  if (uniform(rng, 0, 3) == 0) c.b.lld_unit = rows_sharing_sets(c.type);
  return c;
}

// A large copy of op(A): for op T, B's blocks and extent multiples of 8 rows
// per process row in most cases, so its local rows fill whole lines (in
// half of those, B's rows a multiple of 512 bytes apart); for op
// N, row blocks of 1100 rows and more, so the local part is copied in runs
// long enough to be streamed.
Case make_large_case(std::mt19937_64& rng, const std::vector<Grid>& grids, const std::vector<Grid>& unions,
                     bool pblas_possible) {
  Case c;
  const int types[] = {MR2D_D, MR2D_Z, MR2D_C, MR2D_S, MR2D_I};
  c.type = types[uniform(rng, 0, 4)];
  c.alpha_kind = 1;
  c.beta_kind = 0;
  c.union_grid = uniform(rng, 0, static_cast<int>(unions.size()) - 1);
  c.pblas = pblas_possible && c.type != MR2D_I && uniform(rng, 0, 2) == 0;
  c.op = c.pblas || uniform(rng, 0, 2) > 0 ? 'T' : 'N';
  const bool t = c.op == 'T';
  c.m = uniform(rng, 1100, 1700);
  c.n = uniform(rng, 1100, 1700);
  const int ga = c.pblas ? -1 : uniform(rng, 0, static_cast<int>(grids.size()) - 1);
  const int gb = c.pblas ? -1 : uniform(rng, 0, static_cast<int>(grids.size()) - 1);
  const Grid& g_a = c.pblas ? unions[static_cast<std::size_t>(c.union_grid)] : grids[static_cast<std::size_t>(ga)];
  const Grid& g_b = c.pblas ? unions[static_cast<std::size_t>(c.union_grid)] : grids[static_cast<std::size_t>(gb)];
  c.a = pick_side(rng, ga, g_a, t ? c.n : c.m, t ? c.m : c.n);
  c.a.mb = uniform(rng, 1, 130);
  c.a.nb = uniform(rng, 1, 130);
  c.b = pick_side(rng, gb, g_b, c.m, c.n);
  c.b.nb = uniform(rng, 1, 130);
  if (!t) {
    c.a.mb = uniform(rng, 1100, 1800);
    c.b.mb = uniform(rng, 1100, 1800);
  } else if (uniform(rng, 0, 3) > 0) {
    c.b.mb = 8 * uniform(rng, 1, 16);
    const int period = c.b.mb * g_b.nprow;
    c.b.M = (c.b.i - 1 + c.m + period - 1) / period * period;
    c.b.pad = 8 * uniform(rng, 0, 1);
    // B's rows a multiple of 512 bytes apart: the kernels' wide blocks.
    if (uniform(rng, 0, 1) == 0) c.b.lld_unit = rows_sharing_sets(c.type);
  } else {
    c.b.mb = uniform(rng, 1, 130);
  }
  return c;
}

// A p?geadd or p?tradd case: A and C on one union grid (PBLAS's rule), any
// op, often several of p?tradd's 32-wide panels, alpha and beta of kind 0, 1,
// -1 (3) or other.
Case make_add_case(std::mt19937_64& rng, const std::vector<Grid>& unions) {
  Case c;
  c.type = uniform(rng, MR2D_S, MR2D_Z);
  c.pblas = true;
  c.add = uniform(rng, 1, 2);
  c.op = "NTCntc"[uniform(rng, 0, 5)];
  c.uplo = "ULul"[uniform(rng, 0, 3)];
  c.m = pick_extent(rng);
  c.n = pick_extent(rng);
  if (uniform(rng, 0, 2) == 0) {
    c.m = uniform(rng, 1, 140);
    c.n = uniform(rng, 33, 140);
    if (uniform(rng, 0, 1)) std::swap(c.m, c.n);
  }
  c.alpha_kind = uniform(rng, 0, 3);
  c.beta_kind = uniform(rng, 0, 3);
  c.inb = uniform(rng, 0, 2) == 0;
  c.union_grid = uniform(rng, 0, static_cast<int>(unions.size()) - 1);
  const Grid& g = unions[static_cast<std::size_t>(c.union_grid)];
  const bool t = c.op != 'N' && c.op != 'n';
  c.a = pick_side(rng, -1, g, t ? c.n : c.m, t ? c.m : c.n);
  c.b = pick_side(rng, -1, g, c.m, c.n);
  return c;
}

template <class T> T scalar(int kind, int salt);
template <> float scalar<float>(int kind, int salt) { return kind == 0 ? 0.f : kind == 1 ? 1.f : (salt % 2 ? -0.75f : 2.5f); }
template <> double scalar<double>(int kind, int salt) { return kind == 0 ? 0. : kind == 1 ? 1. : (salt % 2 ? -1.5 : 0.3); }
template <> mr2d_scomplex scalar<mr2d_scomplex>(int kind, int salt) {
  if (kind < 2) return {static_cast<float>(kind), 0.f};
  return salt % 2 ? mr2d_scomplex{0.5f, -2.f} : mr2d_scomplex{-1.f, 0.25f};
}
template <> mr2d_dcomplex scalar<mr2d_dcomplex>(int kind, int salt) {
  if (kind < 2) return {static_cast<double>(kind), 0.};
  return salt % 2 ? mr2d_dcomplex{0.1, -2.} : mr2d_dcomplex{-1., 0.7};
}
template <> int scalar<int>(int kind, int salt) { return kind < 2 ? kind : (salt % 2 ? -3 : 7); }
// Kind 3 is -1 (complex: (-1, 0)), the others as scalar().
template <class T>
T factor_of_kind(int kind, int salt) {
  T v = scalar<T>(kind == 3 ? 1 : kind, salt);
  if (kind != 3) return v;
  if constexpr (std::is_same_v<T, mr2d_scomplex> || std::is_same_v<T, mr2d_dcomplex>) v.re = -1;
  else v = -v;
  return v;
}

// Special values: signed zeros, infinities, NaN, and ordinary ones beside them.
template <class R>
R special_real(std::mt19937_64& rng) {
  const R inf = std::numeric_limits<R>::infinity();
  const R v[] = {R(0), -R(0), inf, -inf, std::numeric_limits<R>::quiet_NaN(), R(1), R(-1), R(2.5), R(-0.375)};
  return v[uniform(rng, 0, 8)];
}
template <class T> T special_value(std::mt19937_64& rng) { return special_real<T>(rng); }
template <> mr2d_scomplex special_value<mr2d_scomplex>(std::mt19937_64& rng) {
  return {special_real<float>(rng), special_real<float>(rng)};
}
template <> mr2d_dcomplex special_value<mr2d_dcomplex>(std::mt19937_64& rng) {
  return {special_real<double>(rng), special_real<double>(rng)};
}
// A factor: mostly the values PBLAS treats apart (0, 1, with either sign of
// zero in each part), else any special value.
template <class T>
T special_factor(std::mt19937_64& rng) {
  T v = special_value<T>(rng);
  if (uniform(rng, 0, 2) > 0) std::memset(&v, 0, sizeof v);
  if constexpr (std::is_same_v<T, mr2d_scomplex> || std::is_same_v<T, mr2d_dcomplex>) {
    using R = decltype(v.re);
    const int k = uniform(rng, 0, 3);
    if (k == 1) v.re = 1;
    if (k == 2) v.re = -R(0);
    if (uniform(rng, 0, 1)) v.im = -v.im;
  } else if (uniform(rng, 0, 2) == 0) {
    v = uniform(rng, 0, 1) ? T(1) : -T(0);
  }
  return v;
}
std::string text_of(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}
template <class T> std::string describe(const T& x) { return text_of(static_cast<double>(x)); }
template <> std::string describe(const mr2d_scomplex& x) { return "(" + text_of(x.re) + "," + text_of(x.im) + ")"; }
template <> std::string describe(const mr2d_dcomplex& x) { return "(" + text_of(x.re) + "," + text_of(x.im) + ")"; }

// Bit for bit, except that any NaN equals any NaN (per real part).
template <class R>
bool same_real(R x, R y) {
  return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0;
}
template <class T> bool same_value(const T& x, const T& y) { return same_real(x, y); }
template <> bool same_value(const int& x, const int& y) { return x == y; }
template <> bool same_value(const mr2d_scomplex& x, const mr2d_scomplex& y) {
  return same_real(x.re, y.re) && same_real(x.im, y.im);
}
template <> bool same_value(const mr2d_dcomplex& x, const mr2d_dcomplex& y) {
  return same_real(x.re, y.re) && same_real(x.im, y.im);
}

// The element arithmetic the transform promises (as PBLAS computes it).
template <class T> T mul(const T& a, const T& x) { return a * x; }
template <class T> T add(const T& a, const T& b) { return a + b; }
template <> int mul(const int& a, const int& x) { return static_cast<int>(static_cast<unsigned>(a) * static_cast<unsigned>(x)); }
template <> int add(const int& a, const int& b) { return static_cast<int>(static_cast<unsigned>(a) + static_cast<unsigned>(b)); }
template <class C> C cmul(const C& a, const C& x) { return {a.re * x.re - a.im * x.im, a.re * x.im + a.im * x.re}; }
template <class C> C cadd(const C& a, const C& b) { return {a.re + b.re, a.im + b.im}; }
template <> mr2d_scomplex mul(const mr2d_scomplex& a, const mr2d_scomplex& x) { return cmul(a, x); }
template <> mr2d_dcomplex mul(const mr2d_dcomplex& a, const mr2d_dcomplex& x) { return cmul(a, x); }
template <> mr2d_scomplex add(const mr2d_scomplex& a, const mr2d_scomplex& b) { return cadd(a, b); }
template <> mr2d_dcomplex add(const mr2d_dcomplex& a, const mr2d_dcomplex& b) { return cadd(a, b); }
template <class T> T conj_of(const T& x) { return x; }
template <> mr2d_scomplex conj_of(const mr2d_scomplex& x) { return {x.re, -x.im}; }
template <> mr2d_dcomplex conj_of(const mr2d_dcomplex& x) { return {x.re, -x.im}; }

template <class T>
T expected(int ak, int bk, const T& alpha, const T& beta, const T& x, const T& y) {
  if (ak == 0) return bk == 0 ? T{} : bk == 1 ? y : mul(beta, y);
  const T ax = ak == 1 ? x : mul(alpha, x);
  return bk == 0 ? ax : bk == 1 ? add(ax, y) : add(ax, mul(beta, y));
}

// B's values before the call: codes of the transposed position, so that they
// differ from A's.
template <class T> T b_code(int i, int j) { return code_of<T>(j + 1, i + 2); }

void make_desc(const Side& s, const Grid& g, int lld, int desc[9]) {
  const int vals[9] = {1, g.member() ? g.ctxt : -1, s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, lld};
  std::memcpy(desc, vals, sizeof vals);
}

template <class T>
LocalArray<T> coded(const Side& s, const Grid& g, T (*code)(int, int)) {
  if (!g.member()) return {};
  LocalArray<T> arr =
      sentinel_array<T>(s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, g.myrow, g.nprow, g.mycol, g.npcol, s.pad, s.lld_unit);
  for (int lc = 0; lc < arr.cols; ++lc)
    for (int lr = 0; lr < arr.rows; ++lr)
      arr.at(lr, lc) = code(global_of(lr, s.mb, g.myrow, s.rsrc, g.nprow), global_of(lc, s.nb, g.mycol, s.csrc, g.npcol));
  return arr;
}

template <class T>
int compare(const LocalArray<T>& got, const LocalArray<T>& want, const char* what, bool verbose) {
  int bad = 0;
  for (std::size_t k = 0; k < got.data.size(); ++k) {
    if (!same_value(got.data[k], want.data[k])) {
      if (verbose && bad < 3)
        std::fprintf(stderr, "  %s: local element %zu (row %d, col %d) differs: %s, want %s\n", what, k,
                     static_cast<int>(k % static_cast<std::size_t>(got.lld)), static_cast<int>(k / static_cast<std::size_t>(got.lld)),
                     describe(got.data[k]).c_str(), describe(want.data[k]).c_str());
      ++bad;
    }
  }
  return bad;
}

struct Env {
  std::vector<Grid> grids, unions;
  void* dropin = nullptr;  // libmr2d_scalapack, local to this handle
};

// ScaLAPACK's result on B's grid: sub(A) moved by p?gemr2d to a scratch
// matrix with B's grid (n x m when transposed), then p?geadd; for a
// trapezoid, p?trmr2d keeps the trapezoid of that result in B.
template <class T>
void reference(const Case& c, const Env& env, const Grid& ga, const Grid& gb, const Grid& gu,
               const LocalArray<T>& a, const int* desca, const T& alpha, const T& beta,
               LocalArray<T>& b, const int* descb) {
  const bool t = c.op != 'N' && c.op != 'n';
  Side s;
  s.M = t ? c.n : c.m;
  s.N = t ? c.m : c.n;
  s.mb = c.b.nb;
  s.nb = c.b.mb;
  LocalArray<T> scratch = gb.member() ? sentinel_array<T>(s.M, s.N, s.mb, s.nb, 0, 0, gb.myrow, gb.nprow, gb.mycol, gb.npcol) : LocalArray<T>{};
  int descs[9];
  make_desc(s, gb, scratch.lld, descs);
  const Calls& calls = kCalls[c.type];
  calls.ref_ge(s.M, s.N, const_cast<T*>(a.data.data()), c.a.i, c.a.j, const_cast<int*>(desca), scratch.ptr(), 1, 1, descs, gu.ctxt);
  if (!gb.member()) return;
  LocalArray<T> full = b;
  const char trans[2] = {c.op, 0};
  const int one = 1;
  kGeadd[c.type](trans, &c.m, &c.n, &alpha, scratch.ptr(), &one, &one, descs, &beta, full.ptr(), &c.b.i, &c.b.j, descb);
  if (!c.trapezoidal) {
    b = full;
    return;
  }
  char uplo[2] = {c.uplo, 0}, diag[2] = {c.diag, 0};
  calls.ref_tr(uplo, diag, c.m, c.n, full.ptr(), c.b.i, c.b.j, const_cast<int*>(descb), b.ptr(), c.b.i, c.b.j, const_cast<int*>(descb), gb.ctxt);
  (void)env;
  (void)ga;
}

// Special factors (the same everywhere) and special elements (each process
// its own) for case `salt`.
template <class T>
void put_special(int salt, bool conj, bool verbose, T& alpha, T& beta, LocalArray<T>& a, LocalArray<T>& b) {
  std::mt19937_64 shared(static_cast<unsigned long long>(salt));
  alpha = special_factor<T>(shared);
  beta = special_factor<T>(shared);
  // PBLAS's own result of conj(x) + y (op C of p?tran and p?geadd, alpha and
  // beta one) with an infinite or NaN part depends on the layout: conj(x) + y
  // where its local pieces line up, (1, 0) * conj(x) + y (axpy) through its
  // buffers. mr2d gives the first; no layout-independent reference exists to
  // compare with.
  if constexpr (std::is_same_v<T, mr2d_scomplex> || std::is_same_v<T, mr2d_dcomplex>)
    while (conj && alpha.re == 1 && alpha.im == 0 && beta.re == 1 && beta.im == 0)
      beta = special_factor<T>(shared);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::mt19937_64 own(static_cast<unsigned long long>(salt) * 1000003 + static_cast<unsigned long long>(rank));
  for (auto* arr : {&a, &b})
    for (T& v : arr->data)
      if (uniform(own, 0, 2) == 0) v = special_value<T>(own);
  if (verbose && rank == 0)
    std::fprintf(stderr, "  alpha %s beta %s\n", describe(alpha).c_str(), describe(beta).c_str());
}

// The drop-in's p?geadd or p?tradd against ScaLAPACK's, whole local arrays of
// C compared (padding included) on every process of the grid.
template <class T>
int run_add_case(const Case& c, const Env& env, int salt, bool verbose) {
  const Grid& g = env.unions[static_cast<std::size_t>(c.union_grid)];
  if (!g.member()) return 0;
  const bool conj = c.op == 'C' || c.op == 'c';
  T alpha = factor_of_kind<T>(c.alpha_kind, salt), beta = factor_of_kind<T>(c.beta_kind, salt + 1);
  LocalArray<T> a = coded<T>(c.a, g, &code_of<T>);
  LocalArray<T> c0 = coded<T>(c.b, g, &b_code<T>);
  // p?tradd's op C is deterministic: no factors to avoid there.
  if (c.special) put_special(salt, conj && c.add == 1, verbose, alpha, beta, a, c0);
  int desca[11], descc[11];
  make_desc(c.a, g, a.lld, desca);
  make_desc(c.b, g, c0.lld, descc);
  if (c.inb) {
    // Type 2: the first block's sizes (here whole blocks) after N_.
    for (int* d : {desca, descc}) {
      const int t[11] = {2, d[1], d[2], d[3], d[4], d[5], d[4], d[5], d[6], d[7], d[8]};
      std::memcpy(d, t, sizeof t);
    }
  }
  const char* name = kAddNames[c.type][c.add - 1];
  void* theirs = dlsym(RTLD_DEFAULT, name);
  void* mine = dlsym(env.dropin, name);
  if (theirs == nullptr || mine == nullptr || theirs == mine) {
    std::fprintf(stderr, "  cannot tell ScaLAPACK's %s from the drop-in's\n", name);
    return 1;
  }
  const char trans[2] = {c.op, 0}, uplo[2] = {c.uplo, 0};
  LocalArray<T> ref = c0, dropin = c0;
  for (auto [f, out] : {std::make_pair(theirs, &ref), std::make_pair(mine, &dropin)}) {
    if (c.add == 1)
      reinterpret_cast<Geadd>(f)(trans, &c.m, &c.n, &alpha, a.data.data(), &c.a.i, &c.a.j, desca, &beta,
                                 out->ptr(), &c.b.i, &c.b.j, descc);
    else
      reinterpret_cast<Tradd>(f)(uplo, trans, &c.m, &c.n, &alpha, a.data.data(), &c.a.i, &c.a.j, desca, &beta,
                                 out->ptr(), &c.b.i, &c.b.j, descc);
  }
  return compare(dropin, ref, c.add == 1 ? "drop-in p?geadd vs ScaLAPACK" : "drop-in p?tradd vs ScaLAPACK",
                 verbose);
}

template <class T>
int run_case(const Case& c, const Env& env, int salt, bool verbose) {
  if (c.add != 0) return run_add_case<T>(c, env, salt, verbose);
  const Grid& gu = env.unions[static_cast<std::size_t>(c.union_grid)];
  const Grid& ga = c.pblas ? gu : env.grids[static_cast<std::size_t>(c.a.grid)];
  const Grid& gb = c.pblas ? gu : env.grids[static_cast<std::size_t>(c.b.grid)];
  const bool t = c.op != 'N' && c.op != 'n';
  const bool conj = c.op == 'C' || c.op == 'c';
  T alpha = scalar<T>(c.alpha_kind, salt), beta = scalar<T>(c.beta_kind, salt + 1);
  LocalArray<T> a = coded<T>(c.a, ga, &code_of<T>);
  LocalArray<T> b0 = coded<T>(c.b, gb, &b_code<T>);
  if (c.special) put_special(salt, conj, verbose, alpha, beta, a, b0);
  int desca[9], descb[9];
  make_desc(c.a, ga, a.lld, desca);
  make_desc(c.b, gb, b0.lld, descb);
  const char trans[2] = {c.op, 0}, uplo[2] = {c.uplo, 0}, diag[2] = {c.diag, 0};
  int bad = 0;

  // What the element codes imply.
  LocalArray<T> want = b0;
  for (int lc = 0; lc < want.cols; ++lc) {
    for (int lr = 0; lr < want.rows; ++lr) {
      const int gi = global_of(lr, c.b.mb, gb.myrow, c.b.rsrc, gb.nprow) - (c.b.i - 1);
      const int gj = global_of(lc, c.b.nb, gb.mycol, c.b.csrc, gb.npcol) - (c.b.j - 1);
      if (gi < 0 || gi >= c.m || gj < 0 || gj >= c.n) continue;
      if (!in_trapezoid(c.trapezoidal, c.uplo, c.diag, c.m, c.n, gi, gj)) continue;
      T x = t ? code_of<T>(gj + c.a.i - 1, gi + c.a.j - 1) : code_of<T>(gi + c.a.i - 1, gj + c.a.j - 1);
      if (conj) x = conj_of(x);
      want.at(lr, lc) = expected(c.alpha_kind, c.beta_kind, alpha, beta, x, want.at(lr, lc));
    }
  }

  // mr2d, direct call.
  LocalArray<T> ours = b0;
  int status = c.trapezoidal
                   ? mr2d_trtransform(c.type, uplo, diag, trans, c.m, c.n, &alpha, a.data.data(), c.a.i, c.a.j, desca,
                                      &beta, ours.ptr(), c.b.i, c.b.j, descb, gu.ctxt)
                   : mr2d_transform(c.type, trans, c.m, c.n, &alpha, a.data.data(), c.a.i, c.a.j, desca, &beta,
                                    ours.ptr(), c.b.i, c.b.j, descb, gu.ctxt);
  if (status != MR2D_SUCCESS) {
    if (verbose) std::fprintf(stderr, "  status %d: %s\n", status, mr2d_last_error());
    return 1;
  }
  // With special values PBLAS is the reference (below).
  if (!c.special) bad += compare(ours, want, "mr2d vs element codes", verbose);

  // The same through a plan, executed twice (the second time with the case's scalars).
  if (c.m > 0 && c.n > 0 && !c.special) {
    mr2d_plan plan = nullptr;
    status = c.trapezoidal ? mr2d_plan_create_trtransform(&plan, c.type, uplo, diag, trans, c.m, c.n, c.a.i, c.a.j,
                                                          desca, c.b.i, c.b.j, descb, gu.ctxt, nullptr)
                           : mr2d_plan_create_transform(&plan, c.type, trans, c.m, c.n, c.a.i, c.a.j, desca,
                                                        c.b.i, c.b.j, descb, gu.ctxt, nullptr);
    LocalArray<T> planned = b0;
    const T zero = scalar<T>(0, 0), three = scalar<T>(2, 0);
    if (status == MR2D_SUCCESS) status = mr2d_plan_execute_transform(plan, &three, a.data.data(), &zero, planned.ptr());
    planned = b0;
    if (status == MR2D_SUCCESS) status = mr2d_plan_execute_transform(plan, &alpha, a.data.data(), &beta, planned.ptr());
    mr2d_plan_destroy(&plan);
    if (status != MR2D_SUCCESS) {
      if (verbose) std::fprintf(stderr, "  plan status %d: %s\n", status, mr2d_last_error());
      return bad + 1;
    }
    bad += compare(planned, want, "plan vs element codes", verbose);
  }

  if (c.type == MR2D_I) return bad;
  // ScaLAPACK.
  LocalArray<T> ref = b0;
  if (c.pblas) {
    if (gu.member()) {
      using F = Tran;
      auto theirs = reinterpret_cast<F>(dlsym(RTLD_DEFAULT, kTranNames[c.type][conj ? 1 : 0]));
      auto mine = reinterpret_cast<F>(dlsym(env.dropin, kTranNames[c.type][conj ? 1 : 0]));
      if (theirs == nullptr || mine == nullptr || theirs == mine) {
        std::fprintf(stderr, "  cannot tell ScaLAPACK's %s from the drop-in's\n", kTranNames[c.type][conj ? 1 : 0]);
        return bad + 1;
      }
      theirs(&c.m, &c.n, &alpha, a.data.data(), &c.a.i, &c.a.j, desca, &beta, ref.ptr(), &c.b.i, &c.b.j, descb);
      LocalArray<T> dropin = b0;
      mine(&c.m, &c.n, &alpha, a.data.data(), &c.a.i, &c.a.j, desca, &beta, dropin.ptr(), &c.b.i, &c.b.j, descb);
      bad += compare(dropin, ref, "drop-in p?tran vs ScaLAPACK", verbose);
    }
  } else {
    reference(c, env, ga, gb, gu, a, desca, alpha, beta, ref, descb);
  }
  bad += compare(ours, ref, "mr2d vs ScaLAPACK", verbose);
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  unsigned long long seed = 777;
  int cases = 300, special = 0, large = 0, adds = 0, only = -1;
  const char* dropin_path = nullptr;
  for (int k = 1; k + 1 < argc; k += 2) {
    if (!std::strcmp(argv[k], "--seed")) seed = std::strtoull(argv[k + 1], nullptr, 10);
    if (!std::strcmp(argv[k], "--cases")) cases = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--large")) large = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--special")) special = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--adds")) adds = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--only")) only = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--dropin")) dropin_path = argv[k + 1];
  }
  Env env;
  if (dropin_path != nullptr) {
    env.dropin = dlopen(dropin_path, RTLD_NOW | RTLD_LOCAL);
    if (env.dropin == nullptr) {
      std::fprintf(stderr, "cannot load %s: %s\n", dropin_path, dlerror());
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }
  std::mt19937_64 rng(seed + static_cast<unsigned long long>(world));
  env.grids = matrix_grids(world, rng);
  env.unions = union_grids(world, rng);
  if (env.dropin == nullptr) special = adds = 0;
  int failed = 0, counts[5] = {0, 0, 0, 0, 0};
  for (int k = 0; k < cases + special + large + adds; ++k) {
    Case c;
    if (k < cases + special) {
      c = make_case(rng, env.grids, env.unions, env.dropin != nullptr);
      if (k >= cases) {
        // p?tran* of a floating-point type with special values.
        while (!c.pblas) c = make_case(rng, env.grids, env.unions, true);
        c.special = true;
      }
    } else if (k < cases + special + large) {
      c = make_large_case(rng, env.grids, env.unions, env.dropin != nullptr);
    } else {
      c = make_add_case(rng, env.unions);
      c.special = k % 2 == 1;
    }
    if (only >= 0 && k != only) continue;
    counts[c.add != 0 ? 4 : c.pblas ? 2 : c.trapezoidal ? 1 : 0] += 1;
    counts[3] += c.special ? 1 : 0;
    const int bad = with_element_type(c.type, [&](auto zero) { return run_case<decltype(zero)>(c, env, k, true); });
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total > 0) {
      ++failed;
      if (rank == 0)
        std::fprintf(stderr, "FAILED case %d (rerun: --seed %llu --only %d): %s\n", k, seed, k, c.text().c_str());
    }
  }
  const int ran = only >= 0 ? 1 : cases + special + large + adds;
  if (rank == 0)
    std::printf("transform: %d processes, %d cases (%d general, %d trapezoidal, %d p?tran, %d p?geadd/p?tradd, %d "
                "of them with special values; %d large): %d passed, %d failed\n",
                world, ran, counts[0], counts[1], counts[2], counts[4], counts[3],
                only >= 0 ? (only >= cases + special && only < cases + special + large ? 1 : 0) : large,
                ran - failed, failed);
  MPI_Finalize();
  // Every p?tran or p?geadd/p?tradd case asked for ran.
  const bool all_kinds = only >= 0 || env.dropin == nullptr || ((cases + special + large == 0 || counts[2] > 0) &&
                                                                 (adds == 0 || counts[4] == adds));
  return failed == 0 && all_kinds ? 0 : 1;
}

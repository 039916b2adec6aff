// SPDX-License-Identifier: BSD-3-Clause
// ILP64 self-tests: 64-bit integer arguments and descriptors through the
// prefixed API and the drop-in entry points (Fortran and C forms), checked
// element by element (padding included) against the fill formula, on grids
// of the self-test BLACS. Also checks that values beyond 32 bits are seen
// whole: IA = 2^32 + 1 must be an error, not a truncated, valid 1.
#include <mpi.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <random>
#include <vector>

#include "blacs64.h"
#include "mr2d/mr2d.h"
#include "mr2d/scalapack.h"

static_assert(sizeof(mr2d_int) == 8, "this test is for ILP64 builds");

namespace {

using I = long long;

I numroc(I n, I nb, I p, I src, I np) {
  const I dist = ((p - src) % np + np) % np, blocks = n / nb;
  I count = blocks / np * nb;
  const I extra = blocks % np;
  if (dist < extra) count += nb;
  else if (dist == extra) count += n % nb;
  return count;
}
I global_of(I l, I nb, I p, I src, I np) { return (l / nb * np + ((p - src) % np + np) % np) * nb + l % nb; }

struct Layout {
  I nprow, npcol, mb, nb, rsrc, csrc, rows, cols;
  I ctxt = -1, myrow = -1, mycol = -1, lrows = 0, lcols = 0, lld = 1;
  mr2d_int desc[9];
};

void setup(Layout& l, const std::vector<I>& ranks) {
  l.ctxt = blacs64_grid(l.nprow, l.npcol, ranks.data());
  I r, c;
  Cblacs_gridinfo(l.ctxt, &r, &c, &l.myrow, &l.mycol);
  if (l.ctxt >= 0) {
    l.lrows = numroc(l.rows, l.mb, l.myrow, l.rsrc, l.nprow);
    l.lcols = numroc(l.cols, l.nb, l.mycol, l.csrc, l.npcol);
    l.lld = std::max<I>(1, l.lrows) + 3;
  }
  const mr2d_int d[9] = {1, l.ctxt, l.rows, l.cols, l.mb, l.nb, l.rsrc, l.csrc, l.lld};
  std::copy(d, d + 9, l.desc);
}

template <class T>
T value(I i, I j) { return T(static_cast<double>(i * 1000 + j)); }
template <>
std::complex<double> value(I i, I j) { return {static_cast<double>(i), -static_cast<double>(j)}; }

bool kept(char uplo, char diag, I m, I n, I i, I j) {
  const I e = diag == 'U' ? 1 : 0;
  if (uplo == 'U') return i <= j + std::max<I>(m - n, 0) - e;
  if (uplo == 'L') return i >= j - std::max<I>(n - m, 0) + e;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me = 0, np = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  std::vector<I> world(static_cast<std::size_t>(np));
  for (int k = 0; k < np; ++k) world[static_cast<std::size_t>(k)] = k;
  const I unionctx = blacs64_grid(1, np, world.data());
  std::mt19937_64 rng(64);
  auto u = [&](I lo, I hi) { return std::uniform_int_distribution<I>(lo, hi)(rng); };

  int failures = 0, cases = 0;
  for (int k = 0; k < 120; ++k, ++cases) {
    Layout la{}, lb{};
    for (Layout* l : {&la, &lb}) {
      const I procs = u(1, np);
      l->nprow = u(1, procs);
      l->npcol = procs / l->nprow;
      l->mb = u(1, 9);
      l->nb = u(1, 9);
      l->rsrc = u(0, l->nprow - 1);
      l->csrc = u(0, l->npcol - 1);
      l->rows = u(1, 60);
      l->cols = u(1, 60);
      std::vector<I> ranks = world;
      std::shuffle(ranks.begin(), ranks.end(), rng);
      ranks.resize(static_cast<std::size_t>(l->nprow * l->npcol));
      setup(*l, ranks);
    }
    const I m = u(0, std::min(la.rows, lb.rows)), n = u(0, std::min(la.cols, lb.cols));
    const I ia = u(1, la.rows - m + 1), ja = u(1, la.cols - n + 1);
    const I ib = u(1, lb.rows - m + 1), jb = u(1, lb.cols - n + 1);
    const int entry = k % 4;  // prefixed ge, Fortran drop-in ge, C drop-in tr, prefixed z tr
    const char uplo = entry >= 2 ? "UL"[k % 2] : 'G', diag = "NU"[(k / 2) % 2];
    const bool complex = entry == 3;

    auto run = [&](auto zero) {
      using T = decltype(zero);
      std::vector<T> a(static_cast<std::size_t>(la.lld * std::max<I>(1, la.lcols)), T(-7.0));
      std::vector<T> b(static_cast<std::size_t>(lb.lld * std::max<I>(1, lb.lcols)), T(-1.0));
      for (I j = 0; j < la.lcols; ++j)
        for (I i = 0; i < la.lrows; ++i)
          a[static_cast<std::size_t>(i + j * la.lld)] =
              value<T>(global_of(i, la.mb, la.myrow, la.rsrc, la.nprow), global_of(j, la.nb, la.mycol, la.csrc, la.npcol));
      int status = MR2D_SUCCESS;
      char up[2] = {uplo, 0}, dg[2] = {diag, 0};
      if constexpr (std::is_same_v<T, double>) {
        if (entry == 0) status = mr2d_pdgemr2d(m, n, a.data(), ia, ja, la.desc, b.data(), ib, jb, lb.desc, unionctx);
        if (entry == 1) pdgemr2d_(&m, &n, a.data(), &ia, &ja, la.desc, b.data(), &ib, &jb, lb.desc, &unionctx);
        if (entry == 2) Cpdtrmr2d(up, dg, m, n, a.data(), ia, ja, la.desc, b.data(), ib, jb, lb.desc, unionctx);
      } else {
        status = mr2d_pztrmr2d(up, dg, m, n, reinterpret_cast<const mr2d_dcomplex*>(a.data()), ia, ja, la.desc,
                               reinterpret_cast<mr2d_dcomplex*>(b.data()), ib, jb, lb.desc, unionctx);
      }
      int wrong = status != MR2D_SUCCESS;
      for (I j = 0; j < std::max<I>(1, lb.lcols); ++j)
        for (I i = 0; i < lb.lld; ++i) {
          T want(-1.0);
          if (i < lb.lrows && j < lb.lcols) {
            const I gi = global_of(i, lb.mb, lb.myrow, lb.rsrc, lb.nprow) - (ib - 1);
            const I gj = global_of(j, lb.nb, lb.mycol, lb.csrc, lb.npcol) - (jb - 1);
            if (gi >= 0 && gi < m && gj >= 0 && gj < n && kept(uplo, diag, m, n, gi, gj))
              want = value<T>(gi + ia - 1, gj + ja - 1);
          }
          if (lb.ctxt >= 0 && b[static_cast<std::size_t>(i + j * lb.lld)] != want) ++wrong;
        }
      return wrong;
    };
    const int wrong = complex ? run(std::complex<double>()) : run(0.0);
    int total = 0;
    MPI_Allreduce(&wrong, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total != 0) {
      ++failures;
      if (me == 0) std::printf("case %d (entry %d, %c%c): %d wrong elements\n", k, entry, uplo, diag, total);
    }
  }

  // Beyond 32 bits: IA = 2^32 + 1 would read as 1 (valid) if truncated.
  {
    Layout l{1, static_cast<I>(np), 4, 4, 0, 0, 16, 16};
    setup(l, world);
    std::vector<double> a(static_cast<std::size_t>(l.lld * std::max<I>(1, l.lcols)), 1.0), b(a.size(), -1.0);
    const std::vector<double> before = b;
    const mr2d_int big = (I{1} << 32) + 1;
    const int status = mr2d_pdgemr2d(4, 4, a.data(), big, 1, l.desc, b.data(), 1, 1, l.desc, unionctx);
    const bool ok = status == MR2D_ERR_ARGUMENT && b == before &&
                    std::string(mr2d_last_error()).find("argument 4 (IA)") != std::string::npos;
    int bad = ok ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    ++cases;
    if (total) {
      ++failures;
      if (me == 0) std::printf("IA = 2^32 + 1: status %d, message \"%s\"\n", status, mr2d_last_error());
    }
  }
  if (me == 0) std::printf("ilp64: %d cases, %d failed\n", cases, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

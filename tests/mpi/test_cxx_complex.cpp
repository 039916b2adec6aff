// SPDX-License-Identifier: BSD-3-Clause
// The C++ layer with std::complex elements: mr2d::gemr2d, mr2d::trmr2d and
// mr2d::Plan on std::complex<float> and std::complex<double> arrays give, in
// the whole local array of B (padding included), exactly what ScaLAPACK's
// Cpcgemr2d / Cpztrmr2d ... give on the same arrays; mr2d::transform and
// transform plans give what the C entry gives; mr2d::version() is the
// header's version. Any number of processes.
#include <mpi.h>

#include <complex>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

struct Layout {
  int M, N, mb, nb, rsrc, csrc;
};

// The C element type ScaLAPACK's entry points take for std::complex<R>.
template <class R> struct c_element;
template <> struct c_element<float> { using type = mr2d_scomplex; };
template <> struct c_element<double> { using type = mr2d_dcomplex; };

template <class R>
void reference_copy(bool trapezoidal, int m, int n, std::complex<R>* a, int* desca,
                    std::complex<R>* b, int* descb, int ctxt) {
  using C = typename c_element<R>::type;
  C* ca = reinterpret_cast<C*>(a);
  C* cb = reinterpret_cast<C*>(b);
  char uplo[] = "U", diag[] = "N";
  if constexpr (std::is_same_v<R, float>) {
    if (trapezoidal) Cpctrmr2d(uplo, diag, m, n, ca, 2, 1, desca, cb, 1, 3, descb, ctxt);
    else Cpcgemr2d(m, n, ca, 2, 1, desca, cb, 1, 3, descb, ctxt);
  } else {
    if (trapezoidal) Cpztrmr2d(uplo, diag, m, n, ca, 2, 1, desca, cb, 1, 3, descb, ctxt);
    else Cpzgemr2d(m, n, ca, 2, 1, desca, cb, 1, 3, descb, ctxt);
  }
}

template <class R>
LocalArray<std::complex<R>> filled(const Layout& l, const Grid& g, int pad, bool codes) {
  LocalArray<std::complex<R>> x;
  if (!g.member()) return x;
  if (codes) fill_codes(x, l.M, l.N, l.mb, l.nb, l.rsrc, l.csrc, g.myrow, g.nprow, g.mycol, g.npcol, pad);
  else x = sentinel_array<std::complex<R>>(l.M, l.N, l.mb, l.nb, l.rsrc, l.csrc, g.myrow, g.nprow,
                                           g.mycol, g.npcol, pad);
  return x;
}

void desc_of(const Layout& l, const Grid& g, int lld, int d[9]) {
  const int v[9] = {1, g.member() ? g.ctxt : -1, l.M, l.N, l.mb, l.nb, l.rsrc, l.csrc, lld};
  std::memcpy(d, v, sizeof v);
}

// Wrong elements of one type, one routine and one entry (0 = direct call,
// 1 = plan) against the reference on this process.
template <class R>
int run(const Grid& ga, const Grid& gb, const Grid& gu, bool trapezoidal, bool plan) {
  using Z = std::complex<R>;
  const Layout la{37, 29, 4, 3, 0, 0}, lb{33, 35, 5, 2, 0, 0};
  const int m = 30, n = 26;
  LocalArray<Z> a = filled<R>(la, ga, 0, true);
  LocalArray<Z> ours = filled<R>(lb, gb, 2, false), theirs = filled<R>(lb, gb, 2, false);
  int desca[9], descb[9];
  desc_of(la, ga, a.lld, desca);
  desc_of(lb, gb, ours.lld, descb);
  if (plan) {
    const mr2d::Plan<Z> p = trapezoidal
                                ? mr2d::Plan<Z>('U', 'N', m, n, 2, 1, desca, 1, 3, descb, gu.ctxt)
                                : mr2d::Plan<Z>(m, n, 2, 1, desca, 1, 3, descb, gu.ctxt);
    p.execute(a.ptr(), ours.ptr());
  } else if (trapezoidal) {
    mr2d::trmr2d<Z>('U', 'N', m, n, a.ptr(), 2, 1, desca, ours.ptr(), 1, 3, descb, gu.ctxt);
  } else {
    mr2d::gemr2d<Z>(m, n, a.ptr(), 2, 1, desca, ours.ptr(), 1, 3, descb, gu.ctxt);
  }
  reference_copy<R>(trapezoidal, m, n, a.ptr(), desca, theirs.ptr(), descb, gu.ctxt);
  int bad = 0;
  for (std::size_t k = 0; k < ours.data.size(); ++k) bad += !same_bits(ours.data[k], theirs.data[k]);
  return bad;
}

// The C++ transform (direct and planned, op 'C') against the C entry
// mr2d_transform on the same arrays (which test_transform compares with
// ScaLAPACK): wrong elements on this process.
template <class R>
int run_transform(const Grid& ga, const Grid& gb, const Grid& gu, bool plan) {
  using Z = std::complex<R>;
  const Layout la{37, 29, 4, 3, 0, 0}, lb{33, 35, 5, 2, 0, 0};
  const int m = 26, n = 30;  // sub(B) m x n, sub(A) n x m
  const Z alpha(R(0.5), R(-2)), beta(R(-1), R(0.25));
  LocalArray<Z> a = filled<R>(la, ga, 0, true);
  LocalArray<Z> ours = filled<R>(lb, gb, 2, true), theirs = filled<R>(lb, gb, 2, true);
  int desca[9], descb[9];
  desc_of(la, ga, a.lld, desca);
  desc_of(lb, gb, ours.lld, descb);
  if (plan) {
    const auto p = mr2d::Plan<Z>::transform('C', m, n, 2, 1, desca, 1, 3, descb, gu.ctxt);
    p.execute(alpha, a.ptr(), beta, ours.ptr());
  } else {
    mr2d::transform<Z>('C', m, n, alpha, a.ptr(), 2, 1, desca, beta, ours.ptr(), 1, 3, descb, gu.ctxt);
  }
  if (mr2d_transform(mr2d::type_of<Z>::value, "C", m, n, &alpha, a.ptr(), 2, 1, desca, &beta, theirs.ptr(), 1, 3,
                     descb, gu.ctxt) != MR2D_SUCCESS)
    return 1;
  int bad = 0;
  for (std::size_t k = 0; k < ours.data.size(); ++k) bad += !same_bits(ours.data[k], theirs.data[k]);
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  const Grid gu = make_grid(1, world, "R", {});
  const int rows = world >= 4 ? 2 : 1;
  const Grid ga = make_grid(rows, world / rows, "C", {});
  const Grid gb = make_grid(world, 1, "R", {});
  // The C++ layer's version is the header's.
  int failures = mr2d::version() != MR2D_VERSION_STRING;
  // Runs one check on every process (an exception counts as a wrong element)
  // and reports the total.
  auto check = [&](const std::string& what, auto&& body) {
    int bad = 0, total = 0;
    try {
      bad = body();
    } catch (const mr2d::Error& e) {
      std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
      bad = 1;
    }
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) std::printf("%s: %d wrong elements\n", what.c_str(), total);
    failures += total != 0;
  };
  for (int precision : {0, 1}) {
    const std::string z = precision ? "std::complex<double> " : "std::complex<float> ";
    for (bool plan : {false, true}) {
      const std::string how = plan ? " plan" : " direct";
      for (bool trapezoidal : {false, true})
        check(z + (trapezoidal ? "trmr2d" : "gemr2d") + how, [&] {
          return precision == 0 ? run<float>(ga, gb, gu, trapezoidal, plan) : run<double>(ga, gb, gu, trapezoidal, plan);
        });
      check(z + "transform 'C'" + how, [&] {
        return precision == 0 ? run_transform<float>(ga, gb, gu, plan) : run_transform<double>(ga, gb, gu, plan);
      });
    }
  }
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

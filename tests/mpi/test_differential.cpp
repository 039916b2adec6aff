// SPDX-License-Identifier: BSD-3-Clause
// Differential test: random legal calls of p?gemr2d and p?trmr2d run through
// ScaLAPACK and through mr2d in the same process, on grids of every shape and
// order, overlapping and disjoint. Every process compares its full local B
// arrays (padding rows included) bit for bit, checks them against the values
// implied by the element codes, and checks that A is unchanged.
//   test_differential [--seed S] [--cases N] [--only K]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "typed_calls.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

struct Side {
  int grid = 0;
  int M = 0, N = 0, mb = 1, nb = 1, rsrc = 0, csrc = 0, i = 1, j = 1, pad = 0;
};

struct Case {
  int type = MR2D_D;
  bool trapezoidal = false;
  char uplo = 'U', diag = 'N';
  int m = 0, n = 0;
  int union_grid = 0;
  Side a, b;
  std::string text() const {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "type=%d tr=%d uplo=%c diag=%c m=%d n=%d union=%d | A grid=%d M=%d N=%d "
                  "mb=%d nb=%d src=%d,%d ij=%d,%d pad=%d | B grid=%d M=%d N=%d mb=%d nb=%d "
                  "src=%d,%d ij=%d,%d pad=%d",
                  type, trapezoidal, uplo, diag, m, n, union_grid, a.grid, a.M, a.N, a.mb, a.nb,
                  a.rsrc, a.csrc, a.i, a.j, a.pad, b.grid, b.M, b.N, b.mb, b.nb, b.rsrc, b.csrc,
                  b.i, b.j, b.pad);
    return buf;
  }
};

int uniform(std::mt19937_64& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

int pick_extent(std::mt19937_64& rng) {
  int r = uniform(rng, 0, 99);
  if (r < 6) return 0;
  if (r < 16) return 1;
  if (r < 88) return uniform(rng, 2, 40);
  return uniform(rng, 41, 160);
}

int pick_block(std::mt19937_64& rng, int extent) {
  int r = uniform(rng, 0, 99);
  if (r < 15) return 1;
  if (r < 80) return uniform(rng, 2, 9);
  if (r < 92) return uniform(rng, 10, 40);
  return extent + uniform(rng, 1, 20);  // one block holds everything
}

Side pick_side(std::mt19937_64& rng, const std::vector<Grid>& grids, int m, int n) {
  Side s;
  s.grid = uniform(rng, 0, static_cast<int>(grids.size()) - 1);
  const Grid& g = grids[static_cast<std::size_t>(s.grid)];
  s.i = uniform(rng, 0, 3) == 0 ? 1 : uniform(rng, 1, 25);
  s.j = uniform(rng, 0, 3) == 0 ? 1 : uniform(rng, 1, 25);
  s.M = s.i - 1 + m + uniform(rng, 0, 6);
  s.N = s.j - 1 + n + uniform(rng, 0, 6);
  s.mb = pick_block(rng, s.M);
  s.nb = pick_block(rng, s.N);
  s.rsrc = uniform(rng, 0, g.nprow - 1);
  s.csrc = uniform(rng, 0, g.npcol - 1);
  s.pad = uniform(rng, 0, 2) == 0 ? 0 : uniform(rng, 1, 3);
  return s;
}

Case make_case(std::mt19937_64& rng, const std::vector<Grid>& grids, int unions) {
  Case c;
  c.type = uniform(rng, 0, 4);
  c.trapezoidal = uniform(rng, 0, 2) == 0;
  c.uplo = "UuLl"[uniform(rng, 0, 3)];
  c.diag = "NnUu"[uniform(rng, 0, 3)];
  c.m = pick_extent(rng);
  c.n = pick_extent(rng);
  c.union_grid = uniform(rng, 0, unions - 1);
  c.a = pick_side(rng, grids, c.m, c.n);
  c.b = pick_side(rng, grids, c.m, c.n);
  return c;
}

// Descriptor as a process passes it: complete on members; on non-members
// CTXT_ = -1 and junk elsewhere (ScaLAPACK's own callers do that). Empty
// calls get junk descriptors everywhere: nothing may look at them.
void make_desc(const Side& s, const Grid& g, bool empty_call, int lld, std::mt19937_64& junk,
               int desc[9]) {
  for (int k = 0; k < 9; ++k) desc[k] = static_cast<int>(junk() % 2000) - 1000;
  if (empty_call) return;
  if (!g.member()) {
    desc[1] = -1;
    return;
  }
  const int vals[9] = {1, g.ctxt, s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, lld};
  std::memcpy(desc, vals, sizeof vals);
}

template <class T>
LocalArray<T> alloc_local(const Side& s, const Grid& g) {
  LocalArray<T> arr;
  if (!g.member()) return arr;
  arr.rows = numroc(s.M, s.mb, g.myrow, s.rsrc, g.nprow);
  arr.cols = numroc(s.N, s.nb, g.mycol, s.csrc, g.npcol);
  arr.lld = (arr.rows > 1 ? arr.rows : 1) + s.pad;
  arr.data.assign(static_cast<std::size_t>(arr.lld) * static_cast<std::size_t>(arr.cols),
                  sentinel<T>());
  return arr;
}

bool in_trapezoid(const Case& c, int i, int j) {
  return mr2d_test::in_trapezoid(c.trapezoidal, c.uplo, c.diag, c.m, c.n, i, j);
}

template <class T>
int run_case(const Case& c, const std::vector<Grid>& grids, const std::vector<Grid>& unions,
             const Calls& calls, std::mt19937_64& junk, bool verbose) {
  const Grid& ga = grids[static_cast<std::size_t>(c.a.grid)];
  const Grid& gb = grids[static_cast<std::size_t>(c.b.grid)];
  const Grid& gu = unions[static_cast<std::size_t>(c.union_grid)];
  const bool empty = c.m == 0 || c.n == 0;
  LocalArray<T> a = alloc_local<T>(c.a, ga);
  for (int lc = 0; lc < a.cols; ++lc)
    for (int lr = 0; lr < a.rows; ++lr)
      a.at(lr, lc) = code_of<T>(global_of(lr, c.a.mb, ga.myrow, c.a.rsrc, ga.nprow),
                                global_of(lc, c.a.nb, ga.mycol, c.a.csrc, ga.npcol));
  const std::vector<T> a_before = a.data;
  LocalArray<T> b_ref = alloc_local<T>(c.b, gb);
  LocalArray<T> b_our = b_ref;
  int desca[9], descb[9];
  make_desc(c.a, ga, empty, a.lld, junk, desca);
  make_desc(c.b, gb, empty, b_ref.lld, junk, descb);
  int desca2[9], descb2[9];
  std::memcpy(desca2, desca, sizeof desca);
  std::memcpy(descb2, descb, sizeof descb);
  char uplo[2] = {c.uplo, 0}, diag[2] = {c.diag, 0};
  int status = 0;
  if (c.trapezoidal) {
    calls.ref_tr(uplo, diag, c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, b_ref.ptr(), c.b.i, c.b.j,
                 descb, gu.ctxt);
    status = calls.our_tr(uplo, diag, c.m, c.n, a.ptr(), c.a.i, c.a.j, desca2, b_our.ptr(),
                          c.b.i, c.b.j, descb2, gu.ctxt);
  } else {
    calls.ref_ge(c.m, c.n, a.ptr(), c.a.i, c.a.j, desca, b_ref.ptr(), c.b.i, c.b.j, descb,
                 gu.ctxt);
    status = calls.our_ge(c.m, c.n, a.ptr(), c.a.i, c.a.j, desca2, b_our.ptr(), c.b.i, c.b.j,
                          descb2, gu.ctxt);
  }
  int bad = 0;
  if (status != MR2D_SUCCESS) {
    if (verbose) std::fprintf(stderr, "status %d: %s\n", status, mr2d_last_error());
    ++bad;
  }
  if (a.data.size() != a_before.size() ||
      (!a.data.empty() && std::memcmp(a.data.data(), a_before.data(), a.data.size() * sizeof(T)) != 0)) {
    if (verbose) std::fprintf(stderr, "A was modified\n");
    ++bad;
  }
  for (int lc = 0; lc < b_our.cols; ++lc) {
    for (int lr = 0; lr < b_our.lld; ++lr) {
      // What B must hold: the code of the source element inside the window
      // (and trapezoid), the sentinel elsewhere and in the padding rows.
      T expect = sentinel<T>();
      if (!empty && lr < b_our.rows) {
        int gi = global_of(lr, c.b.mb, gb.myrow, c.b.rsrc, gb.nprow) - (c.b.i - 1);
        int gj = global_of(lc, c.b.nb, gb.mycol, c.b.csrc, gb.npcol) - (c.b.j - 1);
        if (gi >= 0 && gi < c.m && gj >= 0 && gj < c.n && in_trapezoid(c, gi, gj))
          expect = code_of<T>(gi + c.a.i - 1, gj + c.a.j - 1);
      }
      const T& got = b_our.at(lr, lc);
      const T& ref = b_ref.at(lr, lc);
      if (!same_bits(got, ref) || !same_bits(got, expect)) {
        if (verbose && bad < 3)
          std::fprintf(stderr, "  B local (%d,%d): mr2d %s ScaLAPACK, mr2d %s expected\n", lr, lc,
                       same_bits(got, ref) ? "==" : "!=", same_bits(got, expect) ? "==" : "!=");
        ++bad;
      }
    }
  }
  return bad;
}


int dispatch(const Case& c, const std::vector<Grid>& grids, const std::vector<Grid>& unions,
             std::mt19937_64& junk, bool verbose) {
  const Calls& calls = kCalls[c.type];
  return with_element_type(c.type, [&](auto zero) {
    return run_case<decltype(zero)>(c, grids, unions, calls, junk, verbose);
  });
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  unsigned long long seed = 12345;
  int cases = 300, only = -1;
  for (int k = 1; k + 1 < argc; k += 2) {
    if (!std::strcmp(argv[k], "--seed")) seed = std::strtoull(argv[k + 1], nullptr, 10);
    if (!std::strcmp(argv[k], "--cases")) cases = std::atoi(argv[k + 1]);
    if (!std::strcmp(argv[k], "--only")) only = std::atoi(argv[k + 1]);
  }
  std::mt19937_64 rng(seed + static_cast<unsigned long long>(world));
  std::vector<Grid> grids = matrix_grids(world, rng);
  std::vector<Grid> unions = union_grids(world, rng);
  std::mt19937_64 junk(seed * 7919 + static_cast<unsigned long long>(rank));
  int failed_cases = 0, trapezoidal = 0;
  for (int k = 0; k < cases; ++k) {
    Case c = make_case(rng, grids, static_cast<int>(unions.size()));
    if (only >= 0 && k != only) continue;
    trapezoidal += c.trapezoidal;
    int bad = dispatch(c, grids, unions, junk, true);
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total > 0) {
      ++failed_cases;
      if (bad > 0)
        std::fprintf(stderr, "rank %d: %d mismatches in case %d\n", rank, bad, k);
      if (rank == 0)
        std::fprintf(stderr, "FAILED case %d (rerun: --seed %llu --only %d): %s\n  A %s B %s U %s\n",
                     k, seed, k, c.text().c_str(), grids[static_cast<std::size_t>(c.a.grid)].name.c_str(),
                     grids[static_cast<std::size_t>(c.b.grid)].name.c_str(),
                     unions[static_cast<std::size_t>(c.union_grid)].name.c_str());
    }
  }
  if (rank == 0)
    std::printf("differential: %d processes, %d grids, %d unions, %d cases (%d trapezoidal): "
                "%d passed, %d failed\n",
                world, static_cast<int>(grids.size()), static_cast<int>(unions.size()),
                only >= 0 ? 1 : cases, trapezoidal, (only >= 0 ? 1 : cases) - failed_cases,
                failed_cases);
  MPI_Finalize();
  return failed_cases == 0 ? 0 : 1;
}

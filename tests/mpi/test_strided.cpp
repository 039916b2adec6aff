// SPDX-License-Identifier: BSD-3-Clause
// Strided sections against a brute-force reference: mr2d_gemr2d_strided
// copies A(ia + i*sa, ja + j*ta) to B(ib + i*sb, jb + j*tb); every process
// checks every element of its local B (padding included): the code of the
// source element where B is written, the sentinel elsewhere. Random grids
// (row-, column-major and mapped subsets), types, strides and windows.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"

using namespace mr2d_test;

namespace {

struct Window {
  int rows, cols, mb, nb, i, j, s, t;  // matrix, blocks, 1-based start, strides
};

template <class T>
int run_case(int type, int m, int n, const Window& wa, const Grid& ga, const Window& wb, const Grid& gb,
             int ictxt) {
  LocalArray<T> a, b;
  int desca[9] = {1, -1, wa.rows, wa.cols, wa.mb, wa.nb, 0, 0, 1};
  int descb[9] = {1, -1, wb.rows, wb.cols, wb.mb, wb.nb, 0, 0, 1};
  if (ga.member()) {
    fill_codes(a, wa.rows, wa.cols, wa.mb, wa.nb, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol, 1);
    desca[1] = ga.ctxt;
    desca[8] = a.lld;
  }
  if (gb.member()) {
    fill_codes(b, wb.rows, wb.cols, wb.mb, wb.nb, 0, 0, gb.myrow, gb.nprow, gb.mycol, gb.npcol, 2);
    std::fill(b.data.begin(), b.data.end(), sentinel<T>());
    descb[1] = gb.ctxt;
    descb[8] = b.lld;
  }
  const int status = mr2d_gemr2d_strided(type, m, n, a.ptr(), wa.i, wa.j, wa.s, wa.t, desca, b.ptr(), wb.i,
                                         wb.j, wb.s, wb.t, descb, ictxt);
  int bad = status != MR2D_SUCCESS;
  if (gb.member())
    for (int c = 0; c < b.cols; ++c)
      for (int r = 0; r < b.lld; ++r) {
        T want = sentinel<T>();
        if (r < b.rows) {
          const int gi = global_of(r, wb.mb, gb.myrow, 0, gb.nprow) - (wb.i - 1);
          const int gj = global_of(c, wb.nb, gb.mycol, 0, gb.npcol) - (wb.j - 1);
          if (gi >= 0 && gj >= 0 && gi % wb.s == 0 && gj % wb.t == 0 && gi / wb.s < m && gj / wb.t < n)
            want = code_of<T>(wa.i - 1 + gi / wb.s * wa.s, wa.j - 1 + gj / wb.t * wa.t);
        }
        bad += same_bits(b.at(r, c), want) ? 0 : 1;
      }
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  int cases = argc > 1 ? std::atoi(argv[1]) : 200;
  std::mt19937_64 rng(777 + static_cast<unsigned>(world));
  const std::vector<Grid> grids = matrix_grids(world, rng);
  const Grid all = make_grid(1, world, "R", {});
  auto u = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int failed = 0;
  for (int k = 0; k < cases; ++k) {
    const Grid& ga = grids[static_cast<std::size_t>(u(0, static_cast<int>(grids.size()) - 1))];
    const Grid& gb = grids[static_cast<std::size_t>(u(0, static_cast<int>(grids.size()) - 1))];
    const int m = u(0, 25), n = u(0, 25);
    auto window = [&]() {
      Window w{};
      w.s = u(1, 4);
      w.t = u(1, 4);
      w.i = u(1, 5);
      w.j = u(1, 5);
      w.rows = w.i - 1 + (m > 0 ? (m - 1) * w.s + 1 : 0) + u(0, 3);
      w.cols = w.j - 1 + (n > 0 ? (n - 1) * w.t + 1 : 0) + u(0, 3);
      w.mb = u(1, 8);
      w.nb = u(1, 8);
      return w;
    };
    Window wa = window(), wb = window();
    if (k % 5 == 0) wb.s = wb.t = 1;  // e.g. even rows of A into a compact B
    if (k % 7 == 0) wa.s = wa.t = 1;
    const int type = k % 5;
    const int bad = with_element_type(type, [&](auto zero) {
      return run_case<decltype(zero)>(type, m, n, wa, ga, wb, gb, all.ctxt);
    });
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total) {
      ++failed;
      if (rank == 0)
        std::printf("case %d: %d wrong (m %d n %d, A %s strides %d,%d, B %s strides %d,%d)\n", k, total, m, n,
                    ga.name.c_str(), wa.s, wa.t, gb.name.c_str(), wb.s, wb.t);
    }
  }
  if (rank == 0) std::printf("strided: %d processes, %d cases: %d passed, %d failed\n", world, cases, cases - failed, failed);
  MPI_Finalize();
  return failed == 0 ? 0 : 1;
}

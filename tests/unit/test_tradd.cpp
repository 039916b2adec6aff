// SPDX-License-Identifier: BSD-3-Clause
// PBLAS's p?tradd pieces of the core: its trapezoid (the diagonal from the
// submatrix's corner, whatever its shape) against p?trmr2d's, and the +0 it
// adds outside the trapezoid within its 32-wide diagonal blocks, on one
// process and block-cyclically on a 2 x 3 grid.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "index/cyclic_1d.hpp"
#include "index/trapezoid.hpp"
#include "kernels/tradd_band.hpp"
#include "mr2d/mr2d.h"

using namespace mr2d;
using index::Shape;
using index::Trapezoid;

TEST(Tradd, TrapezoidFromTheCorner) {
  // Upper, more rows than columns: p?trmr2d keeps i <= j + (m - n), p?tradd i <= j.
  const Trapezoid trmr{Shape::upper, false, 7, 4}, tradd{Shape::upper, false, 7, 4, true};
  for (Index j = 0; j < 4; ++j) {
    EXPECT_EQ(trmr.rows_of_column(j), std::make_pair(Index{0}, std::min<Index>(j + 4, 7)));
    EXPECT_EQ(tradd.rows_of_column(j), std::make_pair(Index{0}, j + 1));
  }
  // Lower, more columns than rows: p?trmr2d keeps i >= j - (n - m), p?tradd i >= j.
  const Trapezoid lower{Shape::lower, false, 3, 6, true};
  for (Index j = 0; j < 6; ++j) EXPECT_EQ(lower.rows_of_column(j), std::make_pair(std::min<Index>(j, 3), Index{3}));
  // The shapes where both agree.
  const Trapezoid square{Shape::upper, false, 5, 5}, square_corner{Shape::upper, false, 5, 5, true};
  for (Index j = 0; j < 5; ++j) EXPECT_EQ(square.rows_of_column(j), square_corner.rows_of_column(j));
}

namespace {

// Whether p?tradd adds +0 at (i, j) of an m x n sub(C).
bool in_band(bool upper, Index m, Index n, Index i, Index j) {
  const Index mn = std::min(m, n);
  return i < mn && j < mn && i / 32 == j / 32 && (upper ? i > j : i < j);
}

}  // namespace

TEST(Tradd, BandOnOneProcess) {
  const Index m = 70, n = 40, ld = 75;
  for (bool upper : {true, false}) {
    // Every element -0.0: the band turns +0.0, the rest stays.
    std::vector<double> c(static_cast<std::size_t>(ld * n), -0.0);
    const index::Axis rows{1000, 1, 0, 0}, cols{1000, 1, 0, 0};
    const Index added = kernels::tradd_band(MR2D_D, upper, m, n, 32, {c.data(), ld, rows, cols, 0, 0});
    // Diagonal blocks of 32 and 8: 32 * 31 / 2 + 8 * 7 / 2 strictly on one side.
    EXPECT_EQ(added, 496 + 28);
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < ld; ++i)
        EXPECT_EQ(std::signbit(c[static_cast<std::size_t>(i + j * ld)]), !(i < m && in_band(upper, m, n, i, j)))
            << "upper " << upper << " at " << i << ", " << j;
  }
}

TEST(Tradd, BandBlockCyclicComplex) {
  // sub(C) 50 x 90 from (4, 7) of a matrix in 3 x 5 blocks on a 2 x 3 grid;
  // each process changes exactly its elements of the band.
  const Index m = 50, n = 90, M = 60, N = 100, mb = 3, nb = 5, ic = 4, jc = 7;
  const Index nprow = 2, npcol = 3;
  Index total = 0;
  for (Index pr = 0; pr < nprow; ++pr) {
    for (Index pc = 0; pc < npcol; ++pc) {
      const Index lr = index::numroc(M, mb, pr, 1, nprow), lc = index::numroc(N, nb, pc, 2, npcol);
      std::vector<float> c(static_cast<std::size_t>(2 * lr * lc), -0.0f);
      const index::Axis rows{mb, nprow, 1, ic}, cols{nb, npcol, 2, jc};
      total += kernels::tradd_band(MR2D_C, false, m, n, 32, {c.data(), lr, rows, cols, pr, pc});
      for (Index gj = 0; gj < N; ++gj) {
        if (index::owner(gj, nb, 2, npcol) != pc) continue;
        for (Index gi = 0; gi < M; ++gi) {
          if (index::owner(gi, mb, 1, nprow) != pr) continue;
          const Index i = gi - ic, j = gj - jc;
          const bool band = i >= 0 && j >= 0 && i < m && j < n && in_band(false, m, n, i, j);
          const std::size_t at = static_cast<std::size_t>(
              2 * (index::local_index(gi, mb, nprow) + index::local_index(gj, nb, npcol) * lr));
          EXPECT_EQ(std::signbit(c[at]), !band);
          EXPECT_EQ(std::signbit(c[at + 1]), !band);
        }
      }
    }
  }
  EXPECT_EQ(total, 496 + 18 * 17 / 2);
}

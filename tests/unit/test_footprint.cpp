// SPDX-License-Identifier: BSD-3-Clause
// windows_overlap against a byte-by-byte comparison of the two windows'
// elements: it never misses an overlap, and it is exact where both arrays
// have the same leading dimension and lie whole elements apart with B's
// window inside A's columns (the case of one array passed as A and B).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "check/footprint.hpp"

using namespace mr2d;
using mr2d::check::LocalWindow;

namespace {

std::set<std::uintptr_t> bytes_of(std::uintptr_t base, Index ld, const LocalWindow& w, Index es) {
  std::set<std::uintptr_t> bytes;
  for (Index c = w.col0; c < w.col1; ++c)
    for (Index r = w.row0; r < w.row1; ++r)
      for (Index k = 0; k < es; ++k) bytes.insert(base + static_cast<std::uintptr_t>((r + c * ld) * es + k));
  return bytes;
}

bool meet(const std::set<std::uintptr_t>& x, const std::set<std::uintptr_t>& y) {
  for (std::uintptr_t v : x)
    if (y.count(v)) return true;
  return false;
}

}  // namespace

TEST(Footprint, OverlapAgainstBytes) {
  std::mt19937_64 rng(33);
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  int exact = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const Index es = Index{1} << u(0, 4);
    const Index lda = u(1, 9), ldb = u(0, 2) == 0 ? u(1, 9) : lda;
    auto window = [&](Index ld) {
      LocalWindow w;
      w.row0 = u(0, ld - 1);
      w.row1 = u(w.row0, ld);
      w.col0 = u(0, 5);
      w.col1 = u(w.col0, 7);
      return w;
    };
    const LocalWindow wa = window(lda), wb = window(ldb);
    const std::uintptr_t a = 4096;
    const std::uintptr_t b = static_cast<std::uintptr_t>(
        static_cast<Index>(a) + (u(0, 3) == 0 ? u(-90, 90) : es * u(-40, 40)));
    const bool truth = meet(bytes_of(a, lda, wa, es), bytes_of(b, ldb, wb, es));
    const bool said = check::windows_overlap(a, lda, wa, b, ldb, wb, es);
    if (truth) {
      EXPECT_TRUE(said) << "trial " << trial;
    }
    const Index apart = static_cast<Index>(b) - static_cast<Index>(a);
    const Index dc = apart >= 0 ? apart / es / lda : -((-apart / es + lda - 1) / lda);
    const Index dr = apart / es - dc * lda;
    if (lda == ldb && apart % es == 0 && !wb.empty() && dr + wb.row1 <= lda) {
      EXPECT_EQ(said, truth) << "trial " << trial;
      ++exact;
    }
  }
  EXPECT_GT(exact, 300);
}

TEST(Footprint, DisjointColumnsOfOneArray) {
  // Columns 0..6 and 7..13 of one array with 5 rows: no overlap.
  const LocalWindow left{0, 5, 0, 7}, right{0, 5, 7, 14};
  EXPECT_FALSE(check::windows_overlap(1 << 20, 5, left, 1 << 20, 5, right, 8));
  // The same window twice: overlap.
  EXPECT_TRUE(check::windows_overlap(1 << 20, 5, left, 1 << 20, 5, left, 8));
}

// SPDX-License-Identifier: BSD-3-Clause
// Table-driven checks of the 1D block-cyclic maps and the origin shift.
#include <gtest/gtest.h>

#include "index/cyclic_1d.hpp"

using namespace mr2d;
using namespace mr2d::index;

TEST(Cyclic1D, NumrocMatchesSemanticsExample) {
  // M_=10, MB_=2, RSRC_=1 on two process rows: row 1 holds 6 rows, row 0 holds 4.
  EXPECT_EQ(numroc(10, 2, 1, 1, 2), 6);
  EXPECT_EQ(numroc(10, 2, 0, 1, 2), 4);
  EXPECT_EQ(numroc(0, 3, 0, 0, 4), 0);
  EXPECT_EQ(numroc(7, 10, 2, 2, 3), 7);
  EXPECT_EQ(numroc(7, 10, 0, 2, 3), 0);
}

TEST(Cyclic1D, NumrocSumsToExtentAndCountsOwnedIndices) {
  for (Index n = 0; n < 40; ++n)
    for (Index nb = 1; nb < 7; ++nb)
      for (Index p = 1; p < 6; ++p)
        for (Index src = 0; src < p; ++src) {
          Index total = 0;
          for (Index q = 0; q < p; ++q) {
            Index owned = 0;
            for (Index g = 0; g < n; ++g) owned += owner(g, nb, src, p) == q;
            EXPECT_EQ(numroc(n, nb, q, src, p), owned);
            total += owned;
          }
          EXPECT_EQ(total, n);
        }
}

TEST(Cyclic1D, OriginShiftWorkedExample) {
  // Example: nb=3, P=2, RSRC=1, IA=5 -> o=1, r=0.
  ShiftedAxis s = shift_origin({3, 2, 1, 4}, 3);
  EXPECT_EQ(s.offset, 1);
  EXPECT_EQ(s.first, 0);
  const Index owners[] = {0, 0, 1, 1, 1, 0};
  for (Index t = 0; t < 6; ++t) EXPECT_EQ(s.owner_of(t), owners[t]);
  EXPECT_EQ(s.base(0), 0);
  EXPECT_EQ(s.base(1), 3);
  EXPECT_EQ(s.local_of(0, s.base(0)), 1);  // global 4 is local 1 on process 0
  EXPECT_EQ(s.local_of(2, s.base(1)), 3);  // global 6 is local 3 on process 1
}

TEST(Cyclic1D, OriginShiftAgreesWithDirectMapsForAnyStart) {
  for (Index nb = 1; nb < 6; ++nb)
    for (Index p = 1; p < 5; ++p)
      for (Index src = 0; src < p; ++src)
        for (Index start = 0; start < 30; ++start)
          for (Index walk : {nb, Index{7}, Index{64}}) {
            ShiftedAxis s = shift_origin({nb, p, src, start}, walk);
            for (Index t = 0; t < 25; ++t) {
              Index g = start + t;
              Index own = owner(g, nb, src, p);
              ASSERT_EQ(s.owner_of(t), own);
              ASSERT_EQ(s.local_of(t, s.base(own)), local_index(g, nb, p));
            }
          }
}

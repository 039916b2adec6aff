// SPDX-License-Identifier: BSD-3-Clause
// The transposed copy against an element-by-element model, for every element
// size, every column count up to a wide block and position ranges that start
// and end off the tiles: it must move exactly the bytes the model moves and
// write nothing else.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernels/transpose_copy.hpp"

using namespace mr2d;

namespace {

template <std::size_t Size>
void check(int count, Index lo, Index hi) {
  const Index len = hi + 3, ldt = count + 5;
  std::vector<unsigned char> a(static_cast<std::size_t>(count * len) * Size);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = static_cast<unsigned char>(k * 7 + k / 253 + 1);
  std::vector<const void*> from(static_cast<std::size_t>(count));
  for (int c = 0; c < count; ++c) from[static_cast<std::size_t>(c)] = a.data() + static_cast<std::size_t>(c * len) * Size;
  std::vector<unsigned char> b(static_cast<std::size_t>((hi + 1) * ldt) * Size, 0);
  kernels::transpose_copy<Size>(from.data(), count, lo, hi, b.data(), ldt);
  for (Index p = 0; p <= hi; ++p)
    for (Index c = 0; c < ldt; ++c) {
      const unsigned char* got = b.data() + static_cast<std::size_t>(p * ldt + c) * Size;
      std::vector<unsigned char> want(Size, 0);
      if (p >= lo && p < hi && c < count) std::memcpy(want.data(), a.data() + static_cast<std::size_t>(c * len + p) * Size, Size);
      ASSERT_EQ(std::memcmp(got, want.data(), Size), 0)
          << "size " << Size << " count " << count << " positions [" << lo << ", " << hi << ") at row " << p
          << " column " << c;
    }
}

template <std::size_t Size>
void check_all() {
  for (int count = 1; count <= kernels::kWideCopyBlock<Size>; ++count)
    for (Index lo : {0, 1, 3})
      for (Index hi : {lo, lo + 1, lo + 5, lo + 17, Index{70}}) check<Size>(count, lo, hi);
}

}  // namespace

TEST(TransposeCopy, MatchesModelForEveryCountAndRange) {
  check_all<4>();
  check_all<8>();
  check_all<16>();
}

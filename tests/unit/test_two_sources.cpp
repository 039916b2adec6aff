// SPDX-License-Identifier: BSD-3-Clause
// copy_two_sources (kernels/two_sources.hpp) against the kernels it stands
// in for: for rows dealt in blocks to two or three processes of A and
// gathered on one of B, columns from random block-cyclic axes, windows,
// element sizes, leading dimensions and alignments of B, the kept source
// copied by copy_local and the other by copy_local (a peer's A) or unpack
// (its message) must leave B byte for byte as the two-source copy does,
// padding included, with and without streamed stores.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "index/runs_1d.hpp"
#include "kernels/pack.hpp"
#include "kernels/two_sources.hpp"
#include "kernels/two_targets.hpp"
#include "random_axes.hpp"

using namespace mr2d;
using index::RunSet;
using kernels::TwoSourceSide;
using kernels::Window;

namespace {

using Bytes = std::vector<unsigned char>;
using test::random_bytes;
using test::random_window;

struct Case {
  RunSet rows[2];
  RunSet cols;
  Index es = 8;
  Index lda[2] = {1, 1};
  Index ldb = 1;
  Index acols = 0, bcols = 0;
  Index b_shift = 0;  // elements B's array starts past an aligned address
};

// Rows in blocks of `nb` over `procs` processes of A onto one of B; the
// sources are A's processes `p0` and `p1`.
Case make_case(std::mt19937_64& rng, Index nb, Index procs, Index p0, Index p1, Index extent, Index es) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  Case c;
  const index::AxisPair rows{{nb, procs, 0, 0}, {u(1, 50), 1, 0, 0}, extent};
  c.rows[0] = index::runs_for(rows, index::Role::sender, p0).front().second;
  c.rows[1] = index::runs_for(rows, index::Role::sender, p1).front().second;
  index::AxisPair cols = test::random_axes(rng);
  cols.extent = std::min<Index>(cols.extent, 30);
  cols.src.nprocs = 1;
  cols.src.src = 0;
  const auto sets = index::runs_for(cols, index::Role::receiver, u(0, cols.dst.nprocs - 1));
  c.cols = sets.empty() ? RunSet({}, 1, 0, 0, cols.extent) : sets.front().second;
  c.es = es;
  for (int k = 0; k < 2; ++k) c.lda[k] = test::side_end(c.rows[k], true) + u(0, 3);
  c.ldb = extent + u(0, 3);
  c.acols = test::side_end(c.cols, true);
  c.bcols = test::side_end(c.cols, false);
  c.b_shift = u(0, 7);
  return c;
}

// Checks one case and window; returns whether the two-source copy served it.
bool check(const Case& c, std::mt19937_64& rng, Window window, bool message, bool stream) {
  const Bytes a0 = random_bytes(rng, c.lda[0] * c.acols * c.es);
  const Bytes a1 = random_bytes(rng, c.lda[1] * c.acols * c.es);
  const Index b_bytes = c.ldb * c.bcols * c.es;
  const Bytes b0 = random_bytes(rng, b_bytes);
  // B at every offset from a line boundary, so streamed lines start anywhere in a column.
  const std::size_t shift = static_cast<std::size_t>(c.b_shift * c.es);
  Bytes expect_space(static_cast<std::size_t>(b_bytes) + 64 + 8 * 16), got_space(expect_space.size());
  auto aligned = [&](Bytes& space) {
    auto* p = space.data();
    p += (64 - reinterpret_cast<std::uintptr_t>(p) % 64) % 64;
    return p + shift;
  };
  unsigned char* expect = aligned(expect_space);
  unsigned char* got = aligned(got_space);
  std::copy(b0.begin(), b0.end(), expect);
  std::copy(b0.begin(), b0.end(), got);
  const index::Trapezoid full{index::Shape::full, false, c.rows[0].extent(), c.cols.extent()};

  Bytes msg(static_cast<std::size_t>(c.rows[1].count() * c.cols.count() * c.es) + 1);
  const Index packed = kernels::pack(a1.data(), c.lda[1], c.rows[1], c.cols, full, c.es, msg.data(), window);
  const Index kept = kernels::copy_local(a0.data(), c.lda[0], expect, c.ldb, c.rows[0], c.cols, full, c.es, window);
  const Index got_other =
      message ? kernels::unpack(msg.data(), c.rows[1], c.cols, full, c.es, expect, c.ldb, window)
              : kernels::copy_local(a1.data(), c.lda[1], expect, c.ldb, c.rows[1], c.cols, full, c.es, window);
  EXPECT_EQ(packed, got_other);

  const TwoSourceSide one{a0.data(), c.lda[0], false, &c.rows[0], &c.cols};
  const TwoSourceSide two = message ? TwoSourceSide{msg.data(), 0, true, &c.rows[1], &c.cols}
                                    : TwoSourceSide{a1.data(), c.lda[1], false, &c.rows[1], &c.cols};
  if (!kernels::two_sources_fit(one, two, full, c.es, window)) return false;
  const kernels::TwoSourceCount n = kernels::copy_two_sources(one, two, c.es, got, c.ldb, window, stream);
  EXPECT_EQ(n.first, kept);
  EXPECT_EQ(n.second, got_other);
  EXPECT_TRUE(std::equal(expect, expect + b_bytes, got)) << "B differs";
  return true;
}

}  // namespace

// Two of two (gapless columns: the streamed path) and two of three
// processes (a gap after every pair), every short block length and some
// long ones, both orders of the sources, counts equal and one apart, the
// last block whole or cut short.
TEST(TwoSources, SameBytesAsOneSourceAfterTheOther) {
  std::mt19937_64 rng(31);
  int served = 0, streamed_columns = 0, tried = 0;
  for (Index nb : {1, 2, 3, 5, 7, 8, 16, 17, 40}) {
    for (Index es : {4, 8, 16}) {
      for (int shape = 0; shape < 6; ++shape) {
        const Index procs = shape < 4 ? 2 : 3;
        const Index p0 = shape % 2, p1 = procs == 2 ? 1 - p0 : (shape % 2 == 0 ? 1 : 2);
        // Whole pairs of blocks, or one block more; long columns so that streaming applies.
        const bool long_column = rng() % 2 == 0;
        const Index pairs =
            long_column ? 8192 / (nb * es) + 1 + static_cast<Index>(rng() % 8) : 3 + static_cast<Index>(rng() % 30);
        // Half the time the last block cut short (a dimension that ends in a partial block).
        const Index cut =
            nb > 1 && rng() % 2 == 0 ? 1 + static_cast<Index>(rng() % static_cast<std::uint64_t>(nb - 1)) : 0;
        const Index extent = nb * (2 * pairs + (shape % 4 >= 2 ? 1 : 0)) - cut;
        const Case c = make_case(rng, nb, procs, p0, p1, extent, es);
        for (int w = 0; w < 3; ++w) {
          const Window window = w == 0 ? Window{} : random_window(rng, c.cols.extent());
          for (bool message : {false, true}) {
            for (bool stream : {false, true}) {
              SCOPED_TRACE("nb " + std::to_string(nb) + ", es " + std::to_string(es) + ", shape " +
                           std::to_string(shape) + ", extent " + std::to_string(extent) + ", message " +
                           std::to_string(message) + ", stream " + std::to_string(stream));
              ++tried;
              if (check(c, rng, window, message, stream)) {
                ++served;
                if (stream && procs == 2 && extent * es >= 8192) ++streamed_columns;
              }
              if (::testing::Test::HasFailure()) return;
            }
          }
        }
      }
    }
  }
  // Every shape above fits the kernel; a refusal would hide it behind the old path.
  EXPECT_EQ(served, tried);
  EXPECT_GT(streamed_columns, 0);
}

// Pairs the kernel must leave to the old kernels.
TEST(TwoSources, RefusesWhatItDoesNotServe) {
  std::mt19937_64 rng(5);
  Case c = make_case(rng, 5, 2, 0, 1, 200, 8);
  c.cols = RunSet({{0, 3, 0, 0}}, 10, 3, 3, 10);
  const index::Trapezoid full{index::Shape::full, false, 200, c.cols.extent()};
  const TwoSourceSide one{nullptr, c.lda[0], false, &c.rows[0], &c.cols};
  const TwoSourceSide two{nullptr, c.lda[1], false, &c.rows[1], &c.cols};
  EXPECT_TRUE(kernels::two_sources_fit(one, two, full, 8, {}));
  // A trapezoid, an element size with no loop of its own, one source twice (overlapping runs).
  EXPECT_FALSE(kernels::two_sources_fit(one, two, {index::Shape::upper, false, 200, c.cols.extent()}, 8, {}));
  EXPECT_FALSE(kernels::two_sources_fit(one, two, full, 12, {}));
  EXPECT_FALSE(kernels::two_sources_fit(one, one, full, 8, {}));
  // A last block cut short is served: the last run of all may be shorter.
  Case cut = make_case(rng, 5, 2, 0, 1, 203, 8);
  cut.cols = c.cols;
  const TwoSourceSide cut_one{nullptr, cut.lda[0], false, &cut.rows[0], &cut.cols};
  const TwoSourceSide cut_two{nullptr, cut.lda[1], false, &cut.rows[1], &cut.cols};
  EXPECT_TRUE(kernels::two_sources_fit(cut_one, cut_two, full, 8, {}));
  // Other columns on the second side.
  const RunSet other_cols({{0, 3, 0, 1}}, 10, 3, 3, 10);
  const TwoSourceSide moved{nullptr, c.lda[1], false, &c.rows[1], &other_cols};
  EXPECT_FALSE(kernels::two_sources_fit(one, moved, full, 8, {}));
}

namespace {

// Rows of A's columns dealt in blocks of `nb` to `procs` processes of B,
// this process the only one of A; the targets are B's processes p0 (the
// kept part, an array) and p1 (a message, or another array).
bool check_split(std::mt19937_64& rng, Index nb, Index procs, Index p0, Index p1, Index extent, Index es, Window window,
                 bool message, bool stream) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  const index::AxisPair row_axes{{u(1, 50), 1, 0, 0}, {nb, procs, 0, 0}, extent};
  const RunSet rows[2] = {index::runs_for(row_axes, index::Role::receiver, p0).front().second,
                          index::runs_for(row_axes, index::Role::receiver, p1).front().second};
  index::AxisPair col_axes = test::random_axes(rng);
  col_axes.extent = std::min<Index>(col_axes.extent, 30);
  col_axes.dst.nprocs = 1;
  col_axes.dst.src = 0;
  const auto sets = index::runs_for(col_axes, index::Role::sender, u(0, col_axes.src.nprocs - 1));
  const RunSet cols = sets.empty() ? RunSet({}, 1, 0, 0, col_axes.extent) : sets.front().second;
  const Index lda = extent + u(0, 3);
  Index ldb[2];
  for (int k = 0; k < 2; ++k) ldb[k] = test::side_end(rows[k], false) + u(0, 3);
  const Index acols = test::side_end(cols, true), bcols = test::side_end(cols, false);
  const Bytes a = random_bytes(rng, lda * acols * es);
  const index::Trapezoid full{index::Shape::full, false, extent, cols.extent()};

  const Bytes b0 = random_bytes(rng, ldb[0] * bcols * es);
  const Bytes m0 = random_bytes(rng, std::max(ldb[1] * bcols, rows[1].count() * cols.count()) * es + 1);
  Bytes expect_b = b0, expect_m = m0, got_b = b0, got_m = m0;
  const Index kept = kernels::copy_local(a.data(), lda, expect_b.data(), ldb[0], rows[0], cols, full, es, window);
  const Index other =
      message ? kernels::pack(a.data(), lda, rows[1], cols, full, es, expect_m.data(), window)
              : kernels::copy_local(a.data(), lda, expect_m.data(), ldb[1], rows[1], cols, full, es, window);
  const kernels::TwoTargetSide one{got_b.data(), ldb[0], false, &rows[0], &cols};
  const kernels::TwoTargetSide two{got_m.data(), message ? 0 : ldb[1], message, &rows[1], &cols};
  if (!kernels::two_targets_fit(one, two, full, es, window)) return false;
  const kernels::TwoSourceCount n = kernels::split_two_ways(a.data(), lda, one, two, es, window, stream);
  EXPECT_EQ(n.first, kept);
  EXPECT_EQ(n.second, other);
  EXPECT_TRUE(got_b == expect_b) << "the kept target differs";
  EXPECT_TRUE(got_m == expect_m) << "the other target differs";
  return true;
}

}  // namespace

// The mirror image: one column of A split between the kept part and a
// message (or a second array), against copy_local and pack one after the other.
TEST(TwoTargets, SameBytesAsOneTargetAfterTheOther) {
  std::mt19937_64 rng(77);
  int served = 0, tried = 0;
  for (Index nb : {1, 2, 3, 5, 8, 16, 17, 40}) {
    for (Index es : {4, 8, 16}) {
      for (int shape = 0; shape < 6; ++shape) {
        const Index procs = shape < 4 ? 2 : 3;
        const Index p0 = shape % 2, p1 = procs == 2 ? 1 - p0 : (shape % 2 == 0 ? 1 : 2);
        // Long columns for single rows, so that streamed stores apply.
        const Index pairs =
            nb == 1 && rng() % 2 == 0 ? 1024 + static_cast<Index>(rng() % 8) : 3 + static_cast<Index>(rng() % 40);
        const Index cut =
            nb > 1 && rng() % 2 == 0 ? 1 + static_cast<Index>(rng() % static_cast<std::uint64_t>(nb - 1)) : 0;
        const Index extent = nb * (2 * pairs + (shape % 4 >= 2 ? 1 : 0)) - cut;
        for (int w = 0; w < 3; ++w) {
          const Window window = w == 0 ? Window{} : random_window(rng, 30);
          for (bool message : {false, true}) {
            SCOPED_TRACE("nb " + std::to_string(nb) + ", es " + std::to_string(es) + ", shape " +
                         std::to_string(shape) + ", extent " + std::to_string(extent) + ", message " +
                         std::to_string(message));
            for (bool stream : {false, true}) {
              ++tried;
              if (check_split(rng, nb, procs, p0, p1, extent, es, window, message, stream)) ++served;
            }
            if (::testing::Test::HasFailure()) return;
          }
        }
      }
    }
  }
  EXPECT_EQ(served, tried);
}

// SPDX-License-Identifier: BSD-3-Clause
// Streamed stores (B written around the caches in whole 64-byte lines)
// against plain copies and element models:
//  - stream_copy at every length around its threshold and every alignment;
//  - copy_local streaming long runs (whole columns, and runs cut by blocks);
//  - unpack streaming long runs from a message, whole or by column windows,
//    the full shape and a lower trapezoid;
//  - transposed copies: for random run sets, B placed on a line or off it by
//    any number of elements, leading dimensions that keep rows on lines and
//    ones that do not, copy_update and unpack_update with op T must write
//    exactly the transposed elements, with stream on as with it off.
// Each writes exactly its bytes and nothing else.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "index/runs_2d.hpp"
#include "kernels/pack.hpp"
#include "kernels/streamed_stores.hpp"
#include "kernels/transform.hpp"
#include "kernels/transpose_copy.hpp"
#include "mr2d/mr2d.h"
#include "random_axes.hpp"

using namespace mr2d;
using index::RunSet;

namespace {

using Bytes = std::vector<unsigned char>;

using test::side_end;

RunSet some_run_set(std::mt19937_64& rng, index::AxisPair ax) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  auto sets = index::runs_for(ax, index::Role::receiver, u(0, ax.dst.nprocs - 1));
  if (sets.empty()) return RunSet({}, 1, 0, 0, ax.extent);
  return sets[static_cast<std::size_t>(u(0, static_cast<Index>(sets.size()) - 1))].second;
}

// B's storage: a buffer whose element 0 lies `offset` bytes past a line.
struct Placed {
  Bytes storage;
  unsigned char* b;
  Placed(std::size_t bytes, Index offset) : storage(bytes + 2 * kernels::kStreamLine) {
    auto at = reinterpret_cast<std::uintptr_t>(storage.data());
    at = (at + kernels::kStreamLine - 1) / kernels::kStreamLine * kernels::kStreamLine + static_cast<std::uintptr_t>(offset);
    b = reinterpret_cast<unsigned char*>(at);
  }
};

struct Case {
  RunSet rows, cols;  // rows name B's columns, columns B's rows (transposed view)
  int type;
  Index es, lda, ldb, offset;
};

void check(const Case& c, std::mt19937_64& rng) {
  const index::Trapezoid full{index::Shape::full, false, c.rows.extent(), c.cols.extent()};
  const Index acols = side_end(c.cols, true), bcols = side_end(c.rows, false);
  Bytes a(static_cast<std::size_t>(std::max<Index>(c.lda * acols * c.es, 1)));
  for (auto& x : a) x = static_cast<unsigned char>(rng());
  const std::size_t bbytes = static_cast<std::size_t>(c.ldb * bcols * c.es);
  Bytes b0(bbytes);
  for (auto& x : b0) x = static_cast<unsigned char>(rng());
  // The model: B(dc, dr) = A(sr, sc), with B's row index from the columns.
  Bytes expect = b0, message;
  c.cols.for_each([&](Index, Index lenc, Index sc, Index dc) {
    for (Index j = 0; j < lenc; ++j)
      c.rows.for_each([&](Index, Index lenr, Index sr, Index dr) {
        for (Index i = 0; i < lenr; ++i) {
          const unsigned char* x = &a[static_cast<std::size_t>((sr + i + (sc + j) * c.lda) * c.es)];
          std::memcpy(&expect[static_cast<std::size_t>((dc + j + (dr + i) * c.ldb) * c.es)], x, static_cast<std::size_t>(c.es));
          message.insert(message.end(), x, x + c.es);
        }
      });
  });
  for (bool stream : {false, true}) {
    const kernels::Update u = kernels::make_update(c.type, 'T', nullptr, nullptr);
    for (bool from_message : {false, true}) {
      Placed placed(bbytes, c.offset);
      if (bbytes > 0) std::memcpy(placed.b, b0.data(), bbytes);
      if (from_message)
        kernels::unpack_update(message.data(), c.rows, c.cols, full, u, placed.b, c.ldb, {}, stream);
      else
        kernels::copy_update(a.data(), c.lda, placed.b, c.ldb, c.rows, c.cols, full, u, {}, stream);
      ASSERT_TRUE(bbytes == 0 || std::memcmp(placed.b, expect.data(), bbytes) == 0)
          << (from_message ? "unpack_update" : "copy_update") << " stream " << stream << " offset " << c.offset
          << " ldb " << c.ldb;
    }
  }
}

}  // namespace

TEST(StreamedStores, StreamedTransposeMatchesModelOnAndOffLines) {
  std::mt19937_64 rng(2026);
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  const int types[] = {MR2D_S, MR2D_D, MR2D_C, MR2D_Z, MR2D_I};
  for (int iter = 0; iter < 400; ++iter) {
    Case c;
    c.type = types[iter % 5];
    c.es = c.type == MR2D_Z ? 16 : c.type == MR2D_D || c.type == MR2D_C ? 8
           : c.type == MR2D_I ? static_cast<Index>(sizeof(mr2d_int)) : 4;
    index::AxisPair row_axes = test::random_axes(rng), col_axes = test::random_axes(rng);
    // Enough positions for whole tiles, enough columns for whole blocks.
    row_axes.extent = u(1, 120);
    col_axes.extent = u(1, 150);
    c.rows = some_run_set(rng, row_axes);
    c.cols = some_run_set(rng, col_axes);
    c.lda = side_end(c.rows, true) + u(0, 3);
    const Index line = kernels::kStreamLine / c.es;
    const Index ldb = side_end(c.cols, false) + u(0, 9);
    c.ldb = u(0, 3) == 0 ? std::max<Index>(ldb, 1) : (ldb + line - 1) / line * line + line * u(0, 1);
    c.ldb = std::max<Index>(c.ldb, line);
    // Rows a multiple of 512 bytes apart: the streamed walk's wide blocks.
    const Index shared = 512 / c.es;
    if (u(0, 2) == 0) c.ldb = (c.ldb + shared - 1) / shared * shared;
    c.offset = u(0, 2) == 0 ? 0 : c.es * u(0, line - 1);
    SCOPED_TRACE("iteration " + std::to_string(iter) + ", element size " + std::to_string(c.es));
    check(c, rng);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Every column count and position range of the kernel itself, streamed, on
// lines and off them, up to the wide blocks of one line more than kCopyBlock
// (off a line, those too wide for the streamed kernel take the cached tiles).
TEST(StreamedStores, KernelStreamsEveryCountAndRange) {
  for (Index es : {8, 16}) {
    const Index line = kernels::kStreamLine / es;
    const int widest = es == 8 ? kernels::kWideCopyBlock<8> : kernels::kWideCopyBlock<16>;
    ASSERT_EQ(widest, 256 / static_cast<int>(es) + static_cast<int>(line));
    for (int count = 1; count <= widest; ++count)
      for (Index lo : {0, 3})
        for (Index hi : {lo + 1, lo + 9, Index{37}})
          for (Index offset : {Index{0}, es}) {
            const Index len = hi + 2, ldt = (count + line - 1) / line * line;
            Bytes a(static_cast<std::size_t>(count * len * es));
            for (std::size_t k = 0; k < a.size(); ++k) a[k] = static_cast<unsigned char>(k * 13 + k / 251 + 1);
            std::vector<const void*> from(static_cast<std::size_t>(count));
            for (int col = 0; col < count; ++col) from[static_cast<std::size_t>(col)] = a.data() + col * len * es;
            const std::size_t bytes = static_cast<std::size_t>((hi + 1) * ldt * es);
            Placed placed(bytes, offset);
            std::memset(placed.b, 0, bytes);
            if (es == 8) kernels::transpose_copy<8>(from.data(), count, lo, hi, placed.b, ldt, true);
            else kernels::transpose_copy<16>(from.data(), count, lo, hi, placed.b, ldt, true);
            kernels::stream_fence();
            for (Index p = 0; p <= hi; ++p)
              for (Index col = 0; col < ldt; ++col) {
                Bytes want(static_cast<std::size_t>(es), 0);
                if (p >= lo && p < hi && col < count)
                  std::memcpy(want.data(), a.data() + (col * len + p) * es, static_cast<std::size_t>(es));
                ASSERT_EQ(std::memcmp(placed.b + (p * ldt + col) * es, want.data(), static_cast<std::size_t>(es)), 0)
                    << "size " << es << " count " << count << " [" << lo << ", " << hi << ") offset " << offset
                    << " row " << p << " column " << col;
              }
          }
  }
}

TEST(StreamedStores, CopyMatchesMemcpyAtEveryLengthAndAlignment) {
  const std::size_t k = kernels::kStreamRunMin;
  for (std::size_t len : {std::size_t{0}, std::size_t{1}, std::size_t{200}, k - 1, k, k + 1, k + 63, 3 * k + 17})
    for (std::size_t to_off : {0u, 1u, 8u, 16u, 63u})
      for (std::size_t from_off : {0u, 5u, 16u}) {
        Bytes from(len + 64), to(len + 192), want;
        for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<unsigned char>(i * 31 + 7);
        for (std::size_t i = 0; i < to.size(); ++i) to[i] = static_cast<unsigned char>(i * 3 + 1);
        want = to;
        unsigned char* at = to.data() + 64 + to_off;
        std::memcpy(want.data() + 64 + to_off, from.data() + from_off, len);
        kernels::stream_copy(at, from.data() + from_off, len);
        kernels::stream_fence();
        ASSERT_TRUE(to == want) << "length " << len << " offsets " << to_off << ", " << from_off;
      }
}

namespace {

// Columns of nb rows (1100: runs cut by two processes' blocks; 5000: whole
// columns) of 7 columns, element size es, as the long-run tests copy them:
// random A and B, B's leading dimension 3 past the rows for nb = 1100.
struct LongRuns {
  RunSet rows, cols;
  Index rows_extent = 0, cols_extent = 0, ld = 0;
  Bytes a, b0;
};

LongRuns long_runs(Index nb, Index es, std::mt19937_64& rng) {
  LongRuns l;
  const index::AxisPair rows{{nb, 2, 0, 0}, {nb, 2, 0, 0}, 5000};
  const index::AxisPair cols{{3, 1, 0, 0}, {3, 1, 0, 0}, 7};
  l.rows = index::runs_for(rows, index::Role::sender, 0).front().second;
  l.cols = index::runs_for(cols, index::Role::sender, 0).front().second;
  l.rows_extent = rows.extent;
  l.cols_extent = cols.extent;
  l.ld = side_end(l.rows, true) + (nb == 5000 ? 0 : 3);
  l.a.resize(static_cast<std::size_t>(l.ld * side_end(l.cols, true) * es));
  for (auto& x : l.a) x = static_cast<unsigned char>(rng());
  l.b0.resize(l.a.size());
  for (auto& x : l.b0) x = static_cast<unsigned char>(rng());
  return l;
}

}  // namespace

TEST(StreamedStores, LocalCopyStreamsLongRunsExactly) {
  std::mt19937_64 rng(7);
  for (Index nb : {Index{1100}, Index{5000}})
    for (Index es : {Index{8}, Index{16}}) {
      const LongRuns l = long_runs(nb, es, rng);
      const index::Trapezoid full{index::Shape::full, false, l.rows_extent, l.cols_extent};
      Bytes plain = l.b0, streamed = l.b0;
      const Index n0 = kernels::copy_local(l.a.data(), l.ld, plain.data(), l.ld, l.rows, l.cols, full, es);
      const Index n1 =
          kernels::copy_local(l.a.data(), l.ld, streamed.data(), l.ld, l.rows, l.cols, full, es, {}, true);
      ASSERT_EQ(n0, n1);
      ASSERT_GT(n0, 0);
      ASSERT_TRUE(plain == streamed) << "blocks of " << nb << ", element size " << es;
      ASSERT_FALSE(plain == l.b0);
    }
}

// The same columns packed into a message and unpacked into B, streamed and
// not: whole, by windows of 2 columns, and clipped to a lower trapezoid.
TEST(StreamedStores, UnpackStreamsLongRunsExactly) {
  std::mt19937_64 rng(11);
  for (Index nb : {Index{1100}, Index{5000}})
    for (Index es : {Index{8}, Index{16}})
      for (index::Shape shape : {index::Shape::full, index::Shape::lower}) {
        const LongRuns l = long_runs(nb, es, rng);
        const index::Trapezoid trapezoid{shape, false, l.rows_extent, l.cols_extent};
        Bytes message(l.a.size());
        const Index packed = kernels::pack(l.a.data(), l.ld, l.rows, l.cols, trapezoid, es, message.data());
        ASSERT_GT(packed, 0);
        Bytes plain = l.b0, streamed = l.b0, windows = l.b0;
        const Index n0 = kernels::unpack(message.data(), l.rows, l.cols, trapezoid, es, plain.data(), l.ld);
        const Index n1 =
            kernels::unpack(message.data(), l.rows, l.cols, trapezoid, es, streamed.data(), l.ld, {}, true);
        Index n2 = 0;
        for (Index lo = 0; lo < l.cols_extent; lo += 2)
          n2 += kernels::unpack(message.data() + n2 * es, l.rows, l.cols, trapezoid, es, windows.data(), l.ld,
                                {lo, lo + 2}, true);
        ASSERT_EQ(n0, packed);
        ASSERT_EQ(n1, packed);
        ASSERT_EQ(n2, packed);
        ASSERT_TRUE(plain == streamed) << "blocks of " << nb << ", element size " << es;
        ASSERT_TRUE(plain == windows) << "windows, blocks of " << nb << ", element size " << es;
        ASSERT_FALSE(plain == l.b0);
      }
}

// SPDX-License-Identifier: BSD-3-Clause
// The copy kernels against an element-by-element model: for random row and
// column run sets (block-cyclic and strided axes, one period or expanded),
// trapezoids, column windows and element sizes, pack, unpack and copy_local
// must move exactly the bytes the model moves, in message order, and write
// nothing else.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kernels/pack.hpp"
#include "index/runs_2d.hpp"
#include "random_axes.hpp"

using namespace mr2d;
using index::RunSet;
using index::Shape;
using index::Trapezoid;
using kernels::Window;

namespace {

using Bytes = std::vector<unsigned char>;
using test::random_bytes;
using test::random_window;

struct KernelCase {
  RunSet rows, cols;
  Trapezoid trapezoid;
  Index es = 8;
  Index lda = 1, ldb = 1;    // leading dimensions of A and B
  Index acols = 0, bcols = 0;  // columns of A and B
};

// Calls f(src_row, dst_row, src_col, dst_col) for every copied element in message order.
template <class F>
void for_each_element(const KernelCase& c, Window window, F&& f) {
  c.cols.for_each([&](Index tc, Index lenc, Index sc, Index dc) {
    for (Index j = 0; j < lenc; ++j) {
      if (tc + j < window.lo || tc + j >= window.hi) continue;
      const auto [lo, hi] = c.trapezoid.rows_of_column(tc + j);
      c.rows.for_each([&](Index tr, Index lenr, Index sr, Index dr) {
        for (Index i = 0; i < lenr; ++i)
          if (tr + i >= lo && tr + i < hi) f(sr + i, dr + i, sc + j, dc + j);
      });
    }
  });
}

using test::side_end;

namespace {
// A case whose arrays end where the run sets do (no padding).
KernelCase tight_case(const RunSet& rows, const RunSet& cols, Trapezoid trapezoid, Index es) {
  KernelCase c;
  c.rows = rows;
  c.cols = cols;
  c.trapezoid = trapezoid;
  c.es = es;
  c.lda = side_end(c.rows, true);
  c.ldb = side_end(c.rows, false);
  c.acols = side_end(c.cols, true);
  c.bcols = side_end(c.cols, false);
  return c;
}
}  // namespace

// The runs between a random process of one side and a random peer.
RunSet random_run_set(std::mt19937_64& rng, index::AxisPair ax) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  if (u(0, 4) == 0) {
    ax.src.stride = u(1, 4);
    ax.dst.stride = u(1, 4);
  }
  const auto role = u(0, 1) == 0 ? index::Role::sender : index::Role::receiver;
  const Index nprocs = role == index::Role::sender ? ax.src.nprocs : ax.dst.nprocs;
  auto sets = index::runs_for(ax, role, u(0, nprocs - 1));
  if (sets.empty()) return RunSet({}, 1, 0, 0, ax.extent);
  RunSet set = sets[static_cast<std::size_t>(u(0, static_cast<Index>(sets.size()) - 1))].second;
  return u(0, 3) == 0 ? set.expanded() : set;
}

KernelCase random_case(std::mt19937_64& rng) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  KernelCase c;
  index::AxisPair row_axes = test::random_axes(rng);
  index::AxisPair col_axes = test::random_axes(rng);
  col_axes.extent = std::min<Index>(col_axes.extent, 40);
  c.rows = random_run_set(rng, row_axes);
  c.cols = random_run_set(rng, col_axes);
  const Shape shapes[] = {Shape::full, Shape::upper, Shape::lower};
  c.trapezoid = {shapes[u(0, 2)], u(0, 1) == 1, row_axes.extent, col_axes.extent};
  const Index sizes[] = {1, 4, 8, 12, 16};
  c.es = sizes[u(0, 4)];
  c.lda = std::max<Index>(side_end(c.rows, true) + (u(0, 2) == 0 ? 0 : u(1, 3)), 1);
  c.ldb = std::max<Index>(side_end(c.rows, false) + (u(0, 2) == 0 ? 0 : u(1, 3)), 1);
  c.acols = side_end(c.cols, true);
  c.bcols = side_end(c.cols, false);
  return c;
}

void copy_elem(unsigned char* to, const unsigned char* from, Index es) {
  std::copy(from, from + es, to);
}

void check_pack(const KernelCase& c, const Bytes& a, Window window) {
  Bytes expect;
  for_each_element(c, window, [&](Index sr, Index, Index sc, Index) {
    const auto* from = &a[static_cast<std::size_t>((sr + sc * c.lda) * c.es)];
    expect.insert(expect.end(), from, from + c.es);
  });
  const Index guard = 3 * c.es;
  Bytes buf(expect.size() + static_cast<std::size_t>(guard), 0xA5);
  const Index n = kernels::pack(a.data(), c.lda, c.rows, c.cols, c.trapezoid, c.es, buf.data(), window);
  ASSERT_EQ(n * c.es, static_cast<Index>(expect.size()));
  ASSERT_TRUE(std::equal(expect.begin(), expect.end(), buf.begin())) << "pack: message differs";
  ASSERT_TRUE(std::all_of(buf.end() - guard, buf.end(), [](unsigned char x) { return x == 0xA5; }))
      << "pack wrote past the message";
}

void check_unpack(const KernelCase& c, std::mt19937_64& rng, Window window) {
  Index count = 0;
  for_each_element(c, window, [&](Index, Index, Index, Index) { ++count; });
  const Bytes msg = random_bytes(rng, count * c.es);
  const Bytes b0 = random_bytes(rng, c.ldb * c.bcols * c.es);
  Bytes expect = b0;
  Index k = 0;
  for_each_element(c, window, [&](Index, Index dr, Index, Index dc) {
    copy_elem(&expect[static_cast<std::size_t>((dr + dc * c.ldb) * c.es)],
              &msg[static_cast<std::size_t>(k++ * c.es)], c.es);
  });
  Bytes b = b0;
  const Index n = kernels::unpack(msg.data(), c.rows, c.cols, c.trapezoid, c.es, b.data(), c.ldb, window);
  ASSERT_EQ(n, count);
  ASSERT_TRUE(b == expect) << "unpack: B differs";
}

void check_copy_local(const KernelCase& c, const Bytes& a, std::mt19937_64& rng) {
  const Bytes b0 = random_bytes(rng, c.ldb * c.bcols * c.es);
  Bytes expect = b0;
  Index count = 0;
  for_each_element(c, Window{}, [&](Index sr, Index dr, Index sc, Index dc) {
    copy_elem(&expect[static_cast<std::size_t>((dr + dc * c.ldb) * c.es)],
              &a[static_cast<std::size_t>((sr + sc * c.lda) * c.es)], c.es);
    ++count;
  });
  Bytes b = b0;
  const Index n = kernels::copy_local(a.data(), c.lda, b.data(), c.ldb, c.rows, c.cols, c.trapezoid, c.es);
  ASSERT_EQ(n, count);
  ASSERT_EQ(n, index::count_in(c.rows, c.cols, c.trapezoid));
  ASSERT_TRUE(b == expect) << "copy_local: B differs";
}

void check_all(const KernelCase& c, std::mt19937_64& rng) {
  const Bytes a = random_bytes(rng, c.lda * c.acols * c.es);
  for (int k = 0; k < 3; ++k) {
    const Window window = k == 0 ? Window{} : random_window(rng, c.trapezoid.n);
    check_pack(c, a, window);
    check_unpack(c, rng, window);
  }
  check_copy_local(c, a, rng);
}

}  // namespace

TEST(Kernels, MatchElementModelOnRandomLayouts) {
  std::mt19937_64 rng(4242);
  for (int iter = 0; iter < 1500; ++iter) {
    const KernelCase c = random_case(rng);
    SCOPED_TRACE("iteration " + std::to_string(iter) + ", element size " + std::to_string(c.es));
    check_all(c, rng);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Row runs contiguous in A (one copy per column on the packing side) and
// short at a constant stride in B (the compile-time-length loops on the
// unpacking side), for every short length and element size.
TEST(Kernels, ShortUniformRunsAndWholeColumns) {
  std::mt19937_64 rng(99);
  for (Index nb = 1; nb <= 17; ++nb) {
    for (Index es : {4, 8, 12, 16}) {
      // Rows: A on 2 processes with blocks of nb, B on one; columns: the reverse.
      index::AxisPair rows{{nb, 2, 0, 0}, {7, 1, 0, 0}, 20 * nb + 3};
      index::AxisPair cols{{7, 1, 0, 0}, {nb, 2, 0, 0}, 3 * nb + 1};
      for (Shape shape : {Shape::full, Shape::lower, Shape::upper}) {
        KernelCase c = tight_case(index::runs_for(rows, index::Role::sender, 0).front().second,
                                  index::runs_for(cols, index::Role::sender, 0).front().second,
                                  {shape, false, rows.extent, cols.extent}, es);
        SCOPED_TRACE("nb " + std::to_string(nb) + ", element size " + std::to_string(es));
        check_all(c, rng);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

// Rows dealt alternately to two processes of B from one of A: every other
// row of A's column into consecutive rows of B (the copy of every other
// element on the packing and local sides), for 8-byte elements, odd and even
// row counts, trapezoids and windows; other sizes take the plain loops.
TEST(Kernels, EveryOtherRowIntoConsecutive) {
  std::mt19937_64 rng(2024);
  for (Index m = 1; m <= 23; ++m) {
    for (Index es : {4, 8, 16}) {
      for (int receiver = 0; receiver < 2; ++receiver) {
        index::AxisPair rows{{m, 1, 0, 0}, {1, 2, 0, 0}, m};
        index::AxisPair cols{{1, 2, 0, 0}, {5, 1, 0, 0}, 11};
        for (Shape shape : {Shape::full, Shape::lower, Shape::upper}) {
          const auto row_sets = index::runs_for(rows, index::Role::sender, 0);
          if (static_cast<int>(row_sets.size()) <= receiver) continue;  // m == 1: one receiver only
          KernelCase c = tight_case(row_sets[static_cast<std::size_t>(receiver)].second,
                                    index::runs_for(cols, index::Role::sender, 0).front().second,
                                    {shape, false, rows.extent, cols.extent}, es);
          SCOPED_TRACE("m " + std::to_string(m) + ", element size " + std::to_string(es) + ", receiver " +
                       std::to_string(receiver));
          check_all(c, rng);
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
    }
  }
}

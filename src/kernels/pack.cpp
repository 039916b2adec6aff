// SPDX-License-Identifier: BSD-3-Clause
// Pack, unpack and local copy; see pack.hpp.
#include "kernels/pack.hpp"

#include <algorithm>
#include <type_traits>

#include "index/tiled_walk.hpp"
#include "kernels/copy_loops.hpp"
#include "kernels/row_table.hpp"
#include "kernels/table_cache.hpp"

namespace mr2d::kernels {

using index::RunSet;
using index::Trapezoid;

namespace {

// A local array as one side of a copy: column c starts c*ld elements in, and
// segment coordinates are rows of that column.
template <class Byte>
struct ArraySide {
  Byte* base;
  Index ld;
  Index es;
  Byte* column(Index c, Index) const { return base + c * ld * es; }
  /// Column c, whatever its place `at` (elements from the window's start) in the message.
  Byte* column_placed(Index c, Index) const { return column(c, 0); }
  Index shift(Index) const { return 0; }
  bool columns_adjoin(Index column_len) const { return ld == column_len; }
};

// The message as one side of a copy: columns follow each other, and segment
// coordinates are message positions within the column, which starts at the
// first copied position `lo`.
template <class Byte>
struct MessageSide {
  Byte* next;
  Index es;
  Byte* column(Index, Index count) {
    Byte* at = next;
    next += count * es;
    return at;
  }
  /// The column `at` elements from the window's start (tiled walks go out of order).
  Byte* column_placed(Index, Index at) const { return next + at * es; }
  Index shift(Index lo) const { return lo; }
  bool columns_adjoin(Index) const { return true; }
};

// Copies message positions [lo, hi) of one column: segments cut by the range
// are copied in part, the others whole.
template <std::size_t ES>
void copy_clipped(const RowTable& table, const SegmentCopier<ES>& copier, unsigned char* to, Index to_shift,
                  const unsigned char* from, Index from_shift, Index lo, Index hi) {
  auto [first, last] = table.covering(lo, hi);
  if (table.start(first) < lo) {
    copier.copy_part(to, to_shift, from, from_shift, first, lo, std::min(table.start(first + 1), hi));
    ++first;
  }
  const bool cut_last = first < last && table.start(last) > hi;
  if (cut_last) --last;
  copier.copy(to, to_shift, from, from_shift, first, last);
  if (cut_last) copier.copy_part(to, to_shift, from, from_shift, last, table.start(last), hi);
}

// Columns of fewer bytes than kTiledColumnBytes, of a product whose
// destination's fastest factor is not the message's, are walked in tiles of
// about kTileBytes per column run on each side (index/tiled_walk.hpp): one
// piece per page otherwise, on the destination's side (bench/README.md,
// "Kernel constants").
constexpr Index kTiledColumnBytes = 16384;
constexpr Index kTileBytes = 8192;
constexpr std::size_t kTiledStreamRunMin = 256;

// The full-shape columns of a product set in tiles (see kTiledColumnBytes);
// false where the walk in message order is kept.
template <std::size_t ES, class From, class To>
bool walk_tiled(const RowTable& table, const RunSet& cols, Window window, From from, To to, Index es, bool stream,
                Index& total) {
  const Index per_column = table.total();
  const Index column_bytes = per_column * es;
  if (column_bytes >= kTiledColumnBytes) return false;
  const int b = index::TiledWalk::blocked_factor(cols);
  if (b < 0) return false;
  const Index tile = std::clamp<Index>(kTileBytes / column_bytes, 1, static_cast<Index>(index::TiledWalk::kTileMax));
  const index::TiledWalk walk(cols, b, tile, tile);
  const SegmentCopier<ES> copier(table, static_cast<std::size_t>(es), stream, kTiledStreamRunMin);
  const Index lo = std::max<Index>(window.lo, 0), first = cols.count_below(lo);
  walk.for_each_in(lo, window.hi, [&](Index, Index lenc, Index src_c, Index dst_c, Index rank) {
    for (Index j = 0; j < lenc; ++j) {
      const Index at = (rank + j - first) * per_column;
      copier.copy(to.column_placed(dst_c + j, at), 0, from.column_placed(src_c + j, at), 0, 0, table.size());
    }
    total += lenc * per_column;
  });
  return true;
}

// Walks the columns of `cols` inside `window` in message order and copies
// each one's rows (the whole table, or its part inside the trapezoid).
// Returns the number of elements copied.
template <std::size_t ES, class From, class To>
Index walk_columns(const RowTable& table, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid,
                   Window window, From from, To to, Index es, bool stream) {
  const Index per_column = table.total();
  if (per_column == 0) return 0;
  const SegmentCopier<ES> copier(table, static_cast<std::size_t>(es), stream);
  const bool full = trapezoid.shape == index::Shape::full;
  Index total = 0;
  // Only where B is written: packing follows A, the message's own order.
  if constexpr (std::is_same_v<To, ArraySide<unsigned char>>)
    if (full && walk_tiled<ES>(table, cols, window, from, to, es, stream, total)) {
      if (stream) stream_fence();
      return total;
    }
  // A single segment spanning whole columns on both sides: a run of columns
  // is one contiguous block.
  const bool whole_columns =
      full && table.size() == 1 && from.columns_adjoin(per_column) && to.columns_adjoin(per_column);
  cols.for_each_in(window.lo, window.hi, [&](Index tc, Index lenc, Index src_c, Index dst_c) {
    const Index j0 = window.lo > tc ? window.lo - tc : 0;
    const Index j1 = window.hi < tc + lenc ? window.hi - tc : lenc;
    if (j0 >= j1) return;
    if (whole_columns) {
      const Segment& s = table.segments().front();
      const Index count = per_column * (j1 - j0);
      copy_run<ES>(to.column(dst_c + j0, count) + s.to * es, from.column(src_c + j0, count) + s.from * es, count,
                   static_cast<std::size_t>(es), stream);
      total += count;
      return;
    }
    for (Index j = j0; j < j1; ++j) {
      if (full) {
        copier.copy(to.column(dst_c + j, per_column), 0, from.column(src_c + j, per_column), 0, 0, table.size());
        total += per_column;
        continue;
      }
      const auto [lo, hi] = trapezoid.rows_of_column(tc + j);
      if (lo >= hi) continue;
      const Index first = rows.count_below(lo);
      const Index end = rows.count_below(hi);
      if (first >= end) continue;
      copy_clipped(table, copier, to.column(dst_c + j, end - first), to.shift(first),
                   from.column(src_c + j, end - first), from.shift(first), first, end);
      total += end - first;
    }
  });
  if (stream) stream_fence();
  return total;
}

// Calls f(std::integral_constant<std::size_t, ES>) with ES the element size
// when it is 4, 8 or 16, else 0 (size known at run time only).
template <class F>
Index with_elem_size(Index es, F&& f) {
  switch (es) {
    case 4:
      return f(std::integral_constant<std::size_t, 4>{});
    case 8:
      return f(std::integral_constant<std::size_t, 8>{});
    case 16:
      return f(std::integral_constant<std::size_t, 16>{});
    default:
      return f(std::integral_constant<std::size_t, 0>{});
  }
}

// One kernel call: the row table merged on the side `walk` walks, then every
// column from `from` to `to` with the loops of the element size.
template <class From, class To>
Index copy_columns(Walk walk, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid, Index elem_size,
                   Window window, From from, To to, bool stream = false) {
  const RowTable& table = cached_table(rows, walk);
  return with_elem_size(elem_size, [&](auto size) {
    return walk_columns<decltype(size)::value>(table, rows, cols, trapezoid, window, from, to, elem_size, stream);
  });
}

using ConstBytes = const unsigned char;
using Bytes = unsigned char;

}  // namespace

Index pack(const void* a, Index lda, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid,
           Index elem_size, void* buf, Window window) {
  return copy_columns(Walk::pack, rows, cols, trapezoid, elem_size, window,
                      ArraySide<ConstBytes>{static_cast<ConstBytes*>(a), lda, elem_size},
                      MessageSide<Bytes>{static_cast<Bytes*>(buf), elem_size});
}

Index unpack(const void* buf, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid, Index elem_size,
             void* b, Index ldb, Window window, bool stream) {
  return copy_columns(Walk::unpack, rows, cols, trapezoid, elem_size, window,
                      MessageSide<ConstBytes>{static_cast<ConstBytes*>(buf), elem_size},
                      ArraySide<Bytes>{static_cast<Bytes*>(b), ldb, elem_size}, stream);
}

Index copy_local(const void* a, Index lda, void* b, Index ldb, const RunSet& rows, const RunSet& cols,
                 const Trapezoid& trapezoid, Index elem_size, Window window, bool stream) {
  return copy_columns(Walk::copy, rows, cols, trapezoid, elem_size, window,
                      ArraySide<ConstBytes>{static_cast<ConstBytes*>(a), lda, elem_size},
                      ArraySide<Bytes>{static_cast<Bytes*>(b), ldb, elem_size}, stream);
}

}  // namespace mr2d::kernels

// SPDX-License-Identifier: BSD-3-Clause
// The innermost copy loops of the kernels, specialised by element size ES
// (4, 8, 16 bytes; 0 means the size is only known at run time) and, for
// tables of equal short segments at constant strides, by the segment length:
// a fixed-size copy the compiler turns into a few moves instead of a memcpy
// call per segment. Pure, no MPI.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "common/index_types.hpp"
#include "kernels/every_other.hpp"
#include "kernels/row_table.hpp"
#include "kernels/streamed_stores.hpp"

namespace mr2d::kernels {

/// Element size in bytes: the constant ES, or `runtime` when ES is 0.
template <std::size_t ES>
constexpr std::size_t elem_bytes(std::size_t runtime) {
  return ES != 0 ? ES : runtime;
}

/// Calls f(std::integral_constant<Index, L>{}) when `len` is one of the short
/// lengths with a loop of their own (1..8 and 16); returns whether it did.
template <class F>
bool with_short_length(Index len, F&& f) {
  switch (len) {
    case 1:
      f(std::integral_constant<Index, 1>{});
      return true;
    case 2:
      f(std::integral_constant<Index, 2>{});
      return true;
    case 3:
      f(std::integral_constant<Index, 3>{});
      return true;
    case 4:
      f(std::integral_constant<Index, 4>{});
      return true;
    case 5:
      f(std::integral_constant<Index, 5>{});
      return true;
    case 6:
      f(std::integral_constant<Index, 6>{});
      return true;
    case 7:
      f(std::integral_constant<Index, 7>{});
      return true;
    case 8:
      f(std::integral_constant<Index, 8>{});
      return true;
    case 16:
      f(std::integral_constant<Index, 16>{});
      return true;
    default:
      return false;
  }
}

/// Copies `count` elements. A short run of elements of a known size is one
/// fixed-size copy (a few moves): a call into memcpy costs more than the copy.
/// `stream`: a run of `stream_min` bytes or more goes around the caches (stream_copy).
template <std::size_t ES>
inline void copy_run(unsigned char* to, const unsigned char* from, Index count, std::size_t es, bool stream = false,
                     std::size_t stream_min = kStreamRunMin) {
  if constexpr (ES != 0) {
    if (count <= 16 && with_short_length(count, [&](auto len) {
          std::memcpy(to, from, static_cast<std::size_t>(decltype(len)::value) * ES);
        }))
      return;
  }
  const std::size_t bytes = static_cast<std::size_t>(count) * elem_bytes<ES>(es);
  if (stream)
    stream_copy(to, from, bytes, stream_min);
  else
    std::memcpy(to, from, bytes);
}

/// `count` segments of L elements, the k-th at to + k*to_step and from + k*from_step (bytes).
template <std::size_t ES, Index L>
void copy_uniform(unsigned char* to, std::ptrdiff_t to_step, const unsigned char* from, std::ptrdiff_t from_step,
                  std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) {
    std::memcpy(to, from, static_cast<std::size_t>(L) * ES);
    to += to_step;
    from += from_step;
  }
}

/// Copies segments [first, last) of `table`, with `from` and `to` the column
/// starts on each side and the segment coordinates lowered by the shifts
/// (the message side of a clipped column starts at its first copied position).
template <std::size_t ES>
class SegmentCopier {
 public:
  /// `stream`: runs of `stream_min` bytes and more go around the caches.
  SegmentCopier(const RowTable& table, std::size_t es, bool stream, std::size_t stream_min = kStreamRunMin)
      : table_(table), es_(elem_bytes<ES>(es)), stream_(stream), stream_min_(stream_min) {}

  void copy(unsigned char* to, Index to_shift, const unsigned char* from, Index from_shift, std::size_t first,
            std::size_t last) const {
    const Segment* seg = table_.segments().data();
    if (first < last && table_.uniform_len() != 0 &&
        copy_uniform_of(to + (seg[first].to - to_shift) * static_cast<Index>(es_),
                        from + (seg[first].from - from_shift) * static_cast<Index>(es_), last - first))
      return;
    for (std::size_t k = first; k < last; ++k)
      copy_run<ES>(to + (seg[k].to - to_shift) * static_cast<Index>(es_),
                   from + (seg[k].from - from_shift) * static_cast<Index>(es_), seg[k].len, es_, stream_, stream_min_);
  }

  /// Copies message positions [lo, hi) of segment k only.
  void copy_part(unsigned char* to, Index to_shift, const unsigned char* from, Index from_shift, std::size_t k,
                 Index lo, Index hi) const {
    const Segment& s = table_.segments()[k];
    const Index into = lo - table_.start(k);
    copy_run<ES>(to + (s.to + into - to_shift) * static_cast<Index>(es_),
                 from + (s.from + into - from_shift) * static_cast<Index>(es_), hi - lo, es_, stream_, stream_min_);
  }

 private:
  // The loop with a compile-time length for a uniform table of short
  // segments; false when the length has none.
  bool copy_uniform_of(unsigned char* to, const unsigned char* from, std::size_t count) const {
    if constexpr (ES == 0) {
      return false;
    } else {
      const auto ts = static_cast<std::ptrdiff_t>(table_.to_stride() * Index{ES});
      const auto fs = static_cast<std::ptrdiff_t>(table_.from_stride() * Index{ES});
      if (ES == 8 && table_.uniform_len() == 1 && ts == 8 && fs == 16) {
        copy_every_other_8(to, from, count, stream_);
        return true;
      }
      return with_short_length(table_.uniform_len(),
                               [&](auto len) { copy_uniform<ES, decltype(len)::value>(to, ts, from, fs, count); });
    }
  }

  const RowTable& table_;
  std::size_t es_;
  bool stream_;
  std::size_t stream_min_;
};

}  // namespace mr2d::kernels

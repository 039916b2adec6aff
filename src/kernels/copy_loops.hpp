// The innermost copy loops of the kernels, specialised by element size ES
// (4, 8, 16 bytes; 0 means the size is only known at run time) and, for
// tables of equal short segments at constant strides, by the segment length:
// a fixed-size copy the compiler turns into a few moves instead of a memcpy
// call per segment. Pure, no MPI.
#pragma once

#include <cstddef>
#include <cstring>

#include "common/index_types.hpp"
#include "kernels/row_table.hpp"

namespace mr2d::kernels {

/// Element size in bytes: the constant ES, or `runtime` when ES is 0.
template <std::size_t ES>
constexpr std::size_t elem_bytes(std::size_t runtime) {
  return ES != 0 ? ES : runtime;
}

/// Copies `count` elements. Up to 8 elements of a known size are moved one by
/// one: a call into memcpy costs more than such a copy.
template <std::size_t ES>
inline void copy_run(unsigned char* to, const unsigned char* from, Index count, std::size_t es) {
  if constexpr (ES != 0) {
    switch (count) {
      case 1: std::memcpy(to, from, ES); return;
      case 2: std::memcpy(to, from, 2 * ES); return;
      case 3: std::memcpy(to, from, 3 * ES); return;
      case 4: std::memcpy(to, from, 4 * ES); return;
      case 5: std::memcpy(to, from, 5 * ES); return;
      case 6: std::memcpy(to, from, 6 * ES); return;
      case 7: std::memcpy(to, from, 7 * ES); return;
      case 8: std::memcpy(to, from, 8 * ES); return;
      default: break;
    }
  }
  std::memcpy(to, from, static_cast<std::size_t>(count) * elem_bytes<ES>(es));
}

/// `count` segments of L elements, the k-th at to + k*to_step and from + k*from_step (bytes).
template <std::size_t ES, Index L>
void copy_uniform(unsigned char* to, std::ptrdiff_t to_step, const unsigned char* from,
                  std::ptrdiff_t from_step, std::size_t count) {
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
  SegmentCopier(const RowTable& table, std::size_t es) : table_(table), es_(elem_bytes<ES>(es)) {}

  void copy(unsigned char* to, Index to_shift, const unsigned char* from, Index from_shift,
            std::size_t first, std::size_t last) const {
    const Segment* seg = table_.segments().data();
    if (first < last && table_.uniform_len() != 0 && copy_uniform_of(
        to + (seg[first].to - to_shift) * static_cast<Index>(es_),
        from + (seg[first].from - from_shift) * static_cast<Index>(es_), last - first))
      return;
    for (std::size_t k = first; k < last; ++k)
      copy_run<ES>(to + (seg[k].to - to_shift) * static_cast<Index>(es_),
                   from + (seg[k].from - from_shift) * static_cast<Index>(es_), seg[k].len, es_);
  }

  /// Copies message positions [lo, hi) of segment k only.
  void copy_part(unsigned char* to, Index to_shift, const unsigned char* from, Index from_shift,
                 std::size_t k, Index lo, Index hi) const {
    const Segment& s = table_.segments()[k];
    const Index into = lo - table_.start(k);
    copy_run<ES>(to + (s.to + into - to_shift) * static_cast<Index>(es_),
                 from + (s.from + into - from_shift) * static_cast<Index>(es_), hi - lo, es_);
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
      switch (table_.uniform_len()) {
        case 1: copy_uniform<ES, 1>(to, ts, from, fs, count); return true;
        case 2: copy_uniform<ES, 2>(to, ts, from, fs, count); return true;
        case 3: copy_uniform<ES, 3>(to, ts, from, fs, count); return true;
        case 4: copy_uniform<ES, 4>(to, ts, from, fs, count); return true;
        case 5: copy_uniform<ES, 5>(to, ts, from, fs, count); return true;
        case 6: copy_uniform<ES, 6>(to, ts, from, fs, count); return true;
        case 7: copy_uniform<ES, 7>(to, ts, from, fs, count); return true;
        case 8: copy_uniform<ES, 8>(to, ts, from, fs, count); return true;
        case 16: copy_uniform<ES, 16>(to, ts, from, fs, count); return true;
        default: return false;
      }
    }
  }

  const RowTable& table_;
  std::size_t es_;
};

}  // namespace mr2d::kernels

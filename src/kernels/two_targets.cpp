// SPDX-License-Identifier: BSD-3-Clause
// Two-target column copies; see two_targets.hpp.
#include "kernels/two_targets.hpp"

#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/copy_loops.hpp"
#include "kernels/weave.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mr2d::kernels {

namespace {

// `count` pairs of runs of `len` bytes (a compile-time constant where the
// length has a loop of its own) read at from + k*step and `gap` further,
// written at t0 and t1 advancing by the other side's steps.
template <class Len>
void split_pairs(const unsigned char* from, const Weave& w, unsigned char* t0, unsigned char* t1, Index count,
                 Len len) {
  const auto step = static_cast<std::ptrdiff_t>(w.step), gap = static_cast<std::ptrdiff_t>(w.gap);
  const auto s0 = static_cast<std::ptrdiff_t>(w.other_step[0]), s1 = static_cast<std::ptrdiff_t>(w.other_step[1]);
  for (Index k = 0; k < count; ++k) {
    std::memcpy(t0, from, static_cast<std::size_t>(len));
    std::memcpy(t1, from + gap, static_cast<std::size_t>(len));
    from += step;
    t0 += s0;
    t1 += s1;
  }
}

// Single 8-byte elements alternating in A, each target's consecutive: two
// 16-byte loads give two elements to each target by two shuffles.
bool split_single_8(const unsigned char* from, const Weave& w, unsigned char* t0, unsigned char* t1, Index count) {
#if defined(__SSE2__)
  if (w.len != 8 || w.gap != 8 || w.step != 16 || w.other_step[0] != 8 || w.other_step[1] != 8) return false;
  Index k = 0;
  for (; k + 2 <= count; k += 2) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 16 * k));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 16 * k + 16));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(t0 + 8 * k), _mm_unpacklo_epi64(x, y));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(t1 + 8 * k), _mm_unpackhi_epi64(x, y));
  }
  for (; k < count; ++k) {
    std::memcpy(t0 + 8 * k, from + 16 * k, 8);
    std::memcpy(t1 + 8 * k, from + 16 * k + 8, 8);
  }
  return true;
#else
  (void)from, (void)w, (void)t0, (void)t1, (void)count;
  return false;
#endif
}

template <std::size_t ES>
void split_column(const unsigned char* from, const Weave& w, unsigned char* t0, unsigned char* t1) {
  from += w.lead;
  t0 += w.other0[0];
  t1 += w.other0[1];
  if (!(ES == 8 && split_single_8(from, w, t0, t1, w.pairs)) &&
      !with_short_length(w.len / Index{ES}, [&](auto len) {
        split_pairs(from, w, t0, t1, w.pairs, std::integral_constant<std::size_t, decltype(len)::value * ES>{});
      }))
    split_pairs(from, w, t0, t1, w.pairs, static_cast<std::size_t>(w.len));
  from += w.pairs * w.step;
  t0 += w.pairs * w.other_step[0];
  if (w.extra) std::memcpy(t0, from, static_cast<std::size_t>(w.len));
}

// Where column k of the window (destination column `dst`) starts on a target.
unsigned char* column_start(const TwoTargetSide& side, Index dst, Index k, Index per_column, Index es) {
  auto* base = static_cast<unsigned char*>(side.base);
  return side.message ? base + k * per_column * es : base + dst * side.ld * es;
}

}  // namespace

bool two_targets_fit(const TwoTargetSide& one, const TwoTargetSide& two, const index::Trapezoid& trapezoid,
                     Index elem_size, Window window) {
  return woven_fit(woven_sides(one, two, Walk::pack), WeaveSide::from, trapezoid, elem_size, window);
}

TwoSourceCount split_two_ways(const void* a, Index lda, const TwoTargetSide& one, const TwoTargetSide& two,
                              Index elem_size, Window window) {
  const WovenColumns& c = woven_columns(woven_sides(one, two, Walk::pack), WeaveSide::from, elem_size, window);
  const TwoTargetSide& first = c.first_is_one ? one : two;
  const TwoTargetSide& second = c.first_is_one ? two : one;
  const Index es = elem_size;
  const auto* bytes = static_cast<const unsigned char*>(a);
  auto each = [&](auto size) {
    for (Index k = 0; k < c.columns(); ++k) {
      const auto at = static_cast<std::size_t>(k);
      split_column<decltype(size)::value>(bytes + c.shared[at] * lda * es, c.bytes,
                                          column_start(first, c.other[0][at], k, c.per_column[0], es),
                                          column_start(second, c.other[1][at], k, c.per_column[1], es));
    }
  };
  with_woven_size(es, each);
  return c.counts();
}

}  // namespace mr2d::kernels

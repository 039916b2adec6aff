// SPDX-License-Identifier: BSD-3-Clause
// Two-target column copies; see two_targets.hpp.
#include "kernels/two_targets.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/copy_loops.hpp"
#include "kernels/streamed_stores.hpp"
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

#if defined(__SSE2__)
// Pairs k, k+1, ... of single 8-byte elements from k on, two at a time:
// two 16-byte loads give two elements to each target by two shuffles.
// `Streamed`: the target (0 or 1) written with aligned non-temporal stores,
// or -1. Returns where it stopped.
template <int Streamed>
Index split_singles_8(const unsigned char* from, unsigned char* t0, unsigned char* t1, Index k, Index count) {
  for (; k + 2 <= count; k += 2) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 16 * k));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 16 * k + 16));
    auto* p0 = reinterpret_cast<__m128i*>(t0 + 8 * k);
    auto* p1 = reinterpret_cast<__m128i*>(t1 + 8 * k);
    if constexpr (Streamed == 0)
      _mm_stream_si128(p0, _mm_unpacklo_epi64(x, y));
    else
      _mm_storeu_si128(p0, _mm_unpacklo_epi64(x, y));
    if constexpr (Streamed == 1)
      _mm_stream_si128(p1, _mm_unpackhi_epi64(x, y));
    else
      _mm_storeu_si128(p1, _mm_unpackhi_epi64(x, y));
  }
  return k;
}
#endif

// Single 8-byte elements alternating in A, each target's consecutive.
// `streamed`: the target (0 or 1) whose columns of kStreamRunMin bytes and
// more go around the caches, or -1.
bool split_single_8(const unsigned char* from, const Weave& w, unsigned char* t0, unsigned char* t1, Index count,
                    int streamed) {
  if (w.len != 8 || w.gap != 8 || w.step != 16 || w.other_step[0] != 8 || w.other_step[1] != 8) return false;
  Index k = 0;
#if defined(__SSE2__)
  const auto misaligned = reinterpret_cast<std::uintptr_t>(streamed == 0 ? t0 : t1) % 16;
  if (streamed >= 0 && count * 8 >= static_cast<Index>(kStreamRunMin) && misaligned % 8 == 0) {
    // One pair through the caches where the streamed target starts between
    // two 16-byte boundaries.
    if (misaligned != 0) {
      std::memcpy(t0, from, 8);
      std::memcpy(t1, from + 8, 8);
      k = 1;
    }
    k = streamed == 0 ? split_singles_8<0>(from, t0, t1, k, count) : split_singles_8<1>(from, t0, t1, k, count);
  } else {
    k = split_singles_8<-1>(from, t0, t1, 0, count);
  }
#else
  (void)streamed;
#endif
  for (; k < count; ++k) {
    std::memcpy(t0 + 8 * k, from + 16 * k, 8);
    std::memcpy(t1 + 8 * k, from + 16 * k + 8, 8);
  }
  return true;
}

template <std::size_t ES>
void split_column(const unsigned char* from, const Weave& w, unsigned char* t0, unsigned char* t1, int streamed) {
  from += w.lead;
  t0 += w.other0[0];
  t1 += w.other0[1];
  const Index full = w.full_pairs();
  if (!(ES == 8 && split_single_8(from, w, t0, t1, full, streamed)) &&
      !with_short_length(w.len / Index{ES}, [&](auto len) {
        split_pairs(from, w, t0, t1, full, std::integral_constant<std::size_t, decltype(len)::value * ES>{});
      }))
    split_pairs(from, w, t0, t1, full, static_cast<std::size_t>(w.len));
  from += full * w.step;
  t0 += full * w.other_step[0];
  t1 += full * w.other_step[1];
  // The last pair with a short second run, or the first's extra run.
  if (full < w.pairs) {
    std::memcpy(t0, from, static_cast<std::size_t>(w.len));
    std::memcpy(t1, from + w.gap, static_cast<std::size_t>(w.tail));
  } else if (w.extra) {
    std::memcpy(t0, from, static_cast<std::size_t>(w.tail));
  }
}

}  // namespace

bool two_targets_fit(const TwoTargetSide& one, const TwoTargetSide& two, const index::Trapezoid& trapezoid,
                     Index elem_size, Window window) {
  return woven_fit(woven_sides(one, two, Walk::pack), WeaveSide::from, trapezoid, elem_size, window);
}

TwoSourceCount split_two_ways(const void* a, Index lda, const TwoTargetSide& one, const TwoTargetSide& two,
                              Index elem_size, Window window, bool stream) {
  const WovenColumns& c = woven_columns(woven_sides(one, two, Walk::pack), WeaveSide::from, elem_size, window);
  const TwoTargetSide& first = c.first_is_one ? one : two;
  const TwoTargetSide& second = c.first_is_one ? two : one;
  // B is streamed, a message not: its reader is about to take it from the caches.
  const int streamed = !stream ? -1 : !first.message ? 0 : !second.message ? 1 : -1;
  const Index es = elem_size;
  const auto* bytes = static_cast<const unsigned char*>(a);
  for_each_woven_column(c, one, two, es, [&](auto size, Index column, unsigned char* t0, unsigned char* t1) {
    split_column<decltype(size)::value>(bytes + column * lda * es, c.bytes, t0, t1, streamed);
  });
  if (streamed >= 0) stream_fence();
  return c.counts();
}

}  // namespace mr2d::kernels

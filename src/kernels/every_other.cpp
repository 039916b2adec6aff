// SPDX-License-Identifier: BSD-3-Clause
// See every_other.hpp. Integer shuffles, so the bytes move unchanged
// whatever the element type (no floating-point operation touches them).
#include "kernels/every_other.hpp"

#include <cstdint>
#include <cstring>

#include "kernels/streamed_stores.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mr2d::kernels {

namespace {

#if defined(__SSE2__)
// Four elements per step read source elements 2k .. 2k+7; stopping while
// at least one element is left keeps 2k+7 below 2(count-1), the last one
// needed (the one after it may lie past the array). Returns where it stopped.
template <bool Stream>
std::size_t gather_fours(unsigned char* to, const unsigned char* from, std::size_t k, std::size_t count) {
  for (; k + 4 < count; k += 4) {
    const unsigned char* f = from + 16 * k;
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 16));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 32));
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 48));
    auto* t = reinterpret_cast<__m128i*>(to + 8 * k);
    if constexpr (Stream) {
      _mm_stream_si128(t, _mm_unpacklo_epi64(a, b));
      _mm_stream_si128(t + 1, _mm_unpacklo_epi64(c, d));
    } else {
      _mm_storeu_si128(t, _mm_unpacklo_epi64(a, b));
      _mm_storeu_si128(t + 1, _mm_unpacklo_epi64(c, d));
    }
  }
  return k;
}
#endif

}  // namespace

void copy_every_other_8(unsigned char* to, const unsigned char* from, std::size_t count, bool stream) {
  std::size_t k = 0;
#if defined(__SSE2__)
  const auto misaligned = reinterpret_cast<std::uintptr_t>(to) % 16;
  if (stream && count * 8 >= kStreamRunMin && misaligned % 8 == 0) {
    // One element through the caches where `to` starts between two 16-byte
    // boundaries, then aligned non-temporal stores.
    if (misaligned != 0) {
      std::memcpy(to, from, 8);
      k = 1;
    }
    k = gather_fours<true>(to, from, k, count);
  } else {
    k = gather_fours<false>(to, from, 0, count);
  }
#else
  (void)stream;
#endif
  for (; k < count; ++k) std::memcpy(to + 8 * k, from + 16 * k, 8);
}

}  // namespace mr2d::kernels

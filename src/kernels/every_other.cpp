// SPDX-License-Identifier: BSD-3-Clause
// See every_other.hpp. Integer shuffles, so the bytes move unchanged
// whatever the element type (no floating-point operation touches them).
#include "kernels/every_other.hpp"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mr2d::kernels {

void copy_every_other_8(unsigned char* to, const unsigned char* from, std::size_t count) {
  std::size_t k = 0;
#if defined(__SSE2__)
  // Four elements per step read source elements 2k .. 2k+7; stopping while
  // at least one element is left keeps 2k+7 below 2(count-1), the last one
  // needed (the one after it may lie past the array).
  for (; k + 4 < count; k += 4) {
    const unsigned char* f = from + 16 * k;
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 16));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 32));
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 48));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to + 8 * k), _mm_unpacklo_epi64(a, b));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to + 8 * k + 16), _mm_unpacklo_epi64(c, d));
  }
#endif
  for (; k < count; ++k) std::memcpy(to + 8 * k, from + 16 * k, 8);
}

}  // namespace mr2d::kernels

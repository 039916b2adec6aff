// SPDX-License-Identifier: BSD-3-Clause
// Streamed copies; see streamed_stores.hpp. SSE2 stores, four to a line:
// part of baseline x86-64, so no run-time check, and as fast as one 512-bit
// store per line; a large copy from memory streamed beats memcpy, alone and
// with a second process copying at once (bench/README.md, "Kernel constants").
#include "kernels/streamed_stores.hpp"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#define MR2D_STREAM_SSE2 1
#endif

namespace mr2d::kernels {

void stream_copy(void* to, const void* from, std::size_t bytes, std::size_t run_min) {
#ifdef MR2D_STREAM_SSE2
  constexpr auto line = static_cast<std::size_t>(kStreamLine);
  if (bytes >= run_min) {
    auto* t = static_cast<unsigned char*>(to);
    const auto* f = static_cast<const unsigned char*>(from);
    const std::size_t head = (line - reinterpret_cast<std::uintptr_t>(t) % line) % line;
    std::memcpy(t, f, head);
    t += head;
    f += head;
    bytes -= head;
    for (; bytes >= line; bytes -= line, t += line, f += line) {
      const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f));
      const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 16));
      const __m128i x2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 32));
      const __m128i x3 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 48));
      _mm_stream_si128(reinterpret_cast<__m128i*>(t), x0);
      _mm_stream_si128(reinterpret_cast<__m128i*>(t + 16), x1);
      _mm_stream_si128(reinterpret_cast<__m128i*>(t + 32), x2);
      _mm_stream_si128(reinterpret_cast<__m128i*>(t + 48), x3);
    }
    std::memcpy(t, f, bytes);
    return;
  }
#endif
  std::memcpy(to, from, bytes);
}

void stream_lines(void* to, const void* from, std::size_t lines) {
#ifdef MR2D_STREAM_SSE2
  auto* t = static_cast<__m128i*>(to);
  const auto* f = static_cast<const __m128i*>(from);
  for (std::size_t k = 0; k < 4 * lines; k += 4) {
    const __m128i x0 = _mm_load_si128(f + k);
    const __m128i x1 = _mm_load_si128(f + k + 1);
    const __m128i x2 = _mm_load_si128(f + k + 2);
    const __m128i x3 = _mm_load_si128(f + k + 3);
    _mm_stream_si128(t + k, x0);
    _mm_stream_si128(t + k + 1, x1);
    _mm_stream_si128(t + k + 2, x2);
    _mm_stream_si128(t + k + 3, x3);
  }
#else
  std::memcpy(to, from, lines * static_cast<std::size_t>(kStreamLine));
#endif
}

void stream_fence() {
#ifdef MR2D_STREAM_SSE2
  _mm_sfence();
#endif
}

}  // namespace mr2d::kernels

// SPDX-License-Identifier: BSD-3-Clause
// The transposed copy; see transpose_copy.hpp. Each column is read as a
// stream and each destination row takes `count` contiguous elements, tile by
// tile: a tile of H positions of W columns is loaded as W vectors, transposed
// in registers and stored as H vectors, instead of one load and one store
// per element. Columns are prefetched a few lines ahead: the hardware
// prefetchers do not follow this many streams (bench/README.md, "Kernel constants").
//
// Streamed (large destinations, AVX-512): a tile is as wide as a 64-byte
// line, so each of its rows is one whole line, written with one
// non-temporal store. With cached stores each line of B is first read for
// ownership: 1.5 times the memory traffic of a copy. Streamed, a transpose
// runs about as fast as memcpy; streaming with 256-bit tiles, whose rows fill
// half a line, was slower than cached: lines must be whole (bench/README.md, "Kernel constants").
#include "kernels/transpose_copy.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

// MR2D_TRANSPOSE_PORTABLE keeps to the portable tiles (to test them on x86).
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(MR2D_TRANSPOSE_PORTABLE)
#define MR2D_TRANSPOSE_AVX 1
#include <immintrin.h>
#endif

namespace mr2d::kernels {

namespace {

constexpr Index kLine = 64;    // bytes per cache line
constexpr Index kAhead = 256;  // bytes a column is prefetched ahead of its reads

template <std::size_t Size>
const unsigned char* element(const void* column, Index p) {
  return static_cast<const unsigned char*>(column) + p * static_cast<Index>(Size);
}

template <std::size_t Size>
unsigned char* element(void* row, Index c) {
  return static_cast<unsigned char*>(row) + c * static_cast<Index>(Size);
}

template <std::size_t Size>
void prefetch_columns(const void* const* from, int count, Index p) {
  for (int c = 0; c < count; ++c) __builtin_prefetch(element<Size>(from[c], p) + kAhead);
}

// Positions [lo, hi) of columns [c0, c1), one element at a time.
template <std::size_t Size>
void copy_elements(const void* const* from, int c0, int c1, Index lo, Index hi, void* to, Index ldt) {
  for (Index p = lo; p < hi; ++p)
    for (int c = c0; c < c1; ++c) std::memcpy(element<Size>(to, p * ldt + c), element<Size>(from[c], p), Size);
}

// 2 x 2 tiles of plain moves, which the compiler schedules as it likes.
template <std::size_t Size>
void scalar_tiles(const void* const* from, int count, Index lo, Index hi, void* to, Index ldt) {
  constexpr Index every = kLine / static_cast<Index>(2 * Size) > 0 ? kLine / static_cast<Index>(2 * Size) : 1;
  const int pairs = count & ~1;
  Index p = lo;
  for (Index step = 0; p + 2 <= hi; p += 2, ++step) {
    if (step % every == 0) prefetch_columns<Size>(from, count, p);
    for (int c = 0; c < pairs; c += 2) {
      unsigned char x[2][2][Size];  // [column][position]
      std::memcpy(x[0], element<Size>(from[c], p), 2 * Size);
      std::memcpy(x[1], element<Size>(from[c + 1], p), 2 * Size);
      for (Index j = 0; j < 2; ++j) {
        unsigned char* row = element<Size>(to, (p + j) * ldt + c);
        std::memcpy(row, x[0][j], Size);
        std::memcpy(row + Size, x[1][j], Size);
      }
    }
    copy_elements<Size>(from, pairs, count, p, p + 2, to, ldt);
  }
  copy_elements<Size>(from, 0, count, p, hi, to, ldt);
}

#ifdef MR2D_TRANSPOSE_AVX

// Instruction sets chosen at run time, unless the whole build targets them.
enum class Isa { avx, avx512 };

// What the compiler may assume of every processor the build runs on
// (AVX-512F implies AVX).
#if defined(__AVX512F__)
constexpr bool kBuiltWithAvx = true, kBuiltWithAvx512 = true;
#elif defined(__AVX__)
constexpr bool kBuiltWithAvx = true, kBuiltWithAvx512 = false;
#else
constexpr bool kBuiltWithAvx = false, kBuiltWithAvx512 = false;
#endif

template <Isa I>
bool has() {
  if constexpr (I == Isa::avx ? kBuiltWithAvx : kBuiltWithAvx512) return true;
  static const bool yes = [] {
    __builtin_cpu_init();
    if constexpr (I == Isa::avx)
      return __builtin_cpu_supports("avx") != 0;
    else
      return __builtin_cpu_supports("avx512f") != 0;
  }();
  return yes;
}

// Tiles of H positions: the whole tiles with `tile(p, c)` for each group of
// W columns, the remaining columns and positions one element at a time.
template <std::size_t Size, int W, int H, class Tile>
__attribute__((target("avx"), always_inline)) inline void tiled(const void* const* from, int count, Index lo, Index hi,
                                                                void* to, Index ldt, Tile tile) {
  constexpr Index every = kLine / static_cast<Index>(H * Size) > 0 ? kLine / static_cast<Index>(H * Size) : 1;
  constexpr int kFull = kCopyBlock<Size>;
  // A local copy of the column addresses: the vector stores may alias
  // anything, and would otherwise force a reload of `from` after each.
  const void* column[kWideCopyBlock<Size>];
  for (int c = 0; c < count; ++c) column[c] = from[c];
  const int whole = count - count % W;
  Index p = lo;
  if (count == kFull) {
    // A whole block: a fixed count the compiler unrolls.
    for (Index step = 0; p + H <= hi; p += H, ++step) {
      if (step % every == 0) prefetch_columns<Size>(column, kFull, p);
#pragma GCC unroll 16
      for (int c = 0; c < kFull; c += W) tile(column, p, c);
    }
  } else {
    for (Index step = 0; p + H <= hi; p += H, ++step) {
      if (step % every == 0) prefetch_columns<Size>(column, count, p);
      for (int c = 0; c < whole; c += W) tile(column, p, c);
      copy_elements<Size>(column, whole, count, p, p + H, to, ldt);
    }
  }
  copy_elements<Size>(from, 0, count, p, hi, to, ldt);
}

// 4-byte elements: 4 x 4 tiles of 128-bit vectors.
__attribute__((target("avx"))) void avx_tiles_4(const void* const* from, int count, Index lo, Index hi, void* to,
                                                Index ldt) {
  float* t = static_cast<float*>(to);
  tiled<4, 4, 4>(
      from, count, lo, hi, to, ldt, [ t, ldt ](const void* const* col, Index p, int c) __attribute__((target("avx"))) {
        __m128 r0 = _mm_loadu_ps(reinterpret_cast<const float*>(element<4>(col[c], p)));
        __m128 r1 = _mm_loadu_ps(reinterpret_cast<const float*>(element<4>(col[c + 1], p)));
        __m128 r2 = _mm_loadu_ps(reinterpret_cast<const float*>(element<4>(col[c + 2], p)));
        __m128 r3 = _mm_loadu_ps(reinterpret_cast<const float*>(element<4>(col[c + 3], p)));
        _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
        _mm_storeu_ps(t + p * ldt + c, r0);
        _mm_storeu_ps(t + (p + 1) * ldt + c, r1);
        _mm_storeu_ps(t + (p + 2) * ldt + c, r2);
        _mm_storeu_ps(t + (p + 3) * ldt + c, r3);
      });
}

// 8-byte elements: 4 x 4 tiles of 256-bit vectors (pairs interleaved, then
// 128-bit halves exchanged).
__attribute__((target("avx"))) void avx_tiles_8(const void* const* from, int count, Index lo, Index hi, void* to,
                                                Index ldt) {
  double* t = static_cast<double*>(to);
  tiled<8, 4, 4>(
      from, count, lo, hi, to, ldt, [ t, ldt ](const void* const* col, Index p, int c) __attribute__((target("avx"))) {
        const __m256d x0 = _mm256_loadu_pd(reinterpret_cast<const double*>(element<8>(col[c], p)));
        const __m256d x1 = _mm256_loadu_pd(reinterpret_cast<const double*>(element<8>(col[c + 1], p)));
        const __m256d x2 = _mm256_loadu_pd(reinterpret_cast<const double*>(element<8>(col[c + 2], p)));
        const __m256d x3 = _mm256_loadu_pd(reinterpret_cast<const double*>(element<8>(col[c + 3], p)));
        const __m256d even01 = _mm256_unpacklo_pd(x0, x1), odd01 = _mm256_unpackhi_pd(x0, x1);
        const __m256d even23 = _mm256_unpacklo_pd(x2, x3), odd23 = _mm256_unpackhi_pd(x2, x3);
        _mm256_storeu_pd(t + p * ldt + c, _mm256_permute2f128_pd(even01, even23, 0x20));
        _mm256_storeu_pd(t + (p + 1) * ldt + c, _mm256_permute2f128_pd(odd01, odd23, 0x20));
        _mm256_storeu_pd(t + (p + 2) * ldt + c, _mm256_permute2f128_pd(even01, even23, 0x31));
        _mm256_storeu_pd(t + (p + 3) * ldt + c, _mm256_permute2f128_pd(odd01, odd23, 0x31));
      });
}

// 16-byte elements: 2 x 2 tiles, one element per 128-bit half.
__attribute__((target("avx"))) void avx_tiles_16(const void* const* from, int count, Index lo, Index hi, void* to,
                                                 Index ldt) {
  double* t = static_cast<double*>(to);
  tiled<16, 2, 2>(
      from, count, lo, hi, to, ldt, [ t, ldt ](const void* const* col, Index p, int c) __attribute__((target("avx"))) {
        const __m256d x0 = _mm256_loadu_pd(reinterpret_cast<const double*>(element<16>(col[c], p)));
        const __m256d x1 = _mm256_loadu_pd(reinterpret_cast<const double*>(element<16>(col[c + 1], p)));
        _mm256_storeu_pd(t + 2 * (p * ldt + c), _mm256_permute2f128_pd(x0, x1, 0x20));
        _mm256_storeu_pd(t + 2 * ((p + 1) * ldt + c), _mm256_permute2f128_pd(x0, x1, 0x31));
      });
}

template <std::size_t Size>
void avx_tiles(const void* const* from, int count, Index lo, Index hi, void* to, Index ldt) {
  if constexpr (Size == 4)
    avx_tiles_4(from, count, lo, hi, to, ldt);
  else if constexpr (Size == 8)
    avx_tiles_8(from, count, lo, hi, to, ldt);
  else
    avx_tiles_16(from, count, lo, hi, to, ldt);
}

// GCC 12's AVX-512 intrinsics start their results from _mm512_undefined_pd(),
// which it then reports as possibly uninitialized (a false positive).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

// Lanes of a 512-bit vector of doubles covering elements [first, last) of a
// line of elements `per` doubles wide.
inline __mmask8 lanes(int first, int last, int per) {
  return static_cast<__mmask8>(((1u << (last * per)) - 1) & ~((1u << (first * per)) - 1));
}

// One tile row per line: `rows` positions from p of the line-wide group of
// columns `col` (a whole tile when Whole: every position and column), stored
// at `at` (a line) + row * pitch bytes. A row holding the whole line is
// streamed; one holding part of it (`columns` names its lanes) is stored
// with a mask, through the caches, as the rest of that line belongs to
// others. Positions short of a tile are loaded with a mask, never past hi.
template <int H, bool Whole>
__attribute__((target("avx512f"), always_inline)) inline void store_rows(const __m512d* out, int rows, __mmask8 columns,
                                                                         unsigned char* at, Index pitch) {
#pragma GCC unroll 8
  for (int j = 0; j < (Whole ? H : rows); ++j) {
    auto* row = reinterpret_cast<double*>(at + j * pitch);
    if (Whole || columns == 0xFF)
      _mm512_stream_pd(row, out[j]);
    else
      _mm512_mask_storeu_pd(row, columns, out[j]);
  }
}

// A tile's columns, one line each from position p: `rows` positions, the
// rest of the line loaded as zeros (never read past the column's end).
template <std::size_t Size, bool Whole>
__attribute__((target("avx512f"), always_inline)) inline void load_columns(const void* const* col, Index p, int rows,
                                                                           __m512d* r) {
  constexpr int W = kLineElems<Size>;
  const __mmask8 valid = Whole ? 0xFF : lanes(0, rows, static_cast<int>(Size / 8));
#pragma GCC unroll 8
  for (int k = 0; k < W; ++k) {
    const auto* x = reinterpret_cast<const double*>(element<Size>(col[k], p));
    r[k] = Whole ? _mm512_loadu_pd(x) : _mm512_maskz_loadu_pd(valid, x);
  }
}

// 8 x 8 doubles: three rounds of two-source permutes take the loaded columns
// to rows: element pairs, then pairs of pairs, then halves.
__attribute__((target("avx512f"), always_inline)) inline void rows_of_8(const __m512d* r, __m512d* out) {
  // a[2i]: columns 2i, 2i + 1 at even positions; a[2i + 1]: at odd ones.
  __m512d a[8];
#pragma GCC unroll 8
  for (int k = 0; k < 8; k += 2) {
    a[k] = _mm512_unpacklo_pd(r[k], r[k + 1]);
    a[k + 1] = _mm512_unpackhi_pd(r[k], r[k + 1]);
  }
  // b[4i + j]: columns 4i..4i + 3 at positions j and j + 4.
  const __m512i low_pairs = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
  const __m512i high_pairs = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
  __m512d b[8];
#pragma GCC unroll 8
  for (int i = 0; i < 2; ++i) {
    b[4 * i] = _mm512_permutex2var_pd(a[4 * i], low_pairs, a[4 * i + 2]);
    b[4 * i + 1] = _mm512_permutex2var_pd(a[4 * i + 1], low_pairs, a[4 * i + 3]);
    b[4 * i + 2] = _mm512_permutex2var_pd(a[4 * i], high_pairs, a[4 * i + 2]);
    b[4 * i + 3] = _mm512_permutex2var_pd(a[4 * i + 1], high_pairs, a[4 * i + 3]);
  }
  const __m512i low_halves = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
  const __m512i high_halves = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
#pragma GCC unroll 8
  for (int j = 0; j < 4; ++j) {
    out[j] = _mm512_permutex2var_pd(b[j], low_halves, b[j + 4]);
    out[j + 4] = _mm512_permutex2var_pd(b[j], high_halves, b[j + 4]);
  }
}

// 4 x 4 16-byte elements (128-bit lanes): two rounds of lane shuffles.
__attribute__((target("avx512f"), always_inline)) inline void rows_of_16(const __m512d* r, __m512d* out) {
  // t0: columns 0, 1 at positions 0, 1; t1: the same at 2, 3; t2, t3: columns 2, 3.
  const __m512d t0 = _mm512_shuffle_f64x2(r[0], r[1], 0x44), t1 = _mm512_shuffle_f64x2(r[0], r[1], 0xEE);
  const __m512d t2 = _mm512_shuffle_f64x2(r[2], r[3], 0x44), t3 = _mm512_shuffle_f64x2(r[2], r[3], 0xEE);
  out[0] = _mm512_shuffle_f64x2(t0, t2, 0x88);
  out[1] = _mm512_shuffle_f64x2(t0, t2, 0xDD);
  out[2] = _mm512_shuffle_f64x2(t1, t3, 0x88);
  out[3] = _mm512_shuffle_f64x2(t1, t3, 0xDD);
}

// One square tile of line-wide rows: loaded, turned, stored.
template <std::size_t Size, bool Whole>
__attribute__((target("avx512f"), always_inline)) inline void line_tile(const void* const* col, Index p, int rows,
                                                                        __mmask8 columns, unsigned char* at,
                                                                        Index pitch) {
  constexpr int W = kLineElems<Size>;
  __m512d r[static_cast<std::size_t>(W)], out[static_cast<std::size_t>(W)];
  load_columns<Size, Whole>(col, p, rows, r);
  if constexpr (Size == 8)
    rows_of_8(r, out);
  else
    rows_of_16(r, out);
  store_rows<W, Whole>(out, rows, columns, at, pitch);
}

// The streamed copy: the columns are laid on B's lines, the first starting
// `off` elements into one; the lanes before it and after the last column
// are masked off (their loads read column 0, never stored).
template <std::size_t Size>
__attribute__((target("avx512f"))) void streamed(const void* const* from, int count, Index lo, Index hi,
                                                 unsigned char* to, Index ldt) {
  constexpr int W = kLineElems<Size>;
  constexpr int kPer = static_cast<int>(Size / 8);  // doubles per element
  const int off = elements_into_line<Size>(to);
  const int end = off + count, groups = (end + W - 1) / W;
  const void* column[kWideCopyBlock<Size>];
  for (int v = 0; v < groups * W; ++v) column[v] = v >= off && v < end ? from[v - off] : from[0];
  unsigned char* base = to - off * static_cast<Index>(Size);
  const Index pitch = ldt * static_cast<Index>(Size);
  // Groups [first_whole, last_whole) fill their lines; a group before them
  // (head) or after them (tail) fills part of one.
  const int first_whole = (off + W - 1) / W, last_whole = end / W;
  const bool head = first_whole > 0, tail = last_whole < groups && last_whole >= first_whole;
  const __mmask8 head_lanes = lanes(off, std::min(end, W), kPer), tail_lanes = lanes(0, end - last_whole * W, kPer);
  auto at = [&](int g, Index p) { return base + p * pitch + g * W * static_cast<Index>(Size); };
  Index p = lo;
  for (; p + W <= hi; p += W) {
    prefetch_columns<Size>(from, count, p);
    if (head) line_tile<Size, false>(column, p, W, head_lanes, at(0, p), pitch);
    for (int g = first_whole; g < last_whole; ++g)
      line_tile<Size, true>(column + g * W, p, W, __mmask8(0xFF), at(g, p), pitch);
    if (tail) line_tile<Size, false>(column + last_whole * W, p, W, tail_lanes, at(last_whole, p), pitch);
  }
  if (p < hi) {
    const int rows = static_cast<int>(hi - p);
    if (head) line_tile<Size, false>(column, p, rows, head_lanes, at(0, p), pitch);
    for (int g = first_whole; g < last_whole; ++g)
      line_tile<Size, false>(column + g * W, p, rows, __mmask8(0xFF), at(g, p), pitch);
    if (tail) line_tile<Size, false>(column + last_whole * W, p, rows, tail_lanes, at(last_whole, p), pitch);
  }
}

// The streamed copy where it applies: AVX-512, 8- or 16-byte elements on
// their own alignment, rows whole lines apart, and the block within five
// lines from the start of its first (the lanes `streamed` has room for).
template <std::size_t Size>
bool try_stream(const void* const* from, int count, Index lo, Index hi, void* to, Index ldt) {
  if constexpr (!kStreams<Size>) {
    return false;
  } else {
    if (count == 0 || lo >= hi || reinterpret_cast<std::uintptr_t>(to) % Size != 0 ||
        (ldt * static_cast<Index>(Size)) % kStreamLine != 0 ||
        elements_into_line<Size>(to) + count > kWideCopyBlock<Size> || !has<Isa::avx512>())
      return false;
    auto* bytes = static_cast<unsigned char*>(to);
    streamed<Size>(from, count, lo, hi, bytes, ldt);
    return true;
  }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif

}  // namespace

template <std::size_t Size>
void transpose_copy(const void* const* from, int count, Index lo, Index hi, void* to, Index ldt, bool stream) {
#ifdef MR2D_TRANSPOSE_AVX
  if (stream && try_stream<Size>(from, count, lo, hi, to, ldt)) return;
  if (has<Isa::avx>()) {
    avx_tiles<Size>(from, count, lo, hi, to, ldt);
    return;
  }
#else
  (void)stream;
#endif
  scalar_tiles<Size>(from, count, lo, hi, to, ldt);
}

template void transpose_copy<4>(const void* const*, int, Index, Index, void*, Index, bool);
template void transpose_copy<8>(const void* const*, int, Index, Index, void*, Index, bool);
template void transpose_copy<16>(const void* const*, int, Index, Index, void*, Index, bool);

}  // namespace mr2d::kernels

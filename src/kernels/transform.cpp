// SPDX-License-Identifier: BSD-3-Clause
// Transform kernels; see transform.hpp. Built with -ffp-contract=off: each
// product and sum is rounded on its own, as in ScaLAPACK's PBLAS, so results
// are bit-identical to it.
#include "kernels/transform.hpp"

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "kernels/row_table.hpp"
#include "kernels/table_cache.hpp"
#include "kernels/transpose_copy.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::kernels {

using index::RunSet;
using index::Trapezoid;

namespace {

template <class R>
struct Complex {
  R re, im;
};

// The arithmetic of one element type. Integers wrap (unsigned arithmetic):
// no overflow is undefined.
template <class T>
struct Arith {
  static T mul(T a, T x) {
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) * static_cast<U>(x));
    } else {
      return a * x;
    }
  }
  static T add(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    } else {
      return a + b;
    }
  }
  static T conj(T x) { return x; }
  static bool is(T x, int v) { return x == static_cast<T>(v); }
  static constexpr bool complex = false;
};

template <class R>
struct Arith<Complex<R>> {
  using T = Complex<R>;
  static T mul(T a, T x) { return {a.re * x.re - a.im * x.im, a.re * x.im + a.im * x.re}; }
  static T add(T a, T b) { return {a.re + b.re, a.im + b.im}; }
  static T conj(T x) { return {x.re, -x.im}; }
  static bool is(T x, int v) { return x.re == static_cast<R>(v) && x.im == R(0); }
  static constexpr bool complex = true;
};

// How alpha or beta enters, as in PBLAS, so that signed zeros, infinities and
// NaNs come out as there: a zero drops its term (A or B is not read; both
// zero: B takes beta's value), a one drops the multiplication, except for
// complex elements with both one and op N or T, where PBLAS adds (1, 0) * x
// in the BLAS axpy way (an infinite part of x makes the other part NaN);
// with op C it adds conj(x) as it is.
enum Factor { kZero = 0, kOne = 1, kOther = 2 };

template <class T>
Factor factor_of(const T& v) {
  return Arith<T>::is(v, 0) ? kZero : Arith<T>::is(v, 1) ? kOne : kOther;
}

template <class T, int A, int B, bool Conj, bool Tradd = false>
struct Combine {
  static T one() {
    T v{};
    if constexpr (Arith<T>::complex)
      v.re = 1;
    else
      v = 1;
    return v;
  }
  /// y = x: elements move bit for bit (transpose_copy serves it).
  static constexpr bool copies = A == kOne && B == kZero && !Conj && !Tradd;
  T alpha, beta;
  void operator()(const T& x, T& y) const {
    using M = Arith<T>;
    if constexpr (A == kZero) {
      if constexpr (B == kZero)
        y = beta;
      else if constexpr (B == kOther)
        y = M::mul(beta, y);
    } else if constexpr (Tradd) {
      // p?tradd: C := beta * C over the trapezoid first, alpha * op(A) in a
      // buffer, then C += buffer through axpy with 1.
      const T v = Conj ? M::conj(x) : x;
      T s = v;
      if constexpr (A == kOther) s = M::mul(alpha, v);
      T t{};
      if constexpr (B == kOne)
        t = y;
      else if constexpr (B == kOther)
        t = M::mul(beta, y);
      if constexpr (M::complex)
        y = M::add(M::mul(one(), s), t);
      else
        y = M::add(s, t);
    } else {
      const T v = Conj ? M::conj(x) : x;
      T ax = v;
      if constexpr (A == kOther)
        ax = M::mul(alpha, v);
      else if constexpr (B == kOne && M::complex && !Conj)
        ax = M::mul(one(), v);
      if constexpr (B == kZero)
        y = ax;
      else if constexpr (B == kOne)
        y = M::add(ax, y);
      else
        y = M::add(ax, M::mul(beta, y));
    }
  }
};

// One column of the walked range: its source elements, the message positions
// [first, end) it holds, and its index along B's dimension the column maps to
// (B's column for op N, B's row when transposed).
template <class T>
struct Column {
  const T* base;  // element `from - shift` of a segment is its first source element
  Index shift;
  Index first, end;
  Index dst;
};

// The message: columns follow each other, positions counted from `first`.
template <class T>
struct MessageSource {
  const T* next;
  /// Bytes from one column to the next (full shapes).
  Index pitch(Index per_column) const { return per_column * static_cast<Index>(sizeof(T)); }
  const T* column(Index, Index first, Index end, Index& shift) {
    const T* at = next;
    next += end - first;
    shift = first;
    return at;
  }
};

// A's local array: segments name source rows.
template <class T>
struct ArraySource {
  const T* a;
  Index lda;
  Index pitch(Index) const { return lda * static_cast<Index>(sizeof(T)); }
  const T* column(Index c, Index, Index, Index& shift) const {
    shift = 0;
    return a + c * lda;
  }
};

// Columns per block: those of the transposed copy (see transpose_copy.hpp).
template <class T>
constexpr int kBlock = kCopyBlock<sizeof(T)>;
template <class T>
constexpr int kWideBlock = kWideCopyBlock<sizeof(T)>;
constexpr Index kPiece = 64;  // positions per piece in the per-column path
constexpr Index kPass = 32;   // positions per pass through the buffer of combine_transposed

// B's rows [lo, hi) of a block of `count` columns with a combining op: the
// block is moved into a small buffer by the transposed copy, kPass positions
// at a time, then each position is combined into its contiguous piece of B,
// element by element as before (the arithmetic is unchanged).
template <class T, class Op>
void combine_transposed(const void* const* from, int count, Index lo, Index hi, T* to, Index ldb, const Op& op) {
  T buffer[kPass * kBlock<T>];
  const void* at[kBlock<T>];
  for (Index p0 = lo; p0 < hi; p0 += kPass) {
    const Index rows = std::min(kPass, hi - p0);
    for (int c = 0; c < count; ++c) at[c] = static_cast<const T*>(from[c]) + p0;
    transpose_copy<sizeof(T)>(at, count, 0, rows, buffer, kBlock<T>);
    for (Index j = 0; j < rows; ++j) {
      const T* x = buffer + j * kBlock<T>;
      T* row = to + (p0 + j) * ldb;
      if (count == kBlock<T>) {
        // A whole block: a fixed count the compiler unrolls.
        for (int c = 0; c < kBlock<T>; ++c) op(x[c], row[c]);
      } else {
        for (int c = 0; c < count; ++c) op(x[c], row[c]);
      }
    }
  }
}

// `same_range`: every column holds the same positions and the columns are
// adjacent in B (a full-shape block within one column run).
template <class T, bool Transposed, class Op>
void flush(const RowTable& table, const Column<T>* block, int count, bool same_range, T* b, Index ldb, const Op& op,
           bool stream) {
  const auto& segs = table.segments();
  if constexpr (!Transposed) {
    for (int c = 0; c < count; ++c) {
      const Column<T>& col = block[c];
      T* dst = b + col.dst * ldb;
      for (std::size_t k = 0; k < segs.size(); ++k) {
        const Index s0 = table.start(k);
        const Index lo = std::max(s0, col.first), hi = std::min(s0 + segs[k].len, col.end);
        const T* from = col.base + segs[k].from - s0 - col.shift;
        T* to = dst + segs[k].to - s0;
        for (Index p = lo; p < hi; ++p) op(from[p], to[p]);
      }
    }
  } else if (same_range) {
    // Every column holds the same positions and the block's columns are
    // adjacent in B's columns: each position is a contiguous piece of a
    // column of B, and the block is transposed in register tiles.
    for (std::size_t k = 0; k < segs.size(); ++k) {
      const Index s0 = table.start(k), s1 = s0 + segs[k].len;
      const Index lo = std::max(s0, block[0].first), hi = std::min(s1, block[0].end);
      const void* from[kWideBlock<T>];
      for (int c = 0; c < count; ++c) from[c] = block[c].base + segs[k].from - s0 - block[c].shift;
      T* to = b + block[0].dst + (segs[k].to - s0) * ldb;
      if constexpr (Op::copies)
        transpose_copy<sizeof(T)>(from, count, lo, hi, to, ldb, stream);
      else
        combine_transposed(from, count, lo, hi, to, ldb, op);
    }
  } else {
    for (std::size_t k = 0; k < segs.size(); ++k) {
      const Index s0 = table.start(k), s1 = s0 + segs[k].len;
      for (Index p0 = s0; p0 < s1; p0 += kPiece) {
        const Index p1 = std::min(p0 + kPiece, s1);
        for (int c = 0; c < count; ++c) {
          const Column<T>& col = block[c];
          const Index lo = std::max(p0, col.first), hi = std::min(p1, col.end);
          const T* from = col.base + segs[k].from - s0 - col.shift;
          T* to = b + col.dst + (segs[k].to - s0) * ldb;
          for (Index p = lo; p < hi; ++p) op(from[p], to[p * ldb]);
        }
      }
    }
  }
}

// Walks the columns of `cols` inside `window` in message order, in blocks.
// Transposed copies take blocks of kBlock columns, streamed ones blocks of
// kStreamBlock starting on B's 64-byte lines (a block that starts off a line
// is cut where it ends). Where B's rows share cache sets (rows_share_sets),
// streamed or not, blocks end on lines: kBlock columns and the part of a
// line before them, or the rest of a run of columns adjacent in B where that
// fits in kWideBlock columns and that part; except in runs longer than
// kLongRun whose source columns share sets too (columns_share_sets), where
// fewer source streams pay more.
template <class T, bool Transposed, class Op, class Source>
Index walk(const RowTable& table, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid, Window window,
           Source source, T* b, Index ldb, const Op& op, bool stream) {
  const Index per_column = table.total();
  if (per_column == 0) return 0;
  const bool full = trapezoid.shape == index::Shape::full;
  stream = stream && Transposed && Op::copies && kStreams<sizeof(T)>;
  const bool rows_share = Transposed && Op::copies && rows_share_sets(ldb * static_cast<Index>(sizeof(T)));
  const bool sources_share = columns_share_sets(source.pitch(per_column));
  Column<T> block[kWideBlock<T>];
  int count = 0, limit = kBlock<T>;
  Index total = 0;
  cols.for_each_in(window.lo, window.hi, [&](Index tc, Index lenc, Index src_c, Index dst_c) {
    const Index j0 = window.lo > tc ? window.lo - tc : 0;
    const Index j1 = window.hi < tc + lenc ? window.hi - tc : lenc;
    for (Index j = j0; j < j1; ++j) {
      Index first = 0, end = per_column;
      if (!full) {
        const auto [lo, hi] = trapezoid.rows_of_column(tc + j);
        first = lo < hi ? rows.count_below(lo) : 0;
        end = lo < hi ? rows.count_below(hi) : 0;
        if (first >= end) continue;
      }
      // A block holds columns adjacent in B: it may go on from one run to
      // the next where B's columns continue (runs of one column of a product).
      if (count > 0 && block[count - 1].dst + 1 != dst_c + j) {
        flush<T, Transposed>(table, block, count, full, b, ldb, op, stream);
        count = 0;
      }
      if (count == 0 && (rows_share || stream)) {
        // Elements of B's line before this column (none if it starts one).
        const int off = elements_into_line<sizeof(T)>(b + dst_c + j);
        const Index rest = j1 - j;
        if (rows_share && !(sources_share && j1 - j0 > kLongRun))
          limit = rest > 1 && rest + off <= kWideBlock<T> ? static_cast<int>(rest) : kBlock<T> - off;
        else if (stream)
          limit = off > 0 ? kLineElems<sizeof(T)> - off : kStreamBlock<sizeof(T)>;
        else
          limit = kBlock<T>;
      }
      Column<T>& col = block[count];
      col.base = source.column(src_c + j, first, end, col.shift);
      col.first = first;
      col.end = end;
      col.dst = dst_c + j;
      total += end - first;
      // A block holds columns adjacent in B, so that a transposed piece is contiguous.
      if (++count == limit) {
        flush<T, Transposed>(table, block, count, full, b, ldb, op, stream);
        count = 0;
      }
    }
  });
  if (count > 0) flush<T, Transposed>(table, block, count, full, b, ldb, op, stream);
  if (stream) stream_fence();
  return total;
}

template <class T>
T value_of(const unsigned char* bytes) {
  T v;
  std::memcpy(&v, bytes, sizeof v);
  return v;
}

// Picks the instantiation for the factors of alpha and beta and for op.
template <class T, class Body>
Index with_combine(const Update& u, Body&& body) {
  const T alpha = value_of<T>(u.alpha), beta = value_of<T>(u.beta);
  const int a = factor_of(alpha), b = factor_of(beta);
  const bool conj = u.op == 'C' || u.op == 'c';
  auto go = [&](auto ai, auto bi) -> Index {
    constexpr int A = decltype(ai)::value, B = decltype(bi)::value;
    if constexpr (A != kZero && !std::is_integral_v<T>) {
      // Alpha 0 does the same in p?tradd as in p?geadd.
      if (u.tradd) {
        if (conj) return body(Combine<T, A, B, true, true>{alpha, beta});
        return body(Combine<T, A, B, false, true>{alpha, beta});
      }
    }
    if (conj) return body(Combine<T, A, B, true>{alpha, beta});
    return body(Combine<T, A, B, false>{alpha, beta});
  };
  auto with_beta = [&](auto ai) -> Index {
    using C = std::integral_constant<int, kZero>;
    using O = std::integral_constant<int, kOne>;
    using X = std::integral_constant<int, kOther>;
    return b == kZero ? go(ai, C{}) : b == kOne ? go(ai, O{}) : go(ai, X{});
  };
  return a == kZero  ? with_beta(std::integral_constant<int, kZero>{})
         : a == kOne ? with_beta(std::integral_constant<int, kOne>{})
                     : with_beta(std::integral_constant<int, kOther>{});
}

// Calls f(T{}) with T the C type of an mr2d_type.
template <class F>
Index with_type(int type, F&& f) {
  switch (type) {
    case MR2D_S:
      return f(float{});
    case MR2D_D:
      return f(double{});
    case MR2D_C:
      return f(Complex<float>{});
    case MR2D_Z:
      return f(Complex<double>{});
    default:
      return f(mr2d_int{});
  }
}

template <class MakeSource>
Index run(Walk walk_kind, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid, const Update& u, void* b,
          Index ldb, Window window, bool stream, MakeSource make_source) {
  const RowTable& table = cached_table(rows, walk_kind);
  return with_type(u.type, [&](auto tag) {
    using T = decltype(tag);
    T* bt = static_cast<T*>(b);
    auto source = make_source(tag);
    return with_combine<T>(u, [&](const auto& op) {
      return u.transposed() ? walk<T, true>(table, rows, cols, trapezoid, window, source, bt, ldb, op, stream)
                            : walk<T, false>(table, rows, cols, trapezoid, window, source, bt, ldb, op, stream);
    });
  });
}

}  // namespace

bool Update::plain() const {
  if (op != 'N' && op != 'n') return false;
  if (tradd) return false;  // y = x + 0 turns -0 into +0
  return with_type(type, [&](auto tag) -> Index {
           using T = decltype(tag);
           return factor_of(value_of<T>(alpha)) == kOne && factor_of(value_of<T>(beta)) == kZero;
         }) != 0;
}

Update make_update(int type, char op, const void* alpha, const void* beta, bool tradd) {
  Update u;
  u.type = type;
  u.tradd = tradd;
  u.op = op == 'n' ? 'N' : op == 't' ? 'T' : op == 'c' ? 'C' : op;
  with_type(type, [&](auto tag) -> Index {
    using T = decltype(tag);
    // Conjugation does nothing for real and integer types.
    if (!std::is_same_v<T, Complex<float>> && !std::is_same_v<T, Complex<double>> && u.op == 'C') u.op = 'T';
    T one{};
    if constexpr (std::is_same_v<T, Complex<float>> || std::is_same_v<T, Complex<double>>)
      one.re = 1;
    else
      one = 1;
    std::memcpy(u.alpha, alpha != nullptr ? alpha : &one, sizeof(T));
    if (beta != nullptr) std::memcpy(u.beta, beta, sizeof(T));
    return 0;
  });
  return u;
}

Index unpack_update(const void* buf, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid,
                    const Update& update, void* b, Index ldb, Window window, bool stream) {
  return run(Walk::unpack, rows, cols, trapezoid, update, b, ldb, window, stream, [&](auto tag) {
    using T = decltype(tag);
    return MessageSource<T>{static_cast<const T*>(buf)};
  });
}

Index copy_update(const void* a, Index lda, void* b, Index ldb, const RunSet& rows, const RunSet& cols,
                  const Trapezoid& trapezoid, const Update& update, Window window, bool stream) {
  return run(Walk::copy, rows, cols, trapezoid, update, b, ldb, window, stream, [&](auto tag) {
    using T = decltype(tag);
    return ArraySource<T>{static_cast<const T*>(a), lda};
  });
}

}  // namespace mr2d::kernels

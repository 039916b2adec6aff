// Pack, unpack and local copy; see pack.hpp.
#include "kernels/pack.hpp"

#include <cstring>

namespace mr2d::kernels {

using index::RunSet;
using index::Trapezoid;

namespace {

// Visits every column segment: f(src_row, dst_row, src_col, dst_col, count)
// with local indices, in message order (columns outer, rows inner), for the
// columns inside `window`.
template <class F>
void for_each_segment(const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid,
                      Window window, F&& f) {
  const bool full = trapezoid.shape == index::Shape::full;
  cols.for_each([&](Index tc, Index lenc, Index src_c, Index dst_c) {
    const Index j0 = window.lo > tc ? window.lo - tc : 0;
    const Index j1 = window.hi < tc + lenc ? window.hi - tc : lenc;
    for (Index j = j0; j < j1; ++j) {
      Index lo = 0, hi = trapezoid.m;
      if (!full) {
        auto range = trapezoid.rows_of_column(tc + j);
        lo = range.first;
        hi = range.second;
        if (lo >= hi) continue;
      }
      rows.for_each([&](Index tr, Index lenr, Index src_r, Index dst_r) {
        Index b = tr < lo ? lo : tr;
        Index e = tr + lenr > hi ? hi : tr + lenr;
        if (b < e) f(src_r + (b - tr), dst_r + (b - tr), src_c + j, dst_c + j, e - b);
      });
    }
  });
}

// Moves `count` elements of ES bytes; fixed-size moves for the common sizes.
// Short runs (small block sizes) are copied element by element with
// fixed-size moves the compiler inlines: a memcpy call per run of 1 to 8
// elements costs more than the copy.
template <std::size_t ES>
inline void move_elems(unsigned char* dst, const unsigned char* src, Index count) {
  if (count <= 8) {
    for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) std::memcpy(dst + k * ES, src + k * ES, ES);
  } else {
    std::memcpy(dst, src, static_cast<std::size_t>(count) * ES);
  }
}

inline void move_bytes(unsigned char* dst, const unsigned char* src, Index count, Index es) {
  std::memcpy(dst, src, static_cast<std::size_t>(count * es));
}

template <std::size_t ES>
Index pack_t(const unsigned char* a, Index lda, const RunSet& rows, const RunSet& cols,
             const Trapezoid& trapezoid, Index es, unsigned char* buf, Window window) {
  unsigned char* out = buf;
  for_each_segment(rows, cols, trapezoid, window, [&](Index sr, Index, Index sc, Index, Index cnt) {
    const unsigned char* from = a + (sr + sc * lda) * es;
    if constexpr (ES != 0) move_elems<ES>(out, from, cnt);
    else move_bytes(out, from, cnt, es);
    out += cnt * es;
  });
  return (out - buf) / es;
}

template <std::size_t ES>
Index unpack_t(const unsigned char* buf, const RunSet& rows, const RunSet& cols,
               const Trapezoid& trapezoid, Index es, unsigned char* b, Index ldb, Window window) {
  const unsigned char* in = buf;
  for_each_segment(rows, cols, trapezoid, window, [&](Index, Index dr, Index, Index dc, Index cnt) {
    unsigned char* to = b + (dr + dc * ldb) * es;
    if constexpr (ES != 0) move_elems<ES>(to, in, cnt);
    else move_bytes(to, in, cnt, es);
    in += cnt * es;
  });
  return (in - buf) / es;
}

template <std::size_t ES>
Index copy_t(const unsigned char* a, Index lda, unsigned char* b, Index ldb, const RunSet& rows,
             const RunSet& cols, const Trapezoid& trapezoid, Index es) {
  Index total = 0;
  for_each_segment(rows, cols, trapezoid, Window{}, [&](Index sr, Index dr, Index sc, Index dc, Index cnt) {
    const unsigned char* from = a + (sr + sc * lda) * es;
    unsigned char* to = b + (dr + dc * ldb) * es;
    if constexpr (ES != 0) move_elems<ES>(to, from, cnt);
    else move_bytes(to, from, cnt, es);
    total += cnt;
  });
  return total;
}

// Calls kernel<ES> with ES the element size when it is 4, 8 or 16, else 0.
template <template <std::size_t> class K, class... Args>
Index dispatch(Index es, Args&&... args) {
  switch (es) {
    case 4: return K<4>::run(std::forward<Args>(args)...);
    case 8: return K<8>::run(std::forward<Args>(args)...);
    case 16: return K<16>::run(std::forward<Args>(args)...);
    default: return K<0>::run(std::forward<Args>(args)...);
  }
}

template <std::size_t ES>
struct PackK {
  template <class... A>
  static Index run(A&&... args) { return pack_t<ES>(std::forward<A>(args)...); }
};
template <std::size_t ES>
struct UnpackK {
  template <class... A>
  static Index run(A&&... args) { return unpack_t<ES>(std::forward<A>(args)...); }
};
template <std::size_t ES>
struct CopyK {
  template <class... A>
  static Index run(A&&... args) { return copy_t<ES>(std::forward<A>(args)...); }
};

}  // namespace

Index pack(const void* a, Index lda, const RunSet& rows, const RunSet& cols,
           const Trapezoid& trapezoid, Index elem_size, void* buf, Window window) {
  return dispatch<PackK>(elem_size, static_cast<const unsigned char*>(a), lda, rows, cols,
                         trapezoid, elem_size, static_cast<unsigned char*>(buf), window);
}

Index unpack(const void* buf, const RunSet& rows, const RunSet& cols, const Trapezoid& trapezoid,
             Index elem_size, void* b, Index ldb, Window window) {
  return dispatch<UnpackK>(elem_size, static_cast<const unsigned char*>(buf), rows, cols,
                           trapezoid, elem_size, static_cast<unsigned char*>(b), ldb, window);
}

Index copy_local(const void* a, Index lda, void* b, Index ldb, const RunSet& rows,
                 const RunSet& cols, const Trapezoid& trapezoid, Index elem_size) {
  return dispatch<CopyK>(elem_size, static_cast<const unsigned char*>(a), lda,
                         static_cast<unsigned char*>(b), ldb, rows, cols, trapezoid, elem_size);
}

}  // namespace mr2d::kernels

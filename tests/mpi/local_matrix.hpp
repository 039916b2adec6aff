// SPDX-License-Identifier: BSD-3-Clause
// Local arrays of test matrices: values that name their global position, so
// a misplaced element says where it came from, and a sentinel everywhere else
// (padding rows included), so any stray write shows.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

#include "mr2d/mr2d.h"

namespace mr2d_test {

inline int numroc(int n, int nb, int p, int src, int nprocs) {
  int d = ((p - src) % nprocs + nprocs) % nprocs;
  int nblk = n / nb;
  int cnt = (nblk / nprocs) * nb;
  if (d < nblk % nprocs) cnt += nb;
  else if (d == nblk % nprocs) cnt += n % nb;
  return cnt;
}

/// Global index of local index l on process p (0-based).
inline int global_of(int l, int nb, int p, int src, int nprocs) {
  int d = ((p - src) % nprocs + nprocs) % nprocs;
  return (l / nb * nprocs + d) * nb + l % nb;
}

/// Element value encoding global (i, j), exact in every type (i, j < 4000).
template <class T> T code_of(int i, int j);
template <> inline float code_of<float>(int i, int j) { return static_cast<float>(4096 * i + j + 1); }
template <> inline double code_of<double>(int i, int j) { return 4096.0 * i + j + 1; }
template <> inline mr2d_scomplex code_of<mr2d_scomplex>(int i, int j) {
  return {code_of<float>(i, j), -static_cast<float>(j)};
}
template <> inline mr2d_dcomplex code_of<mr2d_dcomplex>(int i, int j) {
  return {code_of<double>(i, j), -static_cast<double>(j) - 0.5};
}
template <> inline int code_of<int>(int i, int j) { return 4096 * i + j + 1; }
template <> inline std::complex<float> code_of<std::complex<float>>(int i, int j) {
  return {code_of<float>(i, j), -static_cast<float>(j)};
}
template <> inline std::complex<double> code_of<std::complex<double>>(int i, int j) {
  return {code_of<double>(i, j), -static_cast<double>(j) - 0.5};
}

template <class T> T sentinel() {
  T v;
  std::memset(&v, 0xA5, sizeof v);
  return v;
}

template <class T>
bool same_bits(const T& x, const T& y) { return std::memcmp(&x, &y, sizeof(T)) == 0; }

/// A local column-major array of lld x cols elements.
template <class T>
struct LocalArray {
  int lld = 1, rows = 0, cols = 0;
  std::vector<T> data;
  T* ptr() { return data.empty() ? nullptr : data.data(); }
  T& at(int r, int c) { return data[static_cast<std::size_t>(r) + static_cast<std::size_t>(c) * lld]; }
};

/// A member's local array of an M x N matrix in mb x nb blocks with first
/// process (rsrc, csrc), padded by `pad` rows and then up to a multiple of
/// `lld_unit` rows, every element the sentinel.
template <class T>
LocalArray<T> sentinel_array(int M, int N, int mb, int nb, int rsrc, int csrc, int myrow, int nprow,
                             int mycol, int npcol, int pad = 0, int lld_unit = 1) {
  LocalArray<T> a;
  a.rows = numroc(M, mb, myrow, rsrc, nprow);
  a.cols = numroc(N, nb, mycol, csrc, npcol);
  a.lld = ((a.rows > 1 ? a.rows : 1) + pad + lld_unit - 1) / lld_unit * lld_unit;
  a.data.assign(static_cast<std::size_t>(a.lld) * static_cast<std::size_t>(a.cols), sentinel<T>());
  return a;
}

/// sentinel_array with the matrix part filled with the element codes.
template <class T>
void fill_codes(LocalArray<T>& a, int M, int N, int mb, int nb, int rsrc, int csrc, int myrow,
                int nprow, int mycol, int npcol, int pad = 0) {
  a = sentinel_array<T>(M, N, mb, nb, rsrc, csrc, myrow, nprow, mycol, npcol, pad);
  for (int c = 0; c < a.cols; ++c)
    for (int r = 0; r < a.rows; ++r)
      a.at(r, c) = code_of<T>(global_of(r, mb, myrow, rsrc, nprow), global_of(c, nb, mycol, csrc, npcol));
}

/// f(T{}) for the C type T of mr2d element type `type` (mr2d_type).
template <class F>
auto with_element_type(int type, F&& f) {
  switch (type) {
    case MR2D_S: return f(float{});
    case MR2D_D: return f(double{});
    case MR2D_C: return f(mr2d_scomplex{});
    case MR2D_Z: return f(mr2d_dcomplex{});
    default: return f(int{});
  }
}

}  // namespace mr2d_test

// SPDX-License-Identifier: BSD-3-Clause
// Per-type pieces of the benchmark, all expanded from MR2D_TYPE_TABLE: the
// element type of a type letter, the values A is filled with, and ScaLAPACK's
// routine of that type (the reference every mr2d result is compared with).
#pragma once

#include <stdexcept>
#include <string>

#include "case_file.hpp"
#include "distributed_matrix.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/scalapack.h"

namespace mr2d::bench {

/// Calls f(T{}, code) with the element type T and mr2d_type code of a letter.
template <class F>
decltype(auto) with_element_type(char letter, F&& f) {
#define MR2D_BENCH_TYPE(x, T, code) \
  if (letter == #x[0]) return f(T{}, code);
  MR2D_TYPE_TABLE(MR2D_BENCH_TYPE)
#undef MR2D_BENCH_TYPE
  throw std::invalid_argument(std::string("unknown type letter ") + letter);
}

inline void assign(float& x, double v) { x = static_cast<float>(v); }
inline void assign(double& x, double v) { x = v; }
inline void assign(mr2d_scomplex& x, double v) { x = {static_cast<float>(v), -static_cast<float>(v)}; }
inline void assign(mr2d_dcomplex& x, double v) { x = {v, -v}; }
inline void assign(mr2d_int& x, double v) { x = static_cast<mr2d_int>(v); }

#define MR2D_BENCH_REFERENCE(x, T, code)                                                        \
  inline void reference_copy(const Case& c, T* a, mr2d_int* desca, T* b, mr2d_int* descb,      \
                             int ictxt) {                                                      \
    char uplo[2] = {c.uplo, 0}, diag[2] = {c.diag, 0};                                         \
    if (c.trapezoidal)                                                                         \
      Cp##x##trmr2d(uplo, diag, c.m, c.n, a, 1, 1, desca, b, 1, 1, descb, ictxt);              \
    else                                                                                       \
      Cp##x##gemr2d(c.m, c.n, a, 1, 1, desca, b, 1, 1, descb, ictxt);                          \
  }
MR2D_TYPE_TABLE(MR2D_BENCH_REFERENCE)
#undef MR2D_BENCH_REFERENCE

inline std::size_t element_size(char letter) {
  return with_element_type(letter, [](auto tag, int) { return sizeof(tag); });
}

inline int type_code(char letter) {
  return with_element_type(letter, [](auto, int code) { return code; });
}

/// A(i, j) := i * 1e5 + j (global indices; the imaginary part is its negative):
/// the elements differ, so a misplaced one shows in the comparison with ScaLAPACK.
inline void fill_with_positions(char letter, DistributedMatrix& a) {
  with_element_type(letter, [&](auto tag, int) {
    using T = decltype(tag);
    for (int j = 0; j < a.cols; ++j)
      for (int i = 0; i < a.rows; ++i)
        assign(*reinterpret_cast<T*>(a.at(i, j)), a.global_row(i) * 1e5 + a.global_col(j));
  });
}

/// ScaLAPACK's p?gemr2d or p?trmr2d of the case's type: sub(B) := sub(A).
inline void scalapack_copy(const Case& c, DistributedMatrix& a, DistributedMatrix& b, int ictxt) {
  with_element_type(c.type, [&](auto tag, int) {
    using T = decltype(tag);
    reference_copy(c, reinterpret_cast<T*>(a.bytes.data()), a.desc,
                   reinterpret_cast<T*>(b.bytes.data()), b.desc, ictxt);
  });
}

}  // namespace mr2d::bench

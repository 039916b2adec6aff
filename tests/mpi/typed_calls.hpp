// SPDX-License-Identifier: BSD-3-Clause
// The reference (ScaLAPACK) and mr2d entry points of every element type, as
// untyped function pointers indexed by mr2d_type, and the trapezoid rule of
// p?trmr2d: shared by the tests that compare mr2d with ScaLAPACK.
#pragma once

#include <algorithm>

#include "mr2d/mr2d.h"
#include "mr2d/scalapack.h"

namespace mr2d_test {

struct Calls {
  void (*ref_ge)(int, int, void*, int, int, int*, void*, int, int, int*, int);
  void (*ref_tr)(char*, char*, int, int, void*, int, int, int*, void*, int, int, int*, int);
  int (*our_ge)(int, int, const void*, int, int, const int*, void*, int, int, const int*, int);
  int (*our_tr)(const char*, const char*, int, int, const void*, int, int, const int*, void*, int,
                int, const int*, int);
};

#define MR2D_TEST_CALLS(x, T, code)                                                           \
  Calls{reinterpret_cast<decltype(Calls::ref_ge)>(&Cp##x##gemr2d),                           \
        reinterpret_cast<decltype(Calls::ref_tr)>(&Cp##x##trmr2d),                           \
        reinterpret_cast<decltype(Calls::our_ge)>(&mr2d_p##x##gemr2d),                       \
        reinterpret_cast<decltype(Calls::our_tr)>(&mr2d_p##x##trmr2d)},
inline const Calls kCalls[] = {MR2D_TYPE_TABLE(MR2D_TEST_CALLS)};
#undef MR2D_TEST_CALLS

/// Whether element (i, j) of an m x n window is copied: always for gemr2d; for
/// trmr2d the trapezoid relative to the window, with ScaLAPACK's letter rules
/// (upper iff 'U'/'u'; for upper, any DIAG but 'N' is unit; for lower, only 'U').
inline bool in_trapezoid(bool trapezoidal, char uplo, char diag, int m, int n, int i, int j) {
  if (!trapezoidal) return true;
  const bool upper = uplo == 'U' || uplo == 'u';
  int e = 0;
  if (upper) e = (diag == 'N' || diag == 'n') ? 0 : 1;
  else e = (diag == 'U' || diag == 'u') ? 1 : 0;
  if (upper) return i <= j + std::max(m - n, 0) - e;
  return i >= j - std::max(n - m, 0) + e;
}

}  // namespace mr2d_test

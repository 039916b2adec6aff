// SPDX-License-Identifier: BSD-3-Clause
// The prefixed redistribution entries of mr2d.h: every one is one call into
// driver::redistribute.
#include <string>

#include "capi/entry.hpp"
#include "mr2d/mr2d.h"

using mr2d::driver::DropIn;
using mr2d::driver::Union;

extern "C" {

MR2D_API int mr2d_gemr2d(int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja,
                         const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                         mr2d_int ictxt) {
  return mr2d::capi::gemr2d({"mr2d_gemr2d", Union::context, type, 1, DropIn::none}, m, n, {a, ia, ja, desca},
                            {b, ib, jb, descb}, ictxt);
}

MR2D_API int mr2d_gemr2d_strided(int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja, mr2d_int sa,
                                 mr2d_int ta, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb, mr2d_int sb,
                                 mr2d_int tb, const mr2d_int* descb, mr2d_int ictxt) {
  mr2d::driver::CallSpec spec =
      mr2d::capi::redistribution({"mr2d_gemr2d_strided", Union::context, type, 1, DropIn::none}, m, n,
                                 {a, ia, ja, desca}, {b, ib, jb, descb}, ictxt);
  spec.args = mr2d::check::list_of(mr2d::check::kStrided);
  spec.strided = true;
  spec.sa = sa;
  spec.ta = ta;
  spec.sb = sb;
  spec.tb = tb;
  return mr2d::driver::redistribute(spec, true);
}

MR2D_API int mr2d_trmr2d(int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n, const void* a,
                         mr2d_int ia, mr2d_int ja, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb,
                         const mr2d_int* descb, mr2d_int ictxt) {
  return mr2d::capi::trmr2d({"mr2d_trmr2d", Union::context, type, 1, DropIn::none},
                            {mr2d::check::Letters::strict, uplo, diag}, m, n, {a, ia, ja, desca}, {b, ib, jb, descb},
                            ictxt);
}

#define MR2D_DEFINE_PREFIXED(x, T, code)                                                                               \
  MR2D_API int mr2d_p##x##gemr2d(mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,  \
                                 T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {              \
    return mr2d::capi::gemr2d({"mr2d_p" #x "gemr2d", Union::context, code, 0, DropIn::none}, m, n, {a, ia, ja, desca}, \
                              {b, ib, jb, descb}, ictxt);                                                              \
  }                                                                                                                    \
  MR2D_API int mr2d_p##x##trmr2d(const char* uplo, const char* diag, mr2d_int m, mr2d_int n, const T* a, mr2d_int ia,  \
                                 mr2d_int ja, const mr2d_int* desca, T* b, mr2d_int ib, mr2d_int jb,                   \
                                 const mr2d_int* descb, mr2d_int ictxt) {                                              \
    return mr2d::capi::trmr2d({"mr2d_p" #x "trmr2d", Union::context, code, 0, DropIn::none},                           \
                              {mr2d::check::Letters::strict, uplo, diag}, m, n, {a, ia, ja, desca},                    \
                              {b, ib, jb, descb}, ictxt);                                                              \
  }
MR2D_TYPE_TABLE(MR2D_DEFINE_PREFIXED)
#undef MR2D_DEFINE_PREFIXED

}  // extern "C"

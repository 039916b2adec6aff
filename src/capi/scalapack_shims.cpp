// SPDX-License-Identifier: BSD-3-Clause
// ScaLAPACK's 40 redistribution entry points (p?gemr2d, p?trmr2d, their C
// forms and the `o` forms, for s d c z i),
// expanded from the type table: Fortran-callable forms take every argument by
// address (gfortran may append hidden string lengths for UPLO/DIAG; they are
// not read), C forms take scalars by value, `o` forms use all processes of
// MPI_COMM_WORLD as the union. Letters are decoded as ScaLAPACK does unless
// MR2D_STRICT=1 asks for errors on letters other than U, L, N.
#include <cstdlib>
#include <cstring>

#include "capi/entry.hpp"
#include "mr2d/scalapack.h"

using mr2d::driver::Union;

namespace {

constexpr auto kDropIn = mr2d::driver::DropIn::scalapack;

mr2d::check::Letters letters() {
  static const bool strict = [] {
    const char* e = std::getenv("MR2D_STRICT");
    return e != nullptr && *e != '\0' && std::strcmp(e, "0") != 0;
  }();
  return strict ? mr2d::check::Letters::strict : mr2d::check::Letters::scalapack;
}

}  // namespace

extern "C" {

#define MR2D_DEFINE_SCALAPACK(x, T, code)                                                                              \
  MR2D_API void p##x##gemr2d_(const mr2d_int* m, const mr2d_int* n, const T* a, const mr2d_int* ia,                    \
                              const mr2d_int* ja, const mr2d_int* desca, T* b, const mr2d_int* ib, const mr2d_int* jb, \
                              const mr2d_int* descb, const mr2d_int* ictxt) {                                          \
    mr2d::capi::gemr2d({"P" #x "GEMR2D", Union::context, code, 0, kDropIn}, *m, *n, {a, *ia, *ja, desca},              \
                       {b, *ib, *jb, descb}, *ictxt);                                                                  \
  }                                                                                                                    \
  MR2D_API void p##x##gemr2do_(const mr2d_int* m, const mr2d_int* n, const T* a, const mr2d_int* ia,                   \
                               const mr2d_int* ja, const mr2d_int* desca, T* b, const mr2d_int* ib,                    \
                               const mr2d_int* jb, const mr2d_int* descb) {                                            \
    mr2d::capi::gemr2d({"P" #x "GEMR2DO", Union::world, code, 0, kDropIn}, *m, *n, {a, *ia, *ja, desca},               \
                       {b, *ib, *jb, descb}, -1);                                                                      \
  }                                                                                                                    \
  MR2D_API void p##x##trmr2d_(const char* uplo, const char* diag, const mr2d_int* m, const mr2d_int* n, const T* a,    \
                              const mr2d_int* ia, const mr2d_int* ja, const mr2d_int* desca, T* b, const mr2d_int* ib, \
                              const mr2d_int* jb, const mr2d_int* descb, const mr2d_int* ictxt) {                      \
    mr2d::capi::trmr2d({"P" #x "TRMR2D", Union::context, code, 0, kDropIn}, {letters(), uplo, diag}, *m, *n,           \
                       {a, *ia, *ja, desca}, {b, *ib, *jb, descb}, *ictxt);                                            \
  }                                                                                                                    \
  MR2D_API void p##x##trmr2do_(const char* uplo, const char* diag, const mr2d_int* m, const mr2d_int* n, const T* a,   \
                               const mr2d_int* ia, const mr2d_int* ja, const mr2d_int* desca, T* b,                    \
                               const mr2d_int* ib, const mr2d_int* jb, const mr2d_int* descb) {                        \
    mr2d::capi::trmr2d({"P" #x "TRMR2DO", Union::world, code, 0, kDropIn}, {letters(), uplo, diag}, *m, *n,            \
                       {a, *ia, *ja, desca}, {b, *ib, *jb, descb}, -1);                                                \
  }                                                                                                                    \
  MR2D_API void Cp##x##gemr2d(mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* desca, T* b,           \
                              mr2d_int ib, mr2d_int jb, mr2d_int* descb, mr2d_int ictxt) {                             \
    mr2d::capi::gemr2d({"P" #x "GEMR2D", Union::context, code, 0, kDropIn}, m, n, {a, ia, ja, desca},                  \
                       {b, ib, jb, descb}, ictxt);                                                                     \
  }                                                                                                                    \
  MR2D_API void Cp##x##gemr2do(mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* desca, T* b,          \
                               mr2d_int ib, mr2d_int jb, mr2d_int* descb) {                                            \
    mr2d::capi::gemr2d({"P" #x "GEMR2DO", Union::world, code, 0, kDropIn}, m, n, {a, ia, ja, desca},                   \
                       {b, ib, jb, descb}, -1);                                                                        \
  }                                                                                                                    \
  MR2D_API void Cp##x##trmr2d(char* uplo, char* diag, mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja,          \
                              mr2d_int* desca, T* b, mr2d_int ib, mr2d_int jb, mr2d_int* descb, mr2d_int ictxt) {      \
    mr2d::capi::trmr2d({"P" #x "TRMR2D", Union::context, code, 0, kDropIn}, {letters(), uplo, diag}, m, n,             \
                       {a, ia, ja, desca}, {b, ib, jb, descb}, ictxt);                                                 \
  }                                                                                                                    \
  MR2D_API void Cp##x##trmr2do(char* uplo, char* diag, mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja,         \
                               mr2d_int* desca, T* b, mr2d_int ib, mr2d_int jb, mr2d_int* descb) {                     \
    mr2d::capi::trmr2d({"P" #x "TRMR2DO", Union::world, code, 0, kDropIn}, {letters(), uplo, diag}, m, n,              \
                       {a, ia, ja, desca}, {b, ib, jb, descb}, -1);                                                    \
  }
MR2D_TYPE_TABLE(MR2D_DEFINE_SCALAPACK)
#undef MR2D_DEFINE_SCALAPACK

}  // extern "C"

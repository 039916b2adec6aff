// SPDX-License-Identifier: BSD-3-Clause
// PBLAS's six transposes (p?tran*) and its adds p?geadd and p?tradd, exported
// by the drop-in library: the transform, A's context as the union, C as B
// (driver/pblas_add.hpp). Like PBLAS, a process outside the grid returns at
// once; an argument error goes to PB_Cabort on every process of the grid,
// which decides what is printed (mr2d prints nothing of its own), and C is
// left unchanged.
#include "capi/entry.hpp"
#include "driver/pblas_add.hpp"
#include "mr2d/scalapack.h"

namespace {

// Which PBLAS routine: its name, kind, element type, UPLO (p?tradd) and op.
struct Pblas {
  const char* routine;
  mr2d::check::Entry entry;
  int type;
  const char* uplo;
  const char* op;
};

template <class T>
void pblas(const Pblas& call, mr2d_int m, mr2d_int n, const T* alpha, const T* beta, const mr2d::capi::SubA& a,
           const mr2d::capi::SubB& c) {
  const mr2d_int ictxt = a.desc != nullptr ? a.desc[mr2d::check::CTXT] : -1;
  // p?tradd's trapezoid holds its diagonal.
  auto spec = mr2d::capi::transform_spec(
      {call.routine, mr2d::driver::Union::context, call.type, 1, mr2d::driver::DropIn::pblas},
      {call.entry, call.uplo, call.uplo != nullptr ? "N" : nullptr, call.op, alpha, beta}, m, n, a, c, ictxt);
  spec.type_position = 0;
  mr2d::driver::pblas_add(spec);
}

}  // namespace

extern "C" {

#define MR2D_DEFINE_PBLAS_TRAN(name, NAME, T, type, op)                                                         \
  MR2D_API void name(const mr2d_int* m, const mr2d_int* n, const T* alpha, const T* a, const mr2d_int* ia,      \
                     const mr2d_int* ja, const mr2d_int* desca, const T* beta, T* c, const mr2d_int* ic,        \
                     const mr2d_int* jc, const mr2d_int* descc) {                                               \
    pblas({NAME, mr2d::check::Entry::pblas_tran, type, nullptr, op}, *m, *n, alpha, beta, {a, *ia, *ja, desca}, \
          {c, *ic, *jc, descc});                                                                                \
  }
MR2D_DEFINE_PBLAS_TRAN(pstran_, "PSTRAN", float, MR2D_S, "T")
MR2D_DEFINE_PBLAS_TRAN(pdtran_, "PDTRAN", double, MR2D_D, "T")
MR2D_DEFINE_PBLAS_TRAN(pctranu_, "PCTRANU", mr2d_scomplex, MR2D_C, "T")
MR2D_DEFINE_PBLAS_TRAN(pctranc_, "PCTRANC", mr2d_scomplex, MR2D_C, "C")
MR2D_DEFINE_PBLAS_TRAN(pztranu_, "PZTRANU", mr2d_dcomplex, MR2D_Z, "T")
MR2D_DEFINE_PBLAS_TRAN(pztranc_, "PZTRANC", mr2d_dcomplex, MR2D_Z, "C")
#undef MR2D_DEFINE_PBLAS_TRAN

#define MR2D_DEFINE_PBLAS_ADD(x, X, T, code)                                                                      \
  MR2D_API void p##x##geadd_(const char* trans, const mr2d_int* m, const mr2d_int* n, const T* alpha, const T* a, \
                             const mr2d_int* ia, const mr2d_int* ja, const mr2d_int* desca, const T* beta, T* c,  \
                             const mr2d_int* ic, const mr2d_int* jc, const mr2d_int* descc) {                     \
    pblas({"P" #X "GEADD", mr2d::check::Entry::pblas_geadd, code, nullptr, trans}, *m, *n, alpha, beta,           \
          {a, *ia, *ja, desca}, {c, *ic, *jc, descc});                                                            \
  }                                                                                                               \
  MR2D_API void p##x##tradd_(const char* uplo, const char* trans, const mr2d_int* m, const mr2d_int* n,           \
                             const T* alpha, const T* a, const mr2d_int* ia, const mr2d_int* ja,                  \
                             const mr2d_int* desca, const T* beta, T* c, const mr2d_int* ic, const mr2d_int* jc,  \
                             const mr2d_int* descc) {                                                             \
    pblas({"P" #X "TRADD", mr2d::check::Entry::pblas_tradd, code, uplo, trans}, *m, *n, alpha, beta,              \
          {a, *ia, *ja, desca}, {c, *ic, *jc, descc});                                                            \
  }
MR2D_PBLAS_TYPE_TABLE(MR2D_DEFINE_PBLAS_ADD)
#undef MR2D_DEFINE_PBLAS_ADD

}  // extern "C"

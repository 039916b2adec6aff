// SPDX-License-Identifier: BSD-3-Clause
// Builds the driver::CallSpec of the entry points, field by field; shared by
// the files of capi/ so that each entry point is a single call.
#pragma once

#include <string>

#include "driver/dispatch.hpp"
#include "driver/call_spec.hpp"
#include "driver/redistribute.hpp"

namespace mr2d::capi {

/// Size of each mr2d_type, in enum order; 0 for a code that is none.
inline Index elem_size_of(int type) {
  switch (type) {
    case MR2D_S:
      return sizeof(float);
    case MR2D_D:
      return sizeof(double);
    case MR2D_C:
      return sizeof(mr2d_scomplex);
    case MR2D_Z:
      return sizeof(mr2d_dcomplex);
    case MR2D_I:
      return sizeof(mr2d_int);
    default:
      return 0;
  }
}

/// The element type of `spec` and where its argument is (0: none, the
/// routine's name fixes it).
inline void set_type(driver::CallSpec& spec, int type, int position) {
  spec.type = type;
  spec.type_position = position;
  spec.elem_size = elem_size_of(type);
}

/// Who is called: the routine's name as messages give it, the union it runs
/// over, the element type and where its argument is (0: the name fixes it),
/// and whose conventions the entry keeps.
struct Entry {
  const char* routine;
  driver::Union scope;
  int type;
  int type_position;
  driver::DropIn dropin;
};

/// A side of a call: the local array, the window's first row and column,
/// and what describes the matrix (a descriptor, a grid layout).
template <class Array, class Description>
struct Sub {
  Array* array;
  mr2d_int i, j;
  const Description* desc;
};
/// sub(A) and sub(B) of a descriptor call.
using SubA = Sub<const void, mr2d_int>;
using SubB = Sub<void, mr2d_int>;

/// The trapezoid of a p?trmr2d-like call: UPLO and DIAG as passed, and how
/// their letters are read.
struct Trapezoid {
  check::Letters letters;
  const char* uplo;
  const char* diag;
};

/// The call over BLACS context `ictxt` (the union context).
inline driver::CallSpec in_context(driver::CallSpec spec, mr2d_int ictxt) {
  spec.ictxt = ictxt;
  return spec;
}

/// The call over communicator `comm` (grids described within it).
inline driver::CallSpec in_comm(driver::CallSpec spec, MPI_Comm comm) {
  spec.comm = comm;
  return spec;
}

/// Where the windows start in A and in B (1-based).
inline void set_starts(driver::CallSpec& spec, mr2d_int ia, mr2d_int ja, mr2d_int ib, mr2d_int jb) {
  spec.ia = ia;
  spec.ja = ja;
  spec.ib = ib;
  spec.jb = jb;
}

/// A redistribution sub(B) := sub(A) of m x n elements, over a BLACS context
/// (`ictxt`) or the union `entry` names.
inline driver::CallSpec redistribution(const Entry& entry, mr2d_int m, mr2d_int n, const SubA& a, const SubB& b,
                                       mr2d_int ictxt) {
  driver::CallSpec spec;
  spec.routine = entry.routine;
  spec.args = check::list_of(check::kGemr2d);
  spec.dropin = entry.dropin;
  spec.scope = entry.scope;
  spec.ictxt = ictxt;
  spec.m = m;
  spec.n = n;
  set_starts(spec, a.i, a.j, b.i, b.j);
  spec.a.desc = a.desc;
  spec.b.desc = b.desc;
  spec.a_array = a.array;
  spec.b_array = b.array;
  set_type(spec, entry.type, entry.type_position);
  return spec;
}

/// The trapezoid of a p?trmr2d-like call.
inline void set_trapezoid(driver::CallSpec& spec, const Trapezoid& t) {
  spec.trapezoidal = true;
  spec.uplo = t.uplo != nullptr ? t.uplo[0] : '\0';
  spec.diag = t.diag != nullptr ? t.diag[0] : '\0';
  spec.letters = t.letters;
}

inline int gemr2d(const Entry& entry, mr2d_int m, mr2d_int n, const SubA& a, const SubB& b, mr2d_int ictxt) {
  return driver::redistribute(redistribution(entry, m, n, a, b, ictxt), true);
}

inline int trmr2d(const Entry& entry, const Trapezoid& t, mr2d_int m, mr2d_int n, const SubA& a, const SubB& b,
                  mr2d_int ictxt) {
  driver::CallSpec spec = redistribution(entry, m, n, a, b, ictxt);
  set_trapezoid(spec, t);
  spec.args = check::list_of(check::kTrmr2d);
  return driver::redistribute(spec, true);
}

/// The argument list of a transform entry.
inline check::ArgList transform_args(check::Entry entry, bool trapezoidal) {
  switch (entry) {
    case check::Entry::pblas_tran:
      return check::list_of(check::kPblasTran);
    case check::Entry::pblas_geadd:
      return check::list_of(check::kPblasGeadd);
    case check::Entry::pblas_tradd:
      return check::list_of(check::kPblasTradd);
    default:
      return trapezoidal ? check::list_of(check::kTrtransform) : check::list_of(check::kTransform);
  }
}

/// What a transform does beyond the copy: op (TRANS), alpha and beta, and a
/// trapezoid where `uplo` is not null (DIAG with it).
struct Transform {
  check::Entry kind;
  const char* uplo;
  const char* diag;
  const char* trans;
  const void* alpha;
  const void* beta;
};

/// A transform B := alpha * op(A) + beta * B (mr2d_transform,
/// mr2d_trtransform, PBLAS's p?tran*): m x n are sub(B)'s dimensions.
inline driver::CallSpec transform_spec(const Entry& entry, const Transform& t, mr2d_int m, mr2d_int n, const SubA& a,
                                       const SubB& b, mr2d_int ictxt) {
  driver::CallSpec spec = redistribution(entry, m, n, a, b, ictxt);
  if (t.uplo != nullptr) set_trapezoid(spec, {check::Letters::strict, t.uplo, t.diag});
  spec.args = transform_args(t.kind, t.uplo != nullptr);
  spec.entry = t.kind;
  spec.op = t.trans != nullptr ? t.trans[0] : '\0';
  spec.alpha = t.alpha;
  spec.beta = t.beta;
  return spec;
}

}  // namespace mr2d::capi

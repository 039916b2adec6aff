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

/// A side given by its window start and descriptor.
inline driver::Side described(mr2d_int i, mr2d_int j, const mr2d_int* desc) {
  driver::Side side;
  side.i = i;
  side.j = j;
  side.desc = desc;
  return side;
}

/// A redistribution B := A of descriptor sides, over a BLACS context
/// (`ictxt`) or all of MPI_COMM_WORLD.
inline driver::CallSpec redistribution(const char* routine, driver::Union scope, int type, int type_position,
                                       driver::DropIn dropin, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia,
                                       mr2d_int ja, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb,
                                       const mr2d_int* descb, mr2d_int ictxt) {
  driver::CallSpec spec;
  spec.routine = routine;
  spec.args = check::list_of(check::kGemr2d);
  spec.dropin = dropin;
  spec.scope = scope;
  spec.ictxt = ictxt;
  spec.m = m;
  spec.n = n;
  spec.a = described(ia, ja, desca);
  spec.b = described(ib, jb, descb);
  spec.a_array = a;
  spec.b_array = b;
  set_type(spec, type, type_position);
  return spec;
}

/// The trapezoid of a p?trmr2d-like call: UPLO and DIAG as passed.
inline void set_trapezoid(driver::CallSpec& spec, const char* uplo, const char* diag, check::Letters letters) {
  spec.trapezoidal = true;
  spec.uplo = uplo;
  spec.diag = diag;
  spec.letters = letters;
}

inline int gemr2d(const char* routine, driver::Union scope, int type, int type_position, driver::DropIn dropin,
                  mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, void* b,
                  mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  return driver::redistribute(
      redistribution(routine, scope, type, type_position, dropin, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt),
      true);
}

inline int trmr2d(const char* routine, driver::Union scope, int type, int type_position, driver::DropIn dropin,
                  check::Letters letters, const char* uplo, const char* diag, mr2d_int m, mr2d_int n, const void* a,
                  mr2d_int ia, mr2d_int ja, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb,
                  const mr2d_int* descb, mr2d_int ictxt) {
  driver::CallSpec spec =
      redistribution(routine, scope, type, type_position, dropin, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
  set_trapezoid(spec, uplo, diag, letters);
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

/// A transform B := alpha * op(A) + beta * B (mr2d_transform,
/// mr2d_trtransform, PBLAS's p?tran*): m x n are sub(B)'s dimensions; a
/// non-null `uplo` makes it trapezoidal.
inline driver::CallSpec transform_spec(const char* routine, check::Entry entry, int type, driver::DropIn dropin,
                                       const char* uplo, const char* diag, const char* trans, mr2d_int m, mr2d_int n,
                                       const void* alpha, const void* a, mr2d_int ia, mr2d_int ja,
                                       const mr2d_int* desca, const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                       const mr2d_int* descb, mr2d_int ictxt) {
  driver::CallSpec spec =
      redistribution(routine, driver::Union::context, type, 1, dropin, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
  if (uplo != nullptr) set_trapezoid(spec, uplo, diag, check::Letters::strict);
  spec.args = transform_args(entry, uplo != nullptr);
  spec.entry = entry;
  spec.op = trans != nullptr ? trans[0] : '\0';
  spec.alpha = alpha;
  spec.beta = beta;
  return spec;
}

}  // namespace mr2d::capi

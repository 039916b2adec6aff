// SPDX-License-Identifier: BSD-3-Clause
// Builds driver::Arguments for the entry points; shared by the files of abi/ so
// that each entry point is a single call.
#pragma once

#include <string>

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

/// The element type of `args` and where its argument is (0: none, the
/// routine's name fixes it), and whether it is a drop-in name.
inline void set_type(driver::Arguments& args, int type, int position, driver::DropIn dropin) {
  args.type = type;
  args.type_position = position;
  args.elem_size = elem_size_of(type);
  args.dropin = dropin;
}

inline int gemr2d(const char* routine, driver::Union scope, int type, int type_position, driver::DropIn dropin,
                  mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, void* b,
                  mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  driver::Arguments args{routine, false, nullptr, nullptr, check::Letters::strict, m, n, a, ia, ja, desca, b, ib, jb,
                         descb,   ictxt, scope,   0};
  set_type(args, type, type_position, dropin);
  return driver::redistribute(args, true);
}

inline int trmr2d(const char* routine, driver::Union scope, int type, int type_position, driver::DropIn dropin,
                  check::Letters letters, const char* uplo, const char* diag, mr2d_int m, mr2d_int n, const void* a,
                  mr2d_int ia, mr2d_int ja, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb,
                  const mr2d_int* descb, mr2d_int ictxt) {
  driver::Arguments args{routine, true, uplo, diag, letters, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt, scope, 0};
  set_type(args, type, type_position, dropin);
  return driver::redistribute(args, true);
}

/// Arguments of a transform B := alpha * op(A) + beta * B (mr2d_transform,
/// mr2d_trtransform, PBLAS's p?tran*): m x n are sub(B)'s dimensions.
inline driver::Arguments transform_args(const char* routine, check::Entry entry, int type, driver::DropIn dropin,
                                        const char* uplo, const char* diag, const char* trans, mr2d_int m, mr2d_int n,
                                        const void* alpha, const void* a, mr2d_int ia, mr2d_int ja,
                                        const mr2d_int* desca, const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                        const mr2d_int* descb, mr2d_int ictxt) {
  driver::Arguments args{
      routine, uplo != nullptr,        uplo, diag, check::Letters::strict, m, n, a, ia, ja, desca, b, ib, jb, descb,
      ictxt,   driver::Union::context, 0};
  args.entry = entry;
  args.op = trans != nullptr ? trans[0] : '\0';
  set_type(args, type, 1, dropin);
  args.alpha = alpha;
  args.beta = beta;
  return args;
}

}  // namespace mr2d::capi

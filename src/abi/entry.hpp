// SPDX-License-Identifier: BSD-3-Clause
// Builds api::Arguments for the entry points; shared by the files of abi/ so
// that each entry point is a single call.
#pragma once

#include <string>

#include "api/redistribute.hpp"

namespace mr2d::abi {

inline int gemr2d(const char* routine, api::Union scope, Index es, bool print, mr2d_int m,
                  mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                  void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  api::Arguments args{routine, false, nullptr, nullptr, desc::Letters::strict, m, n, a, ia, ja,
                      desca, b, ib, jb, descb, ictxt, scope, es};
  return api::redistribute(args, print);
}

inline int trmr2d(const char* routine, api::Union scope, Index es, bool print,
                  desc::Letters letters, const char* uplo, const char* diag, mr2d_int m,
                  mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                  void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  api::Arguments args{routine, true, uplo, diag, letters, m, n, a, ia, ja,
                      desca, b, ib, jb, descb, ictxt, scope, es};
  return api::redistribute(args, print);
}

/// Arguments of a transform B := alpha * op(A) + beta * B (mr2d_transform,
/// mr2d_trtransform, PBLAS's p?tran*): m x n are sub(B)'s dimensions.
inline api::Arguments transform_args(const char* routine, desc::Entry entry, int type, Index es,
                                     const char* uplo, const char* diag, const char* trans,
                                     mr2d_int m, mr2d_int n, const void* alpha, const void* a,
                                     mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                                     const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                     const mr2d_int* descb, mr2d_int ictxt) {
  api::Arguments args{routine, uplo != nullptr, uplo, diag, desc::Letters::strict, m, n, a, ia, ja,
                      desca, b, ib, jb, descb, ictxt, api::Union::context, es};
  args.entry = entry;
  args.op = trans != nullptr ? trans[0] : '\0';
  args.type = type;
  args.alpha = alpha;
  args.beta = beta;
  return args;
}

/// Records the message of a `type` that is no mr2d_type (argument `position`
/// of `routine`) and returns MR2D_ERR_ARGUMENT.
inline int bad_type(const char* routine, int type, int position = 1) {
  api::set_last_error(std::string("mr2d: ") + routine + ": argument " + std::to_string(position) +
                      " (type) is " + std::to_string(type) +
                      ", not one of MR2D_S, MR2D_D, MR2D_C, MR2D_Z, MR2D_I");
  return MR2D_ERR_ARGUMENT;
}

/// Size of each mr2d_type, in enum order.
inline Index elem_size_of(int type) {
  switch (type) {
    case MR2D_S: return sizeof(float);
    case MR2D_D: return sizeof(double);
    case MR2D_C: return sizeof(mr2d_scomplex);
    case MR2D_Z: return sizeof(mr2d_dcomplex);
    case MR2D_I: return sizeof(mr2d_int);
    default: return 0;
  }
}

}  // namespace mr2d::abi

// SPDX-License-Identifier: BSD-3-Clause
// The transform entries of mr2d.h, B := alpha * op(A) + beta * B: direct
// calls and persistent plans, each one call into api/.
#include <string>

#include "capi/entry.hpp"
#include "driver/dispatch.hpp"
#include "driver/persistent_plan.hpp"
#include "mr2d/mr2d.h"

using mr2d::capi::transform_spec;
using mr2d::check::Entry;
using mr2d::driver::DropIn;

extern "C" {

MR2D_API int mr2d_transform(int type, const char* trans, mr2d_int m, mr2d_int n, const void* alpha, const void* a,
                            mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const void* beta, void* b, mr2d_int ib,
                            mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  return mr2d::driver::redistribute(
      transform_spec({"mr2d_transform", mr2d::driver::Union::context, type, 1, DropIn::none},
                     {Entry::transform, nullptr, nullptr, trans, alpha, beta}, m, n, {a, ia, ja, desca},
                     {b, ib, jb, descb}, ictxt),
      true);
}

MR2D_API int mr2d_trtransform(int type, const char* uplo, const char* diag, const char* trans, mr2d_int m, mr2d_int n,
                              const void* alpha, const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                              const void* beta, void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                              mr2d_int ictxt) {
  // A NULL UPLO is a bad letter, not a general transform.
  static const char none[] = "";
  return mr2d::driver::redistribute(
      transform_spec({"mr2d_trtransform", mr2d::driver::Union::context, type, 1, DropIn::none},
                     {Entry::transform, uplo != nullptr ? uplo : none, diag, trans, alpha, beta}, m, n,
                     {a, ia, ja, desca}, {b, ib, jb, descb}, ictxt),
      true);
}

MR2D_API int mr2d_plan_create_transform(mr2d_plan* plan, int type, const char* trans, mr2d_int m, mr2d_int n,
                                        mr2d_int ia, mr2d_int ja, const mr2d_int* desca, mr2d_int ib, mr2d_int jb,
                                        const mr2d_int* descb, mr2d_int ictxt, const mr2d_options* options) {
  auto spec = transform_spec({"mr2d_plan_create_transform", mr2d::driver::Union::context, type, 1, DropIn::none},
                             {Entry::transform, nullptr, nullptr, trans, nullptr, nullptr}, m, n,
                             {nullptr, ia, ja, desca}, {nullptr, ib, jb, descb}, ictxt);
  spec.options = options;
  spec.type_position = 2;
  return mr2d::driver::create_plan(plan, spec);
}

MR2D_API int mr2d_plan_create_trtransform(mr2d_plan* plan, int type, const char* uplo, const char* diag,
                                          const char* trans, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                          const mr2d_int* desca, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                          mr2d_int ictxt, const mr2d_options* options) {
  static const char none[] = "";
  auto spec = transform_spec({"mr2d_plan_create_trtransform", mr2d::driver::Union::context, type, 1, DropIn::none},
                             {Entry::transform, uplo != nullptr ? uplo : none, diag, trans, nullptr, nullptr}, m, n,
                             {nullptr, ia, ja, desca}, {nullptr, ib, jb, descb}, ictxt);
  spec.options = options;
  spec.type_position = 2;
  return mr2d::driver::create_plan(plan, spec);
}

MR2D_API int mr2d_plan_execute_transform(mr2d_plan plan, const void* alpha, const void* a, const void* beta, void* b) {
  return mr2d::driver::execute_plan(plan, a, b, alpha, beta, true);
}

}  // extern "C"

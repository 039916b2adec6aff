// SPDX-License-Identifier: BSD-3-Clause
// The persistent-plan C API of mr2d.h over driver::create_plan / execute_plan.
#include <string>

#include "capi/entry.hpp"
#include "driver/persistent_plan.hpp"
#include "mr2d/mr2d.h"

using mr2d::check::Letters;
using mr2d::driver::DropIn;
using mr2d::driver::Union;

extern "C" {

MR2D_API int mr2d_plan_create_gemr2d(mr2d_plan* plan, int type, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                     const mr2d_int* desca, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                     mr2d_int ictxt, const mr2d_options* options) {
  mr2d::driver::CallSpec spec =
      mr2d::capi::redistribution({"mr2d_plan_create_gemr2d", Union::context, type, 2, DropIn::none}, m, n,
                                 {nullptr, ia, ja, desca}, {nullptr, ib, jb, descb}, ictxt);
  spec.options = options;
  return mr2d::driver::create_plan(plan, spec);
}

MR2D_API int mr2d_plan_create_trmr2d(mr2d_plan* plan, int type, const char* uplo, const char* diag, mr2d_int m,
                                     mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, mr2d_int ib,
                                     mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt, const mr2d_options* options) {
  mr2d::driver::CallSpec spec =
      mr2d::capi::redistribution({"mr2d_plan_create_trmr2d", Union::context, type, 2, DropIn::none}, m, n,
                                 {nullptr, ia, ja, desca}, {nullptr, ib, jb, descb}, ictxt);
  mr2d::capi::set_trapezoid(spec, {Letters::strict, uplo, diag});
  spec.args = mr2d::check::list_of(mr2d::check::kTrmr2d);
  spec.options = options;
  return mr2d::driver::create_plan(plan, spec);
}

MR2D_API int mr2d_plan_execute(mr2d_plan plan, const void* a, void* b) {
  return mr2d::driver::execute_plan(plan, a, b);
}

MR2D_API int mr2d_plan_create_batch(mr2d_plan* batch, int count, const mr2d_plan* parts, const mr2d_options* options) {
  return mr2d::driver::create_batch(batch, count, parts, options);
}

MR2D_API int mr2d_plan_execute_batch(mr2d_plan batch, const void* const* a, void* const* b) {
  return mr2d::driver::run_batch(batch, a, b, nullptr, nullptr, false);
}

MR2D_API int mr2d_plan_execute_batch_transform(mr2d_plan batch, const void* const* alpha, const void* const* a,
                                               const void* const* beta, void* const* b) {
  return mr2d::driver::run_batch(batch, a, b, alpha, beta, true);
}

MR2D_API int mr2d_plan_query(mr2d_plan plan, mr2d_plan_info* info) {
  return mr2d::driver::guarded("mr2d_plan_query", false, [&]() -> mr2d::Status {
    if (plan == nullptr || info == nullptr)
      return mr2d::argument_failure(MR2D_ERR_ARGUMENT, "mr2d_plan_query", plan == nullptr ? 1 : 2,
                                    plan == nullptr ? "plan" : "info", "is NULL");
    *info = plan->info;
    return {};
  });
}

MR2D_API void mr2d_plan_destroy(mr2d_plan* plan) { mr2d::driver::destroy_plan(plan); }

}  // extern "C"

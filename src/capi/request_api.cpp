// SPDX-License-Identifier: BSD-3-Clause
// The non-blocking plan API of mr2d.h (mr2d_plan_start*, mr2d_request_*) over
// driver::start_plan and the request functions of driver/request.hpp.
#include "driver/request.hpp"
#include "mr2d/mr2d.h"

using mr2d::driver::OnePart;
using mr2d::driver::StartArgs;

extern "C" {

MR2D_API int mr2d_plan_start(mr2d_plan plan, const void* a, void* b, mr2d_request* request) {
  const OnePart arrays{a, b, nullptr, nullptr};
  return mr2d::driver::start_plan(plan, StartArgs{arrays.operands(), false, false}, request);
}

MR2D_API int mr2d_plan_start_transform(mr2d_plan plan, const void* alpha, const void* a, const void* beta, void* b,
                                       mr2d_request* request) {
  const OnePart arrays{a, b, alpha, beta};
  return mr2d::driver::start_plan(plan, StartArgs{arrays.operands(), false, true}, request);
}

MR2D_API int mr2d_plan_start_batch(mr2d_plan batch, const void* const* a, void* const* b, mr2d_request* request) {
  return mr2d::driver::start_plan(batch, StartArgs{{a, b, nullptr, nullptr}, true, false}, request);
}

MR2D_API int mr2d_plan_start_batch_transform(mr2d_plan batch, const void* const* alpha, const void* const* a,
                                             const void* const* beta, void* const* b, mr2d_request* request) {
  return mr2d::driver::start_plan(batch, StartArgs{{a, b, alpha, beta}, true, true}, request);
}

MR2D_API int mr2d_request_test(mr2d_request* request, int* done) { return mr2d::driver::test_request(request, done); }

MR2D_API int mr2d_request_wait(mr2d_request* request) { return mr2d::driver::wait_request(request); }

MR2D_API int mr2d_request_waitall(int count, mr2d_request* requests) { return mr2d::driver::wait_all(count, requests); }

MR2D_API int mr2d_request_free(mr2d_request* request) { return mr2d::driver::free_request(request); }

MR2D_API int mr2d_request_testsome(mr2d_request* request, int* outcount, int* parts) {
  return mr2d::driver::test_some(request, outcount, parts);
}

}  // extern "C"

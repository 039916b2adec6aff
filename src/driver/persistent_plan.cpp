// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Persistent plans: a stored execution and its summary; see
// persistent_plan.hpp.
#include "driver/persistent_plan.hpp"

#include <memory>
#include <string>
#include <vector>

#include "check/message.hpp"
#include "driver/batch.hpp"
#include "driver/block_cyclic.hpp"
#include "driver/layout_call.hpp"
#include "driver/nd_call.hpp"
#include "driver/redistribute.hpp"
#include "driver/request.hpp"
#include "check/reasons.hpp"

namespace mr2d::driver {

int create_planned(mr2d_plan* out, const char* routine,
                   const std::function<Status(Execution&, bool out_null)>& plan_into) noexcept {
  if (out != nullptr) *out = nullptr;
  return guarded(routine, true, [&]() -> Status {
    auto plan = std::make_unique<mr2d_plan_s>();
    Status s = plan_into(plan->execution, out == nullptr);
    if (!s.ok()) return s;
    if (out == nullptr) {  // an empty call agrees on nothing
      check::Wording wording;
      wording.routine = routine;
      return check::status_of(Fault::of(MR2D_ERR_ARGUMENT, Reason::null_plan_out), wording);
    }
    plan->info = describe(plan->execution);
    *out = plan.release();
    return {};
  });
}

Status refuse_active(mr2d_plan plan, const char* routine) {
  if (plan->active == nullptr) return {};
  return failure(MR2D_ERR_ARGUMENT, routine,
                 "the plan is active (started and its request not completed): complete the request first");
}

int create_plan(mr2d_plan* out, const CallSpec& spec) noexcept {
  return create_planned(out, spec.routine, [&](Execution& e, bool out_null) {
    CallSpec checked = spec;
    checked.plan_out_null = out_null;
    checked.deferred_arrays = true;
    if (checked.nd) return plan_nd_call(checked, e);
    return checked.layout ? plan_layout(checked, e) : plan_block_cyclic(checked, e);
  });
}

int execute_plan(mr2d_plan plan, const void* a, void* b, const void* alpha, const void* beta, bool transform) noexcept {
  const char* routine = transform ? "mr2d_plan_execute_transform" : "mr2d_plan_execute";
  return guarded(routine, true, [&]() -> Status {
    if (plan == nullptr) return failure(MR2D_ERR_ARGUMENT, routine, "plan is NULL");
    Status active = refuse_active(plan, routine);
    if (!active.ok()) return active;
    const Execution& e = plan->execution;
    if (e.batch)
      return failure(MR2D_ERR_ARGUMENT, routine, "the plan is a batch: execute it with mr2d_plan_execute_batch");
    // Alpha and beta would be ignored by a plain redistribution plan.
    if (transform && !e.parts.front().transform)
      return failure(MR2D_ERR_ARGUMENT, routine,
                     "the plan was not created by mr2d_plan_create_transform or _trtransform");
    const OnePart arrays{a, b, alpha, beta};
    return execute(e, arrays.operands(), routine, true);
  });
}

void destroy_plan(mr2d_plan* plan) noexcept {
  if (plan == nullptr || *plan == nullptr) return;
  if ((*plan)->active != nullptr) {
    const char* routine = "mr2d_plan_destroy";
    guarded(routine, true, [&]() -> Status {
      const Status why = failure(MR2D_ERR_ARGUMENT, routine,
                                 "the plan was destroyed while active (started and its request not completed)");
      end_request((*plan)->active, why);
      return why;
    });
  }
  delete *plan;
  *plan = nullptr;
}

int create_batch(mr2d_plan* out, int count, const mr2d_plan* parts, const mr2d_options* options) noexcept {
  const char* routine = "mr2d_plan_create_batch";
  if (out != nullptr) *out = nullptr;
  return guarded(routine, true, [&]() -> Status {
    // Without parts this process has no union to tell (mr2d.h).
    Status listed = check_part_list(routine, count, parts == nullptr);
    if (!listed.ok()) return listed;
    std::vector<const Execution*> executions;
    for (int k = 0; k < count; ++k) {
      const mr2d_plan p = parts[k];
      executions.push_back(p == nullptr || p->execution.batch ? nullptr : &p->execution);
    }
    auto plan = std::make_unique<mr2d_plan_s>();
    Status s = plan_batch(routine, executions, options, out == nullptr, plan->execution);
    if (!s.ok()) return s;
    plan->info = describe(plan->execution);
    *out = plan.release();
    return {};
  });
}

int run_batch(mr2d_plan plan, const void* const* a, void* const* b, const void* const* alpha, const void* const* beta,
              bool transform) noexcept {
  const char* routine = transform ? "mr2d_plan_execute_batch_transform" : "mr2d_plan_execute_batch";
  return guarded(routine, true, [&]() -> Status {
    if (plan == nullptr) return failure(MR2D_ERR_ARGUMENT, routine, "plan is NULL");
    if (!plan->execution.batch)
      return failure(MR2D_ERR_ARGUMENT, routine, "the plan is not a batch (mr2d_plan_create_batch)");
    Status active = refuse_active(plan, routine);
    if (!active.ok()) return active;
    // An array only this process passed: node peers are told instead of waiting.
    if (a == nullptr || b == nullptr)
      return give_up(plan->execution,
                     failure(MR2D_ERR_ARGUMENT, routine,
                             std::string("the array of ") + (a == nullptr ? "A" : "B") + " pointers is NULL"));
    return execute(plan->execution, {a, b, alpha, beta}, routine, true);
  });
}

}  // namespace mr2d::driver

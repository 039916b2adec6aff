// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Persistent plans: a prepared call and its summary; see persistent_plan.hpp.
#include "driver/persistent_plan.hpp"

#include <algorithm>
#include <memory>

#include "driver/network_option.hpp"
#include "driver/public_enums.hpp"
#include "cost/cost_model.hpp"

namespace mr2d::driver {

namespace {

mr2d_plan_info describe(const Prepared& p) {
  mr2d_plan_info info{};
  info.phases = p.phases;
  info.indexing = p.cdc ? MR2D_INDEXING_CDC : MR2D_INDEXING_BBC;
  if (p.empty) return info;
  const Index es = p.problem.elem_size;
  Index buffers = 0;
  const bool network = cost_model().network.enabled;
  for (const Pass& pass : p.passes) {
    const auto traffic = model::all_traffic(pass.problem);
    // Processes in neither grid have no entry: they move nothing.
    const auto me = static_cast<std::size_t>(pass.plan.me);
    const model::ProcessTraffic mine = me < traffic.size() ? traffic[me] : model::ProcessTraffic{};
    const auto summary = model::summarize(traffic, es);
    info.messages_sent += mine.messages_sent;
    info.messages_received += mine.messages_received;
    info.bytes_sent += mine.elems_sent * es;
    info.bytes_received += mine.elems_received * es;
    info.bytes_local += mine.elems_local * es;
    info.steps += pass.route.steps;
    info.steps_lower_bound += summary.steps_lower_bound;
    // A network model prices the whole schedule; the node-local one adds copies.
    info.predicted_seconds +=
        network ? pass.route.predicted_seconds : std::max(summary.predicted_seconds, pass.route.predicted_seconds);
    buffers = std::max(buffers, pass.route.send_buffer_bytes + pass.route.recv_buffer_bytes);
  }
  info.schedule = to_public(p.passes.front().route.kind);
  info.extra_bytes = buffers + p.middle_elems * es;
  info.shm_bytes = p.node_local && p.channel->shm ? p.channel->shm->bytes_held() : 0;
  return info;
}

}  // namespace

int create_plan(mr2d_plan* out, const Arguments& args) noexcept {
  if (out != nullptr) *out = nullptr;
  return guarded(args.routine, true, [&]() -> Status {
    auto plan = std::make_unique<mr2d_plan_s>();
    // A NULL plan argument is this process's error in the agreement.
    Arguments checked = args;
    checked.plan_out_null = out == nullptr;
    checked.deferred_arrays = true;
    Status s = prepare(checked, plan->prepared);
    if (!s.ok()) return s;
    if (out == nullptr)  // an empty call agrees on nothing
      return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + args.routine + ": argument 1 (plan) is NULL"};
    plan->info = describe(plan->prepared);
    *out = plan.release();
    return {};
  });
}

int execute_plan(mr2d_plan plan, const void* a, void* b, const void* alpha, const void* beta, bool transform) noexcept {
  const char* routine = transform ? "mr2d_plan_execute_transform" : "mr2d_plan_execute";
  return guarded(routine, true, [&]() -> Status {
    if (plan == nullptr) return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + routine + ": plan is NULL"};
    if (plan->batch)
      return {MR2D_ERR_ARGUMENT,
              std::string("mr2d: ") + routine + ": the plan is a batch: execute it with mr2d_plan_execute_batch"};
    if (plan->layout) return execute_layout(*plan->layout, a, b, alpha, beta, routine, true);
    // Alpha and beta would be ignored by a plain redistribution plan.
    if (transform && !plan->prepared.transform)
      return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + routine +
                                     ": the plan was not created by mr2d_plan_create_transform or _trtransform"};
    Status arrays = check_arrays(plan->prepared.arrays, a, b, routine);
    if (!arrays.ok()) return abandon_prepared(plan->prepared, arrays);
    return execute_prepared(plan->prepared, a, b, alpha, beta);
  });
}

int create_batch(mr2d_plan* out, int count, const mr2d_plan* parts, const mr2d_options* options) noexcept {
  const char* routine = "mr2d_plan_create_batch";
  if (out != nullptr) *out = nullptr;
  return guarded(routine, true, [&]() -> Status {
    // Without parts this process has no union to tell (mr2d.h).
    if (count < 1) return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + routine + ": argument 2 (count) is below 1"};
    if (parts == nullptr) return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + routine + ": argument 3 (parts) is NULL"};
    std::vector<const Prepared*> prepared;
    std::vector<std::shared_ptr<const LayoutPrepared>> layouts;
    for (int k = 0; k < count; ++k) {
      const mr2d_plan p = parts[k];
      layouts.push_back(p != nullptr ? p->layout : nullptr);
      prepared.push_back(p == nullptr || p->batch ? nullptr : p->layout ? &p->layout->call : &p->prepared);
    }
    auto plan = std::make_unique<mr2d_plan_s>();
    plan->batch = std::make_unique<Batch>();
    Status s = make_batch(routine, prepared, layouts, options, out == nullptr, *plan->batch);
    if (!s.ok()) return s;
    plan->info = describe_batch(*plan->batch);
    *out = plan.release();
    return {};
  });
}

int execute_batch_plan(mr2d_plan plan, const void* const* a, void* const* b, const void* const* alpha,
                       const void* const* beta, bool transform) noexcept {
  const char* routine = transform ? "mr2d_plan_execute_batch_transform" : "mr2d_plan_execute_batch";
  return guarded(routine, true, [&]() -> Status {
    if (plan == nullptr) return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + routine + ": plan is NULL"};
    if (!plan->batch)
      return {MR2D_ERR_ARGUMENT,
              std::string("mr2d: ") + routine + ": the plan is not a batch (mr2d_plan_create_batch)"};
    if (a == nullptr || b == nullptr)
      return {MR2D_ERR_ARGUMENT,
              std::string("mr2d: ") + routine + ": the array of " + (a == nullptr ? "A" : "B") + " pointers is NULL"};
    return execute_batch(routine, *plan->batch, a, b, alpha, beta);
  });
}

}  // namespace mr2d::driver

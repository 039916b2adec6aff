// (MPI) The persistent-plan C API of mr2d.h over api::prepare / execute_prepared.
#include <algorithm>
#include <memory>

#include "abi/entry.hpp"
#include "api/redistribute.hpp"
#include "plan/traffic.hpp"

struct mr2d_plan_s {
  mr2d::api::Prepared prepared;
  mr2d_plan_info info{};
};

namespace {

using mr2d::Status;

mr2d_plan_info describe(const mr2d::api::Prepared& p) {
  mr2d_plan_info info{};
  info.phases = p.phases;
  info.indexing = p.cdc ? MR2D_INDEXING_CDC : MR2D_INDEXING_BBC;
  if (p.empty) return info;
  const mr2d::Index es = p.problem.elem_size;
  mr2d::Index buffers = 0;
  for (const mr2d::api::Pass& pass : p.passes) {
    const auto traffic = mr2d::plan::all_traffic(pass.problem);
    // Processes in neither grid have no entry: they move nothing.
    const auto me = static_cast<std::size_t>(pass.plan.me);
    const mr2d::plan::ProcessTraffic mine = me < traffic.size() ? traffic[me] : mr2d::plan::ProcessTraffic{};
    const auto summary = mr2d::plan::summarize(traffic, es);
    info.messages_sent += mine.messages_sent;
    info.messages_received += mine.messages_received;
    info.bytes_sent += mine.elems_sent * es;
    info.bytes_received += mine.elems_received * es;
    info.bytes_local += mine.elems_local * es;
    info.steps += pass.route.steps;
    info.steps_lower_bound += summary.steps_lower_bound;
    info.predicted_seconds += std::max(summary.predicted_seconds, pass.route.predicted_seconds);
    buffers = std::max(buffers, (pass.route.send_buffer_elems + pass.route.recv_buffer_elems) * es);
  }
  info.schedule = static_cast<int>(p.passes.front().route.kind);
  info.extra_bytes = buffers + p.middle_elems * es;
  return info;
}

int create(mr2d_plan* out, const mr2d::api::Arguments& args) {
  if (out != nullptr) *out = nullptr;
  return mr2d::api::guarded(args.routine, true, [&]() -> Status {
    if (args.elem_size == 0)
      return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + args.routine + ": argument 2 (type) is not an mr2d_type"};
    auto plan = std::make_unique<mr2d_plan_s>();
    Status s = mr2d::api::prepare(args, plan->prepared);
    if (!s.ok()) return s;
    if (out == nullptr)
      return {MR2D_ERR_ARGUMENT, std::string("mr2d: ") + args.routine + ": argument 1 (plan) is NULL"};
    plan->info = describe(plan->prepared);
    *out = plan.release();
    return {};
  });
}

}  // namespace

extern "C" {

MR2D_API int mr2d_plan_create_gemr2d(mr2d_plan* plan, int type, mr2d_int m, mr2d_int n,
                                     mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                                     mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                     mr2d_int ictxt, const mr2d_options* options) {
  // The arrays are not known yet: a non-null marker keeps the NULL-array check out.
  static char marker;
  mr2d::api::Arguments args{"mr2d_plan_create_gemr2d", false, nullptr, nullptr,
                            mr2d::desc::Letters::strict, m, n, &marker, ia, ja, desca, &marker,
                            ib, jb, descb, ictxt, mr2d::api::Union::context,
                            mr2d::abi::elem_size_of(type), options};
  return create(plan, args);
}

MR2D_API int mr2d_plan_create_trmr2d(mr2d_plan* plan, int type, const char* uplo,
                                     const char* diag, mr2d_int m, mr2d_int n, mr2d_int ia,
                                     mr2d_int ja, const mr2d_int* desca, mr2d_int ib,
                                     mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt,
                                     const mr2d_options* options) {
  static char marker;
  mr2d::api::Arguments args{"mr2d_plan_create_trmr2d", true, uplo, diag,
                            mr2d::desc::Letters::strict, m, n, &marker, ia, ja, desca, &marker,
                            ib, jb, descb, ictxt, mr2d::api::Union::context,
                            mr2d::abi::elem_size_of(type), options};
  return create(plan, args);
}

MR2D_API int mr2d_plan_execute(mr2d_plan plan, const void* a, void* b) {
  return mr2d::api::guarded("mr2d_plan_execute", true, [&]() -> Status {
    if (plan == nullptr) return {MR2D_ERR_ARGUMENT, "mr2d: mr2d_plan_execute: plan is NULL"};
    return mr2d::api::execute_prepared(plan->prepared, a, b);
  });
}

MR2D_API int mr2d_plan_query(mr2d_plan plan, mr2d_plan_info* info) {
  if (plan == nullptr || info == nullptr) return MR2D_ERR_ARGUMENT;
  *info = plan->info;
  return MR2D_SUCCESS;
}

MR2D_API void mr2d_plan_destroy(mr2d_plan* plan) {
  if (plan == nullptr) return;
  delete *plan;
  *plan = nullptr;
}

}  // extern "C"

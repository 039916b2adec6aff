// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Persistent plans: created from a call, executed, batched and
// destroyed (the handle's object is plan_object.hpp's).
#pragma once

#include <functional>

#include "driver/call_spec.hpp"
#include "driver/execution.hpp"
#include "driver/plan_object.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::driver {

/// A new plan in *out (null on error) planned by `plan_into(execution,
/// out_null)`, which reports a NULL `out` as this process's error in its
/// agreement. Collective over the union; never throws.
int create_planned(mr2d_plan* out, const char* routine,
                   const std::function<Status(Execution&, bool out_null)>& plan_into) noexcept;

/// Plans the call `spec` (arrays not given yet; any sides) into a new plan
/// in *out, null on error. Collective over the union; never throws.
int create_plan(mr2d_plan* out, const CallSpec& spec) noexcept;

/// Releases `*plan` (mr2d_plan_destroy). An active plan (started, not
/// completed) is an error: its request is ended with MR2D_ERR_ARGUMENT
/// (reported when it is tested or waited for), then the plan is released.
void destroy_plan(mr2d_plan* plan) noexcept;

/// Moves the data of `plan` from `a` to `b`; never throws. `transform`: the
/// caller is mr2d_plan_execute_transform, which only transform plans accept;
/// alpha and beta (null: 1 and 0) apply to transform plans only.
int execute_plan(mr2d_plan plan, const void* a, void* b, const void* alpha = nullptr, const void* beta = nullptr,
                 bool transform = false) noexcept;

/// Batches `count` plans into a new plan in *out (mr2d_plan_create_batch);
/// null on error. Collective over the union; never throws.
int create_batch(mr2d_plan* out, int count, const mr2d_plan* parts, const mr2d_options* options) noexcept;

/// Executes a batch plan (mr2d_plan_execute_batch, or _transform with alpha
/// and beta); never throws.
int run_batch(mr2d_plan plan, const void* const* a, void* const* b, const void* const* alpha, const void* const* beta,
              bool transform) noexcept;

}  // namespace mr2d::driver

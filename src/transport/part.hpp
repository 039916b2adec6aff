// SPDX-License-Identifier: BSD-3-Clause
// One plan of an execution with its arrays: a redistribution executes one,
// a batch several, all in the same messages.
#pragma once

#include <vector>

#include "kernels/transform.hpp"
#include "plan/plan.hpp"
#include "route/kept_copy.hpp"

namespace mr2d::transport {

struct Part {
  const plan::Plan* plan = nullptr;
  const void* a = nullptr;
  void* b = nullptr;
  const kernels::Update* update = nullptr;  ///< null: B receives copies of A's elements
  bool stream = false;                      ///< write B around the caches (kernels::streaming_pays)
  route::KeptCopy kept;                     ///< how the kept part is copied (decided at planning)
};

using Parts = std::vector<Part>;

}  // namespace mr2d::transport

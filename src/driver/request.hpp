// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The object behind an mr2d_request handle: one execution of a
// persistent plan in flight (mr2d_plan_start*), run pass by pass through a
// transport::Transfer in the plan's own buffers, and the entry points that
// start, test and wait for it (rules in mr2d.h and docs/plans.md).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "driver/plan_object.hpp"
#include "kernels/transform.hpp"
#include "mr2d/mr2d.h"
#include "transport/transfer.hpp"

struct mr2d_request_s {
  mr2d_plan plan = nullptr;  ///< null once the plan was destroyed while active
  /// The arrays given at start: held here, as the transport parts point into them.
  std::vector<const void*> a, alpha, beta;
  std::vector<void*> b;
  std::vector<mr2d::kernels::Update> updates;
  const void* middle = nullptr;
  std::vector<mr2d::transport::Parts> parts;  ///< per pass
  std::size_t pass = 0;                       ///< in flight, or the passes done once over
  /// Per pass, all started at once so that they take their places among the
  /// channel's transfers in start order on every process; each one after
  /// the first held until the one before completes.
  std::vector<std::unique_ptr<mr2d::transport::Transfer>> transfers;
  mr2d::transport::Traffic traffic;  ///< of the passes done
  bool over = false;
  mr2d::Status status;
  std::vector<bool> reported;  ///< per part: returned by mr2d_request_testsome
};

namespace mr2d::driver {

/// What a start is given: the arrays (one entry per part) and whether the
/// caller is a batch or a transform entry point.
struct StartArgs {
  Operands operands;
  bool batch = false;
  bool transform = false;
};

/// mr2d_plan_start*: starts an execution of `plan` into a new request.
int start_plan(mr2d_plan plan, const StartArgs& args, mr2d_request* request) noexcept;
/// mr2d_request_test.
int test_request(mr2d_request* request, int* done) noexcept;
/// mr2d_request_wait.
int wait_request(mr2d_request* request) noexcept;
/// mr2d_request_waitall.
int wait_all(int count, mr2d_request* requests) noexcept;
/// mr2d_request_testsome.
int test_some(mr2d_request* request, int* outcount, int* parts) noexcept;
/// mr2d_request_free.
int free_request(mr2d_request* request) noexcept;

/// Ends the request of an active plan with `why` (the plan is going away).
void end_request(mr2d_request request, const Status& why);

}  // namespace mr2d::driver

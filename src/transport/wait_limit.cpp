// SPDX-License-Identifier: BSD-3-Clause
// MR2D_TIMEOUT; see backoff.hpp.
#include "common/env.hpp"
#include "transport/backoff.hpp"

namespace mr2d::transport {

double wait_limit_seconds() {
  static const double limit = positive_env("MR2D_TIMEOUT");
  return limit;
}

}  // namespace mr2d::transport

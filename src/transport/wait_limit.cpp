// SPDX-License-Identifier: BSD-3-Clause
// MR2D_TIMEOUT; see backoff.hpp.
#include <cstdlib>

#include "transport/backoff.hpp"

namespace mr2d::transport {

double wait_limit_seconds() {
  static const double limit = [] {
    const char* env = std::getenv("MR2D_TIMEOUT");
    const double v = env != nullptr ? std::atof(env) : 0;
    return v > 0 ? v : 0;
  }();
  return limit;
}

}  // namespace mr2d::transport

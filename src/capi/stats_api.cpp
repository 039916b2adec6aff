// SPDX-License-Identifier: BSD-3-Clause
// The statistics C API of mr2d.h over api/stats.hpp.
#include "driver/stats.hpp"
#include "mr2d/mr2d.h"

extern "C" {

MR2D_API void mr2d_get_stats(mr2d_stats* out) {
  if (out != nullptr) *out = mr2d::driver::stats_snapshot();
}

MR2D_API void mr2d_reset_stats(void) { mr2d::driver::reset_stats(); }

}  // extern "C"

// SPDX-License-Identifier: BSD-3-Clause
// Which field of a set of options has no valid value, so that the error can
// name it and still go through the cross-process agreement.
#pragma once

#include "common/index_types.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::driver {

/// The number of the first invalid field of `options` in check::kOptionFields
/// and its value; -1 when every field is valid or `options` is null (the
/// process-wide ones are).
int invalid_option_field(const mr2d_options* options, Index& value);

}  // namespace mr2d::driver

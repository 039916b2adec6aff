// SPDX-License-Identifier: BSD-3-Clause
// The wording of relabelling faults (reasons.hpp), for the formatter of
// check/message.hpp.
#pragma once

#include "common/fault.hpp"

namespace mr2d::relabel {

/// What a message says of a relabelling fault: after the argument's name,
/// or, for the work a relabelling bounds, the whole subject ("a, b: ...").
FaultWords words_of(const Fault& fault);

}  // namespace mr2d::relabel

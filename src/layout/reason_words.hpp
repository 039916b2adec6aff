// SPDX-License-Identifier: BSD-3-Clause
// The wording of grid-layout faults (reasons.hpp), for the formatter of
// check/message.hpp and the `mr2d` command.
#pragma once

#include "common/fault.hpp"

namespace mr2d::layout {

/// What a message says of a grid-layout fault, after the argument's name.
FaultWords words_of(const Fault& fault);

}  // namespace mr2d::layout

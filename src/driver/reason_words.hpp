// SPDX-License-Identifier: BSD-3-Clause
// The wording of the faults of the layers below the driver that the
// formatter of check/message.hpp does not word itself (grid layouts, N-D
// descriptions) and of the driver's own (reasons.hpp).
#pragma once

#include "check/message.hpp"
#include "common/fault.hpp"

namespace mr2d::driver {

/// What a message says of a fault of a grid layout, an N-D description, a
/// batch or the arrays given at execution: the Wording::words of every
/// message the driver makes.
FaultWords words_of(const Fault& fault);

/// `w` with the driver's wording of the layers above check/ (words_of).
inline check::Wording worded(check::Wording w) {
  w.words = words_of;
  return w;
}

}  // namespace mr2d::driver

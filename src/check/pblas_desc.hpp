// SPDX-License-Identifier: BSD-3-Clause
// PBLAS's descriptors: ScaLAPACK's 9 entries (type 1), or 11 of type 2
// (BLOCK_CYCLIC_2D_INB), where the sizes IMB_ and INB_ of the first block
// follow N_. mr2d runs on the 9 entries; a type 2 descriptor whose first block
// is a whole block is the same layout. Pure, no MPI.
#pragma once

#include <array>

#include "check/call.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::check {

/// PBLAS's descriptor types.
inline constexpr mr2d_int kBlockCyclic2d = 1, kBlockCyclic2dInb = 2;

/// Descriptor `d` (argument `position`) as ScaLAPACK's 9 entries in `out`, and
/// whether it was of type 2 (`inb`). The fault, if any, is what PBLAS finds
/// in its type or first block sizes (IMB_ or INB_ below 1), or a first block
/// other than a whole block, which mr2d does not run.
Fault read_pblas_desc(const mr2d_int* d, std::int64_t position, std::array<mr2d_int, DESC_LEN>& out, bool& inb);

}  // namespace mr2d::check

// SPDX-License-Identifier: BSD-3-Clause
// How the part of A a process keeps for itself is copied into B, decided
// once per execution at planning and read by both the shared-memory and the
// MPI path: alone, or in one pass with one received transfer (their runs
// alternate in B's columns, kernels::two_sources_fit: each line of B written
// once) or one sent transfer (they alternate in A's columns,
// kernels::two_targets_fit: each line of A read once). Pure, no MPI.
#pragma once

#include <cstdint>
#include <vector>

#include "plan/plan.hpp"

namespace mr2d::route {

/// What a plan's kept part is copied with.
enum class KeptWith : unsigned char {
  alone,     ///< on its own, column window by column window
  received,  ///< with the unpacking of received transfer `transfer`
  sent,      ///< with the packing of sent transfer `transfer`
};

struct KeptCopy {
  KeptWith with = KeptWith::alone;
  std::int32_t transfer = -1;  ///< in the plan's recvs or sends
};

/// The kept-part copy of `plan`: the first received transfer whose runs
/// alternate with the kept part's in B, else the first sent one whose runs
/// alternate with it in A, else alone. Whole column sets that fit fit in
/// every column window, so the choice holds for every chunk.
KeptCopy kept_copy(const plan::Plan& plan);

/// kept_copy of each of `plans` (a route's, in its order), each distinct
/// plan checked once: the pieces of a grid layout's tiles (millions) share
/// a few plans, so the check costs what planning them cost.
std::vector<KeptCopy> kept_copies(const std::vector<const plan::Plan*>& plans);

}  // namespace mr2d::route

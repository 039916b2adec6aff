// SPDX-License-Identifier: BSD-3-Clause
// A's columns split between two targets at once. Where A's column gives
// short runs alternately to the part this process keeps and to a message
// (1 x 2 blocks of 100 x 1 onto 2 x 1 blocks of 1 x 100: every other row
// kept, every other row sent), packing the message and copying the kept
// part one after the other reads every line of A twice. Taking both targets'
// runs in A's order reads each line once. Pure, no MPI.
#pragma once

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"
#include "kernels/pack.hpp"
#include "kernels/two_sources.hpp"

namespace mr2d::kernels {

/// One target of a two-target copy (weave.hpp's WovenSide): the row run
/// set's `dst` are an array's (B's) rows; both sides' `src` are A's.
using TwoTargetSide = WovenSide<void>;

/// Whether split_two_ways serves the pair: a full trapezoid, an element
/// size of 4, 8 or 16 bytes, the same copied columns of A on both sides,
/// and row runs that alternate in A's columns (as two_sources_fit, on A's
/// side). Work proportional to the runs of one period of the row sets and
/// to the columns of `window`.
bool two_targets_fit(const TwoTargetSide& one, const TwoTargetSide& two, const index::Trapezoid& trapezoid,
                     Index elem_size, Window window);

/// Copies the columns of `window` of A (leading dimension lda) into both
/// targets, reading each column of A in row order. Call only where
/// two_targets_fit holds. Writes exactly the elements that copy_local (for
/// an array) or pack (for a message) of each side would write. `stream`:
/// where the runs are single 8-byte elements, an array target's columns of
/// kStreamRunMin bytes and more are written around the caches, and the call
/// ends with a store fence.
TwoSourceCount split_two_ways(const void* a, Index lda, const TwoTargetSide& one, const TwoTargetSide& two,
                              Index elem_size, Window window, bool stream = false);

}  // namespace mr2d::kernels

// SPDX-License-Identifier: BSD-3-Clause
// Columns of B filled from two sources at once. Where B's column takes short
// runs alternately from two sources (the kept part of this process's A and
// the part a peer sends, 2 x 1 blocks of 5 onto 1 x 2 blocks of 8 and the
// like), copying one source after the other writes every line of B twice,
// from runs that straddle lines. Taking the runs of both in B's order
// writes each line once, front to back; where the two together cover a
// stretch of the column without gaps, the stretch is assembled in a small
// buffer and written around the caches (streamed_stores.hpp), so B's lines
// are not read first. Pure, no MPI.
#pragma once

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"
#include "kernels/pack.hpp"
#include "kernels/weave.hpp"

namespace mr2d::kernels {

/// One source of a two-source copy (weave.hpp's WovenSide): the row run
/// set's `src` are an array's rows.
using TwoSourceSide = WovenSide<const void>;

/// Whether copy_two_sources serves the pair: a full trapezoid, an element
/// size of 4, 8 or 16 bytes, the same copied columns landing on the same
/// columns of B on both sides, and row runs that alternate in B: both row
/// tables of equal runs at one common stride in B, the counts equal or the
/// source starting first one run ahead. Checks work proportional to the
/// runs of one period of the row sets and to the columns of `window`.
bool two_sources_fit(const TwoSourceSide& one, const TwoSourceSide& two, const index::Trapezoid& trapezoid,
                     Index elem_size, Window window);

/// Copies the columns of `window` from both sides into B (leading dimension
/// ldb), each column of B written in row order. Call only where
/// two_sources_fit holds. `stream`: gapless stretches of a column of
/// kStreamRunMin bytes and more are written around the caches, and the
/// call ends with a store fence. Writes exactly the elements that copy_local
/// (for an array) or unpack (for a message) of each side would write.
TwoSourceCount copy_two_sources(const TwoSourceSide& one, const TwoSourceSide& two, Index elem_size, void* b, Index ldb,
                                Window window, bool stream);

}  // namespace mr2d::kernels

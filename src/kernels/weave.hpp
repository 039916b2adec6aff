// SPDX-License-Identifier: BSD-3-Clause
// Two row tables whose runs alternate on one side of a column: B's rows
// filled from two sources (two_sources.hpp), or A's rows split between two
// targets (two_targets.hpp). Both tables are uniform (equal runs at one
// stride on each side) with the same run length and the same stride on the
// alternating side, and one table's runs lie between the other's. Pure, no
// MPI.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "kernels/pack.hpp"
#include "kernels/row_table.hpp"

namespace mr2d::kernels {

/// The side of the tables on which their runs alternate.
enum class WeaveSide {
  to,    ///< destination rows (one column filled from two sources)
  from,  ///< source rows (one column split between two targets)
};

/// How two tables alternate: on the woven side, runs of `len` of the table
/// that starts first at `lead`, the other's `gap` after each of them, pairs
/// `step` apart; on the other side each table's runs start at other0[k] and
/// advance by other_step[k] (k = 0: the first, 1: the second). `extra`: the
/// first has one run more than the `pairs` of the second.
struct Weave {
  bool first_is_one = true;
  Index lead = 0;
  Index gap = 0;
  Index step = 0;
  Index len = 0;
  Index pairs = 0;
  bool extra = false;
  Index other_step[2] = {0, 0};
  Index other0[2] = {0, 0};

  /// The runs of both cover the woven side from `lead` on without a gap.
  bool gapless() const { return gap == len && step == 2 * len; }
  /// The same weave with every position and length in bytes.
  Weave in_bytes(Index es) const;
};

/// Whether tables `one` and `two` alternate on `side` (each of at least two
/// runs); fills `w` where they do.
bool weave_of(const RowTable& one, const RowTable& two, WeaveSide side, Weave& w);

/// The copied columns of `cols` inside `window`, in order: (position, then
/// the destination column where `by_dst`, else the source column) of each
/// into `key`, and the other column into `other` (if not null).
void window_columns(const index::RunSet& cols, Window window, bool by_dst, std::vector<Index>& key,
                    std::vector<Index>* other);

}  // namespace mr2d::kernels

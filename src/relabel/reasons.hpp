// SPDX-License-Identifier: BSD-3-Clause
// Why a relabelling's arguments are illegal or its work too large,
// worded in relabel/reason_words.cpp.
#pragma once

#include <cstdint>

#include "common/fault.hpp"

namespace mr2d::relabel {

/// The reason family of relabellings.
inline constexpr std::int64_t kRelabelFamily = 3;

/// Grids given by shape and rank lists, and the work a relabelling bounds
/// (`table` 0 rows, 1 columns where a dimension is named).
enum class RelabelReason : std::int64_t {
  grid_over_limit = kRelabelFamily * kReasonFamilySpan,  ///< a value x limit grid, more than index positions
  rank_negative,      ///< list[index] = value < 0; limit: the grid's rows (0 for a plain list)
  rank_listed_twice,  ///< rank value at list[table] and list[index]; limit as for rank_negative
  too_few_ranks,      ///< value ranks for limit positions of a table x index grid
  index_math,         ///< the window end plus two cycles of blocks leaves 64-bit arithmetic
  run_table_limit,    ///< the blocks cut one period into up to value runs, more than limit
  pair_limit,         ///< value position pairs share data, more than limit
  trapezoid_limit,    ///< counting the trapezoid takes value column visits, more than limit
};

}  // namespace mr2d::relabel

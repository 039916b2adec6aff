// SPDX-License-Identifier: BSD-3-Clause
// Why a grid layout (mr2d_layout) is illegal, worded in
// layout/reason_words.cpp.
#pragma once

#include <cstdint>

#include "common/fault.hpp"

namespace mr2d::layout {

/// The reason family of grid layouts.
inline constexpr std::int64_t kLayoutFamily = 2;

/// `table`: 0 rows or row_splits, 1 cols or col_splits, 2 owners, 3 blocks;
/// `index`: the split, owner or block.
enum class LayoutReason : std::int64_t {
  null_side =
      kLayoutFamily * kReasonFamilySpan,  ///< the mr2d_matrix pointer is NULL, or it gives neither desc nor layout
  negative_extent,                        ///< rows (table 0) or cols (table 1) is value < 0
  no_blocks,                              ///< block_rows (table 0) or block_cols (table 1) is value < 1
  null_table,                             ///< table (0 row_splits, 1 col_splits, 2 owners, 3 blocks) is NULL
  split_first,                            ///< the splits of `table` start at value, not 0
  split_order,                            ///< splits[index] = value is below splits[index - 1] = limit
  split_last,                             ///< the splits end at value, not at the extent limit
  owner_range,                            ///< owners[index] = value is no rank of the union [0, limit)
  block_count,                            ///< nblocks = value < 0
  block_index,                            ///< blocks[index] names block (value, limit) outside the grid of blocks
  not_owned,                              ///< blocks[index]: block (value, limit) is owned by another process
  block_twice,                            ///< blocks[index]: block (value, limit) given twice
  block_missing,                          ///< block (value, limit), non-empty and owned here, not given
  ld_small,                               ///< blocks[index].ld = value < limit (max(1, the block's rows))
  offset_negative,                        ///< blocks[index].offset = value < 0 (data NULL)
  offset_no_array,                        ///< blocks[index] is given by offset but the array is NULL
  blocks_overlap,                         ///< blocks[index] and blocks[value] share memory
  overlaps_other,                         ///< blocks[index] shares memory with the other matrix's data
  layout_differs,                         ///< the tables differ from process 0's
  kind_differs,  ///< a grid layout here (value 1) and a descriptor on process 0 (or the reverse)
};

}  // namespace mr2d::layout

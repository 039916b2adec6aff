// SPDX-License-Identifier: BSD-3-Clause
// The wording of grid-layout faults; see reason_words.hpp.
#include "layout/reason_words.hpp"

#include <algorithm>
#include <string>

#include "layout/reasons.hpp"

namespace mr2d::layout {

namespace {

std::string s(std::int64_t v) { return std::to_string(v); }

// Reasons of a grid layout's tables and blocks.
std::string layout_text(const Fault& f) {
  const char* const splits = f.table == 0 ? "row_splits" : "col_splits";
  const std::string blk = "blocks[" + s(f.index) + "]";
  const std::string pos = "(" + s(f.value) + "," + s(f.limit) + ")";
  switch (f.why<LayoutReason>()) {
    case LayoutReason::null_side:
      return "is NULL or gives neither a descriptor nor a layout";
    case LayoutReason::negative_extent:
      return std::string("has ") + (f.table == 0 ? "rows" : "cols") + " = " + s(f.value) + ", must be >= 0";
    case LayoutReason::no_blocks:
      return std::string("has ") + (f.table == 0 ? "block_rows" : "block_cols") + " = " + s(f.value) + ", must be >= 1";
    case LayoutReason::null_table: {
      const char* const names[] = {"row_splits", "col_splits", "owners", "blocks"};
      return std::string("has ") + names[std::clamp<std::int64_t>(f.table, 0, 3)] + " NULL";
    }
    case LayoutReason::split_first:
      return std::string("has ") + splits + "[0] = " + s(f.value) + ", must be 0";
    case LayoutReason::split_order:
      return std::string("has ") + splits + "[" + s(f.index) + "] = " + s(f.value) + " below " + splits + "[" +
             s(f.index - 1) + "] = " + s(f.limit) + " (splits must not decrease)";
    case LayoutReason::split_last:
      return std::string("has ") + splits + "[" + s(f.index) + "] = " + s(f.value) + ", must be the extent " +
             s(f.limit);
    case LayoutReason::owner_range:
      return "has owners[" + s(f.index) + "] = " + s(f.value) + ", not a rank of the union [0, " + s(f.limit) + ")";
    case LayoutReason::block_count:
      return "has nblocks = " + s(f.value) + ", must be >= 0";
    case LayoutReason::block_index:
      return "has " + blk + " at block " + pos + ", outside the grid of blocks";
    case LayoutReason::not_owned:
      return "has " + blk + " at block " + pos + ", which the owners give to another process";
    case LayoutReason::block_twice:
      return "has " + blk + " at block " + pos + ", given twice";
    case LayoutReason::block_missing:
      return "does not give block " + pos + ", which this process owns and which is not empty";
    case LayoutReason::ld_small:
      return "has " + blk + ".ld = " + s(f.value) + ", smaller than max(1, the block's rows) = " + s(f.limit);
    case LayoutReason::offset_negative:
      return "has " + blk + ".offset = " + s(f.value) + ", must be >= 0";
    case LayoutReason::offset_no_array:
      return "has " + blk + " given by offset, but the array argument of this matrix is NULL";
    case LayoutReason::blocks_overlap:
      return "has " + blk + " sharing memory with blocks[" + s(f.value) + "]";
    case LayoutReason::overlaps_other:
      return "has " + blk + " sharing memory with the other matrix (sub(A) and sub(B) must not overlap)";
    case LayoutReason::layout_differs:
      return "differs between processes: its sizes, splits or owners are not those of process 0";
    case LayoutReason::kind_differs:
      return std::string("is a ") + (f.value != 0 ? "grid layout" : "descriptor") + " here but not on process 0";
    default:
      break;
  }
  return "is illegal";
}

}  // namespace

FaultWords words_of(const Fault& fault) { return {layout_text(fault)}; }

}  // namespace mr2d::layout

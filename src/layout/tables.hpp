// SPDX-License-Identifier: BSD-3-Clause
// A grid layout as the checks and the tiling read it: the global tables
// (split points and owners, the same on every process) and the blocks one
// process holds. Pure, no MPI.
#pragma once

#include <cstdint>
#include <vector>

#include "common/fault.hpp"
#include "common/index_types.hpp"

namespace mr2d::layout {

/// The global tables: block (r, c) holds rows [row_splits[r], row_splits[r+1])
/// and columns [col_splits[c], col_splits[c+1]) and belongs to owner(r, c).
struct Tables {
  Index rows = 0, cols = 0;
  std::vector<Index> row_splits, col_splits;
  std::vector<int> owners;  ///< column-major, block_rows() x block_cols()

  Index block_rows() const { return static_cast<Index>(row_splits.size()) - 1; }
  Index block_cols() const { return static_cast<Index>(col_splits.size()) - 1; }
  int owner(Index r, Index c) const { return owners[static_cast<std::size_t>(r + c * block_rows())]; }
  Index rows_of(Index r) const {
    return row_splits[static_cast<std::size_t>(r + 1)] - row_splits[static_cast<std::size_t>(r)];
  }
  Index cols_of(Index c) const {
    return col_splits[static_cast<std::size_t>(c + 1)] - col_splits[static_cast<std::size_t>(c)];
  }
};

/// One block this process holds: at `address` (given by pointer) or at
/// `offset` elements from the array of the call or execution (address 0).
struct Block {
  Index row = 0, col = 0;
  std::uintptr_t address = 0;
  Index offset = 0;
  Index ld = 0;
  Index given = 0;  ///< its position in the caller's list (what messages name)
  bool by_offset() const { return address == 0; }
};

/// 64-bit hash of sizes, splits and owners: processes compare it instead of
/// the tables.
std::uint64_t hash(const Tables& t);

// The checks below return the first fault (an MR2D_ERR_ARGUMENT record that
// names no argument yet, `table` and `index` saying where), or none.

/// Splits from 0 to the extent, non-decreasing; owners in [0, union_size).
Fault check_tables(const Tables& t, int union_size);

/// The blocks process `me` gives are exactly the non-empty blocks it owns
/// (empty ones it owns may be given too), each once, with ld >= max(1, rows)
/// and offsets >= 0. When they pass and `position_of` is given, it receives,
/// by block (r + c * block_rows()), its position in `blocks` or -1: the
/// blocks in column-major order without sorting them.
Fault check_blocks(const Tables& t, int me, const std::vector<Block>& blocks, std::vector<int>* position_of = nullptr);

}  // namespace mr2d::layout

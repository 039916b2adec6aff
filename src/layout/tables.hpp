// SPDX-License-Identifier: BSD-3-Clause
// A grid layout as the checks and the tiling read it: the global tables
// (split points and owners, the same on every process) and the blocks one
// process holds. Pure, no MPI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

/// What is wrong with a layout, with the numbers its message quotes.
enum class Fault : int {
  none = 0,
  null_side,        ///< the mr2d_matrix pointer is NULL, or it gives neither desc nor layout
  negative_extent,  ///< rows (table 0) or cols (table 1) is value < 0
  no_blocks,        ///< block_rows (table 0) or block_cols (table 1) is value < 1
  null_table,       ///< table (0 row_splits, 1 col_splits, 2 owners, 3 blocks) is NULL
  split_first,      ///< the splits of `table` (0 rows, 1 cols) start at value, not 0
  split_order,      ///< splits[index] = value is below splits[index - 1] = limit
  split_last,       ///< the splits end at value, not at the extent limit
  owner_range,      ///< owners[index] = value is no rank of the union [0, limit)
  block_count,      ///< nblocks = value < 0
  block_index,      ///< blocks[index] names block (value, limit) outside the grid of blocks
  not_owned,        ///< blocks[index]: block (value, limit) is owned by another process
  block_twice,      ///< blocks[index]: block (value, limit) given twice
  block_missing,    ///< block (value, limit), non-empty and owned here, not given
  ld_small,         ///< blocks[index].ld = value < limit (max(1, the block's rows))
  offset_negative,  ///< blocks[index].offset = value < 0 (data NULL)
  null_array,       ///< blocks[index] is given by offset but the array is NULL
  overlap,          ///< blocks[index] and blocks[value] share memory
  overlaps_other,   ///< blocks[index] shares memory with the other matrix's data
  differs,          ///< tables differ between processes (hash value here, limit on process 0)
  kind_differs,     ///< a grid layout here (value 1) and a descriptor elsewhere (or the reverse)
};

/// A fault and where: the table (rows or columns), the split, owner or
/// block index, and two numbers.
struct Finding {
  Fault fault = Fault::none;
  Index table = 0;
  Index index = 0, value = 0, limit = 0;
  bool ok() const { return fault == Fault::none; }
};

/// Splits from 0 to the extent, non-decreasing; owners in [0, union_size).
Finding check_tables(const Tables& t, int union_size);

/// The blocks process `me` gives are exactly the non-empty blocks it owns
/// (empty ones it owns may be given too), each once, with ld >= max(1, rows)
/// and offsets >= 0. When they pass and `position_of` is given, it receives,
/// by block (r + c * block_rows()), its position in `blocks` or -1: the
/// blocks in column-major order without sorting them.
Finding check_blocks(const Tables& t, int me, const std::vector<Block>& blocks,
                     std::vector<int>* position_of = nullptr);

/// The text after "argument k (MA) " for a finding.
std::string describe(const Finding& f);

}  // namespace mr2d::layout

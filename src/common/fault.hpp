// SPDX-License-Identifier: BSD-3-Clause
// The one record of a fault in a call's arguments, whoever finds it (the
// argument checks, the grid-layout checks, a batch's checks): fixed 64-bit
// fields, so that an agreement moves it as words and every process words
// the same message from it (check/message.hpp). Pure data, no MPI.
#pragma once

#include <cstdint>
#include <type_traits>

namespace mr2d {

/// Why an argument is illegal; each has one text (check/message.cpp), which
/// quotes the record's fields named here.
enum class Reason : std::int64_t {
  none = 0,
  // Arguments as passed (check/, grid/).
  negative,           ///< value < 0
  not_positive,       ///< value < 1
  src_out_of_grid,    ///< RSRC_ (table 0) or CSRC_ (table 1) outside [0, limit)
  start_below_one,    ///< IA/JA/IB/JB < 1
  beyond_matrix,      ///< submatrix end = value > limit (M_ or N_)
  lld_too_small,      ///< LLD_ = value < limit (local rows)
  bad_letter,         ///< UPLO/DIAG/TRANS is the letter value, not one it accepts
  null_array,         ///< A or B is NULL though this process holds part of it
  not_in_union,       ///< this process is not in the union context's grid
  no_member,          ///< nobody in the union is in this grid
  grid_hole,          ///< grid position (value / limit) has no process in the union
  grid_twice,         ///< two union processes claim the same grid position
  inconsistent,       ///< processes passed different values (value vs limit, the first member's)
  null_pointer,       ///< a pointer argument this process needs is NULL
  grid_shape,         ///< a described grid of value x limit positions
  grid_too_large,     ///< a described grid of value positions, more than limit processes
  rank_out_of_range,  ///< a described grid holds rank value, not in [0, limit)
  rank_twice,         ///< a described grid holds rank value at two positions
  bad_type,           ///< the type argument is value, not an mr2d_type
  type_differs,       ///< element types differ: value here, limit on the first process
  bad_option,         ///< options field number index (kOptionFields) holds value
  too_large,          ///< sizes whose product in bytes does not fit in 64 bits
  not_a_grid,         ///< the context value is no grid this process is in
  null_plan_out,      ///< the plan argument (where the new plan goes) is NULL
  overlaps_a,         ///< B's window shares memory with A's on this process
  bad_dtype,          ///< a PBLAS descriptor's DTYPE_ is value, neither 1 nor 2
  other_context,      ///< PBLAS: C's context is value, A's is limit
  first_block,        ///< PBLAS: a first block of value, not the block size limit
  bad_environment,    ///< variable index (kEnvSettings) holds value (text_word), which does not parse
  start_differs,      ///< a grid-layout side's start differs: value here, limit on process 0
  // Grid layouts (layout/): `table` 0 rows or row_splits, 1 cols or
  // col_splits, 2 owners, 3 blocks; `index` the split, owner or block.
  null_side,        ///< the mr2d_matrix pointer is NULL, or it gives neither desc nor layout
  negative_extent,  ///< rows (table 0) or cols (table 1) is value < 0
  no_blocks,        ///< block_rows (table 0) or block_cols (table 1) is value < 1
  null_table,       ///< table (0 row_splits, 1 col_splits, 2 owners, 3 blocks) is NULL
  split_first,      ///< the splits of `table` start at value, not 0
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
  offset_no_array,  ///< blocks[index] is given by offset but the array is NULL
  blocks_overlap,   ///< blocks[index] and blocks[value] share memory
  overlaps_other,   ///< blocks[index] shares memory with the other matrix's data
  layout_differs,   ///< the tables differ from process 0's
  kind_differs,     ///< a grid layout here (value 1) and a descriptor on process 0 (or the reverse)
  // Batches (driver/batch): `index` the part.
  null_part,    ///< parts[index] is NULL or a batch plan
  other_union,  ///< parts[index] was planned over another union than the earlier parts
  // Relabelling (relabel/): grids given by shape and rank lists, and the
  // work a relabelling bounds (`table` 0 rows, 1 columns where a dimension
  // is named).
  grid_over_limit,    ///< a value x limit grid, more than index positions
  rank_negative,      ///< list[index] = value < 0; limit: the grid's rows (0 for a plain list)
  rank_listed_twice,  ///< rank value at list[table] and list[index]; limit as for rank_negative
  too_few_ranks,      ///< value ranks for limit positions of a table x index grid
  index_math,         ///< the window end plus two cycles of blocks leaves 64-bit arithmetic
  run_table_limit,    ///< the blocks cut one period into up to value runs, more than limit
  pair_limit,         ///< value position pairs share data, more than limit
  trapezoid_limit,    ///< counting the trapezoid takes value column visits, more than limit
  // Arrays given at execution (driver/execute): `value` 0 for A, 1 for B;
  // `index` the batch part, or -1.
  array_null,         ///< the array is NULL though this process holds part of its submatrix
  arrays_overlap,     ///< B shares memory with A on this process
  offset_array_null,  ///< the array is NULL though blocks of this process are given by offset from it
  // N-dimensional arrays (nd/): `table` the field of mr2d_nd_array
  // (nd::kNdFields) or -1 for the permutation, `index` the dimension.
  nd_dims,             ///< ndims is value, not in [1, limit]
  nd_null_field,       ///< the table field is NULL
  nd_below,            ///< field[index] is value, below limit
  nd_collapsed_grid,   ///< dimension index is collapsed over value processes (must be 1)
  nd_grid_size,        ///< the grid has value positions, more than the limit processes of the union
  nd_rank_twice,       ///< ranks[index] = value also stands at ranks[limit]
  nd_out_of_range,     ///< field[index] = value is outside [0, limit)
  nd_window_end,       ///< starts[index] + counts[index] = value exceeds sizes[index] = limit
  nd_order,            ///< field (grid_order or storage_order) is value, neither 0 nor 1
  nd_not_permutation,  ///< perm[index] = value is outside [0, limit) or repeated
  nd_count_differs,    ///< counts[index] = value, but A's window has limit there (permuted)
  nd_dims_differ,      ///< B has value dimensions, A has limit
  nd_local_overflow,   ///< the local array, up to leading[index] = value, holds more than 2^63 - 1 elements
  nd_window_overflow,  ///< the window holds more than 2^63 - 1 elements
  nd_differs,          ///< the argument (a description or perm) is not process 0's
};

/// Fault::process of a fault that no single process's record shows but
/// every process finds in the agreed records (a grid without members, a
/// grid position nobody holds).
inline constexpr std::int64_t kEveryProcess = -2;
/// Fault::process of a fault found here, or by a process messages do not name.
inline constexpr std::int64_t kNoProcess = -1;

/// A fault; code 0 means none.
struct Fault {
  std::int64_t code = 0;              ///< an mr2d_status
  std::int64_t arg = 0;               ///< 1-based position in the routine's argument list, 0 for none
  std::int64_t entry = 0;             ///< 1-based descriptor entry, 0 for a plain argument
  std::int64_t reason = 0;            ///< a Reason
  std::int64_t table = 0;             ///< which table of a grid layout
  std::int64_t index = 0;             ///< the split, owner, block, part or option field the reason names
  std::int64_t value = 0;             ///< the numbers the reason's text quotes
  std::int64_t limit = 0;             ///<
  std::int64_t process = kNoProcess;  ///< the union rank that found it, or kEveryProcess, kNoProcess

  bool ok() const { return code == 0; }
  Reason why() const { return static_cast<Reason>(reason); }

  /// A fault of `code` for `why`, quoting `value` and `limit`.
  static Fault of(std::int64_t code, Reason why, std::int64_t value = 0, std::int64_t limit = 0) {
    Fault f;
    f.code = code;
    f.reason = static_cast<std::int64_t>(why);
    f.value = value;
    f.limit = limit;
    return f;
  }
  /// This fault naming argument `position` (and descriptor entry `desc_entry`).
  Fault named(std::int64_t position, std::int64_t desc_entry = 0) const {
    Fault f = *this;
    f.arg = position;
    f.entry = desc_entry;
    return f;
  }
  /// This fault at `at` of table `which` (grid layouts, batch parts, option fields).
  Fault in(std::int64_t which, std::int64_t at) const {
    Fault f = *this;
    f.table = which;
    f.index = at;
    return f;
  }
  /// This fault as process `rank` found it.
  Fault found_by(std::int64_t rank) const {
    Fault f = *this;
    f.process = rank;
    return f;
  }
};

/// Int64 words of a Fault: its count in an agreement.
inline constexpr int kFaultWords = static_cast<int>(sizeof(Fault) / sizeof(std::int64_t));

// Members only, all int64_t, no padding: the words are the members.
static_assert(std::is_standard_layout_v<Fault> && std::is_trivially_copyable_v<Fault>);
static_assert(std::has_unique_object_representations_v<Fault>);
static_assert(kFaultWords == 9);

}  // namespace mr2d

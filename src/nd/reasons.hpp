// SPDX-License-Identifier: BSD-3-Clause
// Why an N-dimensional array description (mr2d_nd_array) or a
// permutation is illegal, worded in nd/reason_words.cpp.
#pragma once

#include <cstdint>

#include "common/fault.hpp"

namespace mr2d::nd {

/// The reason family of N-dimensional descriptions.
inline constexpr std::int64_t kNdFamily = 4;

/// `table`: the field of mr2d_nd_array (kNdFields) or -1 for the
/// permutation; `index`: the dimension.
enum class NdReason : std::int64_t {
  nd_dims = kNdFamily * kReasonFamilySpan,  ///< ndims is value, not in [1, limit]
  nd_null_field,                            ///< the table field is NULL
  nd_below,                                 ///< field[index] is value, below limit
  nd_collapsed_grid,                        ///< dimension index is collapsed over value processes (must be 1)
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

}  // namespace mr2d::nd

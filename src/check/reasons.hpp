// SPDX-License-Identifier: BSD-3-Clause
// Why an argument as passed is illegal: the reasons the argument checks
// (check/, grid/) find, worded in check/message.cpp.
#pragma once

#include <cstdint>

#include "common/fault.hpp"

namespace mr2d {

/// The reason family of the argument checks.
inline constexpr std::int64_t kArgumentFamily = 1;

/// Why an argument is illegal; each has one text (check/message.cpp), which
/// quotes the record's fields named here.
enum class Reason : std::int64_t {
  negative = kArgumentFamily * kReasonFamilySpan,  ///< value < 0
  not_positive,                                    ///< value < 1
  src_out_of_grid,                                 ///< RSRC_ (table 0) or CSRC_ (table 1) outside [0, limit)
  start_below_one,                                 ///< IA/JA/IB/JB < 1
  beyond_matrix,                                   ///< submatrix end = value > limit (M_ or N_)
  lld_too_small,                                   ///< LLD_ = value < limit (local rows)
  bad_letter,                                      ///< UPLO/DIAG/TRANS is the letter value, not one it accepts
  null_array,                                      ///< A or B is NULL though this process holds part of it
  not_in_union,                                    ///< this process is not in the union context's grid
  no_member,                                       ///< nobody in the union is in this grid
  grid_hole,                                       ///< grid position (value / limit) has no process in the union
  grid_twice,                                      ///< two union processes claim the same grid position
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
};

}  // namespace mr2d

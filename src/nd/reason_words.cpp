// SPDX-License-Identifier: BSD-3-Clause
// The wording of N-dimensional description faults; see reason_words.hpp.
#include "nd/reason_words.hpp"

#include <string>

#include "nd/check.hpp"
#include "nd/reasons.hpp"

namespace mr2d::nd {

namespace {

std::string s(std::int64_t v) { return std::to_string(v); }

// N-dimensional array descriptions (nd/check.hpp): the field and dimension.
std::string nd_text(const Fault& f) {
  const std::string field = f.table >= 0 && f.table < kNdFieldCount ? kNdFields[f.table] : "perm";
  const std::string at = field + "[" + s(f.index) + "]";
  switch (f.why<NdReason>()) {
    case NdReason::nd_dims:
      return "has ndims = " + s(f.value) + ", must be 1 to " + s(f.limit);
    case NdReason::nd_null_field:
      return "has " + field + " NULL";
    case NdReason::nd_below:
      return "has " + at + " = " + s(f.value) + ", must be >= " + s(f.limit);
    case NdReason::nd_collapsed_grid:
      return "has dimension " + s(f.index) + " collapsed over grid[" + s(f.index) + "] = " + s(f.value) +
             " processes, must be 1";
    case NdReason::nd_grid_size:
      return "has a grid of " + s(f.value) + " positions, more than the " + s(f.limit) + " processes of the union";
    case NdReason::nd_rank_twice:
      return "has " + at + " = " + s(f.value) + ", also at ranks[" + s(f.limit) + "]";
    case NdReason::nd_out_of_range:
      return "has " + at + " = " + s(f.value) + ", outside [0, " + s(f.limit) + ")";
    case NdReason::nd_window_end:
      return "has starts[" + s(f.index) + "] + counts[" + s(f.index) + "] = " + s(f.value) + ", beyond sizes[" +
             s(f.index) + "] = " + s(f.limit);
    case NdReason::nd_order:
      return "has " + field + " = " + s(f.value) + ", must be MR2D_ND_ORDER_C (0) or MR2D_ND_ORDER_FORTRAN (1)";
    case NdReason::nd_not_permutation:
      return "has perm[" + s(f.index) + "] = " + s(f.value) + ", outside [0, " + s(f.limit) + ") or repeated";
    case NdReason::nd_count_differs:
      return "has counts[" + s(f.index) + "] = " + s(f.value) + ", but the window of A has " + s(f.limit) +
             " along the dimension that becomes dimension " + s(f.index);
    case NdReason::nd_dims_differ:
      return "has ndims = " + s(f.value) + ", but A's description has " + s(f.limit);
    case NdReason::nd_local_overflow:
      return "has " + at + " = " + s(f.value) +
             ": the local array (leading sizes, or the local counts where leading is NULL) holds more than 2^63 - 1 "
             "elements";
    case NdReason::nd_window_overflow:
      return "has a window of more than 2^63 - 1 elements";
    case NdReason::nd_differs:
      return "differs between processes: it is not what process 0 passed";
    default:
      break;
  }
  return "is illegal";
}

}  // namespace

FaultWords words_of(const Fault& fault) { return {nd_text(fault)}; }

}  // namespace mr2d::nd

// SPDX-License-Identifier: BSD-3-Clause
// Checks of N-dimensional array descriptions and of a redistribution
// between two of them, each turning what it finds into a fault record
// (common/fault.hpp): `table` names the field (kNdFields), `index` the
// dimension or table entry. Pure, no MPI.
#pragma once

#include <utility>
#include <vector>

#include "common/fault.hpp"
#include "nd/array.hpp"
#include "nd/reasons.hpp"

namespace mr2d::nd {

/// Fields of mr2d_nd_array in order.
enum Field : int { ndims, sizes, blocks, grid, grid_order, ranks, sources, storage_order, leading, starts, counts };
/// Their names in messages.
inline constexpr const char* kNdFields[] = {"ndims",   "sizes",         "blocks",  "grid",   "grid_order", "ranks",
                                            "sources", "storage_order", "leading", "starts", "counts"};
inline constexpr int kNdFieldCount = static_cast<int>(sizeof kNdFields / sizeof kNdFields[0]);

/// Checks `d` for union rank `me` of `union_size` processes and gives it in
/// Fortran order in `out` (leading sizes those of `me`). Faults name no
/// argument; the caller does.
Fault check_array(const Description& d, Index union_size, Index me, Array& out);

/// Checks `perm` (empty: the identity) against both descriptions as passed
/// and gives it between the Fortran-order arrays: dimension d of `a` becomes
/// dimension perm_out[d] of `b`. Faults name no argument (perm's and DB's
/// come back with table -1 for perm itself).
Fault check_perm(const Description& a, const Description& b, const std::vector<Index>& perm,
                 std::vector<int>& perm_out);

/// The grid position number of union rank `rank` in `a`, or -1.
Index position_of(const Array& a, Index rank);

/// The local indices [first, end) of dimension `d`'s window held at grid
/// coordinate `coord` (first == end: none).
std::pair<Index, Index> window_range(const Dim& d, Index coord);

/// Whether `rank` holds part of `a`'s window.
bool holds_window(const Array& a, Index rank);

/// Element strides of a local array per dimension (Fortran order: the
/// products of the leading sizes of the faster dimensions).
std::vector<Index> strides_of(const Array& x);
/// The same from leading sizes given one per dimension (`lead(d)`).
template <class Lead>
std::vector<Index> strides_from(std::size_t ndims, Lead&& lead) {
  std::vector<Index> s(ndims, 1);
  for (std::size_t d = 1; d < ndims; ++d) s[d] = s[d - 1] * (lead(d - 1) > 1 ? lead(d - 1) : Index{1});
  return s;
}

/// `rank`'s local counts per dimension of `a` (all 0 where it holds no position).
std::vector<Index> local_counts(const Array& a, Index rank);

}  // namespace mr2d::nd

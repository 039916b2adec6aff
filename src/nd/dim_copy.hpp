// SPDX-License-Identifier: BSD-3-Clause
// Moving the data of a per-dimension plan (dim_plan.hpp): a message between
// two processes is the product of one run set per dimension, walked as
// nested loops, dimension 0 (A's fastest) innermost. The sender reads A at
// the runs' source indices with A's strides; the receiver writes B at their
// destination indices with B's strides of the dimensions A's become (the
// permutation applied in the walk). Both sides enumerate the same positions
// in the same order, so the message holds data only. A run of A's fastest
// dimension is one contiguous piece in A, and in B where that dimension
// stays fastest. Pure, no MPI.
#pragma once

#include <vector>

#include "nd/array.hpp"
#include "nd/dim_plan.hpp"

namespace mr2d::nd {

/// Element strides of a local array per dimension (Fortran order: the
/// products of the leading sizes of the faster dimensions).
std::vector<Index> strides_of(const Array& x);

/// Packs what this process sends to `to` (a partner of plan.send) from its
/// A at `a` (strides `a_strides`, `es` bytes per element) into `out`;
/// returns the bytes written (to.elements * es).
Index pack(const DimPlan& plan, const Partner& to, const char* a, const std::vector<Index>& a_strides, Index es,
           char* out);

/// Unpacks the message from `from` (a partner of plan.receive) into this
/// process's B at `b`; `b_strides` are B's element strides per dimension of
/// B, `perm` A's dimension d becoming B's perm[d].
void unpack(const DimPlan& plan, const Partner& from, const char* in, const std::vector<Index>& b_strides,
            const std::vector<int>& perm, Index es, char* b);

}  // namespace mr2d::nd

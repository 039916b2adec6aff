// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional redistributions planned per dimension (Y.-C. Chung and
// C.-H. Hsu, "Efficient Methods for Multi-Dimensional Array Redistribution",
// PACT 1998, Section 3, Lemma 1): the owner of an element is fixed
// dimension by dimension, so what two processes exchange is the Cartesian
// product of one 1-D set per dimension, each periodic in that dimension's
// cycle. For one process this computes, per dimension d of A (paired with
// dimension perm[d] of B), the runs it sends to (receives from) every
// coordinate of the other side along that dimension (index::runs_for, the
// same 1-D sets as the rows and columns of a matrix), then its partners as
// the product of those coordinates through the other grid's order and rank
// map, each with its volume: the product of its per-dimension counts.
//
// Work and memory: O(sum over dimensions of the runs of one cycle + the
// partners), independent of the array's size and of its number of blocks.
// Pure, no MPI.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "common/fault.hpp"
#include "index/runs_1d.hpp"
#include "nd/array.hpp"

namespace mr2d::nd {

/// Along one dimension: per coordinate of the other side, the runs (t is
/// the position in the window, src A's local index, dst B's), by coordinate.
using DimPeers = std::vector<std::pair<Index, index::RunSet>>;

/// A process this one exchanges with in one direction.
struct Partner {
  Index rank = -1;               ///< union rank
  Index elements = 0;            ///< the product of its per-dimension counts
  std::vector<std::int32_t> at;  ///< per dimension of A, its entry in Direction::dims[d]
};

/// What this process sends (A to B) or receives, per dimension of A.
struct Direction {
  bool member = false;            ///< holds a position of this side's grid
  std::vector<DimPeers> dims;     ///< per dimension of A (B's dimension perm[d])
  std::vector<Partner> partners;  ///< by union rank, each once
  Index elements = 0;             ///< all it moves this way, itself included
};

struct DimPlan {
  Direction send, receive;
  /// Runs stored over all dimensions and both directions (one cycle each):
  /// the plan's size, whatever the array's.
  Index stored_runs() const;
};

/// The 1-D problem of dimension d of `a` against dimension perm[d] of `b`.
index::AxisPair axes_of(const Array& a, const Array& b, const std::vector<int>& perm, int d);

/// Plans for union rank `me` the redistribution of `a`'s window into `b`'s,
/// dimension d of `a` becoming dimension perm[d] of `b` (Fortran-order
/// arrays and permutation as check_array and check_perm give them). A fault
/// where the window holds more than 2^63 - 1 elements.
Fault plan_by_dimension(const Array& a, const Array& b, const std::vector<int>& perm, Index me, DimPlan& out);

}  // namespace mr2d::nd

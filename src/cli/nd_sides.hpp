// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional sides of `mr2d plan` (--nd-a, --nd-b, --perm): the
// descriptions of mr2d_nd.h written as key=value words, checked by the
// library's checks (nd/check.hpp), with the matrix form the library plans
// them in (nd/matrix_plan.hpp). No MPI.
#pragma once

#include <string>
#include <vector>

#include "cli/limits.hpp"
#include "nd/array.hpp"
#include "nd/matrix_plan.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"

namespace mr2d::cli {

struct Options;

/// One N-D side: as written, as the library checks it, and its grid layout.
struct NdSide {
  std::string option;         ///< --nd-a or --nd-b
  nd::Description written;    ///< user order, tables as given (empty: default)
  nd::Array array;            ///< checked, Fortran order
  std::vector<int> user_dim;  ///< canonical dimension of each user dimension
};

/// An N-D redistribution: both sides, the permutation (user order, identity
/// when --perm is absent; and between the Fortran-order arrays) and its
/// matrix form.
struct NdPlan {
  NdSide a, b;
  std::vector<Index> perm;
  std::vector<int> canonical;
  nd::MatrixForm form;
  Index union_size = 0;  ///< one more than the largest rank of either grid
  Index elements = 0;    ///< elements of A's window
};

/// Whether the options describe an N-D redistribution.
bool wants_nd(const Options& opt);

/// Parses and checks --nd-a, --nd-b and --perm; throws UsageError naming
/// the option (faults worded by check/message.hpp).
NdPlan nd_plan_from(const Options& opt, const Limits& limits);

/// The matrix form as `mr2d plan` reports a problem: in A's index space.
model::Problem nd_problem(const NdPlan& plan, Index elem_size);

/// Elements between every two processes, each process's own part included,
/// from the per-dimension pairs (nd::pair_bytes); throws UsageError beyond
/// limits.pairs.
std::vector<model::Edge> nd_edges(const NdPlan& plan, const Limits& limits);

/// Union rank holding element `index` (user order, global) of a side.
Index nd_owner(const NdSide& side, const std::vector<Index>& index);

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// One call of mr2d_relabel_gemr2d / mr2d_relabel_trmr2d from its C arguments
// to its outputs: every argument checked with a message naming it, the work
// bounded before anything grows with the input, then the placement. Pure, no
// MPI (the extern "C" entry points in src/abi only add the error recording).
#pragma once

#include "common/index_types.hpp"
#include "common/status.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::relabel {

/// The arguments exactly as the C entry point received them.
struct CCall {
  const char* routine = "";
  bool trapezoidal = false;
  int type = 0;
  Index elem_size = 0;  ///< of `type`; 0 when type is not an mr2d_type
  const char* uplo = nullptr;
  const char* diag = nullptr;
  mr2d_int m = 0, n = 0;
  const mr2d_layout* a = nullptr;
  const int* a_usermap = nullptr;
  const mr2d_layout* b = nullptr;
  const int* ranks = nullptr;
  int nranks = 0;
  int* b_usermap = nullptr;
  mr2d_relabel_report* report = nullptr;
};

/// What a call may build; beyond these it fails with MR2D_ERR_ARGUMENT.
struct CallLimits {
  Index grid_positions = Index{1} << 24;     ///< per grid
  Index run_entries = Index{1} << 23;        ///< index runs of one period, per dimension
  Index pairs = Index{1} << 24;              ///< pairs of A and B positions sharing data
  Index trapezoid_columns = Index{1} << 32;  ///< column visits counting a trapezoidal copy
};

/// Checks the call and, when it is valid, fills b_usermap and *report.
/// Writes nothing on error.
Status run(const CCall& call, const CallLimits& limits = {});

}  // namespace mr2d::relabel

// SPDX-License-Identifier: BSD-3-Clause
// What `mr2d plan` and `mr2d advise` accept: integer values within ScaLAPACK's
// range, exactly as the library takes them, and work limits of the command
// itself, so that its memory stays bounded (a few GB at most) for any input.
#pragma once

#include <cstdint>
#include <limits>

#include "common/index_types.hpp"

namespace mr2d::cli {

/// Largest ScaLAPACK integer argument or descriptor entry of this build.
#ifdef MR2D_ILP64
constexpr Index kScalapackIntMax = std::numeric_limits<std::int64_t>::max();
#else
constexpr Index kScalapackIntMax = std::numeric_limits<std::int32_t>::max();
#endif

/// Largest MPI rank: ranks are C ints in every build.
constexpr Index kMaxRank = std::numeric_limits<int>::max();

/// Beyond these the command reports the limit and exits 2 instead of
/// building tables that grow with the input.
struct Limits {
  Index processes = Index{1} << 24;          ///< ranks of the union, gap before B included
  Index run_entries = Index{1} << 23;        ///< index runs of one period, per dimension
  Index pairs = Index{1} << 24;              ///< communicating process pairs
  Index trapezoid_columns = Index{1} << 32;  ///< column visits counting a trapezoidal copy
  Index tiles = Index{1} << 20;              ///< block-cyclic tiles a plan with grid layouts is cut into
};

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// The picture of an N-D redistribution `mr2d plan --draw-slice` writes: a 2D
// slice of A's window (its first two dimensions, the others at their window
// start), each element coloured by the rank holding it in A and, beside it,
// by the rank holding it in B. Owners come from the N-D distributions
// directly, not from the lowered layouts. No MPI.
#pragma once

#include <string>

#include "cli/nd_sides.hpp"

namespace mr2d::cli {

/// Writes the slice as SVG to `path` (at most 128 x 128 cells; where the
/// window is larger, each cell shows the first element it covers).
void draw_nd_slice(const std::string& path, const NdPlan& plan);

}  // namespace mr2d::cli

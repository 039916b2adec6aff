// SPDX-License-Identifier: BSD-3-Clause
// Runs of a strided regular section: position t of the copied range is global
// index start + t * stride on each side (Chatterjee et al. (1993)). The
// owner and the local-index increments of a side repeat after
// nb*P / gcd(stride, nb*P) positions, so one period of both sides, tabulated
// once, gives every local address by replay: the table is Chatterjee et al.'s
// finite-state machine of local address gaps, unrolled over one period and
// stored as runs that fit RunSet (consecutive positions whose local indices
// are consecutive on both sides merge into one run). Pure, no MPI.
#pragma once

#include <utility>
#include <vector>

#include "index/runs_1d.hpp"

namespace mr2d::index {

/// Positions after which the owner and local-index pattern of a strided axis
/// repeats (every local index then advances by the same amount).
Index strided_period(const Axis& axis);

/// runs_for for axes with strides (same contract).
std::vector<std::pair<Index, RunSet>> strided_runs_for(const AxisPair& axes, Role role, Index coord);

}  // namespace mr2d::index

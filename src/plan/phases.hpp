// SPDX-License-Identifier: BSD-3-Clause
// Multi-phase redistribution (Thakur, Choudhary and Ramanujam (1996) sections 3-5;
// Evers (2025) section 4.2.1):
// instead of A -> B in one pass, A -> M -> B through an intermediate matrix M
// on B's grid whose block sizes are gcd or lcm of A's and B's. Each pass is
// an ordinary plan; two passes move the data twice but can send far fewer
// messages when the block sizes share no factor and the matrix is small.
// Pure, no MPI.
#pragma once

#include <vector>

#include "cost/cost_model.hpp"
#include "problem/problem.hpp"

namespace mr2d::plan {

/// Values equal mr2d_phases in mr2d.h (api/public_enums.hpp ties them).
enum class Phases { automatic = 0, one = 1, gcd = 2, lcm = 3 };

/// The intermediate matrix: the submatrix alone (m x n), on B's grid, with
/// block sizes gcd or lcm of A's and B's per dimension (B's where one side
/// has a single process, which needs no blocks), its first block on the
/// process that holds sub(B)'s first block.
model::MatrixLayout middle_layout(const model::Problem& pb, Phases via);

/// The problem of every pass: one for Phases::one, two otherwise.
std::vector<model::Problem> passes_for(const model::Problem& pb, Phases via);

/// Predicted time of a strategy: the sum of its passes under the model.
double predicted_seconds(const model::Problem& pb, Phases via, const model::CostModel& model);

/// The cheapest of one, gcd and lcm under the model (ties keep one pass).
Phases choose_phases(const model::Problem& pb, const model::CostModel& model);

}  // namespace mr2d::plan

// SPDX-License-Identifier: BSD-3-Clause
// The process-wide network model (model/network.hpp): from MR2D_NETWORK at
// the first use, or mr2d_set_network. Without one, the node-local cost model.
#pragma once

#include <string>

#include "cost/cost_model.hpp"

namespace mr2d::driver {

/// The cost model schedules and predictions use.
model::CostModel cost_model();

/// Replaces the network description ("" or null: none, the node-local model);
/// false (nothing changed) for an invalid one, with the reason in `error`.
bool set_network(const char* description, std::string& error);

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// Product schedules (see product.cpp). Pure, no MPI.
#pragma once

#include "schedule/schedule.hpp"

namespace mr2d::schedule {

struct ProductResult {
  Schedule schedule;             ///< steps only; kind left to the caller
  bool row_closed_form = false;  ///< the row dimension used the circulant closed form
  bool col_closed_form = false;
};

/// Product of the row and column schedules; with `closed_form`, dimensions
/// where the generalized circulant applies use it, others are coloured.
ProductResult product(const model::Problem& problem, const std::vector<model::Edge>& edges, bool closed_form);

}  // namespace mr2d::schedule

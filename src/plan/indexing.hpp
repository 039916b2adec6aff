// SPDX-License-Identifier: BSD-3-Clause
// Basic-block (BBC) versus complete-dimension (CDC) indexing (Chung
// and Hsu (1998) sections 3.1-3.3, Eq. 17).
// A plan's run sets start in BBC form: one period, replayed with shifts while
// packing. CDC tabulates a dimension over its whole local extent, so packing
// walks a flat table; it costs table memory and build time proportional to
// the runs of the extent. Pure, no MPI.
#pragma once

#include "plan/plan.hpp"

namespace mr2d::plan {

/// Values equal mr2d_indexing in mr2d.h (api/public_enums.hpp ties them).
enum class Indexing { automatic = 0, bbc = 1, cdc = 2 };

/// Chung and Hsu's condition (Eq. 17) for one message, rows being the inner
/// (contiguous) dimension: CDC pays when the tables of both dimensions are
/// smaller than the replay work BBC adds, one per period and column.
bool cdc_pays(const index::RunSet& rows, const index::RunSet& cols);

/// Rewrites the plan's run sets in CDC form where `mode` asks for it (auto:
/// the row sets whose messages satisfy cdc_pays; cdc: every set). Returns
/// whether any set was expanded.
bool apply_indexing(Plan& plan, Indexing mode);

}  // namespace mr2d::plan

// SPDX-License-Identifier: BSD-3-Clause
// Row tables kept from one kernel call to the next. An execution calls the
// kernels once per chunk and part with the same few run sets (the kept part,
// one transfer per peer), and a persistent plan executes them again and
// again; building a table walks every run of the local extent, comparing
// the run set with the one a kept table was built from walks one period.
// Pure, no MPI.
#pragma once

#include "index/runs_1d.hpp"
#include "kernels/row_table.hpp"

namespace mr2d::kernels {

/// The table of `rows` for `walk`, from the calling thread's cache or built
/// into it. The reference stays valid until this thread's next calls have
/// asked for kTableCacheSize other tables: one kernel call may hold that
/// many at once.
const RowTable& cached_table(const index::RunSet& rows, Walk walk);

/// Tables a thread keeps (least recently asked for goes first).
constexpr int kTableCacheSize = 4;

}  // namespace mr2d::kernels

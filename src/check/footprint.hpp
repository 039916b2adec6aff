// SPDX-License-Identifier: BSD-3-Clause
// Where a call reads and writes in one process's local arrays, and whether A
// and B share memory there. Pure, no MPI.
#pragma once

#include <cstdint>
#include <optional>

#include "common/index_types.hpp"
#include "check/call.hpp"

namespace mr2d::check {

/// The local rows [row0, row1) and columns [col0, col1) that hold the window
/// of a matrix on one process (every element of the window there lies in it).
struct LocalWindow {
  Index row0 = 0, row1 = 0, col0 = 0, col1 = 0;
  bool empty() const { return row0 >= row1 || col0 >= col1; }
};

/// The local window of the rows [i - 1, i - 1 + rows) and columns [j - 1,
/// j - 1 + cols) of a matrix with descriptor `d` on the process at `g`
/// (empty off the grid). The descriptor must have passed the checks.
LocalWindow local_window(const std::array<Index, DESC_LEN>& d, const GridInfo& g, Index i, Index j, Index rows,
                         Index cols);

/// The rows (or columns) a window of `count` positions at `stride` spans:
/// (count - 1) * stride + 1, 0 for none; nothing when that exceeds 64 bits.
std::optional<Index> window_span(Index count, Index stride);

/// The local windows of sub(A) and sub(B) of a call on this process (empty
/// where it holds none). The call must have passed make_report's checks.
void call_windows(const Call& call, LocalWindow& a, LocalWindow& b);

/// Whether elements of window `wa` of the array at address `a` (leading
/// dimension `lda`) and of window `wb` of the array at `b` may be the same
/// memory, for elements of `es` bytes. Exact where both arrays have the same
/// leading dimension and lie a whole number of elements apart; otherwise
/// the windows' byte spans decide.
bool windows_overlap(std::uintptr_t a, Index lda, const LocalWindow& wa, std::uintptr_t b, Index ldb,
                     const LocalWindow& wb, Index es);

}  // namespace mr2d::check

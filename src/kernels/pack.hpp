// SPDX-License-Identifier: BSD-3-Clause
// Copy kernels over (row runs x column runs) of column-major local arrays:
// pack into a contiguous message, unpack from one, or copy A to B directly
// for the part a process keeps. Each call turns the row runs into a flat
// table (row_table.hpp) merged on the side it walks, then replays it for
// every column with loops specialised by element size and run length
// (copy_loops.hpp). Pure, no MPI.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"

namespace mr2d::kernels {

/// Column positions [lo, hi) of the copied range a kernel call is limited to
/// (one pipelined chunk); the default covers everything.
struct Window {
  Index lo = 0;
  Index hi = INT64_MAX;
};

/// Copies the elements of rows x cols (clipped to the trapezoid) from the
/// source local array `a` (leading dimension lda, source-side local indices)
/// into `buf`, in message order. Returns the number of elements written.
Index pack(const void* a, Index lda, const index::RunSet& rows, const index::RunSet& cols,
           const index::Trapezoid& trapezoid, Index elem_size, void* buf, Window window = {});

/// The inverse of pack on the receiving side: message order -> destination
/// local array `b` (leading dimension ldb, destination-side local indices).
/// With `stream`, long runs are written to B around the caches, as by
/// copy_local.
Index unpack(const void* buf, const index::RunSet& rows, const index::RunSet& cols, const index::Trapezoid& trapezoid,
             Index elem_size, void* b, Index ldb, Window window = {}, bool stream = false);

/// Direct copy from A's local array to B's local array on one process.
/// `stream`: runs of kStreamRunMin bytes and more are written around the
/// caches (streamed_stores.hpp), and the call ends with a store fence.
Index copy_local(const void* a, Index lda, void* b, Index ldb, const index::RunSet& rows, const index::RunSet& cols,
                 const index::Trapezoid& trapezoid, Index elem_size, Window window = {}, bool stream = false);

}  // namespace mr2d::kernels

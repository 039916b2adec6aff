// SPDX-License-Identifier: BSD-3-Clause
// Writing B around the caches. A store to a line that is not in the cache
// first reads the line for ownership, so a cached copy into memory moves
// 1.5 times the bytes of the copy; a non-temporal store of a whole line only
// writes it. Worth it when an execution writes more of B than the caches
// keep, which B's next reader would then not find there anyway. Pure, no MPI.
#pragma once

#include <cstddef>

#include "common/index_types.hpp"

namespace mr2d::kernels {

/// Bytes of a cache line: streamed stores fill whole lines.
constexpr Index kStreamLine = 64;

/// Whether an execution that writes `bytes` of B here streams them: twice a
/// core's 2 MiB L2 and more.
inline bool streaming_pays(Index bytes) { return bytes >= (Index{4} << 20); }

/// Runs shorter than this are copied by memcpy even when streaming: in whole
/// redistributions streaming them was no faster, or up to 5 % slower (a
/// batch of eight 1000 x 1000 copies onto 100 x 37 blocks on 2 processes),
/// although alone they stream faster. From 8 KiB on memcpy's string moves
/// take over, and streaming the local part of a 4000 x 4000 copy was faster
/// (bench/README.md, "Kernel constants").
constexpr std::size_t kStreamRunMin = 8 << 10;

/// Copies `bytes` bytes. A run of `run_min` (kStreamRunMin) bytes or more is written
/// with non-temporal stores for the whole lines of `to`, through the caches
/// for the partial lines at either end (their other bytes belong to others);
/// shorter runs, and every run on processors without SSE2, by memcpy.
void stream_copy(void* to, const void* from, std::size_t bytes, std::size_t run_min = kStreamRunMin);

/// Writes `lines` whole lines from `from` to `to`, both kStreamLine-aligned,
/// with non-temporal stores (memcpy on processors without SSE2).
void stream_lines(void* to, const void* from, std::size_t lines);

/// Streamed stores are weakly ordered: call stream_fence() after the last
/// one of an execution, before B is handed to anyone (sfence).
void stream_fence();

}  // namespace mr2d::kernels

// SPDX-License-Identifier: BSD-3-Clause
// The transposed copy of a block of columns, the inner loop of a transform
// with op T, alpha 1 and beta 0: elements move bit for bit, so the kernel
// only depends on their size. Pure, no MPI.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/index_types.hpp"
#include "kernels/streamed_stores.hpp"

namespace mr2d::kernels {

/// Columns per block of the transposed copy: a row of the destination takes
/// 256 contiguous bytes from as many column streams.
template <std::size_t Size>
constexpr int kCopyBlock = 256 / Size > 0 ? static_cast<int>(256 / Size) : 1;

/// to[p * ldt + c] = from[c][p] for c < count and lo <= p < hi, elements of
/// Size bytes (4, 8 or 16); from[c] addresses column c's element 0, count is
/// at most kWideCopyBlock<Size>. Register tiles where the processor has AVX
/// (checked at run time), small scalar tiles elsewhere.
///
/// `stream`: the destination is larger than the caches and not read again by
/// this call. Where the processor has AVX-512 and rows are whole 64-byte lines
/// apart, every line of a row the block fills is then stored around the
/// caches with one non-temporal store: no read for ownership, so it costs one
/// write to memory instead of a read and a write. The lines it shares with
/// other data (a block starting or ending inside one) are stored through the
/// caches with masks. 8- and 16-byte elements; 4-byte ones take the cached
/// tiles.
/// Streamed stores are weakly ordered: call stream_fence() after the last
/// streamed copy, before B is handed to anyone (a fence per copy costs as
/// much as the copy when the copies are short).
template <std::size_t Size>
void transpose_copy(const void* const* from, int count, Index lo, Index hi, void* to, Index ldt, bool stream = false);

/// Element sizes with a streamed kernel.
template <std::size_t Size>
constexpr bool kStreams = Size == 8 || Size == 16;

/// Elements of Size bytes per 64-byte line.
template <std::size_t Size>
constexpr int kLineElems = static_cast<int>(kStreamLine / static_cast<Index>(Size));

/// Columns per block of a streamed copy: two lines of each row. Fewer
/// column streams than kCopyBlock, and faster streamed (4000 x 4000 doubles:
/// 0.0056 s against 0.0063 s with four lines, 0.0070 s with one).
template <std::size_t Size>
constexpr int kStreamBlock = 2 * kLineElems<Size>;

/// Whether rows of B `pitch` bytes apart fall on few cache sets: a multiple
/// of 512 bytes. Every pass of a block over its positions then writes a
/// piece of each of as many rows, and a pass that writes two lines or less
/// of each is slow; there, blocks take kCopyBlock columns, or the rest of a
/// run of columns adjacent in B in one pass where it fits in kWideCopyBlock,
/// streamed or not (see kLongRun for the exception). Measured (one process,
/// the copy of a message of 1024 columns of 1000 doubles in runs of 36, B
/// cold, streamed): rows 16 KiB apart, 0.44 ms against 0.72 ms in blocks of
/// kStreamBlock; 16.5 KiB, 0.36 against 0.47; 24 KiB, 0.61 against 0.87;
/// rows 16.25 or 16.06 KiB apart, 0.31 to 0.35 ms either way.
inline bool rows_share_sets(Index pitch) { return pitch % 512 == 0; }

/// Whether the source columns of a block, `pitch` bytes apart, fall on the
/// same cache sets: a multiple of 4 KiB.
inline bool columns_share_sets(Index pitch) { return pitch % 4096 == 0; }

/// Runs of more columns adjacent in B than this, whose source columns share
/// sets, keep blocks of kStreamBlock (kCopyBlock cached) even where B's rows
/// share sets: twice the source streams then cost more than the wider rows
/// save. Measured (mr2d_kernel_bench): the whole 4096 x 4096 transpose on one
/// process (runs of 4096, A's columns 32 KiB apart) 8.2 to 8.5 ms in blocks
/// of kStreamBlock against 9.1 to 9.7 ms in wide ones; runs of 64 to 256
/// with sources 16 or 32 KiB apart were faster in wide blocks (4096 x 4096,
/// 1x2 grids: 2.9 against 4.1 ms, 3.4 against 4.1 ms).
constexpr Index kLongRun = 1024;

/// Columns per block where rows share sets, at most: kCopyBlock and one line
/// more.
template <std::size_t Size>
constexpr int kWideCopyBlock = kCopyBlock<Size> + kLineElems<Size>;

/// Elements of its 64-byte line before `to` (0 if `to` starts one, or if
/// elements of Size bytes never start one there): a streamed block that
/// starts at `to` and ends on a line takes a multiple of kLineElems minus this.
template <std::size_t Size>
int elements_into_line(const void* to) {
  const auto address = reinterpret_cast<std::uintptr_t>(to);
  if (address % Size != 0) return 0;
  return static_cast<int>(address % kStreamLine / Size);
}

}  // namespace mr2d::kernels

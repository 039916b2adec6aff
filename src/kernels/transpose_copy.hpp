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
/// column streams than kCopyBlock, and faster streamed than four lines or
/// one (bench/README.md, "Kernel constants").
template <std::size_t Size>
constexpr int kStreamBlock = 2 * kLineElems<Size>;

/// Whether rows of B `pitch` bytes apart fall on few cache sets: a multiple
/// of 512 bytes. Every pass of a block over its positions then writes a
/// piece of each of as many rows, and a pass that writes two lines or less
/// of each is slow; there, blocks take kCopyBlock columns, or the rest of a
/// run of columns adjacent in B in one pass where it fits in kWideCopyBlock,
/// streamed or not (see kLongRun for the exception). Rows 16, 16.5 and
/// 24 KiB apart gained from it, rows 16.25 or 16.06 KiB apart neither gained
/// nor lost (bench/README.md, "Kernel constants").
inline bool rows_share_sets(Index pitch) { return pitch % 512 == 0; }

/// Whether the source columns of a block, `pitch` bytes apart, fall on the
/// same cache sets: a multiple of 4 KiB.
inline bool columns_share_sets(Index pitch) { return pitch % 4096 == 0; }

/// Runs of more columns adjacent in B than this, whose source columns share
/// sets, keep blocks of kStreamBlock (kCopyBlock cached) even where B's rows
/// share sets: twice the source streams then cost more than the wider rows
/// save: the whole 4096 x 4096 transpose on one process (runs of 4096, A's
/// columns 32 KiB apart) was faster in blocks of kStreamBlock, while runs of
/// 64 to 256 with sources 16 or 32 KiB apart were faster in wide blocks
/// (mr2d_kernel_bench; bench/README.md, "Kernel constants").
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

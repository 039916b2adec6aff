// The transposed copy of a block of columns, the inner loop of a transform
// with op T, alpha 1 and beta 0: elements move bit for bit, so the kernel
// only depends on their size. Pure, no MPI.
#pragma once

#include <cstddef>

#include "common/index_types.hpp"

namespace mr2d::kernels {

/// Columns per block of the transposed copy: a row of the destination takes
/// 256 contiguous bytes from as many column streams.
template <std::size_t Size>
constexpr int kCopyBlock = 256 / Size > 0 ? static_cast<int>(256 / Size) : 1;

/// to[p * ldt + c] = from[c][p] for c < count and lo <= p < hi, elements of
/// Size bytes (4, 8 or 16); from[c] addresses column c's element 0, count is
/// at most kCopyBlock<Size>. Register tiles where the processor has AVX
/// (checked at run time), small scalar tiles elsewhere.
template <std::size_t Size>
void transpose_copy(const void* const* from, int count, Index lo, Index hi, void* to, Index ldt);

}  // namespace mr2d::kernels

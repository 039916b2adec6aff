// SPDX-License-Identifier: BSD-3-Clause
// Every other 8-byte element of a source into consecutive elements: the
// copy of runs of one element that A's column holds alternately for two
// processes (a 1 x 2 grid of single columns onto a 2 x 1 grid of single
// rows: the kept part and the outgoing message each take every other row).
// The plain loop moves one element per load and store; two 16-byte loads
// and one shuffle move two, which matters where the loop, not memory,
// bounds the copy. Pure, no MPI.
#pragma once

#include <cstddef>

namespace mr2d::kernels {

/// to[k] = from[2k] for k < count, 8-byte elements, any alignment. Reads no
/// byte past from[2(count-1)]'s last one. `stream`: a run of kStreamRunMin
/// bytes and more is written with non-temporal stores from the first
/// 16-byte boundary of `to` on (streamed_stores.hpp; the caller fences).
void copy_every_other_8(unsigned char* to, const unsigned char* from, std::size_t count, bool stream = false);

}  // namespace mr2d::kernels

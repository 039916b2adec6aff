// SPDX-License-Identifier: BSD-3-Clause
// See pblas_desc.hpp.
#include "check/pblas_desc.hpp"

namespace mr2d::check {

Fault read_pblas_desc(const mr2d_int* d, const char* name, std::array<mr2d_int, DESC_LEN>& out, bool& inb) {
  inb = d[DTYPE] == kBlockCyclic2dInb;
  if (!inb) {
    for (int k = 0; k < DESC_LEN; ++k) out[static_cast<std::size_t>(k)] = d[k];
    if (d[DTYPE] != kBlockCyclic2d) return {name, Reason::bad_dtype, d[DTYPE], 0, DTYPE + 1};
    return {};
  }
  // Type 2: DTYPE_ CTXT_ M_ N_ IMB_ INB_ MB_ NB_ RSRC_ CSRC_ LLD_.
  const mr2d_int imb = d[4], inb_size = d[5];
  out = {kBlockCyclic2d, d[1], d[2], d[3], d[6], d[7], d[8], d[9], d[10]};
  if (imb < 1) return {name, Reason::not_positive, imb, 0, IMB_ENTRY};
  if (inb_size < 1) return {name, Reason::not_positive, inb_size, 0, INB_ENTRY};
  // A block size below 1 is the descriptor check's to report.
  if (out[MB] >= 1 && imb != out[MB]) return {name, Reason::first_block, imb, out[MB], IMB_ENTRY};
  if (out[NB] >= 1 && inb_size != out[NB]) return {name, Reason::first_block, inb_size, out[NB], INB_ENTRY};
  return {};
}

}  // namespace mr2d::check

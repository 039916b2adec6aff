// SPDX-License-Identifier: BSD-3-Clause
// See pblas_desc.hpp.
#include "check/pblas_desc.hpp"
#include "check/reasons.hpp"

namespace mr2d::check {

Fault read_pblas_desc(const mr2d_int* d, std::int64_t position, std::array<mr2d_int, DESC_LEN>& out, bool& inb) {
  const auto fault = [position](Reason why, std::int64_t value, std::int64_t limit, std::int64_t entry) {
    return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).named(position, entry);
  };
  inb = d[DTYPE] == kBlockCyclic2dInb;
  if (!inb) {
    for (int k = 0; k < DESC_LEN; ++k) out[static_cast<std::size_t>(k)] = d[k];
    if (d[DTYPE] != kBlockCyclic2d) return fault(Reason::bad_dtype, d[DTYPE], 0, DTYPE + 1);
    return {};
  }
  // Type 2: DTYPE_ CTXT_ M_ N_ IMB_ INB_ MB_ NB_ RSRC_ CSRC_ LLD_.
  const mr2d_int imb = d[4], inb_size = d[5];
  out = {kBlockCyclic2d, d[1], d[2], d[3], d[6], d[7], d[8], d[9], d[10]};
  if (imb < 1) return fault(Reason::not_positive, imb, 0, IMB_ENTRY);
  if (inb_size < 1) return fault(Reason::not_positive, inb_size, 0, INB_ENTRY);
  // A block size below 1 is the descriptor check's to report.
  if (out[MB] >= 1 && imb != out[MB]) return fault(Reason::first_block, imb, out[MB], IMB_ENTRY);
  if (out[NB] >= 1 && inb_size != out[NB]) return fault(Reason::first_block, inb_size, out[NB], INB_ENTRY);
  return {};
}

}  // namespace mr2d::check

// SPDX-License-Identifier: BSD-3-Clause
// Chunks to and from messages; see chunk_copy.hpp.
#include "transport/chunk_copy.hpp"

#include "common/status.hpp"
#include "kernels/pack.hpp"

namespace mr2d::transport {

void pack_section(const Parts& parts, const route::Section& s, unsigned char* dst) {
  const Part& part = parts[static_cast<std::size_t>(s.part)];
  const plan::Plan& plan = *part.plan;
  const plan::Transfer& t = plan.sends[static_cast<std::size_t>(s.transfer)];
  const Index n = kernels::pack(part.a, plan.lda, plan.rows(t), plan.cols(t), plan.trapezoid, plan.elem_size,
                                dst + s.offset, {s.col_lo, s.col_hi});
  MR2D_CHECK(n == s.count);
}

void unpack_section(const Parts& parts, const route::Section& s, const unsigned char* src) {
  const Part& part = parts[static_cast<std::size_t>(s.part)];
  const plan::Plan& plan = *part.plan;
  const plan::Transfer& t = plan.recvs[static_cast<std::size_t>(s.transfer)];
  const Index n = kernels::unpack_with(src + s.offset, plan.rows(t), plan.cols(t), plan.trapezoid, plan.elem_size,
                                       part.update, part.b, plan.ldb, {s.col_lo, s.col_hi}, part.stream);
  MR2D_CHECK(n == s.count);
}

}  // namespace mr2d::transport

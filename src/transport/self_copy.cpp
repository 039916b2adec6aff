// SPDX-License-Identifier: BSD-3-Clause
// The kept parts, by column windows; see self_copy.hpp.
#include "transport/self_copy.hpp"

#include "transport/exchange.hpp"

namespace mr2d::transport {

SelfCopies::SelfCopies(const Parts& parts, Traffic& traffic)
    : parts_(parts), traffic_(traffic), done_(parts.size(), INT64_MAX), copied_(parts.size(), 0) {
  for (std::size_t p = 0; p < parts.size(); ++p)
    if (parts[p].plan->has_self) {
      done_[p] = 0;
      ++unfinished_;
    }
}

bool SelfCopies::upto(std::size_t p, Index column) {
  if (column <= done_[p]) return false;
  const Part& part = parts_[p];
  const plan::Plan& plan = *part.plan;
  const Index n = kernels::copy_with(part.a, plan.lda, part.b, plan.ldb, plan.rows(plan.self),
                                     plan.cols(plan.self), plan.trapezoid, plan.elem_size,
                                     part.update, {done_[p], column}, part.stream);
  done_[p] = column;
  copied_[p] += n;
  traffic_.bytes_local += n * plan.elem_size;
  if (column == INT64_MAX) {
    MR2D_CHECK(copied_[p] == plan.self.count);
    --unfinished_;
  }
  return true;
}

void SelfCopies::before(const route::Chunk& chunk) {
  for (const route::Section& s : chunk.sections) upto(static_cast<std::size_t>(s.part), s.col_hi);
}

void SelfCopies::advance(const route::Chunk* next) {
  bool copied = false;
  if (next != nullptr)
    for (const route::Section& s : next->sections)
      copied = upto(static_cast<std::size_t>(s.part), s.col_hi) || copied;
  if (copied) return;
  for (std::size_t p = 0; p < parts_.size(); ++p)
    if (upto(p, INT64_MAX)) return;
}

void SelfCopies::finish() {
  for (std::size_t p = 0; p < parts_.size(); ++p) upto(p, INT64_MAX);
}

}  // namespace mr2d::transport

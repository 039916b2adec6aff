// SPDX-License-Identifier: BSD-3-Clause
// The kept parts, by column windows; see self_copy.hpp.
#include "transport/self_copy.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "transport/exchange.hpp"

namespace mr2d::transport {

namespace {

// Whether two sets of positions (columns) have one in common.
bool overlap(const index::RunSet& x, const index::RunSet& y) {
  std::vector<std::pair<Index, Index>> xs;  // [first, end) of each run, ascending
  x.for_each([&](Index t, Index len, Index, Index) { xs.emplace_back(t, t + len); });
  std::size_t k = 0;
  bool found = false;
  y.for_each([&](Index t, Index len, Index, Index) {
    while (k < xs.size() && xs[k].second <= t) ++k;
    if (k < xs.size() && xs[k].first < t + len) found = true;
  });
  return found;
}

}  // namespace

SelfCopies::SelfCopies(const Parts& parts, Traffic& traffic)
    : parts_(parts),
      traffic_(traffic),
      done_(parts.size(), INT64_MAX),
      copied_(parts.size(), 0),
      follows_sends_(parts.size(), false) {
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const plan::Plan& plan = *parts[p].plan;
    if (!plan.has_self) continue;
    done_[p] = 0;
    ++unfinished_;
    // A send of the same column peer has the same set of A's columns.
    const bool shares_a = std::any_of(plan.sends.begin(), plan.sends.end(),
                                      [&](const plan::Transfer& t) { return t.col_set == plan.self.col_set; });
    follows_sends_[p] = shares_a && std::none_of(plan.recvs.begin(), plan.recvs.end(), [&](const plan::Transfer& t) {
                          return overlap(plan.cols(plan.self), plan.cols(t));
                        });
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

void SelfCopies::after_packing(const route::Chunk& chunk) {
  for (const route::Section& s : chunk.sections)
    if (follows_sends_[static_cast<std::size_t>(s.part)]) upto(static_cast<std::size_t>(s.part), s.col_hi);
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

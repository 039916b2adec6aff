// SPDX-License-Identifier: BSD-3-Clause
// Flat row tables; see row_table.hpp.
#include "kernels/row_table.hpp"

#include <algorithm>

namespace mr2d::kernels {

void RowTable::build(const index::RunSet& rows, Walk walk) {
  segments_.clear();
  starts_.clear();
  Index pos = 0;  // message position of the next run
  rows.for_each([&](Index, Index len, Index src, Index dst) {
    const Index from = walk == Walk::unpack ? pos : src;
    const Index to = walk == Walk::pack ? pos : dst;
    if (!segments_.empty()) {
      Segment& last = segments_.back();
      if (last.from + last.len == from && last.to + last.len == to) {
        last.len += len;
        pos += len;
        return;
      }
    }
    segments_.push_back({from, to, len});
    starts_.push_back(pos);
    pos += len;
  });
  starts_.push_back(pos);
  find_uniform_stride();
}

void RowTable::find_uniform_stride() {
  uniform_len_ = from_stride_ = to_stride_ = 0;
  woven_len_ = woven_from_stride_ = woven_to_stride_ = 0;
  if (segments_.empty()) return;
  const Segment& first = segments_.front();
  const Index from_step = segments_.size() > 1 ? segments_[1].from - first.from : 0;
  const Index to_step = segments_.size() > 1 ? segments_[1].to - first.to : 0;
  const std::size_t last = segments_.size() - 1;
  for (std::size_t k = 1; k < segments_.size(); ++k) {
    const Segment& s = segments_[k];
    const Segment& prev = segments_[k - 1];
    const bool len_fits = k < last ? s.len == first.len : s.len <= first.len;
    if (!len_fits || s.from - prev.from != from_step || s.to - prev.to != to_step) return;
  }
  woven_len_ = first.len;
  woven_from_stride_ = from_step;
  woven_to_stride_ = to_step;
  if (segments_.back().len != first.len) return;
  uniform_len_ = first.len;
  from_stride_ = from_step;
  to_stride_ = to_step;
}

std::pair<std::size_t, std::size_t> RowTable::covering(Index lo, Index hi) const {
  // starts_ ascends strictly from 0: the segment holding lo is the last one
  // starting at or before it; the range ends before the first one starting at hi or later.
  const auto first = std::upper_bound(starts_.begin(), starts_.end() - 1, lo) - 1;
  const auto last = std::lower_bound(first, starts_.end() - 1, hi);
  return {static_cast<std::size_t>(first - starts_.begin()), static_cast<std::size_t>(last - starts_.begin())};
}

}  // namespace mr2d::kernels

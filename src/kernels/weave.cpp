// SPDX-License-Identifier: BSD-3-Clause
// Alternating row tables; see weave.hpp.
#include "kernels/weave.hpp"

#include "common/status.hpp"
#include "kernels/table_cache.hpp"

namespace mr2d::kernels {

namespace {

Index woven(const Segment& s, WeaveSide side) { return side == WeaveSide::to ? s.to : s.from; }

}  // namespace

Weave Weave::in_bytes(Index es) const {
  Weave w = *this;
  w.lead *= es;
  w.gap *= es;
  w.step *= es;
  w.len *= es;
  w.tail *= es;
  for (int k = 0; k < 2; ++k) {
    w.other_step[k] *= es;
    w.other0[k] *= es;
  }
  return w;
}

bool weave_of(const RowTable& one, const RowTable& two, WeaveSide side, Weave& w) {
  if (one.size() < 2 || two.size() < 2 || one.woven_len() == 0 || two.woven_len() == 0) return false;
  const bool on_to = side == WeaveSide::to;
  const Index step_one = on_to ? one.woven_to_stride() : one.woven_from_stride();
  const Index step_two = on_to ? two.woven_to_stride() : two.woven_from_stride();
  if (one.woven_len() != two.woven_len() || step_one != step_two) return false;
  w.first_is_one = woven(one.segments()[0], side) < woven(two.segments()[0], side);
  const RowTable& first = w.first_is_one ? one : two;
  const RowTable& second = w.first_is_one ? two : one;
  w.len = first.woven_len();
  w.step = step_one;
  w.lead = woven(first.segments()[0], side);
  w.gap = woven(second.segments()[0], side) - w.lead;
  // The second's run lies between two runs of the first.
  if (w.gap < w.len || w.gap + w.len > w.step) return false;
  if (first.size() != second.size() && first.size() != second.size() + 1) return false;
  w.pairs = static_cast<Index>(second.size());
  w.extra = first.size() > second.size();
  // Only the last run of all may be short: the other table's last is full.
  const RowTable& ends = w.extra ? first : second;
  if ((w.extra ? second : first).last_len() != w.len) return false;
  w.tail = ends.last_len();
  w.other_step[0] = on_to ? first.woven_from_stride() : first.woven_to_stride();
  w.other_step[1] = on_to ? second.woven_from_stride() : second.woven_to_stride();
  w.other0[0] = on_to ? first.segments()[0].from : first.segments()[0].to;
  w.other0[1] = on_to ? second.segments()[0].from : second.segments()[0].to;
  return true;
}

namespace {

// The copied columns of `cols` inside `window`, in order: (position, then
// the destination column where `by_dst`, else the source column) of each
// into `key`, and the other column into `other` (if not null).
void window_columns(const index::RunSet& cols, Window window, bool by_dst, std::vector<Index>& key,
                    std::vector<Index>* other) {
  key.clear();
  if (other != nullptr) other->clear();
  cols.for_each_in(window.lo, window.hi, [&](Index t, Index len, Index src, Index dst) {
    const Index j0 = window.lo > t ? window.lo - t : 0;
    const Index j1 = window.hi < t + len ? window.hi - t : len;
    for (Index j = j0; j < j1; ++j) {
      key.push_back(t + j);
      key.push_back((by_dst ? dst : src) + j);
      if (other != nullptr) other->push_back((by_dst ? src : dst) + j);
    }
  });
}

struct Scratch {
  std::vector<Index> keys[2];
  WovenColumns columns;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

}  // namespace

TwoSourceCount WovenColumns::counts() const {
  const Index first = per_column[0] * columns(), second = per_column[1] * columns();
  return first_is_one ? TwoSourceCount{first, second} : TwoSourceCount{second, first};
}

bool woven_fit(const WovenSides& sides, WeaveSide side, const index::Trapezoid& trapezoid, Index elem_size,
               Window window) {
  if (trapezoid.shape != index::Shape::full) return false;
  if (elem_size != 4 && elem_size != 8 && elem_size != 16) return false;
  for (int k = 0; k < 2; ++k)
    if (sides.rows[k] == nullptr || sides.cols[k] == nullptr) return false;
  Weave w;
  if (!weave_of(cached_table(*sides.rows[0], sides.walk[0]), cached_table(*sides.rows[1], sides.walk[1]), side, w))
    return false;
  Scratch& s = scratch();
  for (int k = 0; k < 2; ++k) window_columns(*sides.cols[k], window, side == WeaveSide::to, s.keys[k], nullptr);
  return s.keys[0] == s.keys[1];
}

const WovenColumns& woven_columns(const WovenSides& sides, WeaveSide side, Index elem_size, Window window) {
  const RowTable& one = cached_table(*sides.rows[0], sides.walk[0]);
  const RowTable& two = cached_table(*sides.rows[1], sides.walk[1]);
  Weave w;
  MR2D_CHECK(weave_of(one, two, side, w));
  Scratch& s = scratch();
  WovenColumns& c = s.columns;
  c.bytes = w.in_bytes(elem_size);
  c.first_is_one = w.first_is_one;
  c.per_column[0] = (w.first_is_one ? one : two).total();
  c.per_column[1] = (w.first_is_one ? two : one).total();
  const int first = w.first_is_one ? 0 : 1;
  const bool by_dst = side == WeaveSide::to;
  window_columns(*sides.cols[first], window, by_dst, s.keys[0], &c.other[0]);
  window_columns(*sides.cols[1 - first], window, by_dst, s.keys[1], &c.other[1]);
  MR2D_CHECK(s.keys[0] == s.keys[1]);
  c.shared.clear();
  for (std::size_t k = 1; k < s.keys[0].size(); k += 2) c.shared.push_back(s.keys[0][k]);
  return c;
}

}  // namespace mr2d::kernels

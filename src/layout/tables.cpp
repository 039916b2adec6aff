// SPDX-License-Identifier: BSD-3-Clause
// Checks and hash of grid layouts; see tables.hpp.
#include "layout/tables.hpp"

#include <algorithm>

#include "mr2d/mr2d.h"
#include "layout/reasons.hpp"

namespace mr2d::layout {

namespace {

// A fault of the layout at `index` of `table`.
Fault fault_at(LayoutReason why, Index table, Index index, Index value, Index limit = 0) {
  return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).in(table, index);
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  // splitmix64 finaliser over the running value: every word moves every bit.
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

Fault splits_fault(const std::vector<Index>& s, Index extent, Index table) {
  if (s.front() != 0) return fault_at(LayoutReason::split_first, table, 0, s.front(), 0);
  for (std::size_t k = 1; k < s.size(); ++k)
    if (s[k] < s[k - 1]) return fault_at(LayoutReason::split_order, table, static_cast<Index>(k), s[k], s[k - 1]);
  if (s.back() != extent)
    return fault_at(LayoutReason::split_last, table, static_cast<Index>(s.size()) - 1, s.back(), extent);
  return {};
}

// The block given twice that the message names: of the lowest block given
// more than once, its second position (the rare error path sorts).
Fault first_twice(const Tables& t, const std::vector<Block>& blocks) {
  const Index R = t.block_rows();
  std::vector<std::pair<Index, Index>> given;  // (r + c * R, position in blocks)
  given.reserve(blocks.size());
  for (std::size_t k = 0; k < blocks.size(); ++k)
    given.emplace_back(blocks[k].row + blocks[k].col * R, static_cast<Index>(k));
  std::sort(given.begin(), given.end());
  for (std::size_t k = 1; k < given.size(); ++k)
    if (given[k].first == given[k - 1].first) {
      const Block& b = blocks[static_cast<std::size_t>(given[k].second)];
      return fault_at(LayoutReason::block_twice, 3, given[k].second, b.row, b.col);
    }
  return {};
}

}  // namespace

std::uint64_t hash(const Tables& t) {
  std::uint64_t h = mix(0x6c61796f7574ULL, static_cast<std::uint64_t>(t.rows));
  h = mix(h, static_cast<std::uint64_t>(t.cols));
  h = mix(h, t.row_splits.size());
  h = mix(h, t.col_splits.size());
  for (Index v : t.row_splits) h = mix(h, static_cast<std::uint64_t>(v));
  for (Index v : t.col_splits) h = mix(h, static_cast<std::uint64_t>(v));
  for (int v : t.owners) h = mix(h, static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)));
  return h;
}

Fault check_tables(const Tables& t, int union_size) {
  Fault f = splits_fault(t.row_splits, t.rows, 0);
  if (f.ok()) f = splits_fault(t.col_splits, t.cols, 1);
  if (!f.ok()) return f;
  for (std::size_t k = 0; k < t.owners.size(); ++k)
    if (t.owners[k] < 0 || t.owners[k] >= union_size)
      return fault_at(LayoutReason::owner_range, 2, static_cast<Index>(k), t.owners[k], union_size);
  return {};
}

Fault check_blocks(const Tables& t, int me, const std::vector<Block>& blocks, std::vector<int>* position_of) {
  const Index R = t.block_rows(), C = t.block_cols();
  // Each block's position by linear index (one pass, no sort: layouts of a
  // million blocks are checked on every plan creation).
  std::vector<int> local;
  std::vector<int>& at = position_of != nullptr ? *position_of : local;
  at.assign(t.owners.size(), -1);
  bool twice = false;
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    const Block& b = blocks[k];
    const auto pos = static_cast<Index>(k);
    if (b.row < 0 || b.row >= R || b.col < 0 || b.col >= C)
      return fault_at(LayoutReason::block_index, 3, pos, b.row, b.col);
    if (t.owner(b.row, b.col) != me) return fault_at(LayoutReason::not_owned, 3, pos, b.row, b.col);
    const Index need = std::max<Index>(1, t.rows_of(b.row));
    if (b.ld < need) return fault_at(LayoutReason::ld_small, 3, pos, b.ld, need);
    if (b.by_offset() && b.offset < 0) return fault_at(LayoutReason::offset_negative, 3, pos, b.offset, 0);
    int& first = at[static_cast<std::size_t>(b.row + b.col * R)];
    if (first >= 0)
      twice = true;
    else
      first = static_cast<int>(k);
  }
  if (twice) return first_twice(t, blocks);
  // Every non-empty block owned here must be among them.
  for (Index c = 0; c < C; ++c)
    for (Index r = 0; r < R; ++r)
      if (at[static_cast<std::size_t>(r + c * R)] < 0 && t.owner(r, c) == me && t.rows_of(r) > 0 && t.cols_of(c) > 0)
        return fault_at(LayoutReason::block_missing, 3, 0, r, c);
  return {};
}

}  // namespace mr2d::layout

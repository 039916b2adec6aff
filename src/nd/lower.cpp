// SPDX-License-Identifier: BSD-3-Clause
// The grid-layout form of an N-D redistribution; see lower.hpp.
#include "nd/lower.hpp"

#include <limits>

#include "mr2d/mr2d.h"

namespace mr2d::nd {

namespace {

// A block along one axis of the 2D view: where it starts and how long it is
// along the axis, and its share of the owner's position number and of the
// local offset of its elements.
struct AxisBlock {
  Index start = 0, len = 0;
  Index pos = 0, offset = 0;
};

// One side (A, or B with A's dimension d as its dimension side_dim[d]).
struct Side {
  const Array& array;
  std::vector<int> side_dim;
  std::vector<Index> stride;  ///< local element stride of each of its dimensions

  Side(const Array& a, std::vector<int> dims) : array(a), side_dim(std::move(dims)) {
    stride.assign(a.dims.size() + 1, 1);
    for (std::size_t e = 0; e < a.dims.size(); ++e) stride[e + 1] = stride[e] * a.leading[e];
  }
  const Dim& dim(int a_dim) const {
    return array.dims[static_cast<std::size_t>(side_dim[static_cast<std::size_t>(a_dim)])];
  }
  int e(int a_dim) const { return side_dim[static_cast<std::size_t>(a_dim)]; }
};

// Blocks of A's window along its dimensions [lo, hi) (lo fastest) as `side`
// cuts them: dimension lo at the side's block boundaries, each index of the
// others on its own. `counts` are the window's extents in A's dimensions.
std::vector<AxisBlock> axis_blocks(const Side& side, const std::vector<Index>& counts, int lo, int hi) {
  std::vector<AxisBlock> blocks;
  if (lo == hi) {
    blocks.push_back({0, 1, 0, 0});
    return blocks;
  }
  const Dim& first = side.dim(lo);
  const int e0 = side.e(lo);
  const Index c0 = counts[static_cast<std::size_t>(lo)];
  for (Index t = 0; t < c0;) {
    const Index g = first.start + t;
    const Index len = std::min(first.block - g % first.block, c0 - t);
    blocks.push_back({t, len, side.array.owner(e0, g) * first.weight,
                      side.array.local(e0, g) * side.stride[static_cast<std::size_t>(e0)]});
    t += len;
  }
  Index extent = c0;
  for (int j = lo + 1; j < hi; ++j) {
    const Dim& x = side.dim(j);
    const int e = side.e(j);
    const Index c = counts[static_cast<std::size_t>(j)];
    std::vector<AxisBlock> wider;
    wider.reserve(blocks.size() * static_cast<std::size_t>(c));
    for (Index i = 0; i < c; ++i) {
      const Index g = x.start + i;
      const Index pos = side.array.owner(e, g) * x.weight;
      const Index offset = side.array.local(e, g) * side.stride[static_cast<std::size_t>(e)];
      for (const AxisBlock& b : blocks) wider.push_back({i * extent + b.start, b.len, b.pos + pos, b.offset + offset});
    }
    blocks.swap(wider);
    extent *= c;
  }
  return blocks;
}

// How many blocks axis_blocks would give, capped at `cap`.
Index axis_block_count(const Side& side, const std::vector<Index>& counts, int lo, int hi, Index cap) {
  if (lo == hi) return 1;
  const Dim& first = side.dim(lo);
  const Index c0 = counts[static_cast<std::size_t>(lo)];
  Index n = 0;
  if (c0 > 0) {
    const Index head = std::min(first.block - first.start % first.block, c0);
    n = 1 + (c0 - head + first.block - 1) / first.block;
  }
  for (int j = lo + 1; j < hi; ++j) n = mul_capped(n, counts[static_cast<std::size_t>(j)], cap);
  return std::min(n, cap);
}

std::vector<Index> splits_of(const std::vector<AxisBlock>& blocks, Index extent) {
  std::vector<Index> splits;
  splits.reserve(blocks.size() + 1);
  for (const AxisBlock& b : blocks) splits.push_back(b.start);
  splits.push_back(extent);
  if (blocks.empty()) splits.insert(splits.begin(), 0);  // one empty block
  return splits;
}

// The layout with `rows` blocks down and `cols` across (each possibly empty).
Layout layout_of(const Side& side, const std::vector<AxisBlock>& rows, Index row_extent,
                 const std::vector<AxisBlock>& cols, Index col_extent, Index ld, Index me) {
  Layout out;
  out.rows = row_extent;
  out.cols = col_extent;
  out.row_splits = splits_of(rows, row_extent);
  out.col_splits = splits_of(cols, col_extent);
  const Index nr = out.block_rows(), nc = out.block_cols();
  out.owners.assign(static_cast<std::size_t>(nr * nc), side.array.rank_at(0));
  for (std::size_t c = 0; c < cols.size(); ++c)
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const Index owner = side.array.rank_at(rows[r].pos + cols[c].pos);
      out.owners[r + c * static_cast<std::size_t>(nr)] = owner;
      if (owner == me)
        out.mine.push_back({static_cast<Index>(r), static_cast<Index>(c), rows[r].offset + cols[c].offset, ld});
    }
  return out;
}

}  // namespace

Fault lower(const Array& a, const Array& b, const std::vector<int>& perm, Index me, Lowered& out) {
  const int n = a.ndims();
  std::vector<Index> counts(static_cast<std::size_t>(n));
  for (int d = 0; d < n; ++d) counts[static_cast<std::size_t>(d)] = a.dims[static_cast<std::size_t>(d)].count;
  int r = 0;  // A's dimension that becomes B's first
  while (perm[static_cast<std::size_t>(r)] != 0) ++r;
  const int k = r == 0 ? 1 : r;
  out.op = r == 0 ? 'N' : 'T';

  std::vector<int> same(static_cast<std::size_t>(n));
  for (int d = 0; d < n; ++d) same[static_cast<std::size_t>(d)] = d;
  const Side sa(a, same), sb(b, perm);

  // The window's element count must fit in 64 bits (each process's local
  // array does, the whole window need not).
  const Index cap = std::numeric_limits<Index>::max();
  Index rows = 1, cols = 1, elements = 1;
  for (int d = 0; d < n; ++d) {
    Index& extent = d < k ? rows : cols;
    extent = mul_capped(extent, counts[static_cast<std::size_t>(d)], cap);
    elements = mul_capped(elements, counts[static_cast<std::size_t>(d)], cap);
  }
  if (elements == cap) return Fault::of(MR2D_ERR_ARGUMENT, Reason::nd_window_overflow).in(-1, 0);
  // Check the tables' sizes before building them.
  for (const Side* s : {&sa, &sb}) {
    const Index blocks =
        mul_capped(axis_block_count(*s, counts, 0, k, cap), axis_block_count(*s, counts, k, n, cap), cap);
    // Index 0: A's description is too fine, 1: B's.
    if (blocks > kMaxBlocks)
      return Fault::of(MR2D_ERR_ARGUMENT, Reason::nd_too_many_blocks, blocks, kMaxBlocks).in(-1, s == &sa ? 0 : 1);
  }
  const bool empty = rows == 0 || cols == 0;
  auto blocks_of = [&](const Side& s, int lo, int hi) {
    return empty ? std::vector<AxisBlock>{} : axis_blocks(s, counts, lo, hi);
  };
  const Index ld_a = sa.stride[static_cast<std::size_t>(k < n ? k : n)];
  out.a = layout_of(sa, blocks_of(sa, 0, k), rows, blocks_of(sa, k, n), cols, std::max<Index>(ld_a, 1), me);
  if (out.op == 'N') {
    const Index ld_b =
        k < n ? sb.stride[static_cast<std::size_t>(perm[static_cast<std::size_t>(k)])] : sb.stride.back();
    out.b = layout_of(sb, blocks_of(sb, 0, k), rows, blocks_of(sb, k, n), cols, std::max<Index>(ld_b, 1), me);
    out.m = rows;
    out.n = cols;
  } else {
    const Index ld_b = sb.stride[static_cast<std::size_t>(perm[0])];
    out.b = layout_of(sb, blocks_of(sb, k, n), cols, blocks_of(sb, 0, k), rows, std::max<Index>(ld_b, 1), me);
    out.m = cols;
    out.n = rows;
  }
  return {};
}

}  // namespace mr2d::nd

// SPDX-License-Identifier: BSD-3-Clause
// Tiles of a grid-layout redistribution; see tiles.hpp.
#include "layout/tiles.hpp"

#include <algorithm>
#include <unordered_map>

#include "index/cyclic_1d.hpp"

namespace mr2d::layout {

namespace {

// Per segment, the process coordinates of a block-cyclic dimension that hold
// part of it and how many positions (compressed rows).
struct Counts {
  std::vector<std::size_t> start{0};
  std::vector<std::pair<int, Index>> entries;
  template <class F>
  void each(std::size_t seg, F&& f) const {
    for (std::size_t k = start[seg]; k < start[seg + 1]; ++k) f(entries[k].first, entries[k].second);
  }
};

Counts counts_of(const std::vector<Segment>& segs, Index nb, Index nprocs, Index src, Index first) {
  Counts out;
  for (const Segment& s : segs) {
    const Index g0 = first + s.lo, g1 = first + s.hi;
    const Index b0 = g0 / nb, b1 = (g1 - 1) / nb;
    if (b1 - b0 + 1 >= nprocs) {
      for (Index p = 0; p < nprocs; ++p) {
        const Index c = index::numroc(g1, nb, p, src, nprocs) - index::numroc(g0, nb, p, src, nprocs);
        if (c > 0) out.entries.emplace_back(static_cast<int>(p), c);
      }
    } else {  // fewer blocks than processes: each block on its own process
      for (Index blk = b0; blk <= b1; ++blk)
        out.entries.emplace_back(static_cast<int>(pos_mod(blk + src, nprocs)),
                                 std::min(g1, (blk + 1) * nb) - std::max(g0, blk * nb));
    }
    out.start.push_back(out.entries.size());
  }
  return out;
}

Counts row_counts(const Tiling& t, const model::MatrixLayout& l) {
  return counts_of(t.rows, l.mb, l.nprow, l.rsrc, l.i0);
}
Counts col_counts(const Tiling& t, const model::MatrixLayout& l) {
  return counts_of(t.cols, l.nb, l.npcol, l.csrc, l.j0);
}

// Whether process row (or column) `p` holds part of each segment.
std::vector<char> mine(const Counts& c, std::size_t segs, Index p) {
  std::vector<char> out(segs, 0);
  if (p < 0) return out;
  for (std::size_t s = 0; s < segs; ++s) c.each(s, [&](int q, Index) { out[s] = out[s] || q == p; });
  return out;
}

// Grid coordinates of `me` in a block-cyclic layout, (-1, -1) outside.
std::pair<Index, Index> coord(const model::MatrixLayout& l, int me) {
  for (Index r = 0; r < l.nprow; ++r)
    for (Index c = 0; c < l.npcol; ++c)
      if (l.rank_at(r, c) == me) return {r, c};
  return {-1, -1};
}

// Membership of one side in each tile: a grid side's owner, or a
// block-cyclic side's share of the tile's rows and columns.
struct Member {
  bool grid;
  std::vector<char> rows, cols;
};

Member member_of(const Tiling& t, const Side& s, int me) {
  Member m{s.grid != nullptr, {}, {}};
  if (m.grid) return m;
  const auto [r, c] = coord(s.cyclic, me);
  m.rows = mine(row_counts(t, s.cyclic), t.rows.size(), r);
  m.cols = mine(col_counts(t, s.cyclic), t.cols.size(), c);
  return m;
}

// One more than the highest rank a side names (its owners or its grid).
int rank_bound(const Side& s) {
  const std::vector<int>& ranks = s.grid != nullptr ? s.grid->owners : s.cyclic.rank_of;
  return ranks.empty() ? 0 : *std::max_element(ranks.begin(), ranks.end()) + 1;
}

// Pairs up to which pair_volumes keeps a dense table (1 MiB of counts).
constexpr Index kDensePairs = Index{1} << 17;

void solo(model::MatrixLayout& l, Index rows, Index cols, Index i0, Index j0, int owner) {
  l.rows = rows;
  l.cols = cols;
  l.mb = std::max<Index>(rows, 1);
  l.nb = std::max<Index>(cols, 1);
  l.rsrc = l.csrc = 0;
  l.i0 = i0;
  l.j0 = j0;
  l.nprow = l.npcol = 1;
  l.row_stride = l.col_stride = 1;
  l.rank_of.assign(1, owner);
}

}  // namespace

std::vector<Segment> merge_splits(Index extent, const std::vector<Index>* a, Index a_start, const std::vector<Index>* b,
                                  Index b_start) {
  std::vector<Index> cuts{0, extent};
  for (const auto& [s, start] : {std::pair{a, a_start}, std::pair{b, b_start}}) {
    if (s == nullptr) continue;
    // Only the splits strictly inside the window cut it.
    auto lo = std::upper_bound(s->begin(), s->end(), start);
    auto hi = std::lower_bound(s->begin(), s->end(), start + extent);
    for (auto it = lo; it < hi; ++it) cuts.push_back(*it - start);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  // The block holding position x: the last split at or before it.
  auto block = [](const std::vector<Index>* s, Index x) {
    return s == nullptr ? -1 : static_cast<int>(std::upper_bound(s->begin(), s->end(), x) - s->begin() - 1);
  };
  std::vector<Segment> out;
  out.reserve(cuts.size());
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k)
    out.push_back({cuts[k], cuts[k + 1], block(a, a_start + cuts[k]), block(b, b_start + cuts[k])});
  return out;
}

Tiling make_tiling(Index m, Index n, bool transposed, const Side& a, const Side& b, Index elem_size) {
  Tiling t;
  t.m = m;
  t.n = n;
  t.transposed = transposed;
  t.a = a;
  t.b = b;
  t.elem_size = elem_size;
  const std::vector<Index>* ar = a.grid != nullptr ? &a.grid->row_splits : nullptr;
  const std::vector<Index>* ac = a.grid != nullptr ? &a.grid->col_splits : nullptr;
  const std::vector<Index>* br = nullptr;
  const std::vector<Index>* bc = nullptr;
  Index br0 = b.row0, bc0 = b.col0;
  if (b.grid != nullptr) {
    br = transposed ? &b.grid->col_splits : &b.grid->row_splits;
    bc = transposed ? &b.grid->row_splits : &b.grid->col_splits;
    if (transposed) std::swap(br0, bc0);
  }
  t.rows = merge_splits(m, ar, a.row0, br, br0);
  t.cols = merge_splits(n, ac, a.col0, bc, bc0);
  return t;
}

std::vector<std::pair<int, int>> tiles_of(const Tiling& t, int me) {
  const Member ma = member_of(t, t.a, me), mb = member_of(t, t.b, me);
  std::vector<std::pair<int, int>> out;
  for (std::size_t c = 0; c < t.cols.size(); ++c)
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      const Segment& rs = t.rows[r];
      const Segment& cs = t.cols[c];
      const bool in_a = ma.grid ? t.owner_a(rs, cs) == me : ma.rows[r] && ma.cols[c];
      const bool in_b = mb.grid ? t.owner_b(rs, cs) == me : mb.rows[r] && mb.cols[c];
      if (in_a || in_b) out.emplace_back(static_cast<int>(r), static_cast<int>(c));
    }
  return out;
}

std::vector<model::Edge> pair_volumes(const Tiling& t) {
  // Volumes by pair: a dense table of ranks x ranks where it is small (one
  // addition per tile, millions of tiles), a hash map otherwise.
  const int ranks = std::max(rank_bound(t.a), rank_bound(t.b));
  const bool dense = static_cast<Index>(ranks) * ranks <= kDensePairs;
  std::vector<Index> table(dense ? static_cast<std::size_t>(ranks) * static_cast<std::size_t>(ranks) : 0, 0);
  std::unordered_map<std::uint64_t, Index> volume;
  auto add = [&](int from, int to, Index count) {
    if (from == to || count <= 0) return;
    if (dense)
      table[static_cast<std::size_t>(from) * static_cast<std::size_t>(ranks) + static_cast<std::size_t>(to)] += count;
    else
      volume[(static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32) | static_cast<std::uint32_t>(to)] +=
          count;
  };
  if (t.a.grid == nullptr && t.b.grid == nullptr) {
    TileProblems problems(t);
    for (const model::Edge& e : model::all_edges(problems.at(t.rows.front(), t.cols.front())))
      add(e.from, e.to, e.count);
  } else if (t.a.grid != nullptr && t.b.grid != nullptr) {
    for (const Segment& c : t.cols)
      for (const Segment& r : t.rows) add(t.owner_a(r, c), t.owner_b(r, c), (r.hi - r.lo) * (c.hi - c.lo));
  } else {
    // One grid side: its block owner meets the block-cyclic side's processes.
    const bool grid_a = t.a.grid != nullptr;
    const model::MatrixLayout& l = grid_a ? t.b.cyclic : t.a.cyclic;
    const Counts rc = row_counts(t, l), cc = col_counts(t, l);
    for (std::size_t c = 0; c < t.cols.size(); ++c)
      for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const int owner = grid_a ? t.owner_a(t.rows[r], t.cols[c]) : t.owner_b(t.rows[r], t.cols[c]);
        rc.each(r, [&](int pr, Index nr) {
          cc.each(c, [&](int pc, Index nc) {
            const int other = l.rank_at(pr, pc);
            grid_a ? add(owner, other, nr * nc) : add(other, owner, nr * nc);
          });
        });
      }
  }
  std::vector<model::Edge> edges;
  edges.reserve(volume.size());
  for (std::size_t k = 0; k < table.size(); ++k)
    if (table[k] > 0)
      edges.push_back({static_cast<int>(k / static_cast<std::size_t>(ranks)),
                       static_cast<int>(k % static_cast<std::size_t>(ranks)), table[k]});
  for (const auto& [key, count] : volume)
    edges.push_back({static_cast<int>(key >> 32), static_cast<int>(key & 0xffffffffu), count});
  std::sort(edges.begin(), edges.end(), [](const model::Edge& x, const model::Edge& y) {
    return x.from != y.from ? x.from < y.from : x.to < y.to;
  });
  return edges;
}

TileProblems::TileProblems(const Tiling& t) : t_(t) {
  if (t.a.grid == nullptr) p_.a = t.a.cyclic;
  if (t.b.grid == nullptr) p_.b = t.b.cyclic;
  p_.transposed = t.transposed;
  p_.shape = index::Shape::full;
  p_.elem_size = t.elem_size;
}

const model::Problem& TileProblems::at(const Segment& r, const Segment& c) {
  p_.m = r.hi - r.lo;
  p_.n = c.hi - c.lo;
  if (const Tables* g = t_.a.grid) {
    solo(p_.a, g->rows_of(r.a), g->cols_of(c.a), t_.a.row0 + r.lo - g->row_splits[static_cast<std::size_t>(r.a)],
         t_.a.col0 + c.lo - g->col_splits[static_cast<std::size_t>(c.a)], t_.owner_a(r, c));
  } else {
    p_.a.i0 = t_.a.cyclic.i0 + r.lo;
    p_.a.j0 = t_.a.cyclic.j0 + c.lo;
  }
  if (const Tables* g = t_.b.grid) {
    const auto [br, bc] = t_.block_b(r, c);
    // The tile's first row and column in B's own index.
    const Index row = t_.transposed ? c.lo : r.lo, col = t_.transposed ? r.lo : c.lo;
    model::MatrixLayout& l = p_.b;
    solo(l, g->rows_of(br), g->cols_of(bc), t_.b.row0 + row - g->row_splits[static_cast<std::size_t>(br)],
         t_.b.col0 + col - g->col_splits[static_cast<std::size_t>(bc)], t_.owner_b(r, c));
    if (t_.transposed) {  // seen from A's index space (model::transposed of a 1 x 1 grid)
      std::swap(l.rows, l.cols);
      std::swap(l.mb, l.nb);
      std::swap(l.i0, l.j0);
    }
  } else {
    p_.b.i0 = t_.b.cyclic.i0 + r.lo;
    p_.b.j0 = t_.b.cyclic.j0 + c.lo;
  }
  return p_;
}

}  // namespace mr2d::layout

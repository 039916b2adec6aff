// SPDX-License-Identifier: BSD-3-Clause
// Tile plans; see tile_plans.hpp.
#include "layout/tile_plans.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>
#include <utility>

namespace mr2d::layout {

namespace {

// Moves a side's window start as close to the origin as its layout repeats
// and returns how far the local arrays moved (rows, columns): on one process
// any start comes to 0; on several, whole cycles of nb * nprocs positions
// move every process's local index by nb per cycle.
std::pair<Index, Index> to_origin(model::MatrixLayout& l) {
  auto axis = [](Index& start, Index nb, Index nprocs) {
    const Index cycle = nprocs == 1 ? std::max<Index>(start, 1) : nb * nprocs;
    const Index cycles = start / cycle;
    start -= cycles * cycle;
    return nprocs == 1 ? cycles * cycle : cycles * nb;
  };
  const Index rows = axis(l.i0, l.mb, l.nprow);
  const Index cols = axis(l.j0, l.nb, l.npcol);
  return {rows, cols};
}

// What fixes a tile's plan once both sides are moved to the origin: its row
// segment's fields (rows, starts, block heights of both sides in A's index
// space), its column segment's, the leading dimensions and the owners of
// grid sides' blocks. Row and column fields depend on their segment alone,
// so each segment is reduced once to a class, and a tile's key is small.
using Key = std::array<Index, 6>;

struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (Index v : k) h = (h ^ static_cast<std::uint64_t>(v)) * 0x100000001b3ULL;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

// One segment's part of the key (its class) and of the shifts: a segment's
// fields with both sides at the origin, numbered in order of first
// appearance, and how far the origin moved A's and B's local arrays along
// this dimension (A's index space).
struct SegmentClass {
  Index id = 0;
  Index a_moved = 0, b_moved = 0;
};

template <class Fields>
std::vector<SegmentClass> classes_of(std::size_t count, Fields&& fields) {
  std::map<std::array<Index, 7>, Index> ids;
  std::vector<SegmentClass> out(count);
  for (std::size_t k = 0; k < count; ++k) {
    std::array<Index, 7> f{};
    fields(k, f, out[k]);
    out[k].id = ids.try_emplace(f, static_cast<Index>(ids.size())).first->second;
  }
  return out;
}

}  // namespace

TilePlans plan_tiles(const Tiling& t, int me, Index lda, Index ldb, const LdOf& lda_of, const LdOf& ldb_of) {
  TilePlans out;
  if (t.rows.empty() || t.cols.empty()) return out;
  TileProblems problems(t);
  model::Problem moved;
  // Rows of each row segment (at the first column segment) and columns of
  // each column segment (at the first row segment), moved to the origin.
  const std::vector<SegmentClass> row_class = classes_of(t.rows.size(), [&](std::size_t k, auto& f, SegmentClass& c) {
    moved = problems.at(t.rows[k], t.cols.front());
    c.a_moved = to_origin(moved.a).first;
    c.b_moved = to_origin(moved.b).first;
    f = {moved.m, moved.a.i0, moved.a.mb, moved.a.rows, moved.b.i0, moved.b.mb, moved.b.rows};
  });
  const std::vector<SegmentClass> col_class = classes_of(t.cols.size(), [&](std::size_t k, auto& f, SegmentClass& c) {
    moved = problems.at(t.rows.front(), t.cols[k]);
    c.a_moved = to_origin(moved.a).second;
    c.b_moved = to_origin(moved.b).second;
    f = {moved.n, moved.a.j0, moved.a.nb, moved.b.j0, moved.b.nb, 0, 0};
  });
  const auto tiles = tiles_of(t, me);
  out.parts.reserve(tiles.size());
  // Tiles alike share a plan: a rectangle between two blocks, or a block
  // against a block-cyclic window at the same place in its cycle.
  std::unordered_map<Key, std::int32_t, KeyHash> shared;
  for (const auto& [ri, ci] : tiles) {
    const Segment& r = t.rows[static_cast<std::size_t>(ri)];
    const Segment& c = t.cols[static_cast<std::size_t>(ci)];
    const SegmentClass& rc = row_class[static_cast<std::size_t>(ri)];
    const SegmentClass& cc = col_class[static_cast<std::size_t>(ci)];
    TilePart part{0, ri, ci, 0, 0};
    const Index la = t.a.grid != nullptr ? lda_of(r.a, c.a) : lda;
    const auto [br, bc] = t.b.grid != nullptr ? t.block_b(r, c) : std::pair<Index, Index>{0, 0};
    const Index lb = t.b.grid != nullptr ? ldb_of(br, bc) : ldb;
    part.a_shift = rc.a_moved + cc.a_moved * la;
    // B's shift in its own index: seen from A's index space under op T or C,
    // its rows and columns are exchanged.
    part.b_shift = t.transposed ? cc.b_moved + rc.b_moved * lb : rc.b_moved + cc.b_moved * lb;
    const Key key{
        rc.id, cc.id, la, lb, t.a.grid != nullptr ? t.owner_a(r, c) : -1, t.b.grid != nullptr ? t.owner_b(r, c) : -1};
    auto [it, added] = shared.try_emplace(key, static_cast<std::int32_t>(out.plans.size()));
    if (added) {
      moved = problems.at(r, c);
      to_origin(moved.a);
      to_origin(moved.b);
      out.plans.push_back(plan::make_plan(moved, me, la, lb));
    }
    part.plan = it->second;
    out.parts.push_back(part);
  }
  return out;
}

}  // namespace mr2d::layout

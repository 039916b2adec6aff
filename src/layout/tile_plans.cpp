// SPDX-License-Identifier: BSD-3-Clause
// Tile plans; see tile_plans.hpp.
#include "layout/tile_plans.hpp"

#include <algorithm>
#include <array>
#include <map>
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

// What fixes a tile's plan once both sides are moved to the origin.
std::array<Index, 16> key_of(const model::Problem& p, Index la, Index lb) {
  auto owner = [](const model::MatrixLayout& l) { return l.processes() == 1 ? l.rank_of[0] : -1; };
  return {p.m, p.n, la, lb, p.a.i0, p.a.j0, p.a.mb, p.a.nb, owner(p.a), p.a.rows, p.b.i0, p.b.j0, p.b.mb, p.b.nb,
          owner(p.b), p.b.rows};
}

}  // namespace

TilePlans plan_tiles(const Tiling& t, int me, Index lda, Index ldb, const LdOf& lda_of, const LdOf& ldb_of) {
  TilePlans out;
  TileProblems problems(t);
  const auto tiles = tiles_of(t, me);
  out.parts.reserve(tiles.size());
  // Tiles alike share a plan: a rectangle between two blocks, or a block
  // against a block-cyclic window at the same place in its cycle.
  std::map<std::array<Index, 16>, std::int32_t> shared;
  model::Problem moved;
  for (const auto& [ri, ci] : tiles) {
    const Segment& r = t.rows[static_cast<std::size_t>(ri)];
    const Segment& c = t.cols[static_cast<std::size_t>(ci)];
    TilePart part{0, ri, ci, 0, 0};
    const Index la = t.a.grid != nullptr ? lda_of(r.a, c.a) : lda;
    const auto [br, bc] = t.b.grid != nullptr ? t.block_b(r, c) : std::pair<Index, Index>{0, 0};
    const Index lb = t.b.grid != nullptr ? ldb_of(br, bc) : ldb;
    moved = problems.at(r, c);
    const auto [ar, ac] = to_origin(moved.a);
    const auto [bi, bj] = to_origin(moved.b);
    part.a_shift = ar + ac * la;
    // B's shift in its own index: seen from A's index space under op T or C,
    // its rows and columns are exchanged.
    part.b_shift = t.transposed ? bj + bi * lb : bi + bj * lb;
    auto [it, added] = shared.try_emplace(key_of(moved, la, lb), static_cast<std::int32_t>(out.plans.size()));
    if (added) out.plans.push_back(plan::make_plan(moved, me, la, lb));
    part.plan = it->second;
    out.parts.push_back(part);
  }
  return out;
}

}  // namespace mr2d::layout

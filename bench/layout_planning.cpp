// SPDX-License-Identifier: BSD-3-Clause
// Planning time of grid-layout redistributions without MPI: every process's
// share of what mr2d_layout_transform plans (its tiles, one plan per tile,
// the pair volumes of all processes, the schedule and its route), timed per
// process, for B x B blocks on P processes (bench/README.md, "Grid layouts").
// Printed per case: all tiles, and the most any process takes part in,
// holds distinct plans for, and takes seconds to plan.
//   mr2d_layout_planning [P] [B...]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "layout/tile_plans.hpp"
#include "layout/tiles.hpp"
#include "plan/plan.hpp"
#include "route/route.hpp"
#include "schedule/schedule.hpp"

using namespace mr2d;

namespace {

constexpr Index kBlock = 10;  // rows and columns per block of the layouts

layout::Tables uniform(Index blocks, Index shift, int nprocs, std::mt19937_64& rng) {
  layout::Tables t;
  t.rows = t.cols = blocks * kBlock;
  for (Index k = 0; k <= blocks; ++k) {
    const Index s = k == 0 || k == blocks ? k * kBlock : k * kBlock - shift;
    t.row_splits.push_back(s);
    t.col_splits.push_back(s);
  }
  t.owners.resize(static_cast<std::size_t>(blocks * blocks));
  for (int& o : t.owners) o = static_cast<int>(rng() % static_cast<unsigned>(nprocs));
  return t;
}

model::MatrixLayout cyclic(Index rows, int nprocs) {
  model::MatrixLayout l;
  l.nprow = nprocs % 2 == 0 ? 2 : 1;
  l.npcol = nprocs / l.nprow;
  l.mb = l.nb = 64;
  l.rows = l.cols = rows;
  for (int k = 0; k < nprocs; ++k) l.rank_of.push_back(k);
  return l;
}

struct Timing {
  double seconds = 0;
  std::size_t tiles_here = 0;  ///< tiles this process takes part in
  std::size_t plans = 0;       ///< distinct plans among them
  Index tiles = 0;
};

// What plan_tiles (api/layout_call.cpp) does on process `me`.
Timing plan_one(const layout::Side& a, const layout::Side& b, Index extent, int me, int nprocs) {
  const auto t0 = std::chrono::steady_clock::now();
  const layout::Tiling tiling = layout::make_tiling(extent, extent, false, a, b, 8);
  // Every block of the layouts has leading dimension kBlock.
  const auto ld = [](Index, Index) { return kBlock; };
  const layout::TilePlans tiled = layout::plan_tiles(tiling, me, kBlock * 100, kBlock * 100, ld, ld);
  std::vector<model::Edge> edges = layout::pair_volumes(tiling);
  for (model::Edge& e : edges) e.count *= 8;
  const schedule::Schedule sched = schedule::make_for_pairs(schedule::Kind::automatic, edges, nprocs);
  std::vector<const plan::Plan*> ptrs;
  for (const layout::TilePart& part : tiled.parts) ptrs.push_back(&tiled.plans[static_cast<std::size_t>(part.plan)]);
  const route::Route r = route::make_route(ptrs, sched, 1 << 20, {}, 1);
  const auto t1 = std::chrono::steady_clock::now();
  return {std::chrono::duration<double>(t1 - t0).count(), tiled.parts.size(), tiled.plans.size(),
          static_cast<Index>(tiling.rows.size() * tiling.cols.size())};
}

}  // namespace

int main(int argc, char** argv) {
  const int nprocs = argc > 1 ? std::atoi(argv[1]) : 4;
  std::vector<Index> sizes;
  for (int k = 2; k < argc; ++k) sizes.push_back(std::atoll(argv[k]));
  if (sizes.empty()) sizes = {100, 300, 1000};
  if (nprocs < 1) {
    std::fprintf(stderr, "usage: mr2d_layout_planning [P >= 1] [blocks per dimension...]\n");
    return 2;
  }
  std::printf("%-26s %6s %9s %14s %12s %14s\n", "case (B x B blocks)", "B", "tiles", "tiles here", "plans", "seconds");
  for (Index blocks : sizes) {
    std::mt19937_64 rng(7);
    const layout::Tables ga = uniform(blocks, 0, nprocs, rng);
    const layout::Tables same_splits = uniform(blocks, 0, nprocs, rng);
    const layout::Tables shifted = uniform(blocks, kBlock / 2, nprocs, rng);
    const Index extent = blocks * kBlock;
    layout::Side grid_a{&ga, 0, 0, {}};
    layout::Side cyc;
    cyc.cyclic = cyclic(extent, nprocs);
    const std::pair<const char*, layout::Side> cases[] = {
        {"layout -> block-cyclic", cyc},
        {"layout -> same splits", layout::Side{&same_splits, 0, 0, {}}},
        {"layout -> shifted splits", layout::Side{&shifted, 0, 0, {}}},
    };
    for (const auto& [name, b] : cases) {
      Timing worst;
      for (int me = 0; me < nprocs; ++me) {
        const Timing t = plan_one(grid_a, b, extent, me, nprocs);
        worst.seconds = std::max(worst.seconds, t.seconds);
        worst.tiles_here = std::max(worst.tiles_here, t.tiles_here);
        worst.plans = std::max(worst.plans, t.plans);
        worst.tiles = t.tiles;
      }
      std::printf("%-26s %6lld %9lld %14zu %12zu %14.3f\n", name, static_cast<long long>(blocks),
                  static_cast<long long>(worst.tiles), worst.tiles_here, worst.plans, worst.seconds);
    }
  }
  return 0;
}

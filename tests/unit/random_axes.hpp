// SPDX-License-Identifier: BSD-3-Clause
// Random 1D redistribution problems, arrays and column windows shared by the
// unit tests that check run tables and the kernels against element-by-element models.
#pragma once

#include <algorithm>
#include <random>
#include <vector>

#include "index/runs_1d.hpp"
#include "kernels/pack.hpp"

namespace mr2d::test {

/// A random pair of block-cyclic axes: mostly short blocks on up to 9
/// processes, sometimes one process or blocks longer than the range.
inline index::AxisPair random_axes(std::mt19937_64& rng) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  index::AxisPair ax;
  ax.extent = u(0, 3) == 0 ? u(0, 5) : u(1, 300);
  for (index::Axis* a : {&ax.src, &ax.dst}) {
    a->nprocs = u(0, 4) == 0 ? 1 : u(1, 9);
    a->nb = u(0, 5) == 0 ? u(1, 400) : u(1, 12);
    a->src = u(0, a->nprocs - 1);
    a->start = u(0, 3) == 0 ? 0 : u(0, 60);
  }
  return ax;
}

/// `n` random bytes.
inline std::vector<unsigned char> random_bytes(std::mt19937_64& rng, Index n) {
  std::vector<unsigned char> b(static_cast<std::size_t>(n));
  for (auto& x : b) x = static_cast<unsigned char>(rng());
  return b;
}

/// A random column window over positions [0, n): everything in a third of
/// the draws, else bounds a little outside the range at times.
inline kernels::Window random_window(std::mt19937_64& rng, Index n) {
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  if (u(0, 2) == 0) return {};
  const Index lo = u(-2, n + 2);
  return {lo, u(lo, n + 3)};
}

/// One past the largest local index a run set reaches on the source or destination side.
inline Index side_end(const index::RunSet& set, bool source) {
  Index end = 0;
  set.for_each([&](Index, Index len, Index src, Index dst) { end = std::max(end, (source ? src : dst) + len); });
  return end;
}

}  // namespace mr2d::test

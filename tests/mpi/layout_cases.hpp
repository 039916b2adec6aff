// SPDX-License-Identifier: BSD-3-Clause
// Random grid layouts and descriptor sides for the grid-layout tests: the
// same seed gives the same global tables on every rank; each rank allocates
// the blocks it owns (by pointer or by offset from one arena, with random
// leading dimensions and sentinels between them) and can read any global
// element of its part back.
#pragma once

#include <algorithm>
#include <complex>
#include <cstring>
#include <random>
#include <vector>

#include "mr2d/mr2d_layout.h"

namespace mr2d_layout_test {

using Rng = std::mt19937_64;

inline int pick(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

/// Element values: exact in every type, so any order of operations gives
/// the same bits.
template <class T> T value_of(long i, long j, int salt) {
  if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    using R = typename T::value_type;
    return T(static_cast<R>(64 * i + j + 1 + salt), static_cast<R>(-(i + 2 * j) - salt));
  } else {
    return static_cast<T>(64 * i + j + 1 + salt);
  }
}

template <class T> T sentinel() {
  T v;
  std::memset(static_cast<void*>(&v), 0xA5, sizeof v);
  return v;
}

template <class T> bool same(const T& x, const T& y) { return std::memcmp(&x, &y, sizeof(T)) == 0; }

/// Split points of `extent` into `blocks` pieces, some empty.
inline std::vector<mr2d_int> random_splits(Rng& rng, mr2d_int extent, int blocks) {
  std::vector<mr2d_int> s(static_cast<std::size_t>(blocks + 1));
  s[0] = 0;
  s.back() = extent;
  for (int k = 1; k < blocks; ++k) s[static_cast<std::size_t>(k)] = pick(rng, 0, static_cast<int>(extent));
  std::sort(s.begin(), s.end());
  return s;
}

/// A grid layout of rows x cols with this rank's blocks in one arena.
template <class T>
struct GridSide {
  std::vector<mr2d_int> row_splits, col_splits;
  std::vector<int> owners;
  std::vector<mr2d_block> blocks;
  std::vector<T> arena;               // every block of this rank, sentinels between
  std::vector<std::size_t> at;        // per block: element offset in the arena
  mr2d_grid_layout layout{};
  mr2d_matrix matrix{};

  /// Owners: any rank, one rank only, or every rank but the last.
  void make(Rng& shared, Rng& mine, mr2d_int rows, mr2d_int cols, int nprocs, int me) {
    const int br = pick(shared, 1, 5), bc = pick(shared, 1, 5);
    row_splits = random_splits(shared, rows, br);
    col_splits = random_splits(shared, cols, bc);
    const int mode = pick(shared, 0, 3);
    const int single = pick(shared, 0, nprocs - 1);
    owners.resize(static_cast<std::size_t>(br * bc));
    for (int& o : owners)
      o = mode == 0 ? single : mode == 1 && nprocs > 1 ? pick(shared, 0, nprocs - 2) : pick(shared, 0, nprocs - 1);
    own(mine, rows, cols, me);
  }

  /// Takes the tables as they are and allocates this rank's blocks, in a
  /// random order, at random leading dimensions.
  void own(Rng& mine, mr2d_int rows, mr2d_int cols, int me) {
    const int br = static_cast<int>(row_splits.size()) - 1, bc = static_cast<int>(col_splits.size()) - 1;
    std::size_t used = 2;
    for (int c = 0; c < bc; ++c)
      for (int r = 0; r < br; ++r) {
        const mr2d_int h = row_splits[static_cast<std::size_t>(r + 1)] - row_splits[static_cast<std::size_t>(r)];
        const mr2d_int w = col_splits[static_cast<std::size_t>(c + 1)] - col_splits[static_cast<std::size_t>(c)];
        if (owners[static_cast<std::size_t>(r + c * br)] != me || h == 0 || w == 0) continue;
        mr2d_block b{};
        b.row = r;
        b.col = c;
        b.ld = std::max<mr2d_int>(h, 1) + pick(mine, 0, 2);
        at.push_back(used);
        used += static_cast<std::size_t>(b.ld * w) + 3;
        blocks.push_back(b);
      }
    arena.assign(used, sentinel<T>());
    std::vector<std::size_t> order(blocks.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::shuffle(order.begin(), order.end(), mine);
    std::vector<mr2d_block> b2;
    std::vector<std::size_t> at2;
    for (std::size_t k : order) {
      b2.push_back(blocks[k]);
      at2.push_back(at[k]);
    }
    blocks.swap(b2);
    at.swap(at2);
    for (std::size_t k = 0; k < blocks.size(); ++k) blocks[k].offset = static_cast<long long>(at[k]);
    layout.rows = rows;
    layout.cols = cols;
    layout.block_rows = br;
    layout.block_cols = bc;
    layout.row_splits = row_splits.data();
    layout.col_splits = col_splits.data();
    layout.owners = owners.data();
    layout.nblocks = static_cast<int>(blocks.size());
    layout.blocks = blocks.data();
    matrix.layout = &layout;
  }

  /// Blocks by pointer into `base` (true) or by offset from it.
  void bind(T* base, const std::vector<bool>& by_pointer) {
    for (std::size_t k = 0; k < blocks.size(); ++k)
      blocks[k].data = by_pointer[k] ? static_cast<void*>(base + at[k]) : nullptr;
  }

  /// Calls f(global i, global j, element) for every element of this rank's blocks.
  template <class F>
  void each(T* base, F&& f) {
    for (std::size_t k = 0; k < blocks.size(); ++k) {
      const mr2d_block& b = blocks[k];
      const mr2d_int r0 = row_splits[static_cast<std::size_t>(b.row)], c0 = col_splits[static_cast<std::size_t>(b.col)];
      const mr2d_int h = row_splits[static_cast<std::size_t>(b.row + 1)] - r0;
      const mr2d_int w = col_splits[static_cast<std::size_t>(b.col + 1)] - c0;
      for (mr2d_int j = 0; j < w; ++j)
        for (mr2d_int i = 0; i < h; ++i) f(r0 + i, c0 + j, base[at[k] + static_cast<std::size_t>(i + j * b.ld)]);
    }
  }
};

}  // namespace mr2d_layout_test

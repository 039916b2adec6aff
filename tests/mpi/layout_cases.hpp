// SPDX-License-Identifier: BSD-3-Clause
// Random grid layouts and descriptor sides for the grid-layout tests: the
// same seed gives the same global tables on every rank; each rank allocates
// the blocks it owns (by pointer or by offset from one arena, with random
// leading dimensions and sentinels between them) and can read any global
// element of its part back.
#pragma once

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "mr2d/blacs.h"
#include "mr2d/mr2d_layout.h"

/// BLACS's process number at a grid position (not in mr2d/blacs.h).
extern "C" int Cblacs_pnum(int ctxt, int prow, int pcol);

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

/// The grid layout of a block-cyclic matrix: M x N in mb x nb blocks dealt
/// from grid position (rsrc, csrc) over an nprow x npcol grid, a split at
/// every block boundary, owner_of(prow, pcol) the union rank of a position;
/// the blocks of the process at (myrow, mycol) (none outside the grid) lie
/// at their offsets in its local array of leading dimension lld.
struct CyclicLayout {
  std::vector<mr2d_int> row_splits, col_splits;
  std::vector<int> owners;
  std::vector<mr2d_block> blocks;
  mr2d_grid_layout layout{};

  template <class OwnerOf>
  void make(mr2d_int M, mr2d_int N, int mb, int nb, int rsrc, int csrc, int nprow, int npcol, int myrow, int mycol,
            mr2d_int lld, OwnerOf&& owner_of) {
    const mr2d_int brs = (M + mb - 1) / mb, bcs = (N + nb - 1) / nb;  // blocks per column, per row
    for (mr2d_int r = 0; r <= brs; ++r) row_splits.push_back(std::min<mr2d_int>(r * mb, M));
    for (mr2d_int c = 0; c <= bcs; ++c) col_splits.push_back(std::min<mr2d_int>(c * nb, N));
    for (mr2d_int c = 0; c < std::max<mr2d_int>(bcs, 1); ++c)
      for (mr2d_int r = 0; r < std::max<mr2d_int>(brs, 1); ++r) {
        const int pr = static_cast<int>((r + rsrc) % nprow), pc = static_cast<int>((c + csrc) % npcol);
        owners.push_back(owner_of(pr, pc));
        if (pr != myrow || pc != mycol || r >= brs || c >= bcs) continue;
        mr2d_block b{};
        b.row = static_cast<int>(r);
        b.col = static_cast<int>(c);
        b.ld = lld;
        b.offset = static_cast<long long>((r / nprow) * mb + (c / npcol) * nb * lld);
        blocks.push_back(b);
      }
    if (brs == 0) row_splits = {0, 0};
    if (bcs == 0) col_splits = {0, 0};
    layout = {M,
              N,
              static_cast<int>(row_splits.size() - 1),
              static_cast<int>(col_splits.size() - 1),
              row_splits.data(),
              col_splits.data(),
              owners.data(),
              static_cast<int>(blocks.size()),
              blocks.data()};
  }
};

/// --seed S --cases N from the command line.
inline void read_args(int argc, char** argv, unsigned long& seed, int& cases) {
  for (int k = 1; k + 1 < argc; k += 2) {
    if (std::strcmp(argv[k], "--seed") == 0) seed = std::strtoul(argv[k + 1], nullptr, 10);
    if (std::strcmp(argv[k], "--cases") == 0) cases = std::atoi(argv[k + 1]);
  }
}

/// The union context (1 x P, row-major: process numbers are world ranks)
/// and grids of all ranks for block-cyclic sides: 1 x P, P x 1 and a 2D shape.
inline int union_and_grids(int nprocs, std::vector<int>& grids) {
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", 1, nprocs);
  for (int pr : {1, nprocs, nprocs % 2 == 0 && nprocs > 2 ? 2 : 1}) {
    int g = 0;
    Cblacs_get(0, 0, &g);
    Cblacs_gridinit(&g, pr == nprocs ? "C" : "R", pr, nprocs / pr);
    grids.push_back(g);
  }
  return ctxt;
}

/// A test program's run: MPI and BLACS started, a hang turned into a failure
/// (alarm), --seed and --cases read, the union context and grids made;
/// over() sums every rank's failures, reports and ends it.
struct Program {
  int rank = 0, size = 1;
  unsigned long seed = 1;
  int cases = 100;
  int ctxt = -1;
  std::vector<int> grids;

  Program(int& argc, char**& argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    alarm(300);
    read_args(argc, argv, seed, cases);
    ctxt = union_and_grids(size, grids);
  }
  int over(const char* name, long failures) const {
    long total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) std::printf("%s: %d cases, %ld failures\n", name, cases, total);
    Cblacs_exit(1);
    MPI_Finalize();
    return total == 0 ? 0 : 1;
  }
};

}  // namespace mr2d_layout_test

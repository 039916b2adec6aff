// SPDX-License-Identifier: BSD-3-Clause
// BLACS grids and block-cyclic matrices as one process sees them, with the
// global position of every local element (ScaLAPACK's indxl2g with source 0).
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "blacs.hpp"
#include "mr2d/shared_allocator.hpp"

namespace examples {

/// A BLACS grid of nprow x npcol processes; ctxt and the coordinates are -1
/// on processes outside it.
struct Grid {
  int ctxt = -1, nprow = 0, npcol = 0, myrow = -1, mycol = -1;
  bool member() const { return myrow >= 0; }
};

inline Grid grid_info(int ctxt, int nprow, int npcol) {
  Grid g;
  int rows = 0, cols = 0;
  Cblacs_gridinfo(ctxt, &rows, &cols, &g.myrow, &g.mycol);
  g.ctxt = g.myrow >= 0 ? ctxt : -1;
  g.nprow = nprow;
  g.npcol = npcol;
  return g;
}

/// nprow x npcol grid on the first nprow*npcol processes of MPI_COMM_WORLD.
inline Grid make_grid(int nprow, int npcol, const char* order = "R") {
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridinit(&ctxt, order, nprow, npcol);
  return grid_info(ctxt, nprow, npcol);
}

/// nprow x npcol grid whose process (r, c) is world rank ranks[r + c * nprow].
/// Collective over MPI_COMM_WORLD: ranks not listed get a non-member Grid.
inline Grid make_grid_on(std::vector<int> ranks, int nprow, int npcol) {
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridmap(&ctxt, ranks.data(), nprow, nprow, npcol);
  return grid_info(ctxt, nprow, npcol);
}

/// Global index of local index l (block size nb, process p of np, source 0).
inline int global_index(int l, int nb, int p, int np) { return (l / nb * np + p) * nb + l % nb; }

/// An m x n matrix in mb x nb blocks on a grid; processes outside the grid
/// hold nothing and carry a descriptor with CTXT = -1 (the other entries
/// filled), as ScaLAPACK expects from non-members. The local array lives in
/// mr2d_alloc memory by default, so that node peers copy straight from it
/// (std::allocator<T> for ordinary memory, as benchmarks against other
/// libraries use).
template <class T, class Allocator = mr2d::SharedAllocator<T>>
struct DistMatrix {
  Grid grid;
  int desc[9] = {};
  int rows = 0, cols = 0;  // local extent
  std::vector<T, Allocator> local;  // column-major, leading dimension desc[8]

  DistMatrix(const Grid& g, int m, int n, int mb, int nb) : grid(g) {
    int zero = 0, info = 0;
    if (g.member()) {
      rows = numroc_(&m, &mb, &g.myrow, &zero, &g.nprow);
      cols = numroc_(&n, &nb, &g.mycol, &zero, &g.npcol);
      const int lld = std::max(1, rows);
      descinit_(desc, &m, &n, &mb, &nb, &zero, &zero, &g.ctxt, &lld, &info);
      if (info != 0) throw std::invalid_argument("descinit_ rejected the matrix layout");
    } else {
      const int outside[9] = {1, -1, m, n, mb, nb, 0, 0, 1};
      std::copy(outside, outside + 9, desc);
    }
    // At least one element, so data() is a valid pointer on every process.
    local.assign(std::max<std::size_t>(1, static_cast<std::size_t>(desc[8]) * static_cast<std::size_t>(cols)), T{});
  }

  int ld() const { return desc[8]; }
  T* data() { return local.data(); }
  const T* data() const { return local.data(); }
  T& at(int i, int j) { return local[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * static_cast<std::size_t>(ld())]; }
  int global_row(int i) const { return global_index(i, desc[4], grid.myrow, grid.nprow); }
  int global_col(int j) const { return global_index(j, desc[5], grid.mycol, grid.npcol); }

  /// Calls f(element, global row, global column) for every local element.
  template <class F>
  void for_each(F&& f) {
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) f(at(i, j), global_row(i), global_col(j));
  }
};

/// A value that names its global position, so a misplaced element shows where it came from.
inline double position_value(int i, int j) { return i * 1.0e5 + j; }

}  // namespace examples

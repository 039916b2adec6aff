// SPDX-License-Identifier: BSD-3-Clause
// Pencil layouts of a 3D array (axes x, y, z) on a P1 x P2 process grid, as
// 3D FFTs and ADI sweeps use them: one axis whole on every process and
// contiguous in memory, the other two split in blocks over the grid, so
// that each process holds whole lines along the first axis.
//
//   x-pencils: stored (x, y, z), y over P1, z over P2
//   y-pencils: stored (y, z, x), z over P2, x over P1
//   z-pencils: stored (z, x, y), x over P1, y over P2
//
// Going x -> y changes only which of x and y is split over P1 (processes
// that share their P2 coordinate exchange), y -> z only which of y and z is
// split over P2. Process (p1, p2) is rank p1 * P2 + p2 (MPI_Cart_create's
// order). Each layout is an mr2d_nd_array, and the move from one to another
// is one N-D redistribution whose permutation maps the storage dimensions.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "mr2d/mr2d.hpp"
#include "mr2d/mr2d_nd.h"

namespace examples {

/// Indices [first, first + count) of one process along one dimension.
struct Span {
  int first = 0, count = 0;
};

/// Part c of n indices cut into g blocks of ceil(n / g) (MR2D_ND_BLOCK).
inline Span block_span(int n, int g, int c) {
  const int block = (n + g - 1) / g;
  const int first = std::min(n, c * block);
  return {first, std::min(n, first + block) - first};
}

/// The P1 x P2 grid of processes and this one's place in it.
struct PencilGrid {
  int p1 = 1, p2 = 1, my1 = 0, my2 = 0;
  PencilGrid(int p1_, int p2_, int rank) : p1(p1_), p2(p2_), my1(rank / p2_), my2(rank % p2_) {}
  int rank_of(int c1, int c2) const { return c1 * p2 + c2; }

  /// The default P1 for p processes: the largest divisor at most sqrt(p).
  static int default_p1(int p) {
    int best = 1;
    for (int d = 1; d * d <= p; ++d)
      if (p % d == 0) best = d;
    return best;
  }
};

enum Axis { kX = 0, kY = 1, kZ = 2 };

/// One pencil layout as this process holds it.
class Pencils {
 public:
  /// Pencils along `whole` of an n[x] x n[y] x n[z] array.
  Pencils(Axis whole, const std::array<int, 3>& n, const PencilGrid& grid) : whole_(whole), n_(n), pgrid_(grid) {
    for (int d = 0; d < 3; ++d) {
      axes_[d] = (whole + d) % 3;
      sizes_[d] = n[static_cast<std::size_t>(axes_[d])];
    }
    // Storage dimension 1 is split over P1 in x- and z-pencils, over P2 in
    // y-pencils; dimension 2 over the other grid direction.
    const bool first_on_p1 = whole != kY;
    grid_[0] = 1;
    grid_[1] = first_on_p1 ? grid.p1 : grid.p2;
    grid_[2] = first_on_p1 ? grid.p2 : grid.p1;
    for (int c1 = 0; c1 < grid_[1]; ++c1)
      for (int c2 = 0; c2 < grid_[2]; ++c2) ranks_.push_back(first_on_p1 ? grid.rank_of(c1, c2) : grid.rank_of(c2, c1));
    const int mine1 = first_on_p1 ? grid.my1 : grid.my2, mine2 = first_on_p1 ? grid.my2 : grid.my1;
    spans_[0] = {0, static_cast<int>(sizes_[0])};
    spans_[1] = block_span(static_cast<int>(sizes_[1]), grid_[1], mine1);
    spans_[2] = block_span(static_cast<int>(sizes_[2]), grid_[2], mine2);
  }

  /// The mr2d description (the local array stored with dimension 0 fastest).
  mr2d_nd_array nd() const {
    mr2d_nd_array a{};
    a.ndims = 3;
    a.sizes = sizes_;
    a.blocks = blocks_;
    a.grid = grid_;
    a.grid_order = MR2D_ND_ORDER_C;
    a.ranks = ranks_.data();
    a.storage_order = MR2D_ND_ORDER_FORTRAN;
    return a;
  }

  /// The same layout as the process at `rank` holds it.
  Pencils at(int rank) const { return Pencils(whole_, n_, PencilGrid(pgrid_.p1, pgrid_.p2, rank)); }

  /// Global axis (kX, kY, kZ) of storage dimension d, and the reverse.
  int axis(int d) const { return axes_[d]; }
  int dim_of(int axis) const { return (axis - axes_[0] + 3) % 3; }
  Span span(int d) const { return spans_[d]; }
  /// Distance in elements between neighbours along storage dimension d.
  std::size_t stride(int d) const {
    return d == 0 ? 1 : static_cast<std::size_t>(count(0)) * (d == 1 ? 1 : static_cast<std::size_t>(count(1)));
  }
  int count(int d) const { return spans_[d].count; }
  std::size_t elements() const {
    return static_cast<std::size_t>(count(0)) * static_cast<std::size_t>(count(1)) * static_cast<std::size_t>(count(2));
  }

  /// Calls f(element offset, x, y, z) for every local element, in memory order.
  template <class F>
  void for_each(F&& f) const {
    std::size_t at = 0;
    int g[3];
    for (int k = 0; k < count(2); ++k)
      for (int j = 0; j < count(1); ++j)
        for (int i = 0; i < count(0); ++i, ++at) {
          g[axes_[0]] = spans_[0].first + i;
          g[axes_[1]] = spans_[1].first + j;
          g[axes_[2]] = spans_[2].first + k;
          f(at, g[kX], g[kY], g[kZ]);
        }
  }

 private:
  Axis whole_;
  std::array<int, 3> n_;
  PencilGrid pgrid_;
  int axes_[3] = {};
  mr2d_int sizes_[3] = {};
  const mr2d_int blocks_[3] = {MR2D_ND_COLLAPSED, MR2D_ND_BLOCK, MR2D_ND_BLOCK};
  int grid_[3] = {};
  std::vector<int> ranks_;  // union rank of each grid position, in C order
  Span spans_[3];
};

/// The permutation of an N-D move from `from` to `to`: storage dimension d
/// of `from` becomes dimension perm[d] of `to`.
inline std::array<int, 3> permutation(const Pencils& from, const Pencils& to) {
  std::array<int, 3> perm{};
  for (int d = 0; d < 3; ++d) perm[static_cast<std::size_t>(d)] = to.dim_of(from.axis(d));
  return perm;
}

/// A persistent mr2d plan of the move from `from` to `to` (collective over comm).
template <class T>
mr2d::Plan<T> pencil_plan(const Pencils& from, const Pencils& to, MPI_Comm comm,
                          const mr2d_options* options = nullptr) {
  const mr2d_nd_array a = from.nd(), b = to.nd();
  const std::array<int, 3> perm = permutation(from, to);
  mr2d_plan plan = nullptr;
  mr2d::check(mr2d_plan_create_comm_nd(&plan, comm, mr2d::type_of<T>::value, perm.data(), &a, &b, options));
  return mr2d::Plan<T>::adopt(plan);
}

}  // namespace examples

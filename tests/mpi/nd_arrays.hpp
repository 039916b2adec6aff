// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional arrays for the tests of mr2d_nd.h, computed independently
// of the library: a description with its tables owned, the grid position
// and local shape of a rank by direct index math, global arrays in a
// description's storage order, and a rank's local array cut from a global
// one either by that index math or by MPI_Type_create_darray (where the
// distribution is one darray can describe), padding left as a sentinel.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <functional>
#include <vector>

#include "mr2d/mr2d_nd.h"

namespace nd_test {

using Index = long long;
using Multi = std::vector<Index>;

/// Calls f(i) for every multi-index i below `extents`, the last dimension
/// fastest (nothing where an extent is 0).
inline void for_each_index(const Multi& extents, const std::function<void(const Multi&)>& f) {
  for (Index e : extents)
    if (e <= 0) return;
  Multi i(extents.size(), 0);
  for (;;) {
    f(i);
    std::size_t d = extents.size();
    while (d > 0) {
      --d;
      if (++i[d] < extents[d]) break;
      i[d] = 0;
      if (d == 0) return;
    }
    if (extents.empty()) return;
  }
}

/// One array description with its tables; an empty table is passed as NULL.
struct Desc {
  int ndims = 0;
  std::vector<mr2d_int> sizes, blocks, leading, starts, counts;
  std::vector<int> grid, ranks, sources;
  int grid_order = MR2D_ND_ORDER_C, storage_order = MR2D_ND_ORDER_C;

  template <class V>
  static auto* table(V& v) {
    return v.empty() ? nullptr : v.data();
  }
  mr2d_nd_array view() const {
    return {ndims,          table(sizes),  table(blocks),  table(grid),   grid_order,   table(ranks),
            table(sources), storage_order, table(leading), table(starts), table(counts)};
  }

  Index positions() const {
    Index p = 1;
    for (int g : grid) p *= g;
    return p;
  }
  /// Block size of dimension d with MR2D_ND_BLOCK and MR2D_ND_COLLAPSED resolved.
  Index block(int d) const {
    const Index n = sizes[static_cast<std::size_t>(d)], p = grid[static_cast<std::size_t>(d)];
    const Index b = blocks.empty() ? MR2D_ND_BLOCK : blocks[static_cast<std::size_t>(d)];
    if (b == MR2D_ND_COLLAPSED) return std::max<Index>(n, 1);
    if (b == MR2D_ND_BLOCK) return std::max<Index>((n + p - 1) / p, 1);
    return b;
  }
  Index source(int d) const { return sources.empty() ? 0 : sources[static_cast<std::size_t>(d)]; }
  Index start(int d) const { return starts.empty() ? 0 : starts[static_cast<std::size_t>(d)]; }
  Index count(int d) const {
    return counts.empty() ? sizes[static_cast<std::size_t>(d)] - start(d) : counts[static_cast<std::size_t>(d)];
  }
  /// Grid position number of union rank `rank`, or -1.
  Index position_of(int rank) const {
    if (ranks.empty()) return rank < positions() ? rank : -1;
    for (std::size_t k = 0; k < ranks.size(); ++k)
      if (ranks[k] == rank) return static_cast<Index>(k);
    return -1;
  }
  /// Grid coordinates of position number `pos` in grid_order.
  Multi coords(Index pos) const {
    Multi c(static_cast<std::size_t>(ndims), 0);
    for (int k = 0; k < ndims; ++k) {
      const int d = grid_order == MR2D_ND_ORDER_C ? ndims - 1 - k : k;
      c[static_cast<std::size_t>(d)] = pos % grid[static_cast<std::size_t>(d)];
      pos /= grid[static_cast<std::size_t>(d)];
    }
    return c;
  }
  bool holds_position(int rank) const { return position_of(rank) >= 0; }
  std::vector<int> members() const {
    std::vector<int> m;
    for (Index p = 0; p < positions(); ++p)
      m.push_back(ranks.empty() ? static_cast<int>(p) : ranks[static_cast<std::size_t>(p)]);
    return m;
  }
};

/// Offset of multi-index i in an array of extents `ext` stored in `order`.
inline Index offset_in(const Multi& i, const Multi& ext, int order) {
  Index off = 0;
  const std::size_t n = i.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t d = order == MR2D_ND_ORDER_C ? k : n - 1 - k;
    off = off * ext[d] + i[d];
  }
  return off;
}

inline Multi sizes_of(const Desc& d) { return Multi(d.sizes.begin(), d.sizes.end()); }

inline Index product(const Multi& m) {
  Index p = 1;
  for (Index v : m) p *= v;
  return p;
}

/// A rank's local array: counts per dimension, allocated extents, and its
/// grid coordinates (empty where it holds no position).
struct LocalShape {
  Multi counts, leading, coords;
  Index elements() const { return product(leading); }
};

inline LocalShape local_shape(const Desc& d, int rank) {
  LocalShape s;
  const auto n = static_cast<std::size_t>(d.ndims);
  s.counts.assign(n, 0);
  const Index pos = d.position_of(rank);
  if (pos >= 0) {
    s.coords = d.coords(pos);
    for (std::size_t k = 0; k < n; ++k) {
      const Index size = d.sizes[k], b = d.block(static_cast<int>(k)), p = d.grid[k];
      const Index dist = ((s.coords[k] - d.source(static_cast<int>(k))) % p + p) % p;
      // Indices of whole blocks dealt round-robin, then the partial last one.
      const Index blocks = size / b;
      Index c = blocks / p * b;
      if (dist < blocks % p)
        c += b;
      else if (dist == blocks % p)
        c += size % b;
      s.counts[k] = c;
    }
  }
  s.leading = d.leading.empty() ? s.counts : Multi(d.leading.begin(), d.leading.end());
  return s;
}

/// Global index of local index l of dimension k at grid coordinate c.
inline Index global_index(const Desc& d, int k, Index c, Index l) {
  const Index b = d.block(k), p = d.grid[static_cast<std::size_t>(k)];
  const Index dist = ((c - d.source(k)) % p + p) % p;
  return (l / b * p + dist) * b + l % b;
}

template <class T>
T sentinel() {
  T v;
  std::memset(static_cast<void*>(&v), 0xA5, sizeof v);
  return v;
}

/// Rank `rank`'s local array of the global array `global` (in d's storage
/// order) by index math: sentinels in the padding.
template <class T>
std::vector<T> local_by_index(const Desc& d, int rank, const std::vector<T>& global) {
  const LocalShape s = local_shape(d, rank);
  std::vector<T> local(static_cast<std::size_t>(std::max<Index>(s.elements(), 1)), sentinel<T>());
  if (s.coords.empty()) return local;
  const Multi sizes = sizes_of(d);
  Multi g(s.counts.size());
  for_each_index(s.counts, [&](const Multi& l) {
    for (std::size_t k = 0; k < l.size(); ++k) g[k] = global_index(d, static_cast<int>(k), s.coords[k], l[k]);
    local[static_cast<std::size_t>(offset_in(l, s.leading, d.storage_order))] =
        global[static_cast<std::size_t>(offset_in(g, sizes, d.storage_order))];
  });
  return local;
}

/// Whether MPI_Type_create_darray describes d's local arrays: positions
/// numbered in C order (darray's) and every first block at coordinate 0.
inline bool darray_fits(const Desc& d) {
  for (int k = 0; k < d.ndims; ++k)
    if (d.source(k) != 0 || d.sizes[static_cast<std::size_t>(k)] < 1) return false;
  int spread = 0;  // grid order only matters with two or more dimensions spread
  for (int g : d.grid) spread += g > 1;
  return d.grid_order == MR2D_ND_ORDER_C || spread < 2;
}

/// The same local array through the darray type of the rank's position:
/// the global array sent to self with that type, received packed, then
/// placed into the padded local array. Only where darray_fits(d).
template <class T>
std::vector<T> local_by_darray(const Desc& d, int rank, const std::vector<T>& global) {
  const LocalShape s = local_shape(d, rank);
  std::vector<T> local(static_cast<std::size_t>(std::max<Index>(s.elements(), 1)), sentinel<T>());
  if (s.coords.empty()) return local;
  const auto n = static_cast<std::size_t>(d.ndims);
  std::vector<int> gsizes(n), distribs(n), dargs(n), psizes(n);
  // darray numbers positions in C order; a grid with at most one spread
  // dimension numbers them alike in either order.
  Index pos = 0;
  for (std::size_t k = 0; k < n; ++k) pos = pos * d.grid[k] + s.coords[k];
  for (std::size_t k = 0; k < n; ++k) {
    gsizes[k] = static_cast<int>(d.sizes[k]);
    psizes[k] = d.grid[k];
    const Index b = d.blocks.empty() ? MR2D_ND_BLOCK : d.blocks[k];
    distribs[k] = b == MR2D_ND_COLLAPSED ? MPI_DISTRIBUTE_NONE
                  : b == MR2D_ND_BLOCK   ? MPI_DISTRIBUTE_BLOCK
                                         : MPI_DISTRIBUTE_CYCLIC;
    dargs[k] = b > 0 ? static_cast<int>(b) : MPI_DISTRIBUTE_DFLT_DARG;
  }
  MPI_Datatype element = MPI_DATATYPE_NULL, darray = MPI_DATATYPE_NULL;
  MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &element);
  MPI_Type_commit(&element);
  MPI_Type_create_darray(static_cast<int>(d.positions()), static_cast<int>(pos), d.ndims, gsizes.data(),
                         distribs.data(), dargs.data(), psizes.data(),
                         d.storage_order == MR2D_ND_ORDER_C ? MPI_ORDER_C : MPI_ORDER_FORTRAN, element, &darray);
  MPI_Type_commit(&darray);
  const Index packed_count = product(s.counts);
  std::vector<T> packed(static_cast<std::size_t>(std::max<Index>(packed_count, 1)));
  MPI_Sendrecv(global.data(), 1, darray, 0, 7, packed.data(), static_cast<int>(packed_count), element, 0, 7,
               MPI_COMM_SELF, MPI_STATUS_IGNORE);
  MPI_Type_free(&darray);
  MPI_Type_free(&element);
  Index at = 0;
  // Packed in storage order: for_each_index runs the last dimension fastest,
  // so walk the dimensions reversed for Fortran order.
  const bool fortran = d.storage_order == MR2D_ND_ORDER_FORTRAN;
  Multi ext = s.counts, l(n);
  if (fortran) std::reverse(ext.begin(), ext.end());
  for_each_index(ext, [&](const Multi& r) {
    for (std::size_t k = 0; k < n; ++k) l[k] = fortran ? r[n - 1 - k] : r[k];
    local[static_cast<std::size_t>(offset_in(l, s.leading, d.storage_order))] = packed[static_cast<std::size_t>(at++)];
  });
  return local;
}

/// The mr2d_type of the test's element types (complex as std::complex).
template <class T>
int type_code() {
  if constexpr (std::is_same_v<T, float>)
    return MR2D_S;
  else if constexpr (std::is_same_v<T, double>)
    return MR2D_D;
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    return MR2D_C;
  else if constexpr (std::is_same_v<T, std::complex<double>>)
    return MR2D_Z;
  else
    return MR2D_I;
}

/// alpha * x + beta * y as the transform defines it (PBLAS's): a zero
/// drops its term, a one its multiplication.
template <class T>
T combine(const T& alpha, const T& beta, const T& x, const T& y) {
  const T zero = static_cast<T>(0), one = static_cast<T>(1);
  if (alpha == zero) return beta == zero ? zero : beta == one ? y : beta * y;
  const T ax = alpha == one ? x : alpha * x;
  return beta == zero ? ax : beta == one ? ax + y : ax + beta * y;
}

/// Element value k of a global array: exact in every type for the sizes
/// the tests use, different for every k and salt.
template <class T>
T value_of(Index k, int salt) {
  const Index v = k + 1 + 8192 * salt;
  if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    using R = typename T::value_type;
    return T(static_cast<R>(v), static_cast<R>(-(k % 13) - salt));
  } else {
    return static_cast<T>(v);
  }
}

template <class T>
bool same_bits(const std::vector<T>& x, const std::vector<T>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) == 0;
}

/// The first differing element of two local arrays, or -1.
template <class T>
Index first_difference(const std::vector<T>& x, const std::vector<T>& y) {
  for (std::size_t k = 0; k < std::min(x.size(), y.size()); ++k)
    if (std::memcmp(&x[k], &y[k], sizeof(T)) != 0) return static_cast<Index>(k);
  return x.size() == y.size() ? -1 : static_cast<Index>(std::min(x.size(), y.size()));
}

}  // namespace nd_test

// SPDX-License-Identifier: BSD-3-Clause
// Checks of N-dimensional descriptions; see check.hpp.
#include "nd/check.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "common/checked.hpp"
#include "common/status.hpp"
#include "nd/reasons.hpp"

namespace mr2d::nd {

namespace {

constexpr std::int64_t kArg = MR2D_ERR_ARGUMENT;

Fault at(NdReason why, Field field, Index dim, Index value, Index limit) {
  return Fault::of(kArg, why, value, limit).in(field, dim);
}

// Field `f` of dimension d, or `fallback` where the table is absent.
Index entry(const std::vector<Index>& table, int d, Index fallback) {
  return table.empty() ? fallback : table[static_cast<std::size_t>(d)];
}

// `d` with its dimensions in the opposite order.
template <class T>
void reverse_dims(std::vector<T>& v) {
  std::reverse(v.begin(), v.end());
}

}  // namespace

Index local_count(const Dim& d, Index coord) {
  if (d.n == 0) return 0;
  const Index dist = pos_mod(coord - d.source, d.procs);
  const Index whole = d.n / d.block;  // complete blocks
  Index count = (whole / d.procs) * d.block;
  const Index extra = whole % d.procs;
  if (dist < extra)
    count += d.block;
  else if (dist == extra)
    count += d.n % d.block;
  return count;
}

Fault check_array(const Description& d, Index union_size, Index me, Array& out) {
  if (d.ndims < 1 || d.ndims > kMaxDims) return at(NdReason::nd_dims, Field::ndims, 0, d.ndims, kMaxDims);
  if (d.grid_order != 0 && d.grid_order != 1) return at(NdReason::nd_order, Field::grid_order, 0, d.grid_order, 1);
  if (d.storage_order != 0 && d.storage_order != 1)
    return at(NdReason::nd_order, Field::storage_order, 0, d.storage_order, 1);
  const int n = d.ndims;
  std::vector<Dim> dims(static_cast<std::size_t>(n));
  Index positions = 1;
  for (int k = 0; k < n; ++k) {
    Dim& x = dims[static_cast<std::size_t>(k)];
    x.n = d.sizes[static_cast<std::size_t>(k)];
    if (x.n < 0) return at(NdReason::nd_below, Field::sizes, k, x.n, 0);
    x.procs = d.grid[static_cast<std::size_t>(k)];
    if (x.procs < 1) return at(NdReason::nd_below, Field::grid, k, x.procs, 1);
    const Index block = entry(d.blocks, k, kBlockDefault);
    if (block == kCollapsed) {
      if (x.procs != 1) return at(NdReason::nd_collapsed_grid, Field::grid, k, x.procs, 1);
      x.block = std::max<Index>(x.n, 1);
    } else if (block == kBlockDefault) {
      x.block = std::max<Index>((x.n + x.procs - 1) / x.procs, 1);
    } else if (block < 1) {
      return at(NdReason::nd_below, Field::blocks, k, block, 1);
    } else {
      x.block = block;
    }
    // On a grid of one process every block of a dimension is in place, in
    // order: one block, so that the lowering cuts nothing there.
    if (x.procs == 1) x.block = std::max<Index>(x.n, 1);
    x.source = entry(d.sources, k, 0);
    if (x.source < 0 || x.source >= x.procs) return at(NdReason::nd_out_of_range, Field::sources, k, x.source, x.procs);
    x.start = entry(d.starts, k, 0);
    if (x.start < 0) return at(NdReason::nd_below, Field::starts, k, x.start, 0);
    if (x.start > x.n) return at(NdReason::nd_out_of_range, Field::starts, k, x.start, x.n + 1);
    x.count = entry(d.counts, k, x.n - x.start);
    if (x.count < 0) return at(NdReason::nd_below, Field::counts, k, x.count, 0);
    if (x.count > x.n - x.start) return at(NdReason::nd_window_end, Field::counts, k, x.start + x.count, x.n);
    if (positions > union_size) continue;  // reported below
    positions *= x.procs;
  }
  if (positions > union_size) {
    Index total = 1;
    for (const Dim& x : dims) total = mul_capped(total, x.procs, std::numeric_limits<Index>::max());
    return at(NdReason::nd_grid_size, Field::grid, 0, total, union_size);
  }
  // Position numbers: C order has the last coordinate fastest.
  Index weight = 1;
  for (int k = 0; k < n; ++k) {
    const int dim = d.grid_order == static_cast<int>(Order::c) ? n - 1 - k : k;
    dims[static_cast<std::size_t>(dim)].weight = weight;
    weight *= dims[static_cast<std::size_t>(dim)].procs;
  }
  // Memory in proportion to the table given (none for the identity), never
  // to the union or to a rank number: repeats are found by sorting.
  out.positions = positions;
  out.ranks.clear();
  if (!d.ranks.empty()) {
    std::vector<std::pair<Index, Index>> by_rank;  // (rank, position)
    by_rank.reserve(static_cast<std::size_t>(positions));
    for (Index p = 0; p < positions; ++p) {
      const Index r = d.ranks[static_cast<std::size_t>(p)];
      if (r < 0 || r >= union_size) return at(NdReason::nd_out_of_range, Field::ranks, p, r, union_size);
      by_rank.emplace_back(r, p);
    }
    std::sort(by_rank.begin(), by_rank.end());
    for (std::size_t k = 1; k < by_rank.size(); ++k)
      if (by_rank[k].first == by_rank[k - 1].first)
        return at(NdReason::nd_rank_twice, Field::ranks, by_rank[k].second, by_rank[k].first, by_rank[k - 1].second);
    out.ranks.assign(d.ranks.begin(), d.ranks.begin() + positions);
  }
  out.dims = std::move(dims);
  // This process's leading sizes: given, or its counts; then the element
  // count of its local array must fit in 64 bits.
  const std::vector<Index> counts = local_counts(out, me);
  out.leading.assign(static_cast<std::size_t>(n), 0);
  Index elements = 1;
  for (int k = 0; k < n; ++k) {
    const Index count = counts[static_cast<std::size_t>(k)];
    const Index lead = entry(d.leading, k, count);
    if (lead < count) return at(NdReason::nd_below, Field::leading, k, lead, count);
    out.leading[static_cast<std::size_t>(k)] = lead;
    const std::optional<Index> more = checked_mul(elements, std::max<Index>(lead, 1));
    if (!more) return at(NdReason::nd_local_overflow, Field::leading, k, lead, 0);
    elements = *more;
  }
  if (d.storage_order == static_cast<int>(Order::c)) {
    reverse_dims(out.dims);
    reverse_dims(out.leading);
  }
  return {};
}

Fault check_perm(const Description& a, const Description& b, const std::vector<Index>& perm,
                 std::vector<int>& perm_out) {
  const int n = a.ndims;
  if (b.ndims != n) return at(NdReason::nd_dims_differ, Field::ndims, 0, b.ndims, n);
  std::vector<int> p(static_cast<std::size_t>(n));
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  for (int k = 0; k < n; ++k) {
    const Index to = perm.empty() ? k : perm[static_cast<std::size_t>(k)];
    if (to < 0 || to >= n || used[static_cast<std::size_t>(to)])
      return Fault::of(kArg, NdReason::nd_not_permutation, to, n).in(-1, k);
    used[static_cast<std::size_t>(to)] = true;
    p[static_cast<std::size_t>(k)] = static_cast<int>(to);
  }
  // B's window along dimension p[k] is A's along k.
  auto count_of = [](const Description& d, int k) {
    const std::size_t i = static_cast<std::size_t>(k);
    const Index start = d.starts.empty() ? 0 : d.starts[i];
    return d.counts.empty() ? d.sizes[i] - start : d.counts[i];
  };
  for (int k = 0; k < n; ++k)
    if (count_of(b, p[static_cast<std::size_t>(k)]) != count_of(a, k))
      return at(NdReason::nd_count_differs, Field::counts, p[static_cast<std::size_t>(k)],
                count_of(b, p[static_cast<std::size_t>(k)]), count_of(a, k));
  // Between the Fortran-order forms: a C-order array's dimension k is its
  // canonical dimension n-1-k.
  const bool a_rev = a.storage_order == static_cast<int>(Order::c);
  const bool b_rev = b.storage_order == static_cast<int>(Order::c);
  perm_out.assign(static_cast<std::size_t>(n), 0);
  for (int k = 0; k < n; ++k) {
    const int from = a_rev ? n - 1 - k : k;
    const int to = b_rev ? n - 1 - p[static_cast<std::size_t>(k)] : p[static_cast<std::size_t>(k)];
    perm_out[static_cast<std::size_t>(from)] = to;
  }
  return {};
}

Index position_of(const Array& a, Index rank) {
  if (a.ranks.empty()) return rank >= 0 && rank < a.positions ? rank : -1;
  for (std::size_t p = 0; p < a.ranks.size(); ++p)
    if (a.ranks[p] == rank) return static_cast<Index>(p);
  return -1;
}

std::pair<Index, Index> window_range(const Dim& d, Index coord) {
  // Indices held below the window's start, and below its end.
  Dim below = d;
  below.n = d.start;
  const Index first = local_count(below, coord);
  below.n = d.start + d.count;
  return {first, local_count(below, coord)};
}

bool holds_window(const Array& a, Index rank) {
  const Index pos = position_of(a, rank);
  if (pos < 0) return false;
  for (const Dim& x : a.dims) {
    const auto [first, end] = window_range(x, (pos / x.weight) % x.procs);
    if (first == end) return false;
  }
  return true;
}

std::vector<Index> strides_of(const Array& x) {
  return strides_from(x.leading.size(), [&x](std::size_t d) { return x.leading[d]; });
}

std::vector<Index> local_counts(const Array& a, Index rank) {
  std::vector<Index> counts(a.dims.size(), 0);
  const Index pos = position_of(a, rank);
  if (pos < 0) return counts;
  for (std::size_t k = 0; k < a.dims.size(); ++k) {
    const Dim& x = a.dims[k];
    counts[k] = local_count(x, (pos / x.weight) % x.procs);
  }
  return counts;
}

}  // namespace mr2d::nd

// SPDX-License-Identifier: BSD-3-Clause
// Runs of one dimension: the maximal intervals of the copied range on which
// both the source owner and the destination owner are constant. A run is
// contiguous in both local arrays, so it is one memcpy per column (or one
// rectangle in 2D). The owner pattern repeats with period
// L = lcm(nb_s*P, nb_d*Q) (the
// basic-cycle method of Evers (2025) section 3.2.8 and the
// basic-block calculation of Chung and Hsu (1998) section 3.1), so a
// process computes the runs of one period and replays them with local shifts
// L/P and L/Q. Pure functions, no MPI.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "common/index_types.hpp"
#include "index/cyclic_1d.hpp"

namespace mr2d::index {

/// A run: positions [t, t+len) of the copied range, starting at local index
/// `src` in the source array and `dst` in the destination array.
struct Run {
  Index t;
  Index len;
  Index src;
  Index dst;

  bool operator==(const Run& o) const { return t == o.t && len == o.len && src == o.src && dst == o.dst; }
};

/// The runs between one source process and one destination process in one
/// dimension, stored for one period (basic-block form).
class RunSet {
 public:
  RunSet() = default;
  RunSet(std::vector<Run> runs, Index period, Index src_step, Index dst_step, Index extent);

  /// One factor of a product set: a set over its own range, and what one
  /// step of its local indices counts in the product's source and
  /// destination indices.
  struct Factor {
    std::shared_ptr<const RunSet> set;
    Index src_scale = 1, dst_scale = 1;
  };

  /// The Cartesian product of `factors`, factors[0] fastest: position
  /// t = t0 + e0 * (t1 + e1 * (...)) (e_k the extent of factor k), source
  /// index the sum of src_k * src_scale_k, destination likewise (Chung and
  /// Hsu (1998) section 3, Lemma 1: the indices two processes exchange in N
  /// dimensions). Its runs are factor 0's where both of its scales are 1,
  /// else single positions. Stored as its factors, so its size is theirs
  /// whatever the product's; it never repeats (cycles() is 1).
  static RunSet product(std::vector<Factor> factors);

  /// Calls f(t, len, src, dst) for every run over the whole range, ascending t.
  template <class F>
  void for_each(F&& f) const {
    if (product_) {
      for_each_factor(product_->factors.size() - 1, 0, 0, 0, f);
      return;
    }
    for_each_stored(f);
  }

  /// for_each over positions [lo, hi) only: runs cut at lo and hi, those
  /// outside never visited (a product skips whole blocks of its faster
  /// factors), so a window costs the runs inside it.
  template <class F>
  void for_each_in(Index lo, Index hi, F&& f) const {
    lo = lo > 0 ? lo : 0;
    hi = hi < extent_ ? hi : extent_;
    if (lo >= hi) return;
    if (product_) {
      for_each_factor_in(product_->factors.size() - 1, 0, 0, 0, lo, hi, f);
      return;
    }
    for_each_stored_in(lo, hi, f);
  }

 private:
  // for_each_stored over positions [lo, hi) (0 <= lo < hi <= extent).
  template <class F>
  void for_each_stored_in(Index lo, Index hi, F& f) const {
    if (runs_.empty()) return;
    const Index first = lo / period_;
    Index base = first * period_, src_shift = first * src_step_, dst_shift = first * dst_step_;
    std::size_t k = first_run_ending_after(lo - base);
    for (; base < hi; base += period_, src_shift += src_step_, dst_shift += dst_step_, k = 0) {
      for (; k < runs_.size(); ++k) {
        const Run& r = runs_[k];
        Index t = base + r.t, len = r.len;
        if (t >= hi) return;
        if (t + len > hi) len = hi - t;
        Index cut = t < lo ? lo - t : 0;
        if (cut >= len) continue;
        f(t + cut, len - cut, r.src + src_shift + cut, r.dst + dst_shift + cut);
      }
    }
  }

  // The first stored run that ends after position x of a period.
  std::size_t first_run_ending_after(Index x) const;

  // for_each_factor over positions [lo, hi) of the product.
  template <class F>
  void for_each_factor_in(std::size_t k, Index t0, Index s0, Index d0, Index lo, Index hi, F& f) const {
    const Factor& x = product_->factors[k];
    const Index below = product_->below[k];
    // Digits of factor k whose block of faster positions meets [lo, hi).
    const Index first = lo > t0 ? (lo - t0) / below : 0, last = (hi - t0 + below - 1) / below;
    if (k == 0 && x.src_scale == 1 && x.dst_scale == 1) {
      auto shifted = [&](Index t, Index len, Index s, Index d) { f(t0 + t, len, s0 + s, d0 + d); };
      x.set->for_each_stored_in(first, std::min(last, x.set->extent()), shifted);
      return;
    }
    auto each = [&](Index t, Index len, Index s, Index d) {
      for (Index j = 0; j < len; ++j) {
        const Index tj = t0 + (t + j) * below, sj = s0 + (s + j) * x.src_scale, dj = d0 + (d + j) * x.dst_scale;
        if (k == 0)
          f(tj, Index{1}, sj, dj);
        else if (tj >= lo && tj + below <= hi)
          for_each_factor(k - 1, tj, sj, dj, f);
        else
          for_each_factor_in(k - 1, tj, sj, dj, lo, hi, f);
      }
    };
    if (first < last) x.set->for_each_stored_in(first, std::min(last, x.set->extent()), each);
  }

  // for_each over the stored runs (a factor of a product is never one).
  template <class F>
  void for_each_stored(F& f) const {
    if (runs_.empty()) return;
    Index src_shift = 0, dst_shift = 0;
    for (Index base = 0; base < extent_; base += period_) {
      for (const Run& r : runs_) {
        Index t = base + r.t;
        if (t >= extent_) return;
        Index len = r.len < extent_ - t ? r.len : extent_ - t;
        f(t, len, r.src + src_shift, r.dst + dst_shift);
      }
      src_shift += src_step_;
      dst_shift += dst_step_;
    }
  }

 public:
  /// Number of positions in the set over the whole range.
  Index count() const { return count_; }
  /// Number of positions t of the set with t < x (0 <= x <= extent).
  Index count_below(Index x) const;
  /// Position of the set's n-th element in increasing order (0 <= n <
  /// count()): count_below's inverse.
  Index position_of(Index n) const;
  /// Number of positions t of the set with lo <= t < hi.
  Index count_between(Index lo, Index hi) const { return hi <= lo ? 0 : count_below(hi) - count_below(lo); }
  const std::vector<Run>& period_runs() const { return runs_; }
  Index period() const { return period_; }
  Index extent() const { return extent_; }
  /// Number of runs over the whole range.
  Index total_runs() const;
  /// Number of periods the range spans (the replays for_each performs).
  Index cycles() const {
    if (product_) return count_ > 0 ? 1 : 0;
    return runs_.empty() ? 0 : (extent_ + period_ - 1) / period_;
  }
  /// The same set tabulated over the whole range (complete-dimension form,
  /// Chung and Hsu (1998) section 3.2): no replay shifts when walking it.
  /// A product stays as it is.
  RunSet expanded() const;
  /// Whether the set is a product of factors (product()).
  bool is_product() const { return product_ != nullptr; }
  /// A product's factors, factors[0] fastest (empty for a stored set).
  const std::vector<Factor>& factors() const;

  /// The same positions with the same local indices, compared in the stored
  /// (one-period) form: work proportional to the runs of one period.
  bool operator==(const RunSet& o) const;

 private:
  struct Product {
    std::vector<Factor> factors;
    std::vector<Index> below;  ///< per factor: the product of the extents of the faster ones
  };

  // Walks factor k and the faster ones below it, from position t0 and
  // indices s0, d0 of the slower ones.
  template <class F>
  void for_each_factor(std::size_t k, Index t0, Index s0, Index d0, F& f) const {
    const Factor& x = product_->factors[k];
    if (k == 0 && x.src_scale == 1 && x.dst_scale == 1) {
      auto shifted = [&](Index t, Index len, Index s, Index d) { f(t0 + t, len, s0 + s, d0 + d); };
      x.set->for_each_stored(shifted);
      return;
    }
    const Index below = product_->below[k];
    auto each = [&](Index t, Index len, Index s, Index d) {
      for (Index j = 0; j < len; ++j) {
        const Index tj = t0 + (t + j) * below, sj = s0 + (s + j) * x.src_scale, dj = d0 + (d + j) * x.dst_scale;
        if (k == 0)
          f(tj, Index{1}, sj, dj);
        else
          for_each_factor(k - 1, tj, sj, dj, f);
      }
    };
    x.set->for_each_stored(each);
  }

  std::shared_ptr<const Product> product_;
  std::vector<Run> runs_;
  std::vector<Index> prefix_;  // prefix_[k] = positions in runs_[0..k)
  Index period_ = 1;
  Index src_step_ = 0;
  Index dst_step_ = 0;
  Index extent_ = 0;
  Index count_ = 0;
};

/// One dimension of a redistribution: source and destination axes and the
/// number of copied positions.
struct AxisPair {
  Axis src;
  Axis dst;
  Index extent;
};

/// Which side's process the runs are computed for.
enum class Role { sender, receiver };

/// Runs between process `coord` of the `role` side and every process of the
/// other side that shares data with it, as (peer coordinate, runs), sorted by
/// peer. Work is proportional to the runs `coord` owns in one period.
std::vector<std::pair<Index, RunSet>> runs_for(const AxisPair& axes, Role role, Index coord);

/// Owner-pattern period of the copied range: lcm of both cycles, or the whole
/// extent when that is shorter.
Index pattern_period(const AxisPair& axes);

}  // namespace mr2d::index

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

  /// Calls f(t, len, src, dst) for every run over the whole range, ascending t.
  template <class F>
  void for_each(F&& f) const {
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

  /// Number of positions in the set over the whole range.
  Index count() const { return count_; }
  /// Number of positions t of the set with t < x (0 <= x <= extent).
  Index count_below(Index x) const;
  /// Number of positions t of the set with lo <= t < hi.
  Index count_between(Index lo, Index hi) const { return hi <= lo ? 0 : count_below(hi) - count_below(lo); }
  const std::vector<Run>& period_runs() const { return runs_; }
  Index period() const { return period_; }
  Index extent() const { return extent_; }
  /// Number of runs over the whole range.
  Index total_runs() const;
  /// Number of periods the range spans (the replays for_each performs).
  Index cycles() const { return runs_.empty() ? 0 : (extent_ + period_ - 1) / period_; }
  /// The same set tabulated over the whole range (complete-dimension form,
  /// Chung and Hsu (1998) section 3.2): no replay shifts when walking it.
  RunSet expanded() const;

  /// The same positions with the same local indices, compared in the stored
  /// (one-period) form: work proportional to the runs of one period.
  bool operator==(const RunSet& o) const {
    return period_ == o.period_ && src_step_ == o.src_step_ && dst_step_ == o.dst_step_ && extent_ == o.extent_ &&
           runs_ == o.runs_;
  }

 private:
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

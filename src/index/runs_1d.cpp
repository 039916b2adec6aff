// SPDX-License-Identifier: BSD-3-Clause
// Run enumeration over one period; see runs_1d.hpp.
#include "index/runs_1d.hpp"

#include "index/strided_1d.hpp"

#include <algorithm>

namespace mr2d::index {

RunSet::RunSet(std::vector<Run> runs, Index period, Index src_step, Index dst_step, Index extent)
    : runs_(std::move(runs)), period_(period), src_step_(src_step), dst_step_(dst_step), extent_(extent) {
  prefix_.resize(runs_.size() + 1);
  prefix_[0] = 0;
  for (std::size_t k = 0; k < runs_.size(); ++k) prefix_[k + 1] = prefix_[k] + runs_[k].len;
  count_ = count_below(extent_);
}

const std::vector<RunSet::Factor>& RunSet::factors() const {
  static const std::vector<Factor> none;
  return product_ ? product_->factors : none;
}

RunSet RunSet::product(std::vector<Factor> factors) {
  RunSet out;
  auto p = std::make_shared<Product>();
  p->factors = std::move(factors);
  Index extent = 1, count = 1;
  for (const Factor& f : p->factors) {
    p->below.push_back(extent);
    extent *= f.set->extent();
    count *= f.set->count();
  }
  out.extent_ = extent;
  out.count_ = count;
  out.period_ = std::max<Index>(extent, 1);
  if (!p->factors.empty()) out.product_ = std::move(p);
  return out;
}

bool RunSet::operator==(const RunSet& o) const {
  if (product_ || o.product_) {
    if (!product_ || !o.product_ || product_->factors.size() != o.product_->factors.size()) return false;
    for (std::size_t k = 0; k < product_->factors.size(); ++k) {
      const Factor &x = product_->factors[k], &y = o.product_->factors[k];
      if (x.src_scale != y.src_scale || x.dst_scale != y.dst_scale || !(*x.set == *y.set)) return false;
    }
    return true;
  }
  return period_ == o.period_ && src_step_ == o.src_step_ && dst_step_ == o.dst_step_ && extent_ == o.extent_ &&
         runs_ == o.runs_;
}

Index RunSet::count_below(Index x) const {
  if (product_) {
    // Digit by digit from the slowest factor: the positions below x are the
    // whole blocks of the faster factors under smaller digits, then those
    // below x's remainder where x's digit is in the set.
    if (x <= 0) return 0;
    if (x >= extent_) return count_;
    Index total = 0, faster = count_;
    for (std::size_t k = product_->factors.size(); k-- > 0;) {
      const RunSet& set = *product_->factors[k].set;
      faster /= std::max<Index>(set.count(), 1);
      const Index below = product_->below[k], digit = x / below;
      total += set.count_below(digit) * faster;
      if (set.count_between(digit, digit + 1) == 0) return total;
      x %= below;
    }
    return total;
  }
  if (runs_.empty() || x <= 0) return 0;
  Index full = x / period_;
  Index rem = x % period_;
  // Runs are sorted by t: find the first run starting at or after rem.
  auto it = std::lower_bound(runs_.begin(), runs_.end(), rem, [](const Run& r, Index v) { return r.t < v; });
  auto k = static_cast<std::size_t>(it - runs_.begin());
  Index partial = prefix_[k];
  if (k > 0) {
    const Run& prev = runs_[k - 1];
    Index over = prev.t + prev.len - rem;  // part of the previous run at or beyond rem
    if (over > 0) partial -= over;
  }
  return full * prefix_.back() + partial;
}

Index RunSet::position_of(Index n) const {
  if (product_) {
    // Digit by digit from the slowest factor, as count_below.
    Index t = 0, faster = count_;
    for (std::size_t k = product_->factors.size(); k-- > 0;) {
      const RunSet& set = *product_->factors[k].set;
      faster /= std::max<Index>(set.count(), 1);
      t += set.position_of(n / faster) * product_->below[k];
      n %= faster;
    }
    return t;
  }
  const Index per_period = prefix_.back();
  const Index cycle = n / per_period, rest = n % per_period;
  // The run holding the rest-th element of a period.
  const auto k = static_cast<std::size_t>(std::upper_bound(prefix_.begin(), prefix_.end(), rest) - prefix_.begin()) - 1;
  return cycle * period_ + runs_[k].t + (rest - prefix_[k]);
}

std::size_t RunSet::first_run_ending_after(Index x) const {
  auto it = std::upper_bound(runs_.begin(), runs_.end(), x, [](Index v, const Run& r) { return v < r.t + r.len; });
  return static_cast<std::size_t>(it - runs_.begin());
}

Index RunSet::total_runs() const {
  if (product_) {
    Index runs = 0;
    for_each([&runs](Index, Index, Index, Index) { ++runs; });
    return runs;
  }
  if (runs_.empty()) return 0;
  Index full = extent_ / period_;
  Index rem = extent_ % period_;
  auto it = std::lower_bound(runs_.begin(), runs_.end(), rem, [](const Run& r, Index v) { return r.t < v; });
  return full * static_cast<Index>(runs_.size()) + static_cast<Index>(it - runs_.begin());
}

RunSet RunSet::expanded() const {
  if (product_) return *this;
  std::vector<Run> all;
  all.reserve(static_cast<std::size_t>(total_runs()));
  for_each([&](Index t, Index len, Index src, Index dst) { all.push_back({t, len, src, dst}); });
  return RunSet(std::move(all), std::max<Index>(extent_, 1), 0, 0, extent_);
}

namespace {

// Block size used to walk an axis: a single-process axis takes the other
// side's cycle (or the whole range if both have one process), which keeps the
// period short and the runs long.
Index walk_block(const Axis& self, const Axis& other, Index extent) {
  if (self.nprocs > 1) return self.nb;
  if (other.nprocs > 1) return other.nb * other.nprocs;
  return self.start + extent;
}

}  // namespace

Index pattern_period(const AxisPair& axes) {
  const Index n = axes.extent;
  ShiftedAxis s = shift_origin(axes.src, walk_block(axes.src, axes.dst, n));
  ShiftedAxis d = shift_origin(axes.dst, walk_block(axes.dst, axes.src, n));
  Index cap = n;
  return lcm_capped(mul_capped(s.nb, s.nprocs, cap), mul_capped(d.nb, d.nprocs, cap), cap);
}

std::vector<std::pair<Index, RunSet>> runs_for(const AxisPair& axes, Role role, Index coord) {
  if (axes.src.stride != 1 || axes.dst.stride != 1) return strided_runs_for(axes, role, coord);
  const Index n = axes.extent;
  std::vector<std::pair<Index, RunSet>> result;
  if (n <= 0) return result;
  const ShiftedAxis s = shift_origin(axes.src, walk_block(axes.src, axes.dst, n));
  const ShiftedAxis d = shift_origin(axes.dst, walk_block(axes.dst, axes.src, n));
  const Index period = pattern_period(axes);
  const bool periodic = period < n;
  const Index src_step = periodic ? period / s.nprocs : 0;
  const Index dst_step = periodic ? period / d.nprocs : 0;

  // Walk the blocks that `coord` owns on its side, cut each at the other
  // side's block boundaries.
  const ShiftedAxis& own = role == Role::sender ? s : d;
  const ShiftedAxis& other = role == Role::sender ? d : s;
  struct Piece {
    Index peer;
    Run run;
  };
  std::vector<Piece> pieces;
  const Index own_base = own.base(coord);
  const Index first_block = pos_mod(coord - own.first, own.nprocs);
  for (Index vb = first_block;; vb += own.nprocs) {
    Index lo = vb * own.nb - own.offset;
    Index hi = lo + own.nb;
    if (lo < 0) lo = 0;
    if (hi > period) hi = period;
    if (lo >= period) break;
    for (Index t = lo; t < hi;) {
      Index w = t + other.offset;
      Index ob = w / other.nb;
      Index end = std::min(hi, (ob + 1) * other.nb - other.offset);
      Index peer = pos_mod(ob + other.first, other.nprocs);
      Index own_loc = own.local_of(t, own_base);
      Index other_loc = other.local_of(t, other.base(peer));
      Run r{t, end - t, 0, 0};
      r.src = role == Role::sender ? own_loc : other_loc;
      r.dst = role == Role::sender ? other_loc : own_loc;
      pieces.push_back({peer, r});
      t = end;
    }
  }
  std::stable_sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.peer < b.peer; });
  for (std::size_t k = 0; k < pieces.size();) {
    std::size_t e = k;
    std::vector<Run> runs;
    while (e < pieces.size() && pieces[e].peer == pieces[k].peer) runs.push_back(pieces[e++].run);
    result.emplace_back(pieces[k].peer, RunSet(std::move(runs), periodic ? period : n, src_step, dst_step, n));
    k = e;
  }
  return result;
}

}  // namespace mr2d::index

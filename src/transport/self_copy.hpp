// The part of A a process keeps for itself, copied into B column window by
// column window: just before the received data of the same columns is
// unpacked, so a line of B that both fill is written twice while in cache
// instead of being fetched from memory twice.
#pragma once

#include <cstdint>

#include "common/index_types.hpp"
#include "kernels/transform.hpp"
#include "plan/plan.hpp"

namespace mr2d::transport {

struct Traffic;

class SelfCopy {
 public:
  /// `update`: what to do with each element (null: copy it).
  SelfCopy(const plan::Plan& plan, const void* a, void* b, const kernels::Update* update, Traffic& traffic);
  /// Copies the columns below `column` (copied-range positions) not copied yet.
  void upto(Index column);
  void finish() { upto(INT64_MAX); }
  bool finished() const { return done_ == INT64_MAX; }
  /// Columns copied so far: every column below this one.
  Index done() const { return done_; }
  /// What the receiving side does with each element (null: copies it).
  const kernels::Update* update() const { return update_; }

 private:
  const plan::Plan& plan_;
  const void* a_;
  void* b_;
  const kernels::Update* update_;
  Traffic& traffic_;
  Index done_;
  Index copied_ = 0;
};

}  // namespace mr2d::transport

// The part of A a process keeps for itself, copied into B column window by
// column window: just before the received data of the same columns is
// unpacked, so a line of B that both fill is written twice while in cache
// instead of being fetched from memory twice.
#pragma once

#include <cstdint>

#include "common/index_types.hpp"
#include "plan/plan.hpp"

namespace mr2d::transport {

struct Traffic;

class SelfCopy {
 public:
  SelfCopy(const plan::Plan& plan, const void* a, void* b, Traffic& traffic);
  /// Copies the columns below `column` (copied-range positions) not copied yet.
  void upto(Index column);
  void finish() { upto(INT64_MAX); }
  bool finished() const { return done_ == INT64_MAX; }
  /// Columns copied so far: every column below this one.
  Index done() const { return done_; }

 private:
  const plan::Plan& plan_;
  const void* a_;
  void* b_;
  Traffic& traffic_;
  Index done_;
  Index copied_ = 0;
};

}  // namespace mr2d::transport

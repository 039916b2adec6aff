// SPDX-License-Identifier: BSD-3-Clause
// Where an execution's time goes on this process, for MR2D_STATS=detail:
// the copy kernels (packing messages, unpacking them or reading a peer's A
// in place, copying the kept part), waiting for peers (the backoff between
// steps that moved nothing), and all of the blocking executions' time; the
// rest of the latter is protocol (posting and testing MPI requests, link
// bookkeeping, stepping). Off (one load of a flag per timed step) unless
// asked. Nested timers count in the outermost alone, so a kernel that
// calls another is counted once.
#pragma once

#include <atomic>
#include <cstdint>

namespace mr2d::transport {

enum class Phase : int { pack = 0, unpack, kept, wait, execution, count };
inline constexpr int kPhases = static_cast<int>(Phase::count);

/// Whether MR2D_STATS is "detail" (read once).
bool breakdown_on();

/// Seconds accumulated per phase by every thread of this process so far.
struct Breakdown {
  double seconds[kPhases] = {};
  long long executions = 0;  ///< blocking executions timed
};
Breakdown breakdown_snapshot();

namespace detail {
std::uint64_t now_ns();
void add(Phase phase, std::uint64_t ns);
extern thread_local int t_depth;  // open kernel or wait timers on this thread
}  // namespace detail

/// Times its scope into `phase` where the breakdown is on and no timer of
/// a kernel or wait is open on this thread (execution timers nest freely).
class PhaseTimer {
 public:
  explicit PhaseTimer(Phase phase) : phase_(phase) {
    if (!breakdown_on()) return;
    const bool outer = phase == Phase::execution || detail::t_depth++ == 0;
    if (outer) start_ = detail::now_ns();
    counted_ = phase != Phase::execution;
  }
  ~PhaseTimer() {
    if (counted_) --detail::t_depth;
    if (start_ != 0) detail::add(phase_, detail::now_ns() - start_);
  }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  Phase phase_;
  std::uint64_t start_ = 0;
  bool counted_ = false;
};

}  // namespace mr2d::transport

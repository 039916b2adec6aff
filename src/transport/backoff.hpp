// SPDX-License-Identifier: BSD-3-Clause
// Waiting for a peer without taking its core: a short spin for the common
// case of data arriving within microseconds, then yields, then short sleeps.
// With more processes than cores, a process spinning on a flag would hold the
// core the peer it waits for needs to produce that flag; a yield hands it
// over. Yields go on for a few milliseconds (a chunk takes tens of
// microseconds, and a sleep wakes up late) before sleeps take over, for
// waits that are load imbalance rather than a chunk in the making.
//
// A wait on shared memory also keeps MPI moving (given a communicator): an
// MPI that progresses only inside MPI calls (MPICH over UCX, OpenMPI without
// single-copy) completes a large send only while its sender is in MPI. A
// process that left a nonblocking send in flight (BLACS does, after every
// ScaLAPACK routine) and then waits here for a node peer that is still in
// MPI_Recv for that send would otherwise wait forever, each for the other.
#pragma once

#include <mpi.h>
#include <sched.h>
#include <time.h>

#include <cstdio>

#include "common/status.hpp"

namespace mr2d::transport {

/// Seconds on the monotonic clock, for bounding waits.
inline double monotonic_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

class Backoff {
 public:
  /// With `progress`, every kProbeEvery-th wait probes MPI on it (a probe
  /// costs a pass over MPI's transports, too much for every spin; it
  /// receives nothing, it only lets MPI advance pending requests).
  explicit Backoff(MPI_Comm progress = MPI_COMM_NULL) : progress_(progress) {}
  void wait() {
    ++rounds_;
    if (progress_ != MPI_COMM_NULL && rounds_ % kProbeEvery == 0) {
      int flag = 0;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, progress_, &flag, MPI_STATUS_IGNORE);
    }
    if (rounds_ < 64) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    } else if (rounds_ < 64 + 8192) {
      sched_yield();
    } else {
      const timespec nap{0, 20000};
      nanosleep(&nap, nullptr);
    }
  }
  void reset() { rounds_ = 0; }

 private:
  static constexpr int kProbeEvery = 16;
  MPI_Comm progress_;
  int rounds_ = 0;
};

/// Seconds a wait for a peer may last before the call gives up with
/// MR2D_ERR_TIMEOUT (MR2D_TIMEOUT; unset or 0: no limit, as MPI).
double wait_limit_seconds();

/// Watches one wait: says once on stderr that it has lasted a minute
/// (processes that disagree about a redistribution, or a peer that died,
/// otherwise wait without a word) and tells when it exceeds MR2D_TIMEOUT.
class StallReport {
 public:
  /// Call while waiting; `what` describes the wait (printf format, args).
  /// True once the wait has lasted longer than wait_limit_seconds().
  template <class... Args>
  bool check(const char* what, Args... args) {
    // The clock is read every kClockEvery-th check only: most waits of a
    // small redistribution end within a few spins, and a clock read each
    // spin delays noticing the peer. A wait is timed from its first read.
    if (++checks_ % kClockEvery != 0) return false;
    const double t = monotonic_seconds();
    if (start_ == 0) start_ = t;
    const double limit = wait_limit_seconds();
    if (limit > 0 && t - start_ > limit) return true;
    if (reported_ || t - start_ < kSeconds) return false;
    reported_ = true;
    std::fprintf(stderr, "%s", message_of("", "still waiting after ").c_str());
    std::fprintf(stderr, "%.0f s: ", t - start_);
    std::fprintf(stderr, what, args...);
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
    return false;
  }
  void progress() {
    start_ = 0;
    checks_ = 0;
  }

 private:
  static constexpr double kSeconds = 60;
  static constexpr unsigned kClockEvery = 16;
  unsigned checks_ = 0;
  double start_ = 0;
  bool reported_ = false;
};

}  // namespace mr2d::transport

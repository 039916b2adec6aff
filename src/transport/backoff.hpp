// Waiting for a peer without taking its core: a short spin for the common
// case of data arriving within microseconds, then yields, then short sleeps.
// With more processes than cores, a process spinning on a flag would hold the
// core the peer it waits for needs to produce that flag; a yield hands it
// over. Yields go on for a few milliseconds (a chunk takes tens of
// microseconds, and a sleep wakes up late) before sleeps take over, for
// waits that are load imbalance rather than a chunk in the making.
#pragma once

#include <sched.h>
#include <time.h>

namespace mr2d::transport {

class Backoff {
 public:
  void wait() {
    ++rounds_;
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
  int rounds_ = 0;
};

}  // namespace mr2d::transport

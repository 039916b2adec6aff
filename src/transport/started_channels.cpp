// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Progress on every union; see started_channels.hpp.
#include "transport/started_channels.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

#include "transport/channel.hpp"
#include "transport/transfer.hpp"

namespace mr2d::transport {

namespace {

struct Started {
  // Held while a thread steps the channels, so a channel is never forgotten
  // (destroyed) mid-step; a channel's own lock is only tried under it.
  std::mutex lock;
  std::vector<Channel*> channels;
  std::atomic<int> count{0};
};

// Never destroyed: channels may go away during static destruction.
Started& started() {
  static Started* s = new Started;
  return *s;
}

// Set while this thread steps tracked channels: a wait reached from inside
// a step must not step them again.
thread_local bool t_stepping = false;

}  // namespace

void track_started(Channel& channel) {
  Started& s = started();
  const std::lock_guard<std::mutex> hold(s.lock);
  if (std::find(s.channels.begin(), s.channels.end(), &channel) != s.channels.end()) return;
  // From now on every step of the channel locks (StepLock), by its owner too.
  channel.threaded.store(true, std::memory_order_release);
  channel.tracked.store(true, std::memory_order_release);
  s.channels.push_back(&channel);
  s.count.store(static_cast<int>(s.channels.size()), std::memory_order_release);
}

void forget_started(Channel& channel) {
  Started& s = started();
  const std::lock_guard<std::mutex> hold(s.lock);
  s.channels.erase(std::remove(s.channels.begin(), s.channels.end(), &channel), s.channels.end());
  channel.tracked.store(false, std::memory_order_release);
  s.count.store(static_cast<int>(s.channels.size()), std::memory_order_release);
}

bool any_started() { return started().count.load(std::memory_order_acquire) > 0; }

bool others_started(const Channel& channel) {
  const int mine = channel.tracked.load(std::memory_order_acquire) ? 1 : 0;
  return started().count.load(std::memory_order_acquire) > mine;
}

void step_started(const Channel* except, bool& moved) {
  if (!any_started() || t_stepping) return;
  Started& s = started();
  const std::lock_guard<std::mutex> hold(s.lock);
  struct Stepping {
    Stepping() { t_stepping = true; }
    ~Stepping() { t_stepping = false; }
  } stepping;
  for (std::size_t k = 0; k < s.channels.size();) {
    Channel* c = s.channels[k];
    if (c == except) {
      ++k;
      continue;
    }
    std::unique_lock<std::recursive_mutex> steps(c->steps, std::try_to_lock);
    if (!steps.owns_lock()) {
      ++k;
      continue;
    }
    if (c->transfers.empty()) {
      c->tracked.store(false, std::memory_order_release);
      s.channels.erase(s.channels.begin() + static_cast<std::ptrdiff_t>(k));  // idle: tracked again at its next start
      continue;
    }
    Transfer::step_channel(*c, moved);
    ++k;
  }
  s.count.store(static_cast<int>(s.channels.size()), std::memory_order_release);
}

}  // namespace mr2d::transport

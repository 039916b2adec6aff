// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The progress thread; see progress_thread.hpp.
#include "transport/progress_thread.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "transport/channel.hpp"
#include "transport/transfer.hpp"

namespace mr2d::transport {

namespace {

struct Progress {
  std::mutex lock;  // held by the thread while it steps, so a channel is never forgotten mid-step
  std::condition_variable work;
  std::vector<Channel*> channels;
  bool running = false;
};

// Never destroyed: channels may go away during static destruction, and the
// thread, detached, may outlive main.
Progress& progress() {
  static Progress* p = new Progress;
  return *p;
}

void run(Progress& p) {
  std::unique_lock<std::mutex> hold(p.lock);
  for (;;) {
    bool busy = false, moved = false;
    for (Channel* c : p.channels) {
      std::unique_lock<std::recursive_mutex> steps(c->steps, std::try_to_lock);
      if (!steps.owns_lock()) {
        busy = true;  // its owner steps it now; come back
        continue;
      }
      if (c->transfers.empty()) continue;
      busy = true;
      Transfer::step_node(*c, moved);
    }
    if (!busy) {
      p.work.wait(hold);  // until a channel gets a transfer again (progress_on_thread)
      continue;
    }
    hold.unlock();
    if (moved)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(std::chrono::microseconds(20));
    hold.lock();
  }
}

}  // namespace

void progress_on_thread(Channel& channel) {
  Progress& p = progress();
  const std::lock_guard<std::mutex> hold(p.lock);
  // Before the thread can see it: every later step of the channel locks.
  channel.threaded.store(true, std::memory_order_release);
  if (std::find(p.channels.begin(), p.channels.end(), &channel) == p.channels.end()) p.channels.push_back(&channel);
  if (!p.running) {
    std::thread(run, std::ref(p)).detach();
    p.running = true;
  }
  p.work.notify_one();
}

void forget_progress(Channel& channel) {
  Progress& p = progress();
  const std::lock_guard<std::mutex> hold(p.lock);
  p.channels.erase(std::remove(p.channels.begin(), p.channels.end(), &channel), p.channels.end());
}

}  // namespace mr2d::transport

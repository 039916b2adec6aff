// SPDX-License-Identifier: BSD-3-Clause
// (MPI-free) The time breakdown; see time_breakdown.hpp.
#include "transport/time_breakdown.hpp"

#include <time.h>

#include <cstdlib>
#include <cstring>

namespace mr2d::transport {

namespace {

std::atomic<std::uint64_t> g_ns[kPhases];
std::atomic<long long> g_executions{0};

}  // namespace

namespace detail {

thread_local int t_depth = 0;

std::uint64_t now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ULL + static_cast<std::uint64_t>(ts.tv_nsec) + 1;
}

void add(Phase phase, std::uint64_t ns) {
  g_ns[static_cast<int>(phase)].fetch_add(ns, std::memory_order_relaxed);
  if (phase == Phase::execution) g_executions.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace detail

bool breakdown_on() {
  static const bool on = [] {
    const char* text = std::getenv("MR2D_STATS");
    return text != nullptr && std::strcmp(text, "detail") == 0;
  }();
  return on;
}

Breakdown breakdown_snapshot() {
  Breakdown b;
  for (int k = 0; k < kPhases; ++k) b.seconds[k] = 1e-9 * static_cast<double>(g_ns[k].load(std::memory_order_relaxed));
  b.executions = g_executions.load(std::memory_order_relaxed);
  return b;
}

}  // namespace mr2d::transport

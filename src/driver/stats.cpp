// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Statistics counters and their report at MPI_Finalize; see stats.hpp.
#include "driver/stats.hpp"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "transport/shm_links.hpp"

namespace mr2d::driver {

namespace {

std::mutex g_mutex;
mr2d_stats g_stats{};

}  // namespace

mr2d_stats stats_snapshot() {
  std::lock_guard<std::mutex> lock(g_mutex);
  mr2d_stats s = g_stats;
  s.shm_bytes = transport::shm_bytes_held();
  return s;
}

void reset_stats() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_stats = mr2d_stats{};
}

void add_stats(const mr2d_stats& d) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_stats.calls_gemr2d += d.calls_gemr2d;
  g_stats.calls_trmr2d += d.calls_trmr2d;
  g_stats.messages_sent += d.messages_sent;
  g_stats.bytes_sent += d.bytes_sent;
  g_stats.bytes_received += d.bytes_received;
  g_stats.bytes_local += d.bytes_local;
  g_stats.plans_reused += d.plans_reused;
  g_stats.bytes_direct += d.bytes_direct;
}

namespace {

// MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize, while
// MPI is still usable: the standard hook for finalize-time work.
int report_at_finalize(MPI_Comm, int, void*, void*) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const mr2d_stats s = stats_snapshot();
  std::fprintf(stderr,
               "mr2d-stats: rank %d gemr2d_calls %lld trmr2d_calls %lld messages_sent %lld "
               "bytes_sent %lld bytes_received %lld bytes_local %lld plans_reused %lld shm_bytes %lld "
               "bytes_direct %lld\n",
               rank, s.calls_gemr2d, s.calls_trmr2d, s.messages_sent, s.bytes_sent, s.bytes_received, s.bytes_local,
               s.plans_reused, s.shm_bytes, s.bytes_direct);
  std::fflush(stderr);
  return MPI_SUCCESS;
}

}  // namespace

void arm_stats_report() {
  static std::once_flag armed;
  std::call_once(armed, [] {
    const char* env = std::getenv("MR2D_STATS");
    if (env == nullptr || *env == '\0' || std::strcmp(env, "0") == 0) return;
    int key = MPI_KEYVAL_INVALID;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, report_at_finalize, &key, nullptr);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, nullptr);
  });
}

}  // namespace mr2d::driver

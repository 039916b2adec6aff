// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Statistics counters and their report at MPI_Finalize; see stats.hpp.
#include "driver/stats.hpp"

#include <mpi.h>

#include <atomic>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "grid/blacs.hpp"
#include "transport/shm_links.hpp"
#include "transport/time_breakdown.hpp"

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
  arm_stats_report();
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

// MR2D_STATS set and not "0".
bool stats_asked() {
  const char* env = std::getenv("MR2D_STATS");
  return env != nullptr && *env != '\0' && std::strcmp(env, "0") != 0;
}

std::atomic<bool> g_armed{false}, g_reported{false};

void print_report(int rank) {
  if (g_reported.exchange(true)) return;
  const mr2d_stats s = stats_snapshot();
  std::fprintf(stderr,
               "mr2d-stats: rank %d gemr2d_calls %lld trmr2d_calls %lld messages_sent %lld "
               "bytes_sent %lld bytes_received %lld bytes_local %lld plans_reused %lld shm_bytes %lld "
               "bytes_direct %lld\n",
               rank, s.calls_gemr2d, s.calls_trmr2d, s.messages_sent, s.bytes_sent, s.bytes_received, s.bytes_local,
               s.plans_reused, s.shm_bytes, s.bytes_direct);
  if (transport::breakdown_on()) {
    // Seconds per phase; protocol is what the blocking executions spent
    // beyond the kernels and waits (negative only where started executions'
    // kernels, timed too, outweigh it).
    const transport::Breakdown b = transport::breakdown_snapshot();
    using transport::Phase;
    const auto at = [&](Phase p) { return b.seconds[static_cast<int>(p)]; };
    std::fprintf(stderr,
                 "mr2d-stats-detail: rank %d executions %lld seconds %.6f pack %.6f unpack %.6f kept %.6f wait %.6f "
                 "protocol %.6f\n",
                 rank, b.executions, at(Phase::execution), at(Phase::pack), at(Phase::unpack), at(Phase::kept),
                 at(Phase::wait),
                 at(Phase::execution) - at(Phase::pack) - at(Phase::unpack) - at(Phase::kept) - at(Phase::wait));
  }
  std::fflush(stderr);
}

// MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize, while
// MPI is still usable: the standard hook for finalize-time work.
int report_at_finalize(MPI_Comm, int, void*, void*) {
  print_report(grid::world_rank());
  return MPI_SUCCESS;
}

// This process's rank in MPI_COMM_WORLD after MPI_Finalize, when MPI can no
// longer say: as the launcher set it (Open MPI, PMIx, MPICH's Hydra), or -1.
int launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    const char* value = std::getenv(name);
    char* end = nullptr;
    if (value == nullptr || *value == '\0') continue;
    const long rank = std::strtol(value, &end, 10);
    if (*end == '\0' && rank >= 0 && rank <= INT_MAX) return static_cast<int>(rank);
  }
  return -1;
}

// A process that never called mr2d after MPI_Init has no finalize hook: it
// reports as the library is unloaded at exit (when MPI was used at all, so
// that launchers and other programs the library is preloaded into stay quiet).
struct ReportAtExit {
  bool asked = stats_asked();
  ~ReportAtExit() {
    if (!asked || g_reported.load()) return;
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) return;
    const int rank = grid::world_rank();
    print_report(rank >= 0 ? rank : launcher_rank());
  }
};
const ReportAtExit g_report_at_exit;

}  // namespace

void arm_stats_report() {
  static const bool asked = stats_asked();
  if (!asked || g_armed.load(std::memory_order_acquire)) return;
  static std::mutex arming;
  std::lock_guard<std::mutex> lock(arming);
  // Before MPI_Init there is no finalize hook to set; the next call arms it.
  if (g_armed.load() || grid::world_rank() < 0) return;
  int key = MPI_KEYVAL_INVALID;
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, report_at_finalize, &key, nullptr);
  MPI_Comm_set_attr(MPI_COMM_SELF, key, nullptr);
  g_armed.store(true, std::memory_order_release);
}

}  // namespace mr2d::driver

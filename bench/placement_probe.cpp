// SPDX-License-Identifier: BSD-3-Clause
// The placement probe; see placement_probe.hpp.
#include "placement_probe.hpp"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <vector>

namespace mr2d::bench {

namespace {

// Identifier of the last-level cache of `cpu` ("" when sysfs does not say).
std::string last_level_cache(int cpu) {
  for (int index = 4; index >= 2; --index) {
    std::ifstream in("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/index" +
                     std::to_string(index) + "/shared_cpu_list");
    std::string shared;
    if (in >> shared) return std::to_string(index) + ":" + shared;
  }
  return "";
}

// Rounds of a cache line between ranks 0 and 1 of `node` (one node): rank 0
// writes an odd value, rank 1 answers with the next even one. Median of
// batches, in ns per round trip; -1 on other ranks.
double pingpong(MPI_Comm node) {
  int rank = 0;
  MPI_Comm_rank(node, &rank);
  std::atomic<long>* line = nullptr;
  MPI_Win win = MPI_WIN_NULL;
  MPI_Win_allocate_shared(rank == 0 ? 128 : 0, 1, MPI_INFO_NULL, node, &line, &win);
  MPI_Aint bytes = 0;
  int unit = 1;
  MPI_Win_shared_query(win, 0, &bytes, &unit, &line);
  if (rank == 0) new (line) std::atomic<long>(0);
  MPI_Barrier(node);
  constexpr int kBatches = 7, kRounds = 2000;
  std::vector<double> batches;
  long value = 0;
  for (int b = 0; b < kBatches && rank <= 1; ++b) {
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < kRounds; ++r) {
      if (rank == 0) {
        line->store(++value, std::memory_order_release);
        while (line->load(std::memory_order_acquire) != value + 1) sched_yield();
        ++value;
      } else {
        while (line->load(std::memory_order_acquire) != value + 1) sched_yield();
        value += 2;
        line->store(value, std::memory_order_release);
      }
    }
    batches.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
                      kRounds);
  }
  MPI_Barrier(node);
  MPI_Win_free(&win);
  if (rank != 0 || batches.empty()) return -1;
  std::sort(batches.begin(), batches.end());
  return batches[batches.size() / 2];
}

}  // namespace

Placement probe_placement(MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int cpu = sched_getcpu();
  std::vector<int> cpus(static_cast<std::size_t>(size));
  MPI_Gather(&cpu, 1, MPI_INT, cpus.data(), 1, MPI_INT, 0, comm);
  Placement p;
  for (int c : cpus) p.cpus += (p.cpus.empty() ? "" : " ") + std::to_string(c);
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int node_size = 1, node_rank = 0;
  MPI_Comm_size(node, &node_size);
  MPI_Comm_rank(node, &node_rank);
  int together = node_size == size ? 1 : 0;
  MPI_Bcast(&together, 1, MPI_INT, 0, comm);
  if (together && size >= 2) {
    p.pingpong_ns = pingpong(node);
    if (rank == 0) {
      const std::string a = last_level_cache(cpus[0]), b = last_level_cache(cpus[1]);
      p.shared_cache = a.empty() || b.empty() ? -1 : a == b ? 1 : 0;
    }
  }
  MPI_Comm_free(&node);
  return p;
}

}  // namespace mr2d::bench

// SPDX-License-Identifier: BSD-3-Clause
// Repeated timing: a warm-up call, then `reps` repetitions of as many calls as
// fill min_rep_s (so latency-bound cases are not lost in timer and barrier
// noise); per repetition the time per call of the slowest process.
#pragma once

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

namespace mr2d::bench {

struct Timing {
  double min_s = 0, median_s = 0;
  int calls_per_rep = 1;
  int reps = 0;  ///< repetitions measured
};

inline int calls_per_rep(double one_call_s, double min_rep_s) {
  if (one_call_s <= 0) return 1000;
  return static_cast<int>(std::clamp(std::ceil(min_rep_s / one_call_s), 1.0, 1000.0));
}

/// `slowest(run)` runs `run` (which returns its local seconds) and returns the
/// seconds to record: see across() and alone().
template <class Call, class Slowest>
Timing measure(int reps, double min_rep_s, Call&& call, Slowest&& slowest) {
  auto timed = [&](int calls) {
    return slowest([&] {
      const double t0 = MPI_Wtime();
      for (int i = 0; i < calls; ++i) call();
      return MPI_Wtime() - t0;
    });
  };
  // The first call also plans, allocates message buffers and touches pages;
  // only when it is short does a second call tell how many fill a repetition.
  const double first = timed(1);
  Timing t;
  t.calls_per_rep = first >= min_rep_s ? 1 : calls_per_rep(timed(1), min_rep_s);
  t.reps = reps;
  std::vector<double> per_call;
  for (int r = 0; r < reps; ++r) per_call.push_back(timed(t.calls_per_rep) / t.calls_per_rep);
  std::sort(per_call.begin(), per_call.end());
  t.min_s = per_call.front();
  t.median_s = per_call[per_call.size() / 2];
  return t;
}

/// Every process of comm starts together; the slowest process's time counts.
inline auto across(MPI_Comm comm) {
  return [comm](auto&& run) {
    MPI_Barrier(comm);
    double local = run(), slowest = 0;
    MPI_Allreduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, comm);
    return slowest;
  };
}

/// For each of `variants`, the median over `reps` rounds of the slowest
/// process's seconds, every process of MPI_COMM_WORLD starting together. The
/// variants take turns within each round (after one warm-up call each), in an
/// order shuffled per round (the same on every process), so drifts of a shared
/// machine (other load, clock) and what a variant leaves to the next (dirty
/// caches, freed pages) fall on all of them alike.
inline std::vector<double> interleaved_medians(int reps, const std::vector<std::function<void()>>& variants) {
  std::vector<std::vector<double>> t(variants.size());
  for (const auto& f : variants) f();
  std::vector<std::size_t> order(variants.size());
  std::mt19937 shuffle(12345);  // one seed: every process draws the same orders
  for (int r = 0; r < reps; ++r) {
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), shuffle);
    for (std::size_t v : order)
      t[v].push_back(across(MPI_COMM_WORLD)([&] {
        const double t0 = MPI_Wtime();
        variants[v]();
        return MPI_Wtime() - t0;
      }));
  }
  std::vector<double> medians;
  for (std::vector<double>& one : t) {
    std::sort(one.begin(), one.end());
    medians.push_back(one[one.size() / 2]);
  }
  return medians;
}

/// This process alone.
inline auto alone() {
  return [](auto&& run) { return run(); };
}

/// A barrier that sleeps while it waits, so processes that wait on an
/// oversubscribed machine leave the cores to the one that measures.
inline void idle_barrier(MPI_Comm comm) {
  MPI_Request request;
  MPI_Ibarrier(comm, &request);
  for (int done = 0; MPI_Test(&request, &done, MPI_STATUS_IGNORE), !done;) usleep(500);
}

}  // namespace mr2d::bench

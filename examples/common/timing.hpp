// SPDX-License-Identifier: BSD-3-Clause
// Timings the examples print: the slowest process decides how long a
// collective step takes, and the median of repetitions hides one-off noise.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <vector>

namespace examples {

inline double slowest(double seconds, MPI_Comm comm = MPI_COMM_WORLD) {
  double max = 0;
  MPI_Allreduce(&seconds, &max, 1, MPI_DOUBLE, MPI_MAX, comm);
  return max;
}

/// Median over `reps` runs of `call`, each timed on the slowest process;
/// `prepare` runs before each, untimed.
template <class F, class Prepare>
double median_seconds(int reps, F&& call, Prepare&& prepare) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    prepare();
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    call();
    t.push_back(slowest(MPI_Wtime() - t0));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class F>
double median_seconds(int reps, F&& call) {
  return median_seconds(reps, call, [] {});
}

/// Splits one process's time among the stages of a run: lap(into) adds the
/// time since the previous lap (or since construction) to `into`.
class Laps {
 public:
  Laps() : last_(MPI_Wtime()) {}
  void lap(double& into) {
    const double now = MPI_Wtime();
    into += now - last_;
    last_ = now;
  }

 private:
  double last_;
};

}  // namespace examples

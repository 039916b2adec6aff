// The start and end every example shares: MPI up, rank and process count,
// integer arguments, and one exit status agreed by all processes.
#pragma once

#include <mpi.h>

#include <cstdio>
#include <cstdlib>

#include "blacs.hpp"

namespace examples {

class Program {
 public:
  Program(int& argc, char**& argv) : argc_(argc), argv_(argv) {
    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&rank, &nprocs);
  }

  /// Integer argument k (1-based), or `fallback` when it is absent.
  int arg(int k, int fallback) const { return argc_ > k ? std::atoi(argv_[k]) : fallback; }

  /// Ends MPI after rank 0 prints `why`; the exit status for a misuse.
  int usage_error(const char* why) const {
    if (rank == 0) std::fprintf(stderr, "%s\n", why);
    MPI_Finalize();
    return 2;
  }

  /// Ends MPI; the exit status is 0 only if `passed` holds on every process.
  int finish(bool passed) const {
    int mine = passed ? 1 : 0, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Finalize();
    return all ? 0 : 1;
  }

  int rank = 0, nprocs = 1;

 private:
  int argc_;
  char** argv_;
};

}  // namespace examples

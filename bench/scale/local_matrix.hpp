// SPDX-License-Identifier: BSD-3-Clause
// One process's part of a block-cyclic matrix on a grid of MPI_COMM_WORLD
// (bench/scale drivers): its descriptor and array, and element codes that
// tell every element of every matrix apart, for --check runs.
#pragma once

#include "driver_args.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::scale {

/// Rows (or columns) of an n-long dimension in blocks of nb held by process
/// coordinate iproc of nprocs (sources at coordinate 0).
long long numroc(long long n, long long nb, int iproc, int nprocs);

/// This process's part of an m x n matrix on grid `g` (ranks 0 .. P*Q-1, row-major).
struct Local {
  bool member = false;
  bool shared = false;  ///< data from SMPI_SHARED_MALLOC (one page set for all processes)
  int row = -1, col = -1;
  long long m = 0, n = 0;
  long long rows = 0, cols = 0;
  mr2d_int desc[9] = {};
  double* data = nullptr;
};

/// `shared`: fold every process's array onto one page set under SMPI, so that
/// thousands of simulated processes fit in memory (contents then meaningless).
Local make_local(long long m, long long n, const Grid& g, int rank, bool shared);
void free_local(Local& l);

/// Writes code(i, j) + offset into every element this process holds.
void fill_codes(const Local& l, const Grid& g, double offset);
/// Elements that differ from code(i, j) + offset.
long long wrong_codes(const Local& l, const Grid& g, double offset);

}  // namespace mr2d::scale

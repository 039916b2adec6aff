// SPDX-License-Identifier: BSD-3-Clause
// The main demo: one redistribution between two different grids on the same
// processes, verified element by element, timed against ScaLAPACK's pdgemr2d
// in the same run. Run with 4 processes: `cmake --build build --target demo`.
//   mr2d_demo [N]
#include <mpi.h>

#include <cstdio>
#include <vector>

#include "dist_matrix.hpp"
#include "mr2d/mr2d.h"
#include "program.hpp"
#include "timing.hpp"

using examples::DistMatrix;
using examples::make_grid;
using examples::median_seconds;
using examples::position_value;

int main(int argc, char** argv) {
  const examples::Program program(
      argc, argv,
      "usage: mr2d_demo [N]\n"
      "  moves N x N doubles (default 2000) from a 2x2 grid of 64x64 blocks to a 4x1\n"
      "  column-major grid of 100x37 blocks, verifies every element and times mr2d\n"
      "  against ScaLAPACK. Runs on 4 processes: mpirun -np 4 mr2d_demo (or\n"
      "  cmake --build build --target demo). Guide: docs/examples.md\n",
      {"N"});
  const int rank = program.rank, nprocs = program.nprocs;
  const int n = program.arg(1, 2000);
  if (nprocs != 4) return program.usage_error("mr2d_demo runs on 4 processes");
  // A: 2x2 grid, 64x64 blocks. B: 4x1 grid in column-major order, 100x37 blocks.
  DistMatrix<double> a(make_grid(2, 2, "R"), n, n, 64, 64);
  DistMatrix<double> b(make_grid(4, 1, "C"), n, n, 100, 37);
  a.for_each([](double& x, int i, int j) { x = position_value(i, j); });
  const int ctxt_union = make_grid(1, 4).ctxt;

  mr2d_reset_stats();
  int status = mr2d_pdgemr2d(n, n, a.data(), 1, 1, a.desc, b.data(), 1, 1, b.desc, ctxt_union);
  mr2d_stats st;
  mr2d_get_stats(&st);
  long long errors = status == MR2D_SUCCESS ? 0 : 1;
  b.for_each([&](double x, int i, int j) { errors += x != position_value(i, j); });
  long long total_errors = 0;
  MPI_Allreduce(&errors, &total_errors, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);

  if (rank == 0)
    std::printf("mr2d demo: %d x %d doubles, A on a 2x2 grid (64x64 blocks) -> B on a 4x1 "
                "column-major grid (100x37 blocks), 4 processes\n", n, n);
  // Rank 0 prints every process's line, so the output is in order.
  long long mine[10] = {a.grid.myrow, a.grid.mycol, a.rows, a.cols, b.grid.myrow,
                        b.grid.mycol, b.rows, b.cols, st.messages_sent, 0};
  double bytes[3] = {st.bytes_sent / 1e6, st.bytes_received / 1e6, st.bytes_local / 1e6};
  std::vector<long long> all(40);
  std::vector<double> all_bytes(12);
  MPI_Gather(mine, 10, MPI_LONG_LONG, all.data(), 10, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  MPI_Gather(bytes, 3, MPI_DOUBLE, all_bytes.data(), 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int r = 0; rank == 0 && r < nprocs; ++r) {
    const long long* v = &all[static_cast<std::size_t>(10 * r)];
    const double* mb = &all_bytes[static_cast<std::size_t>(3 * r)];
    std::printf("  process %d: A(%lld,%lld) holds %lldx%lld, B(%lld,%lld) holds %lldx%lld; sent %lld "
                "messages, %.2f MB out, %.2f MB in, %.2f MB kept locally\n",
                r, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], mb[0], mb[1], mb[2]);
  }
  if (rank == 0) std::printf("verification: %s (%lld wrong elements)\n", total_errors ? "FAILED" : "passed", total_errors);

  const int reps = 7;
  double ours = median_seconds(reps, [&] {
    mr2d_pdgemr2d(n, n, a.data(), 1, 1, a.desc, b.data(), 1, 1, b.desc, ctxt_union);
  });
  double theirs = median_seconds(reps, [&] {
    Cpdgemr2d(n, n, a.data(), 1, 1, a.desc, b.data(), 1, 1, b.desc, ctxt_union);
  });
  if (rank == 0)
    std::printf("time (median of %d, slowest process): mr2d %.4f s, ScaLAPACK %.4f s, speedup %.1fx\n",
                reps, ours, theirs, theirs / ours);
  return program.finish(total_errors == 0);
}

// SPDX-License-Identifier: BSD-3-Clause
// 64-bit offsets: a window near the far corner of a local array of more than
// 2^31 elements (ScaLAPACK's Int arithmetic overflows there, semantics
// document 6.10), copied into a small B, checked against the element codes.
// Only the touched pages of the large array are ever allocated by the system,
// so the test needs little memory. Any number of processes.
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"

using namespace mr2d_test;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  // A: every process holds 50000 x 50000 floats (2.5e9 elements, 10 GB of
  // address space) in a world x 1 grid of single blocks of 50000 rows.
  const int rows = 50000, M = rows * world, N = 50000, m = 300, n = 200;
  Grid ga = make_grid(world, 1, "R", {});
  Grid gb = make_grid(1, world, "C", {});
  Grid gu = make_grid(1, world, "R", {});
  const std::size_t elems = static_cast<std::size_t>(rows) * static_cast<std::size_t>(N);
  auto* a = static_cast<float*>(std::malloc(elems * sizeof(float)));  // untouched: not resident
  int bad = a == nullptr;
  // The window: the last m rows of process 0's block at columns N-n..N-1, so
  // its local offsets exceed 2^31.
  const int ia = rows - m + 1, ja = N - n + 1;
  if (a != nullptr && ga.myrow == 0)
    for (int j = ja - 1; j < N; ++j)
      for (int i = ia - 1; i < rows; ++i)
        a[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * rows] = static_cast<float>((i % 4096) * 4096 + j % 4096);
  int desca[9] = {1, ga.ctxt, M, N, rows, N, 0, 0, rows};
  const int mbb = 7, nbb = 5;
  LocalArray<float> b;
  b.rows = numroc(m, mbb, gb.myrow, 0, gb.nprow);
  b.cols = numroc(n, nbb, gb.mycol, 0, gb.npcol);
  b.lld = std::max(1, b.rows);
  b.data.assign(static_cast<std::size_t>(b.lld) * static_cast<std::size_t>(b.cols), -1.0f);
  int descb[9] = {1, gb.ctxt, m, n, mbb, nbb, 0, 0, b.lld};
  int status = mr2d_psgemr2d(m, n, a, ia, ja, desca, b.ptr(), 1, 1, descb, gu.ctxt);
  bad += status != MR2D_SUCCESS;
  for (int c = 0; c < b.cols; ++c)
    for (int r = 0; r < b.rows; ++r) {
      int i = ia - 1 + global_of(r, mbb, gb.myrow, 0, gb.nprow);
      int j = ja - 1 + global_of(c, nbb, gb.mycol, 0, gb.npcol);
      bad += b.at(r, c) != static_cast<float>((i % 4096) * 4096 + j % 4096);
    }
  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("large offsets: local A of %zu elements, window at offset %zu: %s\n", elems,
                static_cast<std::size_t>(ia - 1) + static_cast<std::size_t>(ja - 1) * rows,
                total ? "FAILED" : "passed");
  std::free(a);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

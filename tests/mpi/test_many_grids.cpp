// SPDX-License-Identifier: BSD-3-Clause
// How many live union contexts (three grids each) a program can hold while it
// redistributes over every new one, with mr2d or with ScaLAPACK's own routine:
// mr2d must never run out of communicators earlier. Prints "alive K" after
// each context's redistribution checked out; an MPI that runs out of
// communicators aborts the program inside BLACS, so the last line printed is
// the count (many_grids.cmake compares the two).
//   test_many_grids mr2d|scalapack MAX
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"

extern "C" void Cpdgemr2d(int m, int n, double* a, int ia, int ja, int* desca, double* b, int ib,
                          int jb, int* descb, int ictxt);

using namespace mr2d_test;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const bool with_mr2d = argc > 1 && std::strcmp(argv[1], "mr2d") == 0;
  const int max = argc > 2 ? std::atoi(argv[2]) : 200;
  const int M = 12, N = 10;
  std::vector<Grid> grids;
  int wrong = 0;
  for (int k = 0; k < max && wrong == 0; ++k) {
    const Grid gu = make_grid(1, world, "R", {});
    const Grid ga = make_grid(1, world, "R", {});
    const Grid gb = make_grid(world, 1, "C", {});
    grids.insert(grids.end(), {gu, ga, gb});
    LocalArray<double> a, b;
    fill_codes(a, M, N, 2, 3, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol);
    b.rows = numroc(M, 3, gb.myrow, 0, gb.nprow);
    b.cols = N;
    b.lld = b.rows > 1 ? b.rows : 1;
    b.data.assign(static_cast<std::size_t>(b.lld * b.cols), sentinel<double>());
    int desca[9] = {1, ga.ctxt, M, N, 2, 3, 0, 0, a.lld}, descb[9] = {1, gb.ctxt, M, N, 3, 2, 0, 0, b.lld};
    if (with_mr2d) wrong += mr2d_pdgemr2d(M, N, a.ptr(), 1, 1, desca, b.ptr(), 1, 1, descb, gu.ctxt) != MR2D_SUCCESS;
    else Cpdgemr2d(M, N, a.ptr(), 1, 1, desca, b.ptr(), 1, 1, descb, gu.ctxt);
    for (int c = 0; c < b.cols; ++c)
      for (int r = 0; r < b.rows; ++r)
        wrong += !same_bits(b.at(r, c), code_of<double>(global_of(r, 3, gb.myrow, 0, gb.nprow), c));
    int all = 0;
    MPI_Allreduce(&wrong, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    wrong = all;
    if (rank == 0 && wrong == 0) {
      std::printf("alive %d\n", k + 1);
      std::fflush(stdout);
    }
  }
  if (rank == 0 && wrong != 0) std::printf("wrong results: %d\n", wrong);
  for (const Grid& g : grids)
    if (g.member()) Cblacs_gridexit(g.ctxt);
  MPI_Finalize();
  return wrong == 0 ? 0 : 1;
}

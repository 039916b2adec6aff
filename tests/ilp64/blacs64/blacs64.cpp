// SPDX-License-Identifier: BSD-3-Clause
// Self-test BLACS with 64-bit integers; see blacs64.h.
#include "blacs64.h"

#include <mpi.h>

#include <vector>

namespace {

struct Grid {
  MPI_Comm comm = MPI_COMM_NULL;
  long long nprow = -1, npcol = -1, myrow = -1, mycol = -1;
};

std::vector<Grid>& grids() {
  static std::vector<Grid> table;
  return table;
}

}  // namespace

extern "C" long long blacs64_grid(long long nprow, long long npcol, const long long* world_ranks) {
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  long long position = -1;
  for (long long k = 0; k < nprow * npcol; ++k)
    if (world_ranks[k] == me) position = k;
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, position >= 0 ? 0 : MPI_UNDEFINED, static_cast<int>(position), &comm);
  if (position < 0) return -1;
  grids().push_back({comm, nprow, npcol, position / npcol, position % npcol});
  return static_cast<long long>(grids().size()) - 1;
}

extern "C" void Cblacs_gridinfo(long long ictxt, long long* nprow, long long* npcol,
                                long long* myrow, long long* mycol) {
  Grid g;
  if (ictxt >= 0 && ictxt < static_cast<long long>(grids().size())) g = grids()[static_cast<std::size_t>(ictxt)];
  *nprow = g.nprow;
  *npcol = g.npcol;
  *myrow = g.myrow;
  *mycol = g.mycol;
}

extern "C" void blacs_get_(const long long* ictxt, const long long* what, long long* val) {
  *val = -1;
  if (*what != 10 || *ictxt < 0 || *ictxt >= static_cast<long long>(grids().size())) return;
  *val = MPI_Comm_c2f(grids()[static_cast<std::size_t>(*ictxt)].comm);
}

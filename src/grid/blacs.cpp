// SPDX-License-Identifier: BSD-3-Clause
// (MPI) BLACS context queries; see blacs.hpp.
#include "grid/blacs.hpp"

namespace mr2d::grid {

check::GridInfo grid_info(Index ictxt) {
  check::GridInfo g;
  if (ictxt < 0) return g;
  mr2d_int nprow = -1, npcol = -1, myrow = -1, mycol = -1;
  Cblacs_gridinfo(static_cast<mr2d_int>(ictxt), &nprow, &npcol, &myrow, &mycol);
  g.nprow = nprow;
  g.npcol = npcol;
  g.myrow = myrow;
  g.mycol = mycol;
  return g;
}

int world_rank() {
  int initialized = 0, finalized = 0, rank = -1;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

MPI_Comm context_comm(Index ictxt) {
  mr2d_int ctxt = static_cast<mr2d_int>(ictxt);
  const mr2d_int what = 10;  // the grid's point-to-point communicator
  mr2d_int handle = 0;
  blacs_get_(&ctxt, &what, &handle);
  return MPI_Comm_f2c(static_cast<MPI_Fint>(handle));
}

}  // namespace mr2d::grid

/* SPDX-License-Identifier: BSD-3-Clause */
/* A minimal BLACS with 64-bit integers for the ILP64 self-tests: Debian ships
 * no ScaLAPACK built with 64-bit Int, so this stands in for the two BLACS
 * queries mr2d makes (Cblacs_gridinfo, blacs_get_ with what = 10) plus grid
 * creation. Grids live on MPI_COMM_WORLD, positions in row-major order. */
#ifndef MR2D_TEST_BLACS64_H
#define MR2D_TEST_BLACS64_H

#ifdef __cplusplus
extern "C" {
#endif

/** Collective over MPI_COMM_WORLD: a nprow x npcol grid whose position
 *  r*npcol + c is world rank world_ranks[r*npcol + c]. Returns the context on
 *  its members and -1 elsewhere. */
long long blacs64_grid(long long nprow, long long npcol, const long long *world_ranks);

void Cblacs_gridinfo(long long ictxt, long long *nprow, long long *npcol, long long *myrow,
                     long long *mycol);
void blacs_get_(const long long *ictxt, const long long *what, long long *val);

#ifdef __cplusplus
}
#endif

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The BLACS and ScaLAPACK tool routines that programs using mr2d typically
 * call to set up grids and descriptors. Debian's ScaLAPACK ships no C header
 * for them; these prototypes match its 32-bit integer interface. */
#ifndef MR2D_BLACS_H
#define MR2D_BLACS_H

#ifdef __cplusplus
extern "C" {
#endif

void Cblacs_pinfo(int* mypnum, int* nprocs);
void Cblacs_get(int ictxt, int what, int* val);
void Cblacs_gridinit(int* ictxt, const char* order, int nprow, int npcol);
void Cblacs_gridmap(int* ictxt, int* usermap, int ldumap, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int* nprow, int* npcol, int* myrow, int* mycol);
void Cblacs_gridexit(int ictxt);
void Cblacs_exit(int keep_mpi);
int numroc_(const int* n, const int* nb, const int* iproc, const int* isrc, const int* nprocs);
void descinit_(int* desc, const int* m, const int* n, const int* mb, const int* nb, const int* irsrc, const int* icsrc,
               const int* ictxt, const int* lld, int* info);

#ifdef __cplusplus
}
#endif

#endif /* MR2D_BLACS_H */

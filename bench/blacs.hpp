// The BLACS and ScaLAPACK tool routines the benchmark calls (from the
// reference ScaLAPACK library; they have no public C header).
#pragma once

extern "C" {
void Cblacs_get(int ictxt, int what, int* val);
void Cblacs_gridinit(int* ictxt, const char* order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int* nprow, int* npcol, int* myrow, int* mycol);
void Cblacs_gridexit(int ictxt);
int numroc_(const int* n, const int* nb, const int* iproc, const int* isrc, const int* nprocs);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* A plain C ScaLAPACK program: Cpdgemr2d from a 2 x 2 grid (3 x 2 blocks) to
 * a 1 x P grid (4 x 5 blocks), every element of every local B checked against
 * the fill formula. Built twice, with and without libmr2d_scalapack ahead of
 * ScaLAPACK: the same source must pass either way. With the argument "idle"
 * the last process calls no redistribution: the others copy among
 * themselves (its MR2D_STATS line must still appear, with 0 calls). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void Cblacs_pinfo(int *me, int *np);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_exit(int cont);
int numroc_(const int *n, const int *nb, const int *p, const int *src, const int *np);
void Cpdgemr2d(int m, int n, double *a, int ia, int ja, int *desca, double *b, int ib, int jb,
               int *descb, int ictxt);

enum { M = 31, N = 23 };

static int global_of(int l, int nb, int p, int np) { return (l / nb * np + p) * nb + l % nb; }

/* Grid of nprow x npcol on the first processes: descriptor and local extents. */
static int grid(int nprow, int npcol, int mb, int nb, int desc[9], int *lr, int *lc, int *pr, int *pc) {
  int ctxt, r, c, zero = 0;
  Cblacs_get(-1, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", nprow, npcol);
  Cblacs_gridinfo(ctxt, &r, &c, pr, pc);
  for (int k = 0; k < 9; ++k) desc[k] = 0;
  desc[1] = -1;
  *lr = *lc = 0;
  if (*pr < 0) return -1;
  int m = M, n = N;
  *lr = numroc_(&m, &mb, pr, &zero, &r);
  *lc = numroc_(&n, &nb, pc, &zero, &c);
  int d[9] = {1, ctxt, M, N, mb, nb, 0, 0, *lr > 1 ? *lr : 1};
  for (int k = 0; k < 9; ++k) desc[k] = d[k];
  return ctxt;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np, all, desca[9], descb[9], la_r, la_c, lb_r, lb_c, apr, apc, bpr, bpc;
  Cblacs_pinfo(&me, &np);
  if (argc > 1 && strcmp(argv[1], "idle") == 0 && np > 1) --np;
  Cblacs_get(-1, 0, &all);
  Cblacs_gridinit(&all, "R", 1, np);
  const int ar = np >= 4 ? 2 : 1, ac = np >= 4 ? 2 : np;
  const int ca = grid(ar, ac, 3, 2, desca, &la_r, &la_c, &apr, &apc);
  const int cb = grid(1, np, 4, 5, descb, &lb_r, &lb_c, &bpr, &bpc);
  double *a = calloc((size_t)(la_r > 1 ? la_r : 1) * (la_c > 1 ? la_c : 1), sizeof *a);
  double *b = calloc((size_t)(lb_r > 1 ? lb_r : 1) * (lb_c > 1 ? lb_c : 1), sizeof *b);
  if (ca >= 0)
    for (int j = 0; j < la_c; ++j)
      for (int i = 0; i < la_r; ++i)
        a[i + j * desca[8]] = global_of(i, 3, apr, ar) + 1000.0 * global_of(j, 2, apc, ac);
  if (me < np) Cpdgemr2d(M, N, a, 1, 1, desca, b, 1, 1, descb, all);
  int wrong = 0;
  if (cb >= 0)
    for (int j = 0; j < lb_c; ++j)
      for (int i = 0; i < lb_r; ++i)
        if (b[i + j * descb[8]] != global_of(i, 4, bpr, 1) + 1000.0 * global_of(j, 5, bpc, np)) ++wrong;
  int total = 0;
  MPI_Allreduce(&wrong, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0) printf("link order (C): %d wrong elements\n", total);
  free(a);
  free(b);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

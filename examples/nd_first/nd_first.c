/* SPDX-License-Identifier: BSD-3-Clause */
/* A first N-dimensional redistribution (docs/nd-arrays.md): a 3D array of
 * doubles, x = 8 by y = 6 by z = 4, stored in C order, split along x over 4
 * processes (2 x-planes each), becomes its transpose B(z, y, x) split along z
 * (one z-plane each): B(k, j, i) = A(i, j, k). Each process fills its part of
 * A with 100 i + 10 j + k, makes one call over MPI_COMM_WORLD and checks every
 * element of its part of B. Run on 4 processes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mr2d/mr2d_nd.h"

static const char usage[] =
    "usage: mr2d_nd_first\n"
    "  moves an 8 x 6 x 4 array split along x over 4 processes to B(z, y, x) split\n"
    "  along z and checks it. Run under mpirun with 4 processes. Guide: docs/nd-arrays.md\n";

int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    }
    fprintf(stderr, "mr2d_nd_first: unexpected argument '%s'\n%s", argv[k], usage);
    return 2;
  }
  MPI_Init(&argc, &argv);
  int me = 0, nprocs = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs != 4) {
    if (me == 0) fprintf(stderr, "nd_first: run on 4 processes, not %d\n", nprocs);
    MPI_Finalize();
    return 2;
  }

  /* A: dimensions (x, y, z), x split in blocks over 4 processes (grid 4 x 1 x 1). */
  const mr2d_int sizes_a[3] = {8, 6, 4};
  const int grid_a[3] = {4, 1, 1};
  mr2d_nd_array da = {0};
  da.ndims = 3;
  da.sizes = sizes_a;
  da.grid = grid_a; /* blocks NULL: MR2D_ND_BLOCK, ceil(8 / 4) = 2 x-planes each */
  da.grid_order = MR2D_ND_ORDER_C;
  da.storage_order = MR2D_ND_ORDER_C;

  /* B: dimensions (z, y, x); perm[d] is where A's dimension d goes. */
  const int perm[3] = {2, 1, 0};
  const mr2d_int sizes_b[3] = {4, 6, 8};
  mr2d_nd_array db = da;
  db.sizes = sizes_b;

  /* The local arrays: how many of each dimension this process holds. */
  mr2d_int ca[3], cb[3];
  long long na = 0, nb = 0;
  if (mr2d_nd_local_shape(&da, me, ca, &na) != MR2D_SUCCESS || mr2d_nd_local_shape(&db, me, cb, &nb) != MR2D_SUCCESS)
    MPI_Abort(MPI_COMM_WORLD, 1);
  double* a = malloc((size_t)na * sizeof(double));
  double* b = malloc((size_t)nb * sizeof(double));
  const mr2d_int x0 = 2 * me; /* this process's first x-plane of A, and z-plane of B */
  for (mr2d_int i = 0; i < ca[0]; ++i)
    for (mr2d_int j = 0; j < ca[1]; ++j)
      for (mr2d_int k = 0; k < ca[2]; ++k)
        a[(i * ca[1] + j) * ca[2] + k] = 100.0 * (double)(x0 + i) + 10.0 * (double)j + (double)k;

  /* NULL alpha and beta: a plain copy. */
  if (mr2d_comm_nd_transform(MPI_COMM_WORLD, MR2D_D, perm, NULL, a, &da, NULL, b, &db, NULL) != MR2D_SUCCESS) {
    fprintf(stderr, "nd_first: %s\n", mr2d_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  long long wrong = 0, all_wrong = 0;
  const mr2d_int z0 = me; /* ceil(4 / 4) = 1 z-plane each */
  for (mr2d_int k = 0; k < cb[0]; ++k)
    for (mr2d_int j = 0; j < cb[1]; ++j)
      for (mr2d_int i = 0; i < cb[2]; ++i)
        if (b[(k * cb[1] + j) * cb[2] + i] != 100.0 * (double)i + 10.0 * (double)j + (double)(z0 + k)) ++wrong;
  MPI_Allreduce(&wrong, &all_wrong, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0) printf("nd_first: B(z, y, x) = A(x, y, z) on 4 processes, %lld wrong elements\n", all_wrong);
  free(a);
  free(b);
  MPI_Finalize();
  return all_wrong == 0 ? 0 : 1;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* mr2d: redistribution between grids described by an MPI communicator, for
 * programs that do not use BLACS.
 *
 * The entries here are those of mr2d.h with the BLACS contexts replaced: a
 * communicator plays the part of the union context, and each of A's and B's
 * grids is given as an mr2d_grid (its shape and which rank of the
 * communicator sits at each position). Everything else is unchanged: the
 * ScaLAPACK-style descriptors (9 entries), the checks and their messages, the
 * status rules (on error no process writes to B and every process of the
 * communicator returns the same status), options, statistics, the cache of
 * repeated calls and persistent plans (executed by mr2d_plan_execute).
 *
 * Rules shared by every entry here:
 *  - Every process of `comm` calls, with the same grid descriptions. A process
 *    in neither grid passes NULL arrays (and may pass NULL descriptors); a
 *    process outside one grid may pass NULL for that matrix's array and
 *    descriptor.
 *  - The CTXT_ entries of the descriptors are ignored; the other entries mean
 *    what they mean in ScaLAPACK (DTYPE_ is not read, as in ScaLAPACK's own
 *    redistribution routines).
 *  - `comm` must be an intracommunicator. mr2d keeps its buffers, its private
 *    communicator and its cache of prepared calls on `comm` as MPI attributes,
 *    so repeated calls reuse them; freeing `comm` (MPI_Comm_free) releases all
 *    of it. A plan created on `comm` must not outlive it: executing it after
 *    `comm` was freed returns MR2D_ERR_CONTEXT.
 *  - Calls over one communicator are collective operations on it and must not
 *    overlap (the thread rules of mr2d.h, with `comm` as the union context).
 *  - Argument positions in messages count COMM as 1 (type is not counted):
 *    COMM M N A IA JA DESCA GRIDA B IB JB DESCB GRIDB for the general copy,
 *    COMM UPLO DIAG M N A ... GRIDB for the trapezoidal one (also for the
 *    plans, which take the same arguments without the arrays).
 *
 * Processes whose grid descriptions disagree get MR2D_ERR_CONTEXT or
 * MR2D_ERR_INCONSISTENT where that leaves a grid position empty, taken twice,
 * or a shape that differs; descriptions that still place every process on
 * one position of one consistent grid are taken as each process states its
 * own position.
 */
#ifndef MR2D_MR2D_COMM_H
#define MR2D_MR2D_COMM_H

#include <mpi.h>

#include "mr2d/mr2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One process grid inside a communicator: an nprow x npcol grid whose
 *  position (r, c) is held by rank ranks[r + c*nprow] of the communicator
 *  (the usermap order of Cblacs_gridmap and of mr2d_relabel_gemr2d's
 *  b_usermap), or, with ranks NULL, by rank r*npcol + c (Cblacs_gridinit's
 *  row-major order over ranks 0 .. nprow*npcol-1). The grid may hold any
 *  subset of the communicator; A's and B's grids may overlap or be disjoint.
 *  Checked on every process: nprow, npcol >= 1, nprow*npcol <= the size of
 *  the communicator, the ranks distinct and in [0, size). */
typedef struct {
  int nprow;        /**< grid rows (>= 1) */
  int npcol;        /**< grid columns (>= 1) */
  const int* ranks; /**< nprow*npcol ranks of the communicator, column-major; NULL: row-major 0.. */
} mr2d_grid;

/** General copy sub(B) := sub(A) between the grids `grida` and `gridb` of
 *  `comm`: the contract of mr2d_gemr2d, with `comm` as the union context.
 *  @param comm    communicator whose every process calls (the union)
 *  @param type    element type of A and B (an mr2d_type)
 *  @param desca   A's descriptor (CTXT_ ignored); may be NULL outside A's grid
 *  @param grida   A's grid within `comm` (not NULL)
 *  @param descb   B's descriptor (CTXT_ ignored); may be NULL outside B's grid
 *  @param gridb   B's grid within `comm` (not NULL)
 *  @param options tuning of this call; NULL: the process-wide options
 *  @return MR2D_SUCCESS or an error code (the same on every process of comm).
 *  The other arguments are those of mr2d_gemr2d. */
MR2D_API int mr2d_comm_gemr2d(MPI_Comm comm, int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja,
                              const mr2d_int* desca, const mr2d_grid* grida, void* b, mr2d_int ib, mr2d_int jb,
                              const mr2d_int* descb, const mr2d_grid* gridb, const mr2d_options* options);

/** Trapezoidal copy between grids of `comm`: the contract of mr2d_trmr2d
 *  (uplo, diag as there), the communicator and grids of mr2d_comm_gemr2d. */
MR2D_API int mr2d_comm_trmr2d(MPI_Comm comm, int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                              const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida,
                              void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                              const mr2d_options* options);

/** Persistent plan of mr2d_comm_gemr2d: its arguments without the arrays;
 *  collective over `comm`. Executed (collectively over `comm`), queried and
 *  destroyed like any plan (mr2d_plan_execute, mr2d_plan_query,
 *  mr2d_plan_destroy); `comm` must outlive it. *plan is NULL on error. */
MR2D_API int mr2d_plan_create_comm_gemr2d(mr2d_plan* plan, MPI_Comm comm, int type, mr2d_int m, mr2d_int n, mr2d_int ia,
                                          mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida, mr2d_int ib,
                                          mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                          const mr2d_options* options);

/** Persistent plan of mr2d_comm_trmr2d (see mr2d_plan_create_comm_gemr2d). */
MR2D_API int mr2d_plan_create_comm_trmr2d(mr2d_plan* plan, MPI_Comm comm, int type, const char* uplo, const char* diag,
                                          mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                                          const mr2d_grid* grida, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                          const mr2d_grid* gridb, const mr2d_options* options);

/** mr2d_comm_gemr2d with the communicator as a Fortran handle (MPI_Comm_f2c
 *  turns it into `comm`): what the Fortran module's mr2d_comm_gemr2d binds to. */
MR2D_API int mr2d_comm_gemr2d_f(MPI_Fint comm, int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia,
                                mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida, void* b, mr2d_int ib,
                                mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                const mr2d_options* options);
/** mr2d_comm_trmr2d with a Fortran communicator handle (see mr2d_comm_gemr2d_f). */
MR2D_API int mr2d_comm_trmr2d_f(MPI_Fint comm, int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                                const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida,
                                void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                const mr2d_options* options);
/** mr2d_plan_create_comm_gemr2d with a Fortran communicator handle. */
MR2D_API int mr2d_plan_create_comm_gemr2d_f(mr2d_plan* plan, MPI_Fint comm, int type, mr2d_int m, mr2d_int n,
                                            mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida,
                                            mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                            const mr2d_options* options);
/** mr2d_plan_create_comm_trmr2d with a Fortran communicator handle. */
MR2D_API int mr2d_plan_create_comm_trmr2d_f(mr2d_plan* plan, MPI_Fint comm, int type, const char* uplo,
                                            const char* diag, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                            const mr2d_int* desca, const mr2d_grid* grida, mr2d_int ib, mr2d_int jb,
                                            const mr2d_int* descb, const mr2d_grid* gridb, const mr2d_options* options);

#ifdef __cplusplus
}
#endif

#endif /* MR2D_MR2D_COMM_H */

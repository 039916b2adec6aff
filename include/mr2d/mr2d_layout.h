/* SPDX-License-Identifier: BSD-3-Clause */
/* mr2d: redistribution between arbitrary grid layouts.
 *
 * A grid layout cuts a global rows x cols matrix at any row split points and
 * any column split points into a grid of blocks; any process of the union
 * owns any block, and each owner keeps each of its blocks anywhere in its
 * memory, column-major, with the block's own leading dimension. Row-
 * distributed matrices with uneven row counts (PETSc, Trilinos, hand-written
 * MPI codes), blocked matrices with varying block sizes (DBCSR) and native
 * layouts of other libraries are grid layouts; so is every block-cyclic
 * matrix. Each side of a redistribution is either a ScaLAPACK descriptor or
 * a grid layout (mr2d_matrix), so a call may mix the two.
 *
 * Storage is column-major. A block stored row-major is the column-major
 * block of the transpose: describe the transposed matrix (splits and owners
 * exchanged) and use trans 'T' where 'N' was meant (and 'N' for 'T').
 *
 * Everything else is the contract of mr2d_transform (arithmetic, alpha and
 * beta, op N/T/C) and of mr2d.h (every process of the union calls, checks
 * agreed by every process, on error no process writes to B and every process
 * returns the same status, options, statistics, persistent plans). The
 * submatrix start (IA, JA or IB, JB, 1-based) applies to grid layouts too:
 * sub(A) is rows IA .. IA+M-1 (or +N-1 with op T/C) of the global matrix.
 *
 * Checked on every process and agreed: splits non-decreasing from 0 to the
 * global size (equal neighbours make empty blocks), every owner a rank of
 * the union, the blocks a process gives are exactly the non-empty blocks it
 * owns, each once (empty blocks it owns may be given too), LD >= max(1, the
 * block's rows), offsets >= 0, blocks given by offset or pointer that
 * overlap in memory (within a matrix, and A's against B's and against a
 * descriptor side's local window), and that every process describes the
 * same sizes, splits and owners (compared as a 64-bit hash) and the same
 * window start of a grid side. Blocks whose byte ranges interleave are
 * compared element by element when they share their leading dimension (as
 * blocks cut from one local array do), and taken as overlapping otherwise.
 * Plan creation sees blocks given by pointer, and each matrix's blocks given
 * by offset apart; a plan's execution finds a NULL array that blocks are
 * given by offset from on its own process (as for other plans' arrays).
 * Messages name MA and MB (a descriptor side's entries as MA(MB_), ...).
 */
#ifndef MR2D_MR2D_LAYOUT_H
#define MR2D_MR2D_LAYOUT_H

#include "mr2d/mr2d_comm.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One block a process owns: where it is and its leading dimension. */
typedef struct {
  int row;          /**< block row, 0-based (0 <= row < block_rows) */
  int col;          /**< block column, 0-based */
  void* data;       /**< the block's first element; NULL: at `offset` from the call's array */
  long long offset; /**< with data NULL: elements from the array pointer given to the call
                         (or to each plan execution) for this matrix */
  mr2d_int ld;      /**< leading dimension, >= max(1, the block's rows) */
} mr2d_block;

/** A grid layout of a rows x cols matrix. */
typedef struct {
  mr2d_int rows;              /**< global rows */
  mr2d_int cols;              /**< global columns */
  int block_rows;             /**< blocks per column of blocks, >= 1 */
  int block_cols;             /**< blocks per row of blocks, >= 1 */
  const mr2d_int* row_splits; /**< block_rows + 1 values: 0, ..., rows, non-decreasing;
                                   block row r holds rows [row_splits[r], row_splits[r+1]) */
  const mr2d_int* col_splits; /**< block_cols + 1 values: 0, ..., cols, non-decreasing */
  const int* owners;          /**< block_rows * block_cols union ranks, column-major:
                                   block (r, c) belongs to owners[r + c * block_rows] */
  int nblocks;                /**< blocks this process gives (>= 0) */
  const mr2d_block* blocks;   /**< its non-empty blocks, any order */
} mr2d_grid_layout;

/** One side of a redistribution: a block-cyclic matrix (desc set) or a grid
 *  layout (desc NULL, layout set). A process outside a block-cyclic side's
 *  grid may give neither (desc and layout NULL, with or without grid), as it
 *  may pass a NULL descriptor in mr2d_comm.h (or CTXT_ = -1 to ScaLAPACK),
 *  and NULL for that side's array: the other processes describe the grid. A
 *  member that gives no descriptor is an error on every process (naming the
 *  side), and so is a process giving neither where others give a layout. */
typedef struct {
  const mr2d_int* desc;           /**< ScaLAPACK descriptor, or NULL */
  const mr2d_grid* grid;          /**< communicator entries with desc: its grid in the
                                       communicator (as in mr2d_comm.h); BLACS entries: unread
                                       (the descriptor's CTXT_ gives the grid) */
  const mr2d_grid_layout* layout; /**< with desc NULL: the grid layout */
} mr2d_matrix;

/** sub(B) := alpha * op(sub(A)) + beta * sub(B) between any two sides (the
 *  contract of mr2d_transform; trans NULL means "N", alpha NULL 1, beta NULL 0,
 *  which is a plain copy). The union is the BLACS context ictxt: owners in
 *  grid layouts are process numbers of its grid, Cblacs_pnum(ictxt, r, c),
 *  and a descriptor's grid must lie within it. Argument positions in messages
 *  count TRANS as 1: TRANS M N ALPHA A IA JA MA BETA B IB JB MB ICTXT. */
MR2D_API int mr2d_layout_transform(int type, const char* trans, mr2d_int m, mr2d_int n, const void* alpha,
                                   const void* a, mr2d_int ia, mr2d_int ja, const mr2d_matrix* ma, const void* beta,
                                   void* b, mr2d_int ib, mr2d_int jb, const mr2d_matrix* mb, mr2d_int ictxt,
                                   const mr2d_options* options);

/** The same over a communicator (owners are its ranks; descriptor sides give
 *  their grid in mr2d_matrix::grid). Positions count COMM as 1:
 *  COMM TRANS M N ALPHA A IA JA MA BETA B IB JB MB. */
MR2D_API int mr2d_comm_layout_transform(MPI_Comm comm, int type, const char* trans, mr2d_int m, mr2d_int n,
                                        const void* alpha, const void* a, mr2d_int ia, mr2d_int ja,
                                        const mr2d_matrix* ma, const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                        const mr2d_matrix* mb, const mr2d_options* options);

/** Persistent plans of the two calls above (arguments without arrays and
 *  scalars), executed by mr2d_plan_execute (alpha 1, beta 0) or
 *  mr2d_plan_execute_transform, and usable as parts of batches
 *  (mr2d_plan_create_batch, beside any other plans of the same union): a
 *  part's tiles travel in the batch's messages with the other parts. The split,
 *  owner and block tables are copied: they may be freed after creation.
 *  Blocks given by pointer are bound at creation (the execution's array
 *  argument for that matrix is then not read for them); blocks given by
 *  offset are found from the execution's array pointer. */
MR2D_API int mr2d_plan_create_layout_transform(mr2d_plan* plan, int type, const char* trans, mr2d_int m, mr2d_int n,
                                               mr2d_int ia, mr2d_int ja, const mr2d_matrix* ma, mr2d_int ib,
                                               mr2d_int jb, const mr2d_matrix* mb, mr2d_int ictxt,
                                               const mr2d_options* options);
MR2D_API int mr2d_plan_create_comm_layout_transform(mr2d_plan* plan, MPI_Comm comm, int type, const char* trans,
                                                    mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                                    const mr2d_matrix* ma, mr2d_int ib, mr2d_int jb,
                                                    const mr2d_matrix* mb, const mr2d_options* options);

/** Fortran-handle forms of the communicator entries (MPI_Comm_f2c), what the
 *  Fortran module binds to. */
MR2D_API int mr2d_comm_layout_transform_f(MPI_Fint comm, int type, const char* trans, mr2d_int m, mr2d_int n,
                                          const void* alpha, const void* a, mr2d_int ia, mr2d_int ja,
                                          const mr2d_matrix* ma, const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                          const mr2d_matrix* mb, const mr2d_options* options);
MR2D_API int mr2d_plan_create_comm_layout_transform_f(mr2d_plan* plan, MPI_Fint comm, int type, const char* trans,
                                                      mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                                      const mr2d_matrix* ma, mr2d_int ib, mr2d_int jb,
                                                      const mr2d_matrix* mb, const mr2d_options* options);

#ifdef __cplusplus
}
#endif

#endif /* MR2D_MR2D_LAYOUT_H */

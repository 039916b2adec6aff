/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mr2d_nd.h
 * N-dimensional arrays (1 to 8 dimensions) distributed block-cyclically per
 * dimension over an N-dimensional process grid, and their redistribution
 * with any permutation of the axes:
 *
 *     B(perm[0] <- i_0, ..., perm[N-1] <- i_(N-1)) := alpha * A(i_0, ..., i_(N-1)) + beta * B(...)
 *
 * that is, dimension d of A becomes dimension perm[d] of B. Both arrays live
 * on grids within one union (a BLACS context or an MPI communicator),
 * overlapping or disjoint. Where they overlap, the distributions are those of
 * MPI_Type_create_darray (grid positions in row-major order, MR2D_ND_BLOCK
 * its default block, a block size its cyclic(k), MR2D_ND_COLLAPSED its
 * MPI_DISTRIBUTE_NONE), so a darray type describes the same local array; a
 * 2-dimensional array in Fortran order is a ScaLAPACK matrix (block sizes
 * MB_, NB_; grid P x Q; sources RSRC_, CSRC_; leading sizes LLD_ and any).
 * Guide: docs/nd-arrays.md.
 *
 * A plan made here is an mr2d_plan like any other: mr2d_plan_execute,
 * mr2d_plan_execute_transform, mr2d_plan_start (mr2d.h), batches, the plan
 * query and the statistics all take it.
 */
#ifndef MR2D_MR2D_ND_H
#define MR2D_MR2D_ND_H

#include "mr2d/mr2d_comm.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most dimensions an array may have. */
#define MR2D_ND_MAX_DIMS 8

/** Distribution of one dimension (mr2d_nd_array.blocks[d]): a block size
 *  >= 1 (block-cyclic), or one of these. */
#define MR2D_ND_BLOCK (-1) /**< one block of ceil(n / p) per process (MPI_DISTRIBUTE_BLOCK) */
#define MR2D_ND_COLLAPSED                                              \
  (-2) /**< the whole dimension on each process (MPI_DISTRIBUTE_NONE); \
            its grid dimension must be 1 */

/** Orders: of grid positions (which position is rank 0, 1, ...) and of the
 *  local array in memory. */
#define MR2D_ND_ORDER_C 0       /**< last index fastest (row-major; MPI_ORDER_C) */
#define MR2D_ND_ORDER_FORTRAN 1 /**< first index fastest (column-major; MPI_ORDER_FORTRAN, ScaLAPACK) */

/** One distributed N-dimensional array and the window of it a call reads or
 *  writes. Pointers to per-dimension tables hold `ndims` values; tables that
 *  may be NULL take the default named. Every process of the union passes the
 *  same description (its own array pointer aside). */
typedef struct {
  int ndims;               /**< 1 .. MR2D_ND_MAX_DIMS */
  const mr2d_int* sizes;   /**< global extent of each dimension, >= 0 */
  const mr2d_int* blocks;  /**< per dimension a block size >= 1, MR2D_ND_BLOCK or MR2D_ND_COLLAPSED;
                                NULL: MR2D_ND_BLOCK everywhere */
  const int* grid;         /**< processes along each dimension, >= 1 */
  int grid_order;          /**< MR2D_ND_ORDER_C: grid position (c_0, ..., c_(N-1)) is number
                                c_(N-1) + grid[N-1] * (c_(N-2) + ...) (MPI_Cart_create, darray);
                                MR2D_ND_ORDER_FORTRAN: c_0 + grid[0] * (c_1 + ...) */
  const int* ranks;        /**< NULL: grid position number k is union rank k; else the union rank
                                of each position number (prod(grid) values, all different) */
  const int* sources;      /**< grid coordinate holding each dimension's first block; NULL: 0 */
  int storage_order;       /**< order of the local array: MR2D_ND_ORDER_C or MR2D_ND_ORDER_FORTRAN */
  const mr2d_int* leading; /**< allocated local extent per dimension, >= the local count
                                (padding allowed; the outermost one only bounds); NULL: the counts */
  const mr2d_int* starts;  /**< window: first global index per dimension (0-based); NULL: 0 */
  const mr2d_int* counts;  /**< window: extent per dimension; NULL: sizes - starts */
} mr2d_nd_array;

/** Redistribution over a BLACS union context (ranks are its process numbers).
 *  perm: ndims values, a permutation of 0 .. ndims-1, or NULL (the identity);
 *  alpha, beta: NULL for a plain copy (alpha 1, beta 0), else one element of
 *  `type` each. B's window counts are A's, permuted. A process outside a grid
 *  passes NULL for that array. Returns MR2D_SUCCESS or the same error on
 *  every process, B untouched. */
MR2D_API int mr2d_nd_transform(int type, const int* perm, const void* alpha, const void* a, const mr2d_nd_array* da,
                               const void* beta, void* b, const mr2d_nd_array* db, mr2d_int ictxt,
                               const mr2d_options* options);

/** The same over a communicator (ranks are its ranks). */
MR2D_API int mr2d_comm_nd_transform(MPI_Comm comm, int type, const int* perm, const void* alpha, const void* a,
                                    const mr2d_nd_array* da, const void* beta, void* b, const mr2d_nd_array* db,
                                    const mr2d_options* options);

/** Plans: checked and planned once, executed with mr2d_plan_execute(_transform)
 *  or started with mr2d_plan_start(_transform) on any arrays of these
 *  descriptions; mr2d_plan_destroy frees them. */
MR2D_API int mr2d_plan_create_nd(mr2d_plan* plan, int type, const int* perm, const mr2d_nd_array* da,
                                 const mr2d_nd_array* db, mr2d_int ictxt, const mr2d_options* options);
/** The plan over a communicator (ranks are its ranks), which must outlive it. */
MR2D_API int mr2d_plan_create_comm_nd(mr2d_plan* plan, MPI_Comm comm, int type, const int* perm,
                                      const mr2d_nd_array* da, const mr2d_nd_array* db, const mr2d_options* options);

/** Fortran communicator handles (MPI_Fint) for the Fortran module. */
MR2D_API int mr2d_comm_nd_transform_f(MPI_Fint comm, int type, const int* perm, const void* alpha, const void* a,
                                      const mr2d_nd_array* da, const void* beta, void* b, const mr2d_nd_array* db,
                                      const mr2d_options* options);
/** mr2d_plan_create_comm_nd with a Fortran communicator handle. */
MR2D_API int mr2d_plan_create_comm_nd_f(mr2d_plan* plan, MPI_Fint comm, int type, const int* perm,
                                        const mr2d_nd_array* da, const mr2d_nd_array* db, const mr2d_options* options);

/** The local array of the process at union rank `rank` (window ignored):
 *  counts[d] = how many indices of dimension d it holds (0 for every d where
 *  it holds none, or is on no grid position), and the elements to allocate,
 *  from the leading sizes (the product of the counts without them). Local,
 *  needs no MPI; MR2D_ERR_ARGUMENT for a description that is not valid, the
 *  leading sizes checked against `rank`'s counts as a transform checks them
 *  on each process. Memory use does not grow with `rank` or the grid. */
MR2D_API int mr2d_nd_local_shape(const mr2d_nd_array* d, int rank, mr2d_int* counts, long long* elements);

#ifdef __cplusplus
}
#endif

#endif /* MR2D_MR2D_ND_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/* mr2d: redistribution of 2D block-cyclic submatrices between BLACS grids.
 *
 * Prefixed C API. Every routine here takes the same arguments as ScaLAPACK's
 * C entry points (Cp?gemr2d, Cp?trmr2d: scalars by value, 1-based IA..JB,
 * 9-entry descriptors), so a program can call ScaLAPACK's routine and mr2d's
 * side by side. Unlike ScaLAPACK, every routine returns a status: on error no
 * process writes to B, every process of the union context returns the same
 * status, and mr2d_last_error() holds the message.
 *
 * The drop-in library (libmr2d_scalapack) additionally exports ScaLAPACK's own
 * names; their prototypes are in mr2d/scalapack.h.
 *
 * Threads (MPI_THREAD_MULTIPLE): redistributions and plan executions over
 * different union contexts may run concurrently in different threads, also
 * when the contexts span the same processes; each context has its own buffers
 * and message tags. Calls over one union context are collective operations on
 * its communicator: like MPI collectives, they must not overlap. Plan creation
 * and destruction, mr2d_get_stats/mr2d_reset_stats and mr2d_last_error (per
 * thread) are thread-safe; mr2d_set_options is not (set options before
 * starting threads, or pass options explicitly).
 *
 * Every argument any process checks before data moves (type codes, options,
 * letters, descriptors, sizes, NULL pointers, A and B sharing memory) goes
 * through one exchange among the processes: a process that finds an error
 * still takes part, so every process returns the same status and names the
 * argument. Sizes are 64-bit inside: M x N elements and each local array
 * (LLD_ x its local columns) must fit in 2^63 - 1 bytes, or the call is an
 * argument error. sub(A) and sub(B) must not share memory on any process
 * (windows of one array that do not meet are fine): where the local windows
 * of A read and B written meet, the call is an argument error naming B. A
 * window is the local rows and columns the submatrix spans on the process
 * (for trapezoids and strided sections, their bounding rectangle); arrays with
 * different leading dimensions are compared by their byte ranges.
 *
 * What processes that disagree get (ScaLAPACK hangs or corrupts data in each
 * of these cases):
 *  - different global arguments (sizes, descriptors' global fields, offsets,
 *    UPLO/DIAG, options, the element type): MR2D_ERR_INCONSISTENT on every
 *    process ('T' and 'C' are one operation for real and integer types);
 *  - plans, or plans and direct calls, executed in different orders over one
 *    union context: MR2D_ERR_INCONSISTENT on the processes that exchange data
 *    through shared memory (the usual case on one node); between nodes (MPI
 *    messages) the processes wait for each other forever. Data of one plan is
 *    never taken for another's (each plan has its own message tag);
 *  - M or N = 0 on some processes only: not detected. As in ScaLAPACK, a call
 *    with M or N = 0 returns at once without communicating (programs rely on
 *    it to skip empty work), so the other processes wait forever; likewise a
 *    call over a different union context on some processes;
 *  - a process that cannot reach the others: its union (ICTXT, COMM) is not
 *    one it belongs to or is MPI_COMM_NULL, a batch without parts (count < 1
 *    or parts NULL), or a NULL plan to execute. It alone returns the error;
 *    the others wait for it;
 *  - an execution (mr2d_plan_execute*) exchanges nothing before moving data,
 *    so the arrays it is given are checked by each process on its own: NULL
 *    A or B where the process holds data, or sub(A) and sub(B) sharing
 *    memory, is MR2D_ERR_ARGUMENT on the processes that passed them. They
 *    give up the execution, so node peers return the same status (their B
 *    may be partly written) and peers on other nodes, told by an empty
 *    message, MR2D_ERR_INCONSISTENT naming them, instead of waiting.
 *
 * The drop-in library's ScaLAPACK and PBLAS names stop the job on an error,
 * as ScaLAPACK and PBLAS do (mr2d/scalapack.h); the environment variable
 * MR2D_ON_ERROR=return (default abort) makes them print and return.
 */
#ifndef MR2D_MR2D_H
#define MR2D_MR2D_H

#include "mr2d/version.h" /* MR2D_VERSION_MAJOR/MINOR/PATCH/STRING, generated */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define MR2D_API
#else
#define MR2D_API __attribute__((visibility("default")))
#endif

/** Integer type of ScaLAPACK arguments and descriptors (32-bit unless built
 *  with MR2D_ILP64 for a ScaLAPACK compiled with 64-bit integers). */
#ifdef MR2D_ILP64
typedef long long mr2d_int;
#else
typedef int mr2d_int;
#endif

/** Single complex element, laid out as ScaLAPACK's (re, im). */
typedef struct {
  float re; /**< real part */
  float im; /**< imaginary part */
} mr2d_scomplex;
/** Double complex element, laid out as ScaLAPACK's (re, im). */
typedef struct {
  double re; /**< real part */
  double im; /**< imaginary part */
} mr2d_dcomplex;

/** Status codes returned by every mr2d routine. */
enum mr2d_status {
  MR2D_SUCCESS = 0,
  MR2D_ERR_ARGUMENT = 1,     /**< an argument is invalid on some process */
  MR2D_ERR_CONTEXT = 2,      /**< the union context or a grid is unusable */
  MR2D_ERR_INCONSISTENT = 3, /**< processes passed different global values */
  MR2D_ERR_MPI = 4,          /**< an MPI call failed */
  MR2D_ERR_MEMORY = 5,       /**< a buffer could not be allocated */
  MR2D_ERR_INTERNAL = 6,     /**< a bug in mr2d: please report it */
  MR2D_ERR_TIMEOUT = 7       /**< a peer did not answer within MR2D_TIMEOUT seconds */
};

/** Element types, in ScaLAPACK's letter order. */
enum mr2d_type { MR2D_S = 0, MR2D_D = 1, MR2D_C = 2, MR2D_Z = 3, MR2D_I = 4 };

/** Type-generic general copy: sub(B) := sub(A), with B(IB+i, JB+j) = A(IA+i, JA+j).
 *  @param type  element type of A and B
 *  @param ictxt BLACS context whose grid holds every process of A's and B's grids;
 *               every process of that grid must call.
 *  @return MR2D_SUCCESS or an error code (the same on every process). */
MR2D_API int mr2d_gemr2d(int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja,
                         const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                         mr2d_int ictxt);

/** Type-generic trapezoidal copy. Only uplo[0] and diag[0] are read:
 *  uplo 'U'/'u' or 'L'/'l'; diag 'N'/'n' (diagonal copied) or 'U'/'u' (not copied).
 *  The trapezoid is relative to the submatrix, as in ScaLAPACK: upper copies
 *  (i, j) iff i <= j + max(m - n, 0) - e, lower iff i >= j - max(n - m, 0) + e,
 *  with e = 1 for a unit diagonal. Other letters are an error here (the
 *  ScaLAPACK-named entry points decode them as ScaLAPACK does). */
MR2D_API int mr2d_trmr2d(int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n, const void* a,
                         mr2d_int ia, mr2d_int ja, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb,
                         const mr2d_int* descb, mr2d_int ictxt);

/** Strided regular sections (an mr2d extension; Chatterjee et al. (1993)):
 *  B(ib + i*sb, jb + j*tb) := A(ia + i*sa, ja + j*ta) for 0 <= i < m, 0 <= j < n,
 *  strides >= 1 (1-based indices, e.g. sa = 2 takes every other row of A).
 *  Same rules, checks and messages as mr2d_gemr2d; argument positions in
 *  messages count M as 1: M N A IA JA SA TA DESCA B IB JB SB TB DESCB ICTXT. */
MR2D_API int mr2d_gemr2d_strided(int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja, mr2d_int sa,
                                 mr2d_int ta, const mr2d_int* desca, void* b, mr2d_int ib, mr2d_int jb, mr2d_int sb,
                                 mr2d_int tb, const mr2d_int* descb, mr2d_int ictxt);

/** Transform: sub(B) := alpha * op(sub(A)) + beta * sub(B), an mr2d extension
 *  (COSTA's transform, PBLAS's p?geadd/p?tran between any two layouts).
 *  trans[0] is 'N', 'T' (transpose) or 'C' (conjugate transpose; 'T' for real
 *  and integer types). m x n are sub(B)'s dimensions: sub(A) is m x n for 'N'
 *  and n x m otherwise. alpha and beta point to values of the type (NULL alpha
 *  means 1, NULL beta 0); beta 0 does not read B and alpha 0 does not read A,
 *  as in BLAS. The arithmetic is PBLAS's p?tran*, bit for bit also for signed
 *  zeros, infinities and NaNs (but for NaN payloads): each product and sum
 *  rounded on its own, complex products by the plain formula (no recovery
 *  of infinities from NaN parts), alpha 0 and beta 0 set B to beta, a factor
 *  of 1 multiplies nothing, except complex alpha = beta = 1 with op N or T,
 *  which adds (1, 0) * x as the BLAS axpy does. (For op C with alpha = beta
 *  = 1 and an infinite or NaN part, PBLAS's own result depends on the
 *  layout; mr2d adds conj(x).) Integers wrap. Grids, union context, checks and messages are
 *  those of mr2d_gemr2d; argument positions in messages count TRANS as 1:
 *  TRANS M N ALPHA A IA JA DESCA BETA B IB JB DESCB ICTXT. Transposition
 *  happens while unpacking, never as a pass of its own. */
MR2D_API int mr2d_transform(int type, const char* trans, mr2d_int m, mr2d_int n, const void* alpha, const void* a,
                            mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const void* beta, void* b, mr2d_int ib,
                            mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt);

/** Trapezoidal transform: as mr2d_transform on the trapezoid of sub(B) that
 *  uplo and diag name (the rules of mr2d_trmr2d, applied to sub(B), as
 *  ScaLAPACK's p?tradd does); elements of sub(B) outside it are not touched.
 *  Positions in messages: UPLO DIAG TRANS M N ALPHA A ... ICTXT. */
MR2D_API int mr2d_trtransform(int type, const char* uplo, const char* diag, const char* trans, mr2d_int m, mr2d_int n,
                              const void* alpha, const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                              const void* beta, void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                              mr2d_int ictxt);

/** The element types, one line each: X(letter, C type, mr2d_type value).
 *  Every per-type list in mr2d (these prototypes, the ScaLAPACK entry points,
 *  the tests) is an expansion of this table. */
#define MR2D_TYPE_TABLE(X)    \
  X(s, float, MR2D_S)         \
  X(d, double, MR2D_D)        \
  X(c, mr2d_scomplex, MR2D_C) \
  X(z, mr2d_dcomplex, MR2D_Z) \
  X(i, mr2d_int, MR2D_I)

/** Typed entries mr2d_p?gemr2d and mr2d_p?trmr2d for ? in s d c z i: the same
 *  contracts as mr2d_gemr2d and mr2d_trmr2d, e.g.
 *  int mr2d_pdgemr2d(m, n, const double *a, ia, ja, desca, double *b, ib, jb, descb, ictxt). */
#define MR2D_DECLARE_TYPED(x, T, code)                                                                                \
  MR2D_API int mr2d_p##x##gemr2d(mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, \
                                 T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt);              \
  MR2D_API int mr2d_p##x##trmr2d(const char* uplo, const char* diag, mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, \
                                 mr2d_int ja, const mr2d_int* desca, T* b, mr2d_int ib, mr2d_int jb,                  \
                                 const mr2d_int* descb, mr2d_int ictxt);
MR2D_TYPE_TABLE(MR2D_DECLARE_TYPED)
#undef MR2D_DECLARE_TYPED

/** How messages are ordered:
 *  - CATERPILLAR: ScaLAPACK's step order, max(#senders, #receivers) steps;
 *  - CIRCULANT: closed-form contention-free steps for cyclic(x) <-> cyclic(kx)
 *    dimensions (generalized circulant); other layouts fall back to OPTIMAL;
 *  - OPTIMAL: the fewest steps any contention-free schedule can have
 *    (bipartite edge colouring: one message out and one in per process a step);
 *  - ASYNC: every message posted at once, unpacked in arrival order;
 *  - AUTO: chosen per call by the cost model (docs/options.md, "Schedules"). */
enum mr2d_schedule {
  MR2D_SCHEDULE_AUTO = 0,
  MR2D_SCHEDULE_CATERPILLAR = 1,
  MR2D_SCHEDULE_CIRCULANT = 2,
  MR2D_SCHEDULE_OPTIMAL = 3,
  MR2D_SCHEDULE_ASYNC = 4
};

/** Index tables (Chung and Hsu (1998) section 3): BBC keeps one
 *  period of runs per dimension and replays it; CDC tabulates the whole local
 *  extent; AUTO applies Chung and Hsu's cost condition (Eq. 17) per message. */
enum mr2d_indexing { MR2D_INDEXING_AUTO = 0, MR2D_INDEXING_BBC = 1, MR2D_INDEXING_CDC = 2 };

/** Phases (Thakur, Choudhary and Ramanujam (1996) sections 3-5): ONE moves the data
 *  once; GCD and LCM route through block sizes gcd or lcm of A's and B's (on
 *  B's grid), trading a second pass over the data for fewer messages; AUTO
 *  picks the cheapest under the cost model. */
enum mr2d_phases { MR2D_PHASES_AUTO = 0, MR2D_PHASES_ONE = 1, MR2D_PHASES_GCD = 2, MR2D_PHASES_LCM = 3 };

/** How messages between processes on the same node travel:
 *  - SHM: through shared memory: the sender packs into a pool its node
 *    peers map, the receiver unpacks from there into B (two passes over the
 *    data instead of three); the pool of each process is its shm_budget,
 *    reserved when the union context is first used; an error naming the
 *    cause where shared memory is not permitted, the budget is below
 *    65536 bytes, or /dev/shm or memory has too little room;
 *  - MPI: MPI point-to-point messages between all processes;
 *  - AUTO: SHM where every process of the union context can set it up, else MPI.
 *  Processes on different nodes always use MPI. MR2D_NODE_RANKS=k in the
 *  environment splits every node into groups of k processes treated as nodes
 *  (to exercise the mixed path on one machine). */
enum mr2d_transport { MR2D_TRANSPORT_AUTO = 0, MR2D_TRANSPORT_MPI = 1, MR2D_TRANSPORT_SHM = 2 };

/** Tuning of a redistribution. Every process of a call must use the same
 *  values (a call, plan or batch whose processes resolved different ones
 *  returns MR2D_ERR_INCONSISTENT on every process, naming the option);
 *  zero-initialised options mean "all defaults". */
typedef struct {
  int schedule;          /**< an mr2d_schedule */
  long long chunk_bytes; /**< pipelining: messages above this size travel in chunks of
                              about this size, at most 2 in flight per peer; 0 = default
                              (256 KiB; 1 MiB where B holds op(A) with op
                              T or C), negative = no pipelining */
  int indexing;          /**< an mr2d_indexing */
  int phases;            /**< an mr2d_phases */
  int transport;         /**< an mr2d_transport */
  long long shm_budget;  /**< bytes of shared memory each process may hold for the
                              node-local messages of a union context (MR2D_SHM_BUDGET);
                              0 = default: 4 MiB. Any budget is lowered so that the
                              node's processes together, over all union contexts, hold
                              at most half of what /dev/shm has beside other users'
                              segments, and a new union context's pools at most a 16th
                              of the memory the node's processes may still use; at
                              least 65536. Fixed per union context by its first call
                              that sets up shared memory. */
} mr2d_options;

/** The process-wide options: all AUTO and 256 KiB chunks unless the environment
 *  sets MR2D_SCHEDULE (caterpillar|circulant|optimal|async|auto),
 *  MR2D_CHUNK_BYTES, MR2D_INDEXING (auto|bbc|cdc), MR2D_PHASES (auto|one|gcd|lcm),
 *  MR2D_TRANSPORT (auto|mpi|shm) or MR2D_SHM_BUDGET (bytes). */
MR2D_API void mr2d_get_options(mr2d_options* options);
/** Replaces the process-wide options used by direct calls, the ScaLAPACK entry
 *  points and plans created with NULL options. Local; returns MR2D_ERR_ARGUMENT
 *  (options unchanged) for an unknown schedule. */
MR2D_API int mr2d_set_options(const mr2d_options* options);
/** Describes the network for the cost model behind MR2D_SCHEDULE_AUTO and
 *  predicted_seconds, as MR2D_NETWORK does at start-up:
 *  "latency=S,bandwidth=B/s,overhead=S,ports=N,incast=F,sharing=F,eager=BYTES,
 *  topology=crossbar|fat-tree|torus,hops=N,leaf=N,spines=N,torus=WxH" (any
 *  subset; see docs/cost-model.md, "Network model").
 *  NULL or "" restores the node-local model. Local; every process of a call
 *  must describe the same network. Returns MR2D_ERR_ARGUMENT (nothing
 *  changed) for an unknown key or a bad value. */
MR2D_API int mr2d_set_network(const char* description);
/** "caterpillar", "circulant", "optimal", "async", "auto"; NULL if unknown. */
MR2D_API const char* mr2d_schedule_name(int schedule);
/** The mr2d_schedule of a name as above, or -1. */
MR2D_API int mr2d_schedule_from_name(const char* name);
/** Names of indexing modes ("auto", "bbc", "cdc") and phase strategies
 *  ("auto", "one", "gcd", "lcm"); NULL if unknown. */
MR2D_API const char* mr2d_indexing_name(int indexing);
MR2D_API const char* mr2d_phases_name(int phases);
/** "auto", "mpi", "shm"; NULL if unknown. */
MR2D_API const char* mr2d_transport_name(int transport);

/** Persistent plans: check and plan once, execute many times.
 *
 *  mr2d_plan_create_gemr2d / _trmr2d take the arguments of mr2d_gemr2d /
 *  mr2d_trmr2d without the arrays; creating is collective over the union
 *  context, validates everything (same rules and messages as the direct calls)
 *  and builds this process's plan with `options` (NULL: the process-wide
 *  ones). mr2d_plan_execute moves the data of any A and B with the layouts
 *  given at creation; it is collective over the union context too. Rules:
 *  - Between executions the array pointers may change; their local layout
 *    (descriptors, LLD) must not. A and B must be valid wherever the plan says
 *    this process holds data: execute does not re-check them.
 *  - The BLACS contexts must outlive the plan (mr2d's communicator is released
 *    when the union context's grid is exited).
 *  - A plan is not thread-safe: execute one plan at a time per process.
 *  - An empty plan (M or N is 0) is valid and executes as a no-op. */
typedef struct mr2d_plan_s* mr2d_plan;

/** What one process's plan moves, and what the whole redistribution costs. */
typedef struct {
  long long messages_sent;     /**< this process: messages to other processes */
  long long messages_received; /**< this process: messages from other processes */
  long long bytes_sent;        /**< this process */
  long long bytes_received;    /**< this process */
  long long bytes_local;       /**< this process: copied from its A to its B */
  long long steps;             /**< contention-free steps of the schedule (1 for ASYNC) */
  long long steps_lower_bound; /**< max over processes of distinct peers on one side */
  double predicted_seconds;    /**< cost model: slowest process (docs/cost-model.md) */
  int schedule;                /**< the schedule used (AUTO resolved; of the first phase) */
  long long extra_bytes;       /**< this process: peak buffer memory of an execution
                                    (messages, and the intermediate matrix of two phases) */
  int indexing;                /**< MR2D_INDEXING_CDC if any table was expanded, else BBC */
  int phases;                  /**< the phases used (ONE, GCD or LCM) */
  long long shm_bytes;         /**< this process: shared memory its union context holds for
                                    node-local messages (its pool and links; 0 with MPI only) */
} mr2d_plan_info;

MR2D_API int mr2d_plan_create_gemr2d(mr2d_plan* plan, int type, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                     const mr2d_int* desca, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                     mr2d_int ictxt, const mr2d_options* options);
MR2D_API int mr2d_plan_create_trmr2d(mr2d_plan* plan, int type, const char* uplo, const char* diag, mr2d_int m,
                                     mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, mr2d_int ib,
                                     mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt, const mr2d_options* options);
MR2D_API int mr2d_plan_execute(mr2d_plan plan, const void* a, void* b);
/** Plans of a transform: the arguments of mr2d_transform / mr2d_trtransform
 *  without the arrays and scalars. mr2d_plan_execute runs one with alpha 1 and
 *  beta 0; mr2d_plan_execute_transform takes them per execution (and refuses
 *  plans that are not transforms, which would ignore them). */
MR2D_API int mr2d_plan_create_transform(mr2d_plan* plan, int type, const char* trans, mr2d_int m, mr2d_int n,
                                        mr2d_int ia, mr2d_int ja, const mr2d_int* desca, mr2d_int ib, mr2d_int jb,
                                        const mr2d_int* descb, mr2d_int ictxt, const mr2d_options* options);
MR2D_API int mr2d_plan_create_trtransform(mr2d_plan* plan, int type, const char* uplo, const char* diag,
                                          const char* trans, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                          const mr2d_int* desca, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                          mr2d_int ictxt, const mr2d_options* options);
MR2D_API int mr2d_plan_execute_transform(mr2d_plan plan, const void* alpha, const void* a, const void* beta, void* b);
/** Batched redistribution: one plan that moves the data of `count` plans
 *  together, in one communication round where each pair of processes
 *  exchanges one message carrying every part's data for that pair (fewer,
 *  larger messages than executing the parts one by one; an ADI or FFT step
 *  moves all its fields at once).
 *  @param batch   out: the batch plan (NULL on error); mr2d_plan_query
 *                 describes it (messages per peer, bytes of all parts)
 *  @param count   number of parts, >= 1
 *  @param parts   plans made by the mr2d_plan_create_* routines over one union
 *                 context: any types, layouts, grids, general or trapezoidal
 *                 copies and transforms (not batches). The batch keeps what
 *                 it needs: the parts may be destroyed afterwards.
 *  @param options the batch's schedule (caterpillar and circulant, which
 *                 need a single problem's grids, and optimal colour the pairs
 *                 of all parts together), chunk size and transport (NULL: the
 *                 process-wide options). A part planned through an
 *                 intermediate matrix (GCD or LCM phases) is planned again to
 *                 move its data once, with these options' indexing.
 *  Collective over the union context: every process passes the same count
 *  and its own plans of the same calls in the same order, else every process
 *  gets MR2D_ERR_INCONSISTENT. A process whose parts all have M or N = 0
 *  returns at once (as a call with M = 0 does). */
MR2D_API int mr2d_plan_create_batch(mr2d_plan* batch, int count, const mr2d_plan* parts, const mr2d_options* options);
/** Executes a batch plan: part k moves a[k] into b[k], as mr2d_plan_execute
 *  would (transform parts with alpha 1 and beta 0); entries of processes
 *  outside a part's grids are not read. Collective over the union context.
 *  mr2d_plan_execute refuses batch plans, and these routines other plans. */
MR2D_API int mr2d_plan_execute_batch(mr2d_plan batch, const void* const* a, void* const* b);
/** The same with alpha[k] and beta[k] (values of part k's type) for the
 *  transform parts; a NULL array or entry means 1 for alpha, 0 for beta.
 *  Copy parts ignore them. */
MR2D_API int mr2d_plan_execute_batch_transform(mr2d_plan batch, const void* const* alpha, const void* const* a,
                                               const void* const* beta, void* const* b);
MR2D_API int mr2d_plan_query(mr2d_plan plan, mr2d_plan_info* info);
/** Releases the plan and sets *plan to NULL (NULL is accepted). Local. An
 *  active plan (started, its request not completed) is an error, never a
 *  crash: its execution is given up (node peers return the error, MPI peers
 *  a give-up), its request stays valid and completes with MR2D_ERR_ARGUMENT
 *  at the next test or wait, and the plan is released. A completed request
 *  never reads its plan and may outlive it. */
MR2D_API void mr2d_plan_destroy(mr2d_plan* plan);

/** Non-blocking execution of plans, in the style of MPI persistent requests
 *  (docs/plans.md has the rules and what overlaps where).
 *
 *  mr2d_plan_start* begin what the matching mr2d_plan_execute* does and
 *  return at once with a request; mr2d_request_test / _wait / _waitall /
 *  _testsome complete it. A completed request is freed and set to NULL (as
 *  MPI sets MPI_REQUEST_NULL); testing or waiting for a NULL request returns
 *  MR2D_SUCCESS at once (done). Rules:
 *  - every process starts the same plans over one union context in the same
 *    order, as with MPI collectives; several requests on different plans may
 *    be outstanding, over any union contexts, and each process completes them
 *    in any order of its own;
 *  - between start and completion the caller must not write A nor touch B
 *    (nor the arrays of pointers of a batch);
 *  - starting a plan that is active (started and not completed), or
 *    executing it with mr2d_plan_execute*, is MR2D_ERR_ARGUMENT on every
 *    process (each finds it on its own) and leaves *request unwritten;
 *  - the arguments a start checks on its own (NULL arrays, overlapping A
 *    and B) are returned by the start, as by mr2d_plan_execute*; every other
 *    error (a peer that gave up, MR2D_TIMEOUT, a grid exited meanwhile) is
 *    returned by the test or wait that completes the request, with the same
 *    status on every process concerned;
 *  - progress: inside any mr2d call (a test or wait of any request, a
 *    blocking execution, direct call or creation, over any union context) a
 *    process moves on every execution it started, as MPI moves every pending
 *    request inside any MPI call; MPI messages also move wherever MPI moves
 *    them, and with MR2D_PROGRESS=thread the node-local part moves on a
 *    progress thread while the caller computes.
 *  Statistics (mr2d_get_stats) count an execution when it completes. */
typedef struct mr2d_request_s* mr2d_request;

MR2D_API int mr2d_plan_start(mr2d_plan plan, const void* a, void* b, mr2d_request* request);
MR2D_API int mr2d_plan_start_transform(mr2d_plan plan, const void* alpha, const void* a, const void* beta, void* b,
                                       mr2d_request* request);
MR2D_API int mr2d_plan_start_batch(mr2d_plan batch, const void* const* a, void* const* b, mr2d_request* request);
MR2D_API int mr2d_plan_start_batch_transform(mr2d_plan batch, const void* const* alpha, const void* const* a,
                                             const void* const* beta, void* const* b, mr2d_request* request);
/** Moves the request on without waiting; *done is 1 once it completed (the
 *  request is then freed and set to NULL, the return value its status). */
MR2D_API int mr2d_request_test(mr2d_request* request, int* done);
/** Waits until the request completes; returns its status. */
MR2D_API int mr2d_request_wait(mr2d_request* request);
/** Waits for `count` requests (moving all of them on together); returns
 *  MR2D_SUCCESS, or the status of the first one, in array order, that failed.
 *  NULL entries are inactive; one request in two entries is
 *  MR2D_ERR_ARGUMENT, and then nothing is waited for or freed. */
MR2D_API int mr2d_request_waitall(int count, mr2d_request* requests);
/** Per-part completion of a batch request: moves it on without waiting and
 *  writes into parts[0 .. *outcount - 1] the indices (0-based, in the
 *  batch's order) of the parts whose B is complete and that were not
 *  reported before; `parts` must have room for every part of the batch (1
 *  for a plan that is not a batch). Once every part was reported the
 *  request is freed and set to NULL and the return value is its status.
 *  *outcount is -1 for a NULL request. A part is complete once every section
 *  of its B (received and kept) is written on this process, even where its
 *  messages carry other parts still arriving; its A may still be read by
 *  peers until the request completes. */
MR2D_API int mr2d_request_testsome(mr2d_request* request, int* outcount, int* parts);
/** Frees a request and sets it to NULL without waiting. Local. A NULL request
 *  is accepted (MR2D_SUCCESS); a completed one (its execution over, e.g. after
 *  its plan was destroyed while active) is freed and its status returned. An
 *  active request is MR2D_ERR_ARGUMENT on this process and stays valid (its
 *  execution goes on; complete it by a test or wait): an execution that other
 *  processes take part in cannot be dropped by one of them alone. */
MR2D_API int mr2d_request_free(mr2d_request* request);

/** Message of the last error on this process ("" after a success). The
 *  pointer stays valid until the next mr2d call on this thread. */
MR2D_API const char* mr2d_last_error(void);

/** Short name of a status code. */
MR2D_API const char* mr2d_status_name(int status);

/** Version of the library this program runs with, "MAJOR.MINOR.PATCH" (static
 *  storage). MR2D_VERSION_STRING is the version of the headers it was compiled
 *  with. Local, needs no MPI. */
MR2D_API const char* mr2d_version(void);

/** Statistics of this process since MPI was initialised (or the last reset). */
typedef struct {
  long long calls_gemr2d;   /**< general copies, all types and entry points */
  long long calls_trmr2d;   /**< trapezoidal copies */
  long long messages_sent;  /**< point-to-point messages to other processes */
  long long bytes_sent;     /**< bytes sent to other processes */
  long long bytes_received; /**< bytes received from other processes */
  long long bytes_local;    /**< bytes copied without MPI (process to itself) */
  long long plans_reused;   /**< calls served by a cached plan (same arguments everywhere) */
  long long shm_bytes;      /**< shared memory this process holds now for node-local
                                 messages, all union contexts (a gauge, not reset) */
  long long bytes_direct;   /**< of bytes_received: copied straight from node peers'
                                 A in mr2d_alloc memory (no pool in between) */
} mr2d_stats;

/** Memory for matrices that node peers can read in place. Where A of a
 *  redistribution lies in such memory, a process on the same node copies its
 *  part straight from this process's A into its B (each byte read once and
 *  written once), instead of through the shared-memory pool; the call
 *  returns only after every such peer has finished reading A. Other memory,
 *  peers on other nodes and peers that cannot map the array (another user,
 *  a /proc that hides processes) use the usual paths, message by message.
 *  The memory is a memory file (memfd) of its own, every page reserved at
 *  once; it takes no room in /dev/shm. A request beyond what this process
 *  may use (MemAvailable, its cgroup's memory.max - memory.current) is
 *  refused before anything is reserved: a memory limit is an error here,
 *  never the out-of-memory killer or a SIGBUS later. Peers check the
 *  memory file's identity (device and inode), so a program that closes or
 *  reuses its descriptor (a close-all loop, dup2) only costs the in-place
 *  read, never data. fork(): the child does not inherit the memory
 *  (MADV_DONTFORK); its access to it faults (SIGSEGV), so a child can never
 *  change the parent's arrays; it may exec as usual. Local, needs no MPI,
 *  thread-safe.
 *  @param bytes size in bytes, > 0
 *  @return page-aligned, zero-filled memory, or NULL (mr2d_last_error()
 *          says why: bytes 0, more than the process may use, with the
 *          numbers, or the system refused the memory) */
MR2D_API void* mr2d_alloc(size_t bytes);
/** Releases memory from mr2d_alloc (NULL is accepted). Node peers drop their
 *  mappings of it at their next in-place read from this process, or when
 *  the union context ends. Local.
 *  @return MR2D_SUCCESS, or MR2D_ERR_ARGUMENT (nothing released) for a
 *          pointer that is not the start of a live mr2d_alloc array */
MR2D_API int mr2d_free(void* ptr);

/** Fill *stats with this process's counters. */
MR2D_API void mr2d_get_stats(mr2d_stats* stats);
/** Zero this process's counters. */
MR2D_API void mr2d_reset_stats(void);

/** Rank relabelling (local, no MPI and no BLACS call): the ranks of the union
 *  to put B's grid positions on so that the least data moves. A process keeps
 *  the elements of sub(B) it already holds in sub(A); the routines place B's
 *  positions on distinct ranks so that these kept elements are the most, then
 *  the grid is made with Cblacs_gridmap(&ctxt, b_usermap, b->nprow, b->nprow,
 *  b->npcol) on the union's system context.
 *
 *  A layout: a descriptor's global fields, the submatrix start and the grid
 *  shape (B's grid need not exist yet). */
typedef struct {
  mr2d_int rows; /**< global rows: M_ */
  mr2d_int cols; /**< global columns: N_ */
  mr2d_int mb;   /**< row block size: MB_ */
  mr2d_int nb;   /**< column block size: NB_ */
  mr2d_int rsrc; /**< grid row of the first block: RSRC_ */
  mr2d_int csrc; /**< grid column of the first block: CSRC_ */
  mr2d_int i;    /**< 1-based first row of the submatrix: IA (or IB) */
  mr2d_int j;    /**< 1-based first column of the submatrix: JA (or JB) */
  int nprow;     /**< grid rows */
  int npcol;     /**< grid columns */
} mr2d_layout;

/** What a relabelling changes, in bytes (elements x element size). */
typedef struct {
  long long bytes_total;         /**< the copy: all of sub(B) */
  long long bytes_moved_default; /**< between processes with B on ranks in the default order */
  long long bytes_moved;         /**< between processes with B on b_usermap */
  int exact;                     /**< 1: no placement moves less; 0: greedy (see below) */
} mr2d_relabel_report;

/** Places B's grid positions on ranks for the general copy sub(B) := sub(A)
 *  of m x n elements of `type`.
 *  @param a         A's layout; a_usermap[r + c*a->nprow] is the union rank at
 *                   A's grid position (r, c) (distinct ranks >= 0)
 *  @param b         B's layout (the grid to create)
 *  @param ranks     the nranks distinct union ranks B may use, or NULL for
 *                   0 .. nranks-1; nranks >= b->nprow * b->npcol
 *  @param b_usermap out: the rank for B's position (r, c) at [r + c*b->nprow]
 *  @param report    out, may be NULL
 *  The default order is Cblacs_gridinit's with order "R" on these ranks: B's
 *  position (r, c) on ranks[r*b->npcol + c]. It is returned unless another
 *  placement moves strictly less. Up to 4096 positions in B's grid the
 *  placement is optimal (a maximum-weight assignment); above, or where nearly
 *  every pair of positions shares data and the exact search would take more
 *  than about 2 s, greedy (never worse than the default order).
 *  Argument positions in messages count type as 1. Beyond 2^24 positions in
 *  a grid, 2^24 pairs of A and B positions sharing data, 2^23 index runs per
 *  dimension or 2^32 trapezoid column visits the routines return
 *  MR2D_ERR_ARGUMENT instead of growing without bound. mr2d_last_error()
 *  holds the message of an error; nothing is printed.
 *  @return MR2D_SUCCESS, MR2D_ERR_ARGUMENT or MR2D_ERR_MEMORY. */
MR2D_API int mr2d_relabel_gemr2d(int type, mr2d_int m, mr2d_int n, const mr2d_layout* a, const int* a_usermap,
                                 const mr2d_layout* b, const int* ranks, int nranks, int* b_usermap,
                                 mr2d_relabel_report* report);
/** The same for the trapezoidal copy of mr2d_trmr2d (uplo, diag as there). */
MR2D_API int mr2d_relabel_trmr2d(int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                                 const mr2d_layout* a, const int* a_usermap, const mr2d_layout* b, const int* ranks,
                                 int nranks, int* b_usermap, mr2d_relabel_report* report);

#ifdef __cplusplus
}
#endif

#endif /* MR2D_MR2D_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/* ScaLAPACK's redistribution entry points, as exported by libmr2d_scalapack
 * (and by ScaLAPACK itself): for ? in s d c z i,
 *   p?gemr2d_  p?gemr2do_  p?trmr2d_  p?trmr2do_   Fortran-callable, arguments by address
 *   Cp?gemr2d  Cp?gemr2do  Cp?trmr2d  Cp?trmr2do   C-callable, scalars by value
 * The `o` forms have no union-context argument: every process of MPI_COMM_WORLD
 * takes part. These routines return nothing: on an error (found on every
 * process, B left unchanged) each process prints the message on stderr and,
 * as ScaLAPACK and PBLAS do, the job stops (MPI_Abort). PBLAS's transposes
 * p?tran*, p?geadd and p?tradd follow; they report argument errors as PBLAS does, through
 * PB_Cabort(ictxt, routine, info) with PBLAS's INFO (-702 for a DESCA(CTXT_)
 * that is no grid of this process, -1 for M, ...), so a program that defines
 * its own PB_Cabort (as PBLAS's testers do) gets the call back and the routine
 * returns. With the environment variable MR2D_ON_ERROR=return (default
 * abort) every one of these routines prints the message and returns instead.
 * A process whose union (ICTXT, A's context for p?tran*) has no grid of its
 * own cannot reach the others: it alone reports the error. */
#ifndef MR2D_SCALAPACK_H
#define MR2D_SCALAPACK_H

#include "mr2d/mr2d.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MR2D_DECLARE_SCALAPACK(x, T, code)                                                                             \
  MR2D_API void p##x##gemr2d_(const mr2d_int* m, const mr2d_int* n, const T* a, const mr2d_int* ia,                    \
                              const mr2d_int* ja, const mr2d_int* desca, T* b, const mr2d_int* ib, const mr2d_int* jb, \
                              const mr2d_int* descb, const mr2d_int* ictxt);                                           \
  MR2D_API void p##x##gemr2do_(const mr2d_int* m, const mr2d_int* n, const T* a, const mr2d_int* ia,                   \
                               const mr2d_int* ja, const mr2d_int* desca, T* b, const mr2d_int* ib,                    \
                               const mr2d_int* jb, const mr2d_int* descb);                                             \
  MR2D_API void p##x##trmr2d_(const char* uplo, const char* diag, const mr2d_int* m, const mr2d_int* n, const T* a,    \
                              const mr2d_int* ia, const mr2d_int* ja, const mr2d_int* desca, T* b, const mr2d_int* ib, \
                              const mr2d_int* jb, const mr2d_int* descb, const mr2d_int* ictxt);                       \
  MR2D_API void p##x##trmr2do_(const char* uplo, const char* diag, const mr2d_int* m, const mr2d_int* n, const T* a,   \
                               const mr2d_int* ia, const mr2d_int* ja, const mr2d_int* desca, T* b,                    \
                               const mr2d_int* ib, const mr2d_int* jb, const mr2d_int* descb);                         \
  MR2D_API void Cp##x##gemr2d(mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* desca, T* b,           \
                              mr2d_int ib, mr2d_int jb, mr2d_int* descb, mr2d_int ictxt);                              \
  MR2D_API void Cp##x##gemr2do(mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja, mr2d_int* desca, T* b,          \
                               mr2d_int ib, mr2d_int jb, mr2d_int* descb);                                             \
  MR2D_API void Cp##x##trmr2d(char* uplo, char* diag, mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja,          \
                              mr2d_int* desca, T* b, mr2d_int ib, mr2d_int jb, mr2d_int* descb, mr2d_int ictxt);       \
  MR2D_API void Cp##x##trmr2do(char* uplo, char* diag, mr2d_int m, mr2d_int n, T* a, mr2d_int ia, mr2d_int ja,         \
                               mr2d_int* desca, T* b, mr2d_int ib, mr2d_int jb, mr2d_int* descb);
MR2D_TYPE_TABLE(MR2D_DECLARE_SCALAPACK)
#undef MR2D_DECLARE_SCALAPACK

/* PBLAS's transposes, sub(C) := beta * sub(C) + alpha * sub(A)' with sub(C)
 * m x n and sub(A) n x m, A and C in one context (pctranc_/pztranc_ conjugate).
 * Processes outside that context's grid return at once, as in PBLAS. */
#define MR2D_DECLARE_PBLAS_TRAN(name, T)                                                                   \
  MR2D_API void name(const mr2d_int* m, const mr2d_int* n, const T* alpha, const T* a, const mr2d_int* ia, \
                     const mr2d_int* ja, const mr2d_int* desca, const T* beta, T* c, const mr2d_int* ic,   \
                     const mr2d_int* jc, const mr2d_int* descc);
MR2D_DECLARE_PBLAS_TRAN(pstran_, float)
MR2D_DECLARE_PBLAS_TRAN(pdtran_, double)
MR2D_DECLARE_PBLAS_TRAN(pctranu_, mr2d_scomplex)
MR2D_DECLARE_PBLAS_TRAN(pctranc_, mr2d_scomplex)
MR2D_DECLARE_PBLAS_TRAN(pztranu_, mr2d_dcomplex)
MR2D_DECLARE_PBLAS_TRAN(pztranc_, mr2d_dcomplex)
#undef MR2D_DECLARE_PBLAS_TRAN

/* The element types of PBLAS's adds: X(letter, LETTER, C type, mr2d_type). */
#define MR2D_PBLAS_TYPE_TABLE(X) \
  X(s, S, float, MR2D_S)         \
  X(d, D, double, MR2D_D)        \
  X(c, C, mr2d_scomplex, MR2D_C) \
  X(z, Z, mr2d_dcomplex, MR2D_Z)

/* PBLAS's adds for ? in s d c z, A and C in one context:
 *   p?geadd_  sub(C) := beta * sub(C) + alpha * op(sub(A)), op by TRANS
 *             ('N', 'T', or 'C': conjugate transpose, 'T' for s and d),
 *             sub(C) m x n;
 *   p?tradd_  the same on the trapezoid of sub(C) that UPLO names ('U':
 *             i <= j, 'L': i >= j, counted from sub(C)'s first element).
 * Results are bit for bit PBLAS's, including its special cases (alpha 0
 * reads no A; alpha 0 with beta 1 returns at once; p?tradd's own
 * arithmetic); bad arguments are reported as for p?tran*, with p?geadd's and
 * p?tradd's argument positions (TRANS is argument 1 of p?geadd, UPLO and
 * TRANS arguments 1 and 2 of p?tradd). */
#define MR2D_DECLARE_PBLAS_ADD(x, X, T, code)                                                                     \
  MR2D_API void p##x##geadd_(const char* trans, const mr2d_int* m, const mr2d_int* n, const T* alpha, const T* a, \
                             const mr2d_int* ia, const mr2d_int* ja, const mr2d_int* desca, const T* beta, T* c,  \
                             const mr2d_int* ic, const mr2d_int* jc, const mr2d_int* descc);                      \
  MR2D_API void p##x##tradd_(const char* uplo, const char* trans, const mr2d_int* m, const mr2d_int* n,           \
                             const T* alpha, const T* a, const mr2d_int* ia, const mr2d_int* ja,                  \
                             const mr2d_int* desca, const T* beta, T* c, const mr2d_int* ic, const mr2d_int* jc,  \
                             const mr2d_int* descc);
MR2D_PBLAS_TYPE_TABLE(MR2D_DECLARE_PBLAS_ADD)
#undef MR2D_DECLARE_PBLAS_ADD

#ifdef __cplusplus
}
#endif

#endif /* MR2D_SCALAPACK_H */

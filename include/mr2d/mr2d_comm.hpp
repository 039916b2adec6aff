// SPDX-License-Identifier: BSD-3-Clause
// C++ interface of mr2d_comm.h: redistribution between grids described
// within an MPI communicator, throwing mr2d::Error like mr2d.hpp.
#ifndef MR2D_MR2D_COMM_HPP
#define MR2D_MR2D_COMM_HPP

#include "mr2d/mr2d.hpp"
#include "mr2d/mr2d_comm.h"

namespace mr2d {

/// sub(B) := sub(A) between the grids `grida` and `gridb` of `comm`
/// (mr2d_comm_gemr2d); throws on error.
template <class T>
void comm_gemr2d(MPI_Comm comm, mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                 const mr2d_grid& grida, T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid& gridb,
                 const mr2d_options* options = nullptr) {
  check(mr2d_comm_gemr2d(comm, type_of<T>::value, m, n, a, ia, ja, desca, &grida, b, ib, jb, descb, &gridb, options));
}

/// Trapezoidal copy between grids of `comm` (mr2d_comm_trmr2d); throws on error.
template <class T>
void comm_trmr2d(MPI_Comm comm, char uplo, char diag, mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja,
                 const mr2d_int* desca, const mr2d_grid& grida, T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                 const mr2d_grid& gridb, const mr2d_options* options = nullptr) {
  const char u[2] = {uplo, 0}, d[2] = {diag, 0};
  check(mr2d_comm_trmr2d(comm, type_of<T>::value, u, d, m, n, a, ia, ja, desca, &grida, b, ib, jb, descb, &gridb,
                         options));
}

/// Plan of comm_gemr2d (mr2d_plan_create_comm_gemr2d), collective over
/// `comm`, which must outlive it; throws on error.
template <class T>
Plan<T> comm_plan_gemr2d(MPI_Comm comm, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                         const mr2d_grid& grida, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                         const mr2d_grid& gridb, const mr2d_options* options = nullptr) {
  mr2d_plan plan = nullptr;
  check(mr2d_plan_create_comm_gemr2d(&plan, comm, type_of<T>::value, m, n, ia, ja, desca, &grida, ib, jb, descb, &gridb,
                                     options));
  return Plan<T>::adopt(plan);
}

/// Plan of comm_trmr2d (mr2d_plan_create_comm_trmr2d); throws on error.
template <class T>
Plan<T> comm_plan_trmr2d(MPI_Comm comm, char uplo, char diag, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                         const mr2d_int* desca, const mr2d_grid& grida, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                         const mr2d_grid& gridb, const mr2d_options* options = nullptr) {
  const char u[2] = {uplo, 0}, d[2] = {diag, 0};
  mr2d_plan plan = nullptr;
  check(mr2d_plan_create_comm_trmr2d(&plan, comm, type_of<T>::value, u, d, m, n, ia, ja, desca, &grida, ib, jb, descb,
                                     &gridb, options));
  return Plan<T>::adopt(plan);
}

}  // namespace mr2d

#endif  // MR2D_MR2D_COMM_HPP

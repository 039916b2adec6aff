// SPDX-License-Identifier: BSD-3-Clause
// The entries of mr2d_comm.h: grids described within a communicator, direct
// calls and persistent plans, each one call into api/ with Union::comm; the
// _f forms take the communicator as a Fortran handle.
#include "capi/entry.hpp"
#include "driver/dispatch.hpp"
#include "driver/persistent_plan.hpp"
#include "mr2d/mr2d_comm.h"

namespace {

// Positions of `type` in the C argument lists (for its message).
constexpr int kTypeDirect = 2, kTypePlan = 3;

// A call over a communicator: the trapezoid where `trapezoid` is not null.
mr2d::driver::CallSpec comm_args(const mr2d::capi::Entry& entry, MPI_Comm comm, const mr2d::capi::Trapezoid* trapezoid,
                                 mr2d_int m, mr2d_int n, const mr2d::capi::SubA& a, const mr2d_grid* grida,
                                 const mr2d::capi::SubB& b, const mr2d_grid* gridb, const mr2d_options* options) {
  mr2d::driver::CallSpec spec = mr2d::capi::redistribution(entry, m, n, a, b, -1);
  if (trapezoid != nullptr) mr2d::capi::set_trapezoid(spec, *trapezoid);
  spec.args = trapezoid != nullptr ? mr2d::check::list_of(mr2d::check::kCommTrmr2d)
                                   : mr2d::check::list_of(mr2d::check::kCommGemr2d);
  spec.comm = comm;
  spec.a.grid = grida;
  spec.b.grid = gridb;
  spec.options = options;
  return spec;
}

// The entry of a call over a communicator.
mr2d::capi::Entry comm_entry(const char* routine, int type, int type_position) {
  return {routine, mr2d::driver::Union::comm, type, type_position, mr2d::driver::DropIn::none};
}

}  // namespace

extern "C" {

MR2D_API int mr2d_comm_gemr2d(MPI_Comm comm, int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia, mr2d_int ja,
                              const mr2d_int* desca, const mr2d_grid* grida, void* b, mr2d_int ib, mr2d_int jb,
                              const mr2d_int* descb, const mr2d_grid* gridb, const mr2d_options* options) {
  return mr2d::driver::redistribute(comm_args(comm_entry("mr2d_comm_gemr2d", type, kTypeDirect), comm, nullptr, m, n,
                                              {a, ia, ja, desca}, grida, {b, ib, jb, descb}, gridb, options),
                                    true);
}

MR2D_API int mr2d_comm_trmr2d(MPI_Comm comm, int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                              const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida,
                              void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                              const mr2d_options* options) {
  const mr2d::capi::Trapezoid trapezoid{mr2d::check::Letters::strict, uplo, diag};
  return mr2d::driver::redistribute(comm_args(comm_entry("mr2d_comm_trmr2d", type, kTypeDirect), comm, &trapezoid, m, n,
                                              {a, ia, ja, desca}, grida, {b, ib, jb, descb}, gridb, options),
                                    true);
}

MR2D_API int mr2d_plan_create_comm_gemr2d(mr2d_plan* plan, MPI_Comm comm, int type, mr2d_int m, mr2d_int n, mr2d_int ia,
                                          mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida, mr2d_int ib,
                                          mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                          const mr2d_options* options) {
  return mr2d::driver::create_plan(
      plan, comm_args(comm_entry("mr2d_plan_create_comm_gemr2d", type, kTypePlan), comm, nullptr, m, n,
                      {nullptr, ia, ja, desca}, grida, {nullptr, ib, jb, descb}, gridb, options));
}

MR2D_API int mr2d_plan_create_comm_trmr2d(mr2d_plan* plan, MPI_Comm comm, int type, const char* uplo, const char* diag,
                                          mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                                          const mr2d_grid* grida, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                                          const mr2d_grid* gridb, const mr2d_options* options) {
  const mr2d::capi::Trapezoid trapezoid{mr2d::check::Letters::strict, uplo, diag};
  return mr2d::driver::create_plan(
      plan, comm_args(comm_entry("mr2d_plan_create_comm_trmr2d", type, kTypePlan), comm, &trapezoid, m, n,
                      {nullptr, ia, ja, desca}, grida, {nullptr, ib, jb, descb}, gridb, options));
}

MR2D_API int mr2d_comm_gemr2d_f(MPI_Fint comm, int type, mr2d_int m, mr2d_int n, const void* a, mr2d_int ia,
                                mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida, void* b, mr2d_int ib,
                                mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                const mr2d_options* options) {
  return mr2d_comm_gemr2d(MPI_Comm_f2c(comm), type, m, n, a, ia, ja, desca, grida, b, ib, jb, descb, gridb, options);
}

MR2D_API int mr2d_comm_trmr2d_f(MPI_Fint comm, int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                                const void* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida,
                                void* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                const mr2d_options* options) {
  return mr2d_comm_trmr2d(MPI_Comm_f2c(comm), type, uplo, diag, m, n, a, ia, ja, desca, grida, b, ib, jb, descb, gridb,
                          options);
}

MR2D_API int mr2d_plan_create_comm_gemr2d_f(mr2d_plan* plan, MPI_Fint comm, int type, mr2d_int m, mr2d_int n,
                                            mr2d_int ia, mr2d_int ja, const mr2d_int* desca, const mr2d_grid* grida,
                                            mr2d_int ib, mr2d_int jb, const mr2d_int* descb, const mr2d_grid* gridb,
                                            const mr2d_options* options) {
  return mr2d_plan_create_comm_gemr2d(plan, MPI_Comm_f2c(comm), type, m, n, ia, ja, desca, grida, ib, jb, descb, gridb,
                                      options);
}

MR2D_API int mr2d_plan_create_comm_trmr2d_f(mr2d_plan* plan, MPI_Fint comm, int type, const char* uplo,
                                            const char* diag, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                            const mr2d_int* desca, const mr2d_grid* grida, mr2d_int ib, mr2d_int jb,
                                            const mr2d_int* descb, const mr2d_grid* gridb,
                                            const mr2d_options* options) {
  return mr2d_plan_create_comm_trmr2d(plan, MPI_Comm_f2c(comm), type, uplo, diag, m, n, ia, ja, desca, grida, ib, jb,
                                      descb, gridb, options);
}

}  // extern "C"

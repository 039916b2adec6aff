// SPDX-License-Identifier: BSD-3-Clause
// The entries of mr2d_layout.h: redistributions whose sides are grid layouts
// or descriptors, over a BLACS union context or a communicator, direct and
// as persistent plans, each one call into api/.
#include "capi/entry.hpp"
#include "driver/dispatch.hpp"
#include "driver/persistent_plan.hpp"
#include "mr2d/mr2d_layout.h"

using mr2d::driver::Union;

namespace {

// Positions of `type` in the C argument lists (for its message), as for
// mr2d_transform and mr2d_comm_gemr2d.
constexpr int kTypeDirect = 1, kTypePlan = 2, kTypeCommDirect = 2, kTypeCommPlan = 3;

// A side as an mr2d_matrix: a descriptor with its grid, or a grid layout.
mr2d::driver::Side matrix_side(const mr2d_matrix* matrix) {
  mr2d::driver::Side side;
  side.matrix = matrix;
  if (!mr2d::driver::is_grid_layout(matrix)) {
    side.desc = matrix->desc;
    side.grid = matrix->grid;
  }
  return side;
}

// sub(A) and sub(B) of a layout call.
using LayoutA = mr2d::capi::Sub<const void, mr2d_matrix>;
using LayoutB = mr2d::capi::Sub<void, mr2d_matrix>;

// op(A) (TRANS), alpha and beta.
struct LayoutOp {
  const char* trans;
  const void* alpha;
  const void* beta;
};

mr2d::driver::CallSpec layout_args(const mr2d::capi::Entry& entry, const LayoutOp& op, mr2d_int m, mr2d_int n,
                                   const LayoutA& a, const LayoutB& b, const mr2d_options* options) {
  mr2d::driver::CallSpec spec;
  spec.routine = entry.routine;
  spec.entry = mr2d::check::Entry::transform;
  spec.scope = entry.scope;
  spec.layout = true;
  spec.args = entry.scope == Union::comm ? mr2d::check::list_of(mr2d::check::kCommLayout)
                                         : mr2d::check::list_of(mr2d::check::kLayout);
  mr2d::capi::set_type(spec, entry.type, entry.type_position);
  spec.op = op.trans != nullptr ? op.trans[0] : 'N';
  spec.m = m;
  spec.n = n;
  spec.alpha = op.alpha;
  spec.beta = op.beta;
  mr2d::capi::set_starts(spec, a.i, a.j, b.i, b.j);
  spec.a = matrix_side(a.desc);
  spec.b = matrix_side(b.desc);
  spec.a_array = a.array;
  spec.b_array = b.array;
  spec.options = options;
  return spec;
}

}  // namespace

extern "C" {

MR2D_API int mr2d_layout_transform(int type, const char* trans, mr2d_int m, mr2d_int n, const void* alpha,
                                   const void* a, mr2d_int ia, mr2d_int ja, const mr2d_matrix* ma, const void* beta,
                                   void* b, mr2d_int ib, mr2d_int jb, const mr2d_matrix* mb, mr2d_int ictxt,
                                   const mr2d_options* options) {
  return mr2d::driver::redistribute(
      mr2d::capi::in_context(
          layout_args({"mr2d_layout_transform", Union::context, type, kTypeDirect, mr2d::driver::DropIn::none},
                      {trans, alpha, beta}, m, n, {a, ia, ja, ma}, {b, ib, jb, mb}, options),
          ictxt),
      true);
}

MR2D_API int mr2d_comm_layout_transform(MPI_Comm comm, int type, const char* trans, mr2d_int m, mr2d_int n,
                                        const void* alpha, const void* a, mr2d_int ia, mr2d_int ja,
                                        const mr2d_matrix* ma, const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                        const mr2d_matrix* mb, const mr2d_options* options) {
  return mr2d::driver::redistribute(
      mr2d::capi::in_comm(
          layout_args({"mr2d_comm_layout_transform", Union::comm, type, kTypeCommDirect, mr2d::driver::DropIn::none},
                      {trans, alpha, beta}, m, n, {a, ia, ja, ma}, {b, ib, jb, mb}, options),
          comm),
      true);
}

MR2D_API int mr2d_plan_create_layout_transform(mr2d_plan* plan, int type, const char* trans, mr2d_int m, mr2d_int n,
                                               mr2d_int ia, mr2d_int ja, const mr2d_matrix* ma, mr2d_int ib,
                                               mr2d_int jb, const mr2d_matrix* mb, mr2d_int ictxt,
                                               const mr2d_options* options) {
  return mr2d::driver::create_plan(
      plan, mr2d::capi::in_context(
                layout_args(
                    {"mr2d_plan_create_layout_transform", Union::context, type, kTypePlan, mr2d::driver::DropIn::none},
                    {trans, nullptr, nullptr}, m, n, {nullptr, ia, ja, ma}, {nullptr, ib, jb, mb}, options),
                ictxt));
}

MR2D_API int mr2d_plan_create_comm_layout_transform(mr2d_plan* plan, MPI_Comm comm, int type, const char* trans,
                                                    mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                                    const mr2d_matrix* ma, mr2d_int ib, mr2d_int jb,
                                                    const mr2d_matrix* mb, const mr2d_options* options) {
  return mr2d::driver::create_plan(
      plan, mr2d::capi::in_comm(
                layout_args({"mr2d_plan_create_comm_layout_transform", Union::comm, type, kTypeCommPlan,
                             mr2d::driver::DropIn::none},
                            {trans, nullptr, nullptr}, m, n, {nullptr, ia, ja, ma}, {nullptr, ib, jb, mb}, options),
                comm));
}

MR2D_API int mr2d_comm_layout_transform_f(MPI_Fint comm, int type, const char* trans, mr2d_int m, mr2d_int n,
                                          const void* alpha, const void* a, mr2d_int ia, mr2d_int ja,
                                          const mr2d_matrix* ma, const void* beta, void* b, mr2d_int ib, mr2d_int jb,
                                          const mr2d_matrix* mb, const mr2d_options* options) {
  return mr2d_comm_layout_transform(MPI_Comm_f2c(comm), type, trans, m, n, alpha, a, ia, ja, ma, beta, b, ib, jb, mb,
                                    options);
}

MR2D_API int mr2d_plan_create_comm_layout_transform_f(mr2d_plan* plan, MPI_Fint comm, int type, const char* trans,
                                                      mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                                      const mr2d_matrix* ma, mr2d_int ib, mr2d_int jb,
                                                      const mr2d_matrix* mb, const mr2d_options* options) {
  return mr2d_plan_create_comm_layout_transform(plan, MPI_Comm_f2c(comm), type, trans, m, n, ia, ja, ma, ib, jb, mb,
                                                options);
}

}  // extern "C"

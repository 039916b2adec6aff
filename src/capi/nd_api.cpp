// SPDX-License-Identifier: BSD-3-Clause
// The entries of mr2d_nd.h: N-dimensional redistributions over a BLACS
// union context or a communicator, direct and as persistent plans, each one
// call into driver/; and the local shape of an array, which needs no MPI.
#include <algorithm>
#include <climits>
#include <vector>

#include "capi/entry.hpp"
#include "driver/redistribute.hpp"
#include "check/message.hpp"
#include "check/arg_lists.hpp"
#include "driver/dispatch.hpp"
#include "driver/nd_call.hpp"
#include "driver/persistent_plan.hpp"
#include "driver/reason_words.hpp"
#include "mr2d/mr2d_nd.h"
#include "nd/check.hpp"

using mr2d::driver::Union;

namespace {

// Positions of `type` in the C argument lists (for its message).
constexpr int kTypeDirect = 1, kTypePlan = 2, kTypeCommDirect = 2, kTypeCommPlan = 3;

// An N-D array and its description, for A and for B.
struct NdA {
  const void* array;
  const mr2d_nd_array* desc;
};
struct NdB {
  void* array;
  const mr2d_nd_array* desc;
};

mr2d::driver::CallSpec nd_spec(const mr2d::capi::Entry& entry, mr2d::check::ArgList args, const int* perm,
                               const void* alpha, const void* beta, const NdA& a, const NdB& b,
                               const mr2d_options* options) {
  mr2d::driver::CallSpec spec;
  spec.routine = entry.routine;
  spec.scope = entry.scope;
  spec.args = args;
  mr2d::capi::set_type(spec, entry.type, entry.type_position);
  spec.alpha = alpha;
  spec.beta = beta;
  spec.a_array = a.array;
  spec.b_array = b.array;
  spec.options = options;
  spec.nd = true;
  spec.perm = perm;
  spec.a.nd = a.desc;
  spec.b.nd = b.desc;
  return spec;
}

}  // namespace

extern "C" {

MR2D_API int mr2d_nd_transform(int type, const int* perm, const void* alpha, const void* a, const mr2d_nd_array* da,
                               const void* beta, void* b, const mr2d_nd_array* db, mr2d_int ictxt,
                               const mr2d_options* options) {
  return mr2d::driver::redistribute(
      mr2d::capi::in_context(
          nd_spec({"mr2d_nd_transform", Union::context, type, kTypeDirect, mr2d::driver::DropIn::none},
                  mr2d::check::list_of(mr2d::check::kNd), perm, alpha, beta, {a, da}, {b, db}, options),
          ictxt),
      true);
}

MR2D_API int mr2d_comm_nd_transform(MPI_Comm comm, int type, const int* perm, const void* alpha, const void* a,
                                    const mr2d_nd_array* da, const void* beta, void* b, const mr2d_nd_array* db,
                                    const mr2d_options* options) {
  return mr2d::driver::redistribute(
      mr2d::capi::in_comm(
          nd_spec({"mr2d_comm_nd_transform", Union::comm, type, kTypeCommDirect, mr2d::driver::DropIn::none},
                  mr2d::check::list_of(mr2d::check::kCommNd), perm, alpha, beta, {a, da}, {b, db}, options),
          comm),
      true);
}

MR2D_API int mr2d_plan_create_nd(mr2d_plan* plan, int type, const int* perm, const mr2d_nd_array* da,
                                 const mr2d_nd_array* db, mr2d_int ictxt, const mr2d_options* options) {
  return mr2d::driver::create_plan(
      plan, mr2d::capi::in_context(
                nd_spec({"mr2d_plan_create_nd", Union::context, type, kTypePlan, mr2d::driver::DropIn::none},
                        mr2d::check::list_of(mr2d::check::kNdPlan), perm, nullptr, nullptr, {nullptr, da},
                        {nullptr, db}, options),
                ictxt));
}

MR2D_API int mr2d_plan_create_comm_nd(mr2d_plan* plan, MPI_Comm comm, int type, const int* perm,
                                      const mr2d_nd_array* da, const mr2d_nd_array* db, const mr2d_options* options) {
  return mr2d::driver::create_plan(
      plan, mr2d::capi::in_comm(
                nd_spec({"mr2d_plan_create_comm_nd", Union::comm, type, kTypeCommPlan, mr2d::driver::DropIn::none},
                        mr2d::check::list_of(mr2d::check::kCommNdPlan), perm, nullptr, nullptr, {nullptr, da},
                        {nullptr, db}, options),
                comm));
}

MR2D_API int mr2d_comm_nd_transform_f(MPI_Fint comm, int type, const int* perm, const void* alpha, const void* a,
                                      const mr2d_nd_array* da, const void* beta, void* b, const mr2d_nd_array* db,
                                      const mr2d_options* options) {
  return mr2d_comm_nd_transform(MPI_Comm_f2c(comm), type, perm, alpha, a, da, beta, b, db, options);
}

MR2D_API int mr2d_plan_create_comm_nd_f(mr2d_plan* plan, MPI_Fint comm, int type, const int* perm,
                                        const mr2d_nd_array* da, const mr2d_nd_array* db, const mr2d_options* options) {
  return mr2d_plan_create_comm_nd(plan, MPI_Comm_f2c(comm), type, perm, da, db, options);
}

MR2D_API int mr2d_nd_local_shape(const mr2d_nd_array* d, int rank, mr2d_int* counts, long long* elements) {
  // No union here: any rank an int can name. Ranks are checked against it,
  // and nothing is allocated in proportion to it or to `rank`.
  constexpr mr2d::Index kAnyUnion = mr2d::Index{INT_MAX} + 1;
  const char* routine = "mr2d_nd_local_shape";
  mr2d::check::Wording wording;
  wording.routine = routine;
  wording.args = mr2d::check::list_of(mr2d::check::kNdLocalShape);
  wording.words = mr2d::driver::words_of;
  const auto refuse = [&](const mr2d::Fault& f) {
    mr2d::driver::set_last_error(mr2d::check::status_of(f, wording).message);
    return MR2D_ERR_ARGUMENT;
  };
  if (rank < 0) return refuse(mr2d::Fault::of(MR2D_ERR_ARGUMENT, mr2d::Reason::negative, rank).named(2));
  if (counts == nullptr) return refuse(mr2d::Fault::of(MR2D_ERR_ARGUMENT, mr2d::Reason::null_pointer).named(3));
  mr2d::nd::Description desc;
  mr2d::Fault f = mr2d::driver::read_description(d, kAnyUnion, desc);
  // The leading sizes are checked against `rank`'s counts, as a transform
  // checks them against the calling process's.
  mr2d::nd::Array array;
  if (f.ok()) f = mr2d::nd::check_array(desc, kAnyUnion, rank, array);
  if (!f.ok()) return refuse(f.named(1));
  mr2d::driver::set_last_error("");
  std::vector<mr2d::Index> c = mr2d::nd::local_counts(array, rank);
  if (desc.storage_order == MR2D_ND_ORDER_C) std::reverse(c.begin(), c.end());
  for (std::size_t k = 0; k < c.size(); ++k) counts[k] = static_cast<mr2d_int>(c[k]);
  long long total = 1;
  for (std::size_t k = 0; k < c.size(); ++k) total *= desc.leading.empty() ? c[k] : desc.leading[k];
  if (elements != nullptr) *elements = total;
  return MR2D_SUCCESS;
}

}  // extern "C"

// SPDX-License-Identifier: BSD-3-Clause
// The rank-relabelling entries of mr2d.h: local, no MPI. Errors are recorded
// for mr2d_last_error() and not printed, as for mr2d_set_options.
#include "capi/entry.hpp"
#include "mr2d/mr2d.h"
#include "relabel/c_call.hpp"

namespace {

// Both entries; uplo and diag are read only for the trapezoidal copy.
// The layouts, A's usermap and B's ranks of a relabelling, and where B's
// usermap goes.
struct Relabelled {
  const mr2d_layout* a;
  const int* a_usermap;
  const mr2d_layout* b;
  const int* ranks;
  int nranks;
  int* b_usermap;
};

int relabel(const char* routine, bool trapezoidal, int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
            const Relabelled& r, mr2d_relabel_report* report) {
  mr2d::relabel::CCall call;
  call.routine = routine;
  call.trapezoidal = trapezoidal;
  call.type = type;
  call.elem_size = mr2d::capi::elem_size_of(type);
  call.uplo = uplo;
  call.diag = diag;
  call.m = m;
  call.n = n;
  call.a = r.a;
  call.a_usermap = r.a_usermap;
  call.b = r.b;
  call.ranks = r.ranks;
  call.nranks = r.nranks;
  call.b_usermap = r.b_usermap;
  call.report = report;
  return mr2d::driver::guarded(routine, false, [&] { return mr2d::relabel::run(call); });
}

}  // namespace

extern "C" {

MR2D_API int mr2d_relabel_gemr2d(int type, mr2d_int m, mr2d_int n, const mr2d_layout* a, const int* a_usermap,
                                 const mr2d_layout* b, const int* ranks, int nranks, int* b_usermap,
                                 mr2d_relabel_report* report) {
  return relabel("mr2d_relabel_gemr2d", false, type, nullptr, nullptr, m, n,
                 {a, a_usermap, b, ranks, nranks, b_usermap}, report);
}

MR2D_API int mr2d_relabel_trmr2d(int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                                 const mr2d_layout* a, const int* a_usermap, const mr2d_layout* b, const int* ranks,
                                 int nranks, int* b_usermap, mr2d_relabel_report* report) {
  return relabel("mr2d_relabel_trmr2d", true, type, uplo, diag, m, n, {a, a_usermap, b, ranks, nranks, b_usermap},
                 report);
}

}  // extern "C"

// SPDX-License-Identifier: BSD-3-Clause
// Per-call overhead: one small redistribution (8 x 8 doubles, blocks of 2
// to blocks of 3, on one process) repeated as direct calls or as executions
// of one plan, for instruction counts (bench/README.md, "Per-call overhead").
//   mr2d_call_overhead direct|plan [CALLS]
// Exit status: 0 when every call succeeded and B equals A, 1 otherwise, 2 on bad usage.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "mr2d/blacs.h"
#include "mr2d/mr2d.h"

namespace {

constexpr mr2d_int kOrder = 8;

// Runs `calls` redistributions of A into B; returns whether all succeeded.
bool redistribute(bool planned, long calls, const double* a, double* b, const mr2d_int* desca, const mr2d_int* descb,
                  mr2d_int ictxt) {
  bool ok = true;
  if (planned) {
    mr2d_plan plan = nullptr;
    ok = mr2d_plan_create_gemr2d(&plan, MR2D_D, kOrder, kOrder, 1, 1, desca, 1, 1, descb, ictxt, nullptr) ==
         MR2D_SUCCESS;
    for (long k = 0; ok && k < calls; ++k) ok = mr2d_plan_execute(plan, a, b) == MR2D_SUCCESS;
    mr2d_plan_destroy(&plan);
    return ok;
  }
  for (long k = 0; ok && k < calls; ++k)
    ok = mr2d_gemr2d(MR2D_D, kOrder, kOrder, a, 1, 1, desca, b, 1, 1, descb, ictxt) == MR2D_SUCCESS;
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  const bool usage_ok = (argc == 2 || argc == 3) && (!std::strcmp(argv[1], "direct") || !std::strcmp(argv[1], "plan"));
  const long calls = argc == 3 ? std::strtol(argv[2], nullptr, 10) : 1000;
  if (!usage_ok || calls < 1) {
    std::fprintf(stderr, "usage: mr2d_call_overhead direct|plan [CALLS >= 1]\n");
    return 2;
  }
  MPI_Init(&argc, &argv);
  int ictxt = 0;
  Cblacs_get(0, 0, &ictxt);
  Cblacs_gridinit(&ictxt, "R", 1, 1);
  // Descriptors (DTYPE_ CTXT_ M_ N_ MB_ NB_ RSRC_ CSRC_ LLD_): blocks of 2, then of 3.
  const mr2d_int desca[9] = {1, ictxt, kOrder, kOrder, 2, 2, 0, 0, kOrder};
  const mr2d_int descb[9] = {1, ictxt, kOrder, kOrder, 3, 3, 0, 0, kOrder};
  double a[kOrder * kOrder], b[kOrder * kOrder] = {};
  for (int k = 0; k < kOrder * kOrder; ++k) a[k] = k + 1;
  bool ok = redistribute(std::strcmp(argv[1], "plan") == 0, calls, a, b, desca, descb, ictxt);
  // On one process both layouts hold the whole matrix in column order.
  ok = ok && std::memcmp(a, b, sizeof a) == 0;
  std::printf("%s, %ld calls: %s\n", argv[1], calls, ok ? "B equals A" : "FAILED");
  Cblacs_gridexit(ictxt);
  MPI_Finalize();
  return ok ? 0 : 1;
}

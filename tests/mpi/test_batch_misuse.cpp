// SPDX-License-Identifier: BSD-3-Clause
// Batch misuse on one process only: a NULL part beside valid ones at
// creation, and a NULL array of A or B pointers at execution. Every process
// must return MR2D_ERR_ARGUMENT: the creation's fault agreed over the union
// (the same message everywhere), the execution's given up by the faulty
// process so that node peers waiting for its messages are told (they name
// it). B stays untouched everywhere, and nothing hangs (a hang shows as the
// CTest timeout). A lies on process 1 alone and B on a 2 x 2 grid of all
// four, so that every process waits for process 1's data. Each case runs on
// a communicator of its own (a failed execution retires its channel).
// Runs on 4 processes of one node.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "mr2d/mr2d_comm.h"

namespace {

constexpr int kM = 8, kN = 8, kBlock = 2;
constexpr unsigned char kFill = 0xA5;

const int kOwnerOfA[1] = {1};
const mr2d_grid kGridA{1, 1, kOwnerOfA};
const mr2d_grid kGridB{2, 2, nullptr};

// This process's arrays: A (process 1 only) and B filled with kFill.
struct Arrays {
  int rank = 0;
  std::vector<double> a;
  std::vector<unsigned char> b;
  mr2d_int desca[9] = {1, -1, kM, kN, kBlock, kBlock, 0, 0, kM};
  mr2d_int descb[9] = {1, -1, kM, kN, kBlock, kBlock, 0, 0, kM / 2};
  explicit Arrays(int r) : rank(r), a(r == 1 ? kM * kN : 0, 1.0), b(kM / 2 * kN / 2 * sizeof(double), kFill) {}
  const void* a_data() const { return a.empty() ? nullptr : a.data(); }
  void* b_data() { return b.data(); }
  bool b_untouched() const {
    return std::all_of(b.begin(), b.end(), [](unsigned char c) { return c == kFill; });
  }
};

mr2d_plan make_part(Arrays& arr, MPI_Comm comm) {
  mr2d_plan part = nullptr;
  const int s = mr2d_plan_create_comm_gemr2d(&part, comm, MR2D_D, kM, kN, 1, 1, arr.desca, &kGridA, 1, 1, arr.descb,
                                             &kGridB, nullptr);
  return s == MR2D_SUCCESS ? part : nullptr;
}

struct Case {
  const char* name;
  const char* expect_text;  // in the message on every process, or on the faulty one
  const char* peers_text;   // null: expect_text everywhere; else in the others' messages
  std::function<int(Arrays&, MPI_Comm)> run;
};

// A batch of one part executed with process 1 passing NULL for its array of
// A pointers (`without_a`) or of B pointers.
int execute_without(Arrays& arr, MPI_Comm comm, bool without_a) {
  mr2d_plan part = make_part(arr, comm), batch = nullptr;
  int s = mr2d_plan_create_batch(&batch, 1, &part, nullptr);
  const void* a[1] = {arr.a_data()};
  void* b[1] = {arr.b_data()};
  const bool faulty = arr.rank == 1;
  if (s == MR2D_SUCCESS)
    s = mr2d_plan_execute_batch(batch, faulty && without_a ? nullptr : a, faulty && !without_a ? nullptr : b);
  mr2d_plan_destroy(&batch);
  mr2d_plan_destroy(&part);
  return s;
}

std::vector<Case> cases() {
  return {
      {"NULL part beside a valid one on process 1", "entry 1 is NULL or a batch plan [detected on process 1 of the union context]", nullptr,
       [](Arrays& arr, MPI_Comm comm) {
         mr2d_plan first = make_part(arr, comm), second = make_part(arr, comm), batch = nullptr;
         const mr2d_plan parts[2] = {first, arr.rank == 1 ? nullptr : second};
         const int s = mr2d_plan_create_batch(&batch, 2, parts, nullptr);
         mr2d_plan_destroy(&batch);
         mr2d_plan_destroy(&first);
         mr2d_plan_destroy(&second);
         return s;
       }},
      {"NULL array of A pointers on process 1 (the sender)", "array of A pointers is NULL", "node peer rank 1 gave up",
       [](Arrays& arr, MPI_Comm comm) { return execute_without(arr, comm, true); }},
      {"NULL array of B pointers on process 1 (the sender)", "array of B pointers is NULL", "node peer rank 1 gave up",
       [](Arrays& arr, MPI_Comm comm) { return execute_without(arr, comm, false); }},
  };
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) {
    if (rank == 0) std::fprintf(stderr, "test_batch_misuse: needs 4 processes, got %d\n", size);
    MPI_Finalize();
    return 1;
  }
  int failures = 0;
  for (const Case& c : cases()) {
    Arrays arr(rank);
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    const int code = c.run(arr, comm);
    MPI_Comm_free(&comm);
    const std::string text = mr2d_last_error();
    const char* want = c.peers_text != nullptr && rank != 1 ? c.peers_text : c.expect_text;
    const bool ok = code == MR2D_ERR_ARGUMENT && text.find(want) != std::string::npos && arr.b_untouched();
    if (!ok)
      std::printf("FAILED %s on process %d: code %d, B %s, message: %s\n", c.name, rank, code,
                  arr.b_untouched() ? "untouched" : "written", text.c_str());
    int bad = ok ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) std::printf("%-55s %s\n", c.name, total ? "FAILED" : "ok");
    failures += total > 0;
  }
  if (rank == 0) std::printf("batch misuse: %d cases failed\n", failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

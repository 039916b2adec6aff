// SPDX-License-Identifier: BSD-3-Clause
// Every disagreement is an error on every process: each case passes one
// argument wrong on one process (or on all) through the prefixed, the
// transform, the communicator and the plan entries, and requires the same
// status on every process, a message naming what is wrong on every process,
// B untouched (and no byte written past its end), and no hang (a hang shows
// as the CTest timeout). Runs on 4 processes.
//   test_agreement [TEXT]   (only the cases whose name contains TEXT)
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d_comm.h"

using namespace mr2d_test;

namespace {

constexpr int kM = 12, kN = 14, kMb = 3, kNb = 2;
constexpr std::size_t kGuard = 256;  // bytes after B that must stay untouched
constexpr unsigned char kFill = 0xA5;

// The grids and descriptors of the calls: A on 2 x 2, B on 4 x 1, the union 1 x 4.
struct World {
  int rank = 0;
  Grid ga, gb, gu;
  int a_rows = 0, a_cols = 0, b_rows = 0;
};

void fill_desc(int* d, const Grid& g, int rows, int lld) {
  const int v[9] = {1, g.ctxt, rows, kN, kMb, kNb, 0, 0, lld};
  std::memcpy(d, v, sizeof v);
}

// One process's arrays for elements of `es` bytes: A holds ones, B the fill
// bytes followed by a guard.
struct Arrays {
  std::vector<unsigned char> a, b;
  int desca[9], descb[9];
  Arrays(const World& w, int es) {
    a.assign(static_cast<std::size_t>(std::max(1, w.a_rows) * w.a_cols * es), 0);
    for (std::size_t k = 0; k < a.size(); k += static_cast<std::size_t>(es)) a[k] = 1;
    b.assign(static_cast<std::size_t>(std::max(1, w.b_rows) * kN * es) + kGuard, kFill);
    fill_desc(desca, w.ga, kM, std::max(1, w.a_rows));
    fill_desc(descb, w.gb, kM, std::max(1, w.b_rows));
  }
  bool b_untouched() const {
    return std::all_of(b.begin(), b.end(), [](unsigned char c) { return c == kFill; });
  }
};

int es_of(int type) {
  switch (type) {
    case MR2D_S: return 4;
    case MR2D_D: return 8;
    case MR2D_C: return 8;
    case MR2D_Z: return 16;
    default: return static_cast<int>(sizeof(mr2d_int));
  }
}

struct Case {
  const char* name;
  int expect_code;
  const char* expect_text;  // in the message on every process
  // Runs the call on this process; clears `untouched` if B changed.
  std::function<int(const World&, bool& untouched)> run;
};

const mr2d_grid kGridA{2, 2, nullptr}, kGridB{4, 1, nullptr};

int gemr2d_typed(const World& w, int type, bool& untouched) {
  Arrays arr(w, es_of(type));
  const int s = mr2d_gemr2d(type, kM, kN, arr.a.data(), 1, 1, arr.desca, arr.b.data(), 1, 1, arr.descb, w.gu.ctxt);
  untouched = arr.b_untouched();
  return s;
}

int transform_typed(const World& w, int type, const char* trans, bool& untouched) {
  Arrays arr(w, es_of(type));
  const double one[2] = {1, 0}, zero[2] = {0, 0};
  const int s = mr2d_transform(type, trans, kM, kN, one, arr.a.data(), 1, 1, arr.desca, zero,
                               arr.b.data(), 1, 1, arr.descb, w.gu.ctxt);
  untouched = arr.b_untouched();
  return s;
}

int comm_typed(const World& w, int type, const mr2d_options* options, bool& untouched) {
  Arrays arr(w, es_of(type));
  const int s = mr2d_comm_gemr2d(MPI_COMM_WORLD, type, kM, kN, arr.a.data(), 1, 1, arr.desca, &kGridA,
                                 arr.b.data(), 1, 1, arr.descb, &kGridB, options);
  untouched = arr.b_untouched();
  return s;
}

int plan_typed(const World& w, int type, const mr2d_options* options, bool null_out) {
  Arrays arr(w, es_of(type));
  mr2d_plan plan = nullptr;
  const int s = mr2d_plan_create_gemr2d(null_out ? nullptr : &plan, type, kM, kN, 1, 1, arr.desca, 1, 1,
                                        arr.descb, w.gu.ctxt, options);
  mr2d_plan_destroy(&plan);
  return s;
}

// A plan from `desca` into arr's B, executed on the arrays a and b.
int plan_executed(const World& w, const Arrays& arr, const int* desca, const void* a, void* b) {
  mr2d_plan plan = nullptr;
  int s = mr2d_plan_create_gemr2d(&plan, MR2D_D, kM, kN, 1, 1, desca, 1, 1, arr.descb, w.gu.ctxt, nullptr);
  if (s == MR2D_SUCCESS) s = mr2d_plan_execute(plan, a, b);
  mr2d_plan_destroy(&plan);
  return s;
}

std::vector<Case> cases() {
  static mr2d_options bad_transport{MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, 7, 0};
  static mr2d_options bad_schedule{99, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0};
  static mr2d_options bad_budget{MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, -1};
  return {
      {"S on process 0, D elsewhere", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool& u) { return gemr2d_typed(w, w.rank == 0 ? MR2D_S : MR2D_D, u); }},
      {"D on process 0, S elsewhere", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool& u) { return gemr2d_typed(w, w.rank == 0 ? MR2D_D : MR2D_S, u); }},
      {"Z on process 0, D elsewhere", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool& u) { return gemr2d_typed(w, w.rank == 0 ? MR2D_Z : MR2D_D, u); }},
      {"S and I (same size) on processes 1 and 2", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool& u) { return gemr2d_typed(w, w.rank == 1 ? MR2D_I : MR2D_S, u); }},
      {"transform: S on process 0, D elsewhere", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool& u) { return transform_typed(w, w.rank == 0 ? MR2D_S : MR2D_D, "N", u); }},
      {"comm: S on process 3, D elsewhere", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool& u) { return comm_typed(w, w.rank == 3 ? MR2D_S : MR2D_D, nullptr, u); }},
      {"plan: Z on process 2, C elsewhere", MR2D_ERR_INCONSISTENT, "element type differs",
       [](const World& w, bool&) { return plan_typed(w, w.rank == 2 ? MR2D_Z : MR2D_C, nullptr, false); }},
      {"type code 9 on process 0 alone", MR2D_ERR_ARGUMENT, "argument 1 (type) is 9",
       [](const World& w, bool& u) { return gemr2d_typed(w, w.rank == 0 ? 9 : MR2D_D, u); }},
      {"comm: type code -1 on process 1 alone", MR2D_ERR_ARGUMENT, "argument 2 (type) is -1",
       [](const World& w, bool& u) { return comm_typed(w, w.rank == 1 ? -1 : MR2D_D, nullptr, u); }},
      {"plan: type code 5 on process 2 alone", MR2D_ERR_ARGUMENT, "argument 2 (type) is 5",
       [](const World& w, bool&) { return plan_typed(w, w.rank == 2 ? 5 : MR2D_D, nullptr, false); }},
      {"comm: transport 7 on process 1 alone", MR2D_ERR_ARGUMENT, "options: transport is 7",
       [](const World& w, bool& u) { return comm_typed(w, MR2D_D, w.rank == 1 ? &bad_transport : nullptr, u); }},
      {"comm: shm_budget -1 on process 2 alone", MR2D_ERR_ARGUMENT, "options: shm_budget is -1",
       [](const World& w, bool& u) { return comm_typed(w, MR2D_D, w.rank == 2 ? &bad_budget : nullptr, u); }},
      {"plan: schedule 99 on process 0 alone", MR2D_ERR_ARGUMENT, "options: schedule is 99",
       [](const World& w, bool&) { return plan_typed(w, MR2D_D, w.rank == 0 ? &bad_schedule : nullptr, false); }},
      {"plan: NULL plan argument on process 3 alone", MR2D_ERR_ARGUMENT, "argument 1 (plan) is NULL",
       [](const World& w, bool&) { return plan_typed(w, MR2D_D, nullptr, w.rank == 3); }},
      {"batch: NULL batch argument on process 0 alone", MR2D_ERR_ARGUMENT, "(batch) is NULL",
       [](const World& w, bool&) {
         Arrays arr(w, 8);
         mr2d_plan part = nullptr, batch = nullptr;
         int s = mr2d_plan_create_gemr2d(&part, MR2D_D, kM, kN, 1, 1, arr.desca, 1, 1, arr.descb, w.gu.ctxt, nullptr);
         if (s == MR2D_SUCCESS) s = mr2d_plan_create_batch(w.rank == 0 ? nullptr : &batch, 1, &part, nullptr);
         mr2d_plan_destroy(&batch);
         mr2d_plan_destroy(&part);
         return s;
       }},
      {"batch: transport 7 on process 2 alone", MR2D_ERR_ARGUMENT, "transport is 7",
       [](const World& w, bool&) {
         Arrays arr(w, 8);
         mr2d_plan part = nullptr, batch = nullptr;
         int s = mr2d_plan_create_gemr2d(&part, MR2D_D, kM, kN, 1, 1, arr.desca, 1, 1, arr.descb, w.gu.ctxt, nullptr);
         if (s == MR2D_SUCCESS) s = mr2d_plan_create_batch(&batch, 1, &part, w.rank == 2 ? &bad_transport : nullptr);
         mr2d_plan_destroy(&batch);
         mr2d_plan_destroy(&part);
         return s;
       }},
      {"NULL TRANS", MR2D_ERR_ARGUMENT, "argument 1 (TRANS) is NULL or empty",
       [](const World& w, bool& u) { return transform_typed(w, MR2D_D, nullptr, u); }},
      {"empty UPLO", MR2D_ERR_ARGUMENT, "argument 1 (UPLO) is NULL or empty",
       [](const World& w, bool& u) {
         Arrays arr(w, 8);
         const int s = mr2d_trmr2d(MR2D_D, "", "N", kM, kN, arr.a.data(), 1, 1, arr.desca, arr.b.data(), 1, 1,
                                   arr.descb, w.gu.ctxt);
         u = arr.b_untouched();
         return s;
       }},
      // A and B in the same memory: an error where the windows meet, accepted where they do not.
      {"transform op T with A and B one array", MR2D_ERR_ARGUMENT, "argument 10 (B) shares memory with A",
       [](const World& w, bool& u) {
         // A square matrix on B's grid, transposed onto itself.
         const int lld = std::max(1, w.b_rows);
         int desc[9];
         fill_desc(desc, w.gb, kM, lld);
         desc[3] = kM;
         std::vector<double> ab(static_cast<std::size_t>(lld * kM));
         for (std::size_t k = 0; k < ab.size(); ++k) ab[k] = static_cast<double>(k);
         const std::vector<double> before = ab;
         const double one = 1, zero = 0;
         const int s = mr2d_transform(MR2D_D, "T", kM, kM, &one, ab.data(), 1, 1, desc, &zero, ab.data(), 1, 1,
                                      desc, w.gu.ctxt);
         u = ab == before;
         return s;
       }},
      {"plan executed with A and B one array", MR2D_ERR_ARGUMENT, "B shares memory with A",
       [](const World& w, bool& u) {
         Arrays arr(w, 8);
         const int s = plan_executed(w, arr, arr.descb, arr.b.data(), arr.b.data());
         u = arr.b_untouched();
         return s;
       }},
      {"disjoint windows of one array are accepted", MR2D_SUCCESS, "",
       [](const World& w, bool& u) {
         // Columns 1..7 of B's matrix onto its columns 8..14.
         Arrays arr(w, 8);
         std::vector<double> ab(static_cast<std::size_t>(std::max(1, w.b_rows) * kN));
         for (std::size_t k = 0; k < ab.size(); ++k) ab[k] = static_cast<double>(k % 1000);
         std::vector<double> want = ab;
         for (int c = 0; c < 7; ++c)
           for (int r = 0; r < w.b_rows; ++r)
             want[static_cast<std::size_t>(r + (c + 7) * std::max(1, w.b_rows))] =
                 ab[static_cast<std::size_t>(r + c * std::max(1, w.b_rows))];
         const int s = mr2d_gemr2d(MR2D_D, kM, 7, ab.data(), 1, 1, arr.descb, ab.data(), 1, 8, arr.descb, w.gu.ctxt);
         u = ab == want;  // here: the copy is right
         return s;
       }},
      // NULL arrays at execution (on every process: an execution does not agree first).
      {"plan executed with NULL A", MR2D_ERR_ARGUMENT, "A is NULL although this process holds part",
       [](const World& w, bool& u) {
         Arrays arr(w, 8);
         const int s = plan_executed(w, arr, arr.desca, nullptr, arr.b.data());
         u = arr.b_untouched();
         return s;
       }},
      {"batch executed with NULL B", MR2D_ERR_ARGUMENT, "B of part 0 is NULL",
       [](const World& w, bool& u) {
         Arrays arr(w, 8);
         mr2d_plan part = nullptr, batch = nullptr;
         int s = mr2d_plan_create_gemr2d(&part, MR2D_D, kM, kN, 1, 1, arr.desca, 1, 1, arr.descb, w.gu.ctxt, nullptr);
         if (s == MR2D_SUCCESS) s = mr2d_plan_create_batch(&batch, 1, &part, nullptr);
         const void* a[1] = {arr.a.data()};
         void* b[1] = {nullptr};
         if (s == MR2D_SUCCESS) s = mr2d_plan_execute_batch(batch, a, b);
         mr2d_plan_destroy(&batch);
         mr2d_plan_destroy(&part);
         u = arr.b_untouched();
         return s;
       }},
      // Sizes beyond 64-bit byte counts (the arrays are never touched).
      {"plan of 2^31-1 x 2^31-1 in 2^30 blocks", MR2D_ERR_ARGUMENT, "argument 1 (M) is 2147483647",
       [](const World& w, bool&) {
         const int big = 2147483647, block = 1 << 30;
         int desca[9] = {1, w.ga.ctxt, big, big, block, block, 0, 0, block};
         int descb[9] = {1, w.ga.ctxt, big, big, block, block, 0, 0, block};
         mr2d_plan plan = nullptr;
         const int s = mr2d_plan_create_gemr2d(&plan, MR2D_D, big, big, 1, 1, desca, 1, 1, descb, w.gu.ctxt, nullptr);
         mr2d_plan_info info{};
         if (s == MR2D_SUCCESS && mr2d_plan_query(plan, &info) == MR2D_SUCCESS && info.bytes_received < 0)
           std::fprintf(stderr, "negative bytes_received %lld\n", info.bytes_received);
         mr2d_plan_destroy(&plan);
         return s;
       }},
      {"a local array of more than 2^63 bytes", MR2D_ERR_ARGUMENT, "argument 6 (DESCA(LLD_))",
       [](const World& w, bool&) {
         const int big = 2147483647, block = 1 << 30;
         int desca[9] = {1, w.ga.ctxt, big, big, block, block, 0, 0, block};
         int descb[9] = {1, w.gb.ctxt, kM, kN, kMb, kNb, 0, 0, std::max(1, w.b_rows)};
         mr2d_plan plan = nullptr;
         const int s = mr2d_plan_create_gemr2d(&plan, MR2D_Z, 4, 4, 1, 1, desca, 1, 1, descb, w.gu.ctxt, nullptr);
         mr2d_plan_destroy(&plan);
         return s;
       }},
  };
}

// 'T' on some processes and 'C' on others is one operation for real
// elements: the same B as 'T' everywhere.
bool t_and_c_agree(const World& w) {
  Arrays t(w, 8), mixed(w, 8);
  const double one = 1, zero = 0;
  // A is N x M for op T.
  const int rows = numroc(kN, kMb, w.ga.myrow, 0, 2), cols = numroc(kM, kNb, w.ga.mycol, 0, 2);
  std::vector<double> a(static_cast<std::size_t>(std::max(1, rows) * cols));
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = static_cast<double>(k % 97) + 0.5;
  int desca[9];
  fill_desc(desca, w.ga, kN, std::max(1, rows));
  desca[3] = kM;
  const int s1 = mr2d_transform(MR2D_D, "T", kM, kN, &one, a.data(), 1, 1, desca, &zero, t.b.data(), 1, 1,
                                t.descb, w.gu.ctxt);
  const int s2 = mr2d_transform(MR2D_D, w.rank % 2 ? "C" : "T", kM, kN, &one, a.data(), 1, 1, desca, &zero,
                                mixed.b.data(), 1, 1, mixed.descb, w.gu.ctxt);
  if (s1 != MR2D_SUCCESS || s2 != MR2D_SUCCESS)
    std::fprintf(stderr, "rank %d: T and C: status %d and %d: %s\n", w.rank, s1, s2, mr2d_last_error());
  return s1 == MR2D_SUCCESS && s2 == MR2D_SUCCESS && t.b == mixed.b;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  Cblacs_pinfo(&rank, &size);
  if (!world_is(4, size, rank, "test_agreement")) {
    MPI_Finalize();
    return 2;
  }
  World w;
  w.rank = rank;
  w.ga = make_grid(2, 2, "R", {});
  w.gb = make_grid(4, 1, "C", {});
  w.gu = make_grid(1, 4, "R", {});
  w.a_rows = numroc(kM, kMb, w.ga.myrow, 0, 2);
  w.a_cols = numroc(kN, kNb, w.ga.mycol, 0, 2);
  w.b_rows = numroc(kM, kMb, w.gb.myrow, 0, 4);

  int failures = 0;
  const std::vector<Case> all = cases();
  for (const Case& c : all) {
    // An argument picks the cases whose name contains it.
    if (argc > 1 && std::string(c.name).find(argv[1]) == std::string::npos) continue;
    bool untouched = true;
    const int status = c.run(w, untouched);
    const std::string msg = mr2d_last_error();
    bool ok = status == c.expect_code && msg.find(c.expect_text) != std::string::npos && untouched;
    if (c.expect_code == MR2D_SUCCESS) ok = ok && msg.empty();
    int codes[2] = {status, -status}, extremes[2];
    MPI_Allreduce(codes, extremes, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    ok = ok && extremes[0] == -extremes[1];
    int bad = ok ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (bad)
      std::fprintf(stderr, "rank %d: case '%s': status %d (want %d), B %s, message \"%s\" (want \"%s\")\n", rank,
                   c.name, status, c.expect_code, untouched ? "untouched" : "CHANGED", msg.c_str(), c.expect_text);
    if (rank == 0) std::printf("%-45s %s  %s\n", c.name, total ? "FAILED" : "ok", msg.c_str());
    failures += total > 0;
  }

  // 'T' and 'C' for real elements.
  {
    int bad = t_and_c_agree(w) ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) std::printf("%-45s %s\n", "real elements: T here, C there", total ? "FAILED" : "ok");
    failures += total > 0;
  }

  // mr2d_plan_query(NULL) replaces the message of an earlier error.
  {
    bool untouched = true;
    gemr2d_typed(w, 9, untouched);
    const int s = mr2d_plan_query(nullptr, nullptr);
    const bool ok = s == MR2D_ERR_ARGUMENT && std::string(mr2d_last_error()).find("mr2d_plan_query") != std::string::npos;
    int bad = ok ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) std::printf("%-45s %s  %s\n", "mr2d_plan_query(NULL)", total ? "FAILED" : "ok", mr2d_last_error());
    failures += total > 0;
  }

  // A batch executed after its communicator was freed names the communicator.
  {
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    Arrays arr(w, 8);
    mr2d_plan part = nullptr, batch = nullptr;
    int s = mr2d_plan_create_comm_gemr2d(&part, dup, MR2D_D, kM, kN, 1, 1, arr.desca, &kGridA, 1, 1, arr.descb,
                                         &kGridB, nullptr);
    if (s == MR2D_SUCCESS) s = mr2d_plan_create_batch(&batch, 1, &part, nullptr);
    MPI_Comm_free(&dup);
    const void* a[1] = {arr.a.data()};
    void* b[1] = {arr.b.data()};
    if (s == MR2D_SUCCESS) s = mr2d_plan_execute_batch(batch, a, b);
    const bool ok = s == MR2D_ERR_CONTEXT &&
                    std::string(mr2d_last_error()).find("communicator freed") != std::string::npos;
    mr2d_plan_destroy(&batch);
    mr2d_plan_destroy(&part);
    int bad = ok ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) std::printf("%-45s %s  %s\n", "batch after MPI_Comm_free", total ? "FAILED" : "ok", mr2d_last_error());
    failures += total > 0;
  }

  if (rank == 0) std::printf("agreement: %d checks failed\n", failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

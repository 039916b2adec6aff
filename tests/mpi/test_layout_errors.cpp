// SPDX-License-Identifier: BSD-3-Clause
// Bad grid layouts on one process only: every check of mr2d_layout.h (and
// the window, the arrays, memory overlap and processes that disagree) is
// triggered on a single process, over the BLACS union context and the
// communicator, direct and at plan creation; every process must return the
// same status with the same message naming the argument, and B must be
// untouched everywhere. A valid call after each shows nothing was left
// half-done. alarm() turns a hang into a failure.
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "layout_cases.hpp"
#include "mr2d/blacs.h"
#include "mr2d/mr2d_layout.h"

using namespace mr2d_layout_test;

namespace {

int g_rank = 0, g_size = 1, g_ctxt = -1;
long g_failures = 0;

void fail(const std::string& what) {
  if (g_failures++ < 20) std::fprintf(stderr, "rank %d: %s\n", g_rank, what.c_str());
}

// A valid call: A and B grid layouts of 12 x 10 (B a descriptor when asked).
struct Call {
  GridSide<double> a, b;
  mr2d_int desc_b[9]{};
  std::vector<double> b_local;
  mr2d_matrix mb_desc{};
  mr2d_grid grid_b{};
  std::vector<int> grid_ranks;
  bool b_is_desc = false;
  const char* trans = "N";
  mr2d_int m = 9, n = 8, ia = 2, ja = 1, ib = 1, jb = 2;
  const mr2d_matrix* ma = nullptr;
  const mr2d_matrix* mb = nullptr;
  void* pa = nullptr;
  void* pb = nullptr;

  // 12 x 10 in 6 x 2 blocks, one row of them empty; non-empty blocks dealt
  // round-robin from rank `first`, so every rank owns two or more.
  static void tables(GridSide<double>& g, int first) {
    g.row_splits = {0, 2, 4, 6, 6, 9, 12};
    g.col_splits = {0, 5, 10};
    g.owners.assign(12, 0);
    int next = first;
    for (int k = 0; k < 12; ++k)
      if (k % 6 != 3) g.owners[static_cast<std::size_t>(k)] = next++ % g_size;
  }

  void make(bool desc_side) {
    Rng mine(10 + static_cast<unsigned>(g_rank));
    tables(a, 0);
    tables(b, 1);
    a.own(mine, 12, 10, g_rank);
    b.own(mine, 12, 10, g_rank);
    a.bind(a.arena.data(), std::vector<bool>(a.blocks.size(), true));
    b.bind(b.arena.data(), std::vector<bool>(b.blocks.size(), false));
    a.each(a.arena.data(), [](long i, long j, double& v) { v = value_of<double>(i, j, 0); });
    b.each(b.arena.data(), [](long i, long j, double& v) { v = value_of<double>(i, j, 3); });
    ma = &a.matrix;
    mb = &b.matrix;
    pa = a.arena.data();
    pb = b.arena.data();
    b_is_desc = desc_side;
    if (desc_side) {  // B: 12 x 10 in 3 x 2 blocks on a 1 x P grid
      const mr2d_int cols = (10 / 2 / g_size) * 2 + 4;
      const mr2d_int d[9] = {1, g_ctxt, 12, 10, 3, 2, 0, 0, 12};
      std::memcpy(desc_b, d, sizeof d);
      b_local.assign(static_cast<std::size_t>(12 * cols), 1.5);
      grid_ranks.resize(static_cast<std::size_t>(g_size));
      for (int k = 0; k < g_size; ++k) grid_ranks[static_cast<std::size_t>(k)] = k;
      grid_b = {1, g_size, grid_ranks.data()};
      mb_desc.desc = desc_b;
      mb_desc.grid = &grid_b;
      mb = &mb_desc;
      pb = b_local.data();
    }
  }
  std::vector<double>& b_store() { return b_is_desc ? b_local : b.arena; }

  int direct(bool comm) {
    const double alpha = 2, beta = 1;
    return comm ? mr2d_comm_layout_transform(MPI_COMM_WORLD, MR2D_D, trans, m, n, &alpha, pa, ia, ja, ma, &beta, pb,
                                             ib, jb, mb, nullptr)
                : mr2d_layout_transform(MR2D_D, trans, m, n, &alpha, pa, ia, ja, ma, &beta, pb, ib, jb, mb, g_ctxt,
                                        nullptr);
  }
  int plan(bool comm, mr2d_plan* out) {
    return comm ? mr2d_plan_create_comm_layout_transform(out, MPI_COMM_WORLD, MR2D_D, trans, m, n, ia, ja, ma, ib,
                                                         jb, mb, nullptr)
                : mr2d_plan_create_layout_transform(out, MR2D_D, trans, m, n, ia, ja, ma, ib, jb, mb, g_ctxt,
                                                    nullptr);
  }
};

unsigned long text_hash(const char* s) {
  unsigned long h = 5381;
  for (; *s; ++s) h = h * 33 + static_cast<unsigned char>(*s);
  return h;
}

// Runs the call broken by `breaker` on process `culprit` (every process for
// -1) and checks the agreed outcome.
void expect(const std::string& name, int code, const char* names, int culprit, bool desc_side,
            const std::function<void(Call&)>& breaker, bool plan_too = true) {
  for (int variant = 0; variant < (plan_too ? 4 : 2); ++variant) {
    const bool comm = variant % 2 == 1, as_plan = variant >= 2;
    Call c;
    c.make(desc_side);
    if (g_rank == culprit || culprit < 0) breaker(c);
    const std::vector<double> before = c.b_store();
    mr2d_plan plan = nullptr;
    const int rc = as_plan ? c.plan(comm, &plan) : c.direct(comm);
    const std::string label = name + (comm ? " (comm" : " (blacs") + (as_plan ? ", plan)" : ", direct)");
    const std::string text = mr2d_last_error();
    int codes[2] = {rc, -rc};
    int all[2];
    MPI_Allreduce(codes, all, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    unsigned long h[2] = {text_hash(text.c_str()), ~text_hash(text.c_str())}, hall[2];
    MPI_Allreduce(h, hall, 2, MPI_UNSIGNED_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (all[0] != -all[1]) fail(label + ": processes returned different statuses");
    if (hall[0] != ~hall[1]) fail(label + ": processes returned different messages");
    if (rc != code) fail(label + ": status " + std::to_string(rc) + ", expected " + std::to_string(code) + ": " + text);
    if (text.find(names) == std::string::npos) fail(label + ": message does not name " + names + ": " + text);
    if (std::memcmp(before.data(), c.b_store().data(), before.size() * sizeof(double)) != 0)
      fail(label + ": B changed");
    if (plan != nullptr) fail(label + ": a plan came back");
    // A valid call still works.
    Call ok;
    ok.make(desc_side);
    if (ok.direct(comm) != MR2D_SUCCESS) fail(label + ": the next valid call failed: " + mr2d_last_error());
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  alarm(240);
  Cblacs_get(0, 0, &g_ctxt);
  Cblacs_gridinit(&g_ctxt, "R", 1, g_size);
  const int last = g_size - 1, mid = g_size / 2;
  const int E = MR2D_ERR_ARGUMENT, I = MR2D_ERR_INCONSISTENT;
  // Each on one process (not always the first): the status, and what the message names.
  expect("MA NULL", E, "(MA) is NULL", last, false, [](Call& c) { c.ma = nullptr; });
  expect("MB neither", E, "(MB) is NULL", mid, false, [](Call& c) { c.b.matrix.layout = nullptr; });
  expect("rows negative", E, "rows = -1", last, false, [](Call& c) { c.a.layout.rows = -1; });
  expect("block_cols 0", E, "block_cols = 0", mid, false, [](Call& c) { c.b.layout.block_cols = 0; });
  expect("owners NULL", E, "owners NULL", 0, false, [](Call& c) { c.a.layout.owners = nullptr; });
  expect("first split", E, "row_splits[0] = 1", last, false, [](Call& c) { c.a.row_splits[0] = 1; });
  expect("decreasing split", E, "must not decrease", mid, false, [](Call& c) {
    c.b.col_splits[1] = c.b.col_splits[2] + 1;
  });
  expect("last split", E, "must be the extent 10", last, false, [](Call& c) { c.a.col_splits.back() = 9; });
  expect("owner out of range", E, "not a rank of the union", mid, false, [](Call& c) { c.a.owners[0] = g_size; });
  expect("negative nblocks", E, "nblocks = -2", last, false, [](Call& c) { c.a.layout.nblocks = -2; });
  expect("block outside", E, "outside the grid of blocks", last, false, [](Call& c) {
    c.a.blocks[0].row = 99;
  });
  expect("block missing", E, "does not give block", last, false, [](Call& c) {
    c.b.layout.nblocks -= 1;
  });
  expect("block twice", E, "given twice", last, false, [](Call& c) {
    c.a.blocks.push_back(c.a.blocks[0]);
    c.a.layout.blocks = c.a.blocks.data();
    c.a.layout.nblocks += 1;
  });
  expect("ld too small", E, ".ld = 0", mid, false, [](Call& c) {
    c.a.blocks[0].ld = 0;
  });
  expect("negative offset", E, ".offset = -3", last, false, [](Call& c) {
    c.b.blocks[0].data = nullptr;
    c.b.blocks[0].offset = -3;
  });
  expect("offset with NULL array", E, "array argument of this matrix is NULL", last, false, [](Call& c) {
    c.pb = nullptr;
  }, false);
  expect("blocks overlap", E, "sharing memory with blocks", mid, false, [](Call& c) {
    c.a.blocks[1].data = c.a.blocks[0].data;
  });
  expect("blocks overlap by offset", E, "(MB) has blocks[0] sharing memory with blocks[1]", last, false,
         [](Call& c) { c.b.blocks[1].offset = c.b.blocks[0].offset; });
  expect("B block on A", E, "the other matrix", last, false, [](Call& c) {
    c.b.blocks[0].data = c.a.blocks[0].data;
  });
  // Passed alike by every process (-1): the window against the layout's extent.
  expect("window beyond", E, "beyond the matrix extent", -1, false, [](Call& c) { c.ia = 5; });
  expect("bad trans", E, "TRANS", mid, false, [](Call& c) { c.trans = "X"; });
  // Valid tables on their own (the same rows per block), but not those of the others.
  expect("different splits", I, "(MA) differs between processes", last, false,
         [](Call& c) { c.a.col_splits[1] = 6; });
  expect("different IA", I, "(IA) differs", last, false, [](Call& c) { c.ia = 1; });
  expect("descriptor side", E, "(MB(MB_))", mid, true, [](Call& c) { c.desc_b[4] = 0; });
  expect("layout here, descriptor elsewhere", I, "is a grid layout here but not on process 0", last, true,
         [](Call& c) { c.mb = &c.b.matrix; });
  // At execution: B's blocks are given by offset, so a NULL B is each
  // process's own error, in a plan or as part of a batch.
  for (int comm = 0; comm < 2; ++comm) {
    Call c;
    c.make(false);
    mr2d_plan plan = nullptr;
    if (c.plan(comm == 1, &plan) != MR2D_SUCCESS) fail(std::string("plan creation failed: ") + mr2d_last_error());
    const std::vector<double> before = c.b_store();
    const double alpha = 2, beta = 1;
    int rc = mr2d_plan_execute_transform(plan, &alpha, c.pa, &beta, nullptr);
    if (rc != MR2D_ERR_ARGUMENT || std::strstr(mr2d_last_error(), "B is NULL") == nullptr)
      fail(std::string("NULL B at execution: ") + mr2d_last_error());
    if (std::memcmp(before.data(), c.b_store().data(), before.size() * sizeof(double)) != 0)
      fail("NULL B at execution: B changed");
    mr2d_plan batch = nullptr;
    if (mr2d_plan_create_batch(&batch, 1, &plan, nullptr) != MR2D_SUCCESS)
      fail(std::string("a batch of a grid-layout plan: ") + mr2d_last_error());
    const void* as[1] = {c.pa};
    void* bs[1] = {nullptr};
    rc = mr2d_plan_execute_batch(batch, as, bs);
    if (rc != MR2D_ERR_ARGUMENT || std::strstr(mr2d_last_error(), "B of part 0 is NULL") == nullptr)
      fail(std::string("NULL B in a batch: ") + mr2d_last_error());
    if (std::memcmp(before.data(), c.b_store().data(), before.size() * sizeof(double)) != 0)
      fail("NULL B in a batch: B changed");
    mr2d_plan_destroy(&batch);
    mr2d_plan_destroy(&plan);
  }
  // The cache of direct calls: a repeat is served by the cached plan; a block
  // moved on one process alone (a valid call still) is planned anew, and B
  // is right both times.
  {
    Call c;
    c.make(false);
    std::vector<double> moved(c.a.arena.size());
    double expect_sum = 0;
    for (int round = 0; round < 3; ++round) {
      if (round == 2 && g_rank == last && !c.a.blocks.empty()) {
        moved = c.a.arena;  // block 0 of A now read from a copy of its memory
        c.a.blocks[0].data = moved.data() + c.a.at[0];
      }
      c.b.arena.assign(c.b.arena.size(), 0.0);
      c.b.bind(c.b.arena.data(), std::vector<bool>(c.b.blocks.size(), false));
      mr2d_reset_stats();
      const int rc = c.direct(round % 2 == 1);
      mr2d_stats stats{};
      mr2d_get_stats(&stats);
      int reused = static_cast<int>(stats.plans_reused), all_reused = 0;
      MPI_Allreduce(&reused, &all_reused, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      if (rc != MR2D_SUCCESS) fail(std::string("cache round: ") + mr2d_last_error());
      if (round == 1 && all_reused != 0) fail("a call over the communicator reused a plan of the union context");
      if (round == 2 && all_reused != 0) fail("a call with a moved block reused the old plan");
      double sum = 0;
      for (double v : c.b.arena) sum += v;
      if (round == 0) expect_sum = sum;
      else if (sum != expect_sum) fail("cache round " + std::to_string(round) + ": B differs");
    }
    c.b.arena.assign(c.b.arena.size(), 0.0);
    mr2d_reset_stats();
    if (c.direct(false) != MR2D_SUCCESS) fail(std::string("cache repeat: ") + mr2d_last_error());
    mr2d_stats stats{};
    mr2d_get_stats(&stats);
    if (stats.plans_reused != 1) fail("the repeat of a call was planned again");
  }
  long total = 0;
  MPI_Allreduce(&g_failures, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0) std::printf("test_layout_errors: %ld failures\n", total);
  Cblacs_exit(1);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

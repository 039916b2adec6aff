// SPDX-License-Identifier: BSD-3-Clause
// Bad N-dimensional calls (mr2d_nd.h): each bad description, permutation
// or array given on one process (and, where it can be, on all), over the
// communicator and the BLACS union context, direct and at plan creation.
// Every process must return the same status with the same message, naming
// the argument (DA, DB, PERM, A) and the field; B must be untouched
// everywhere, no plan may come back, and a valid call afterwards must
// work. alarm() and MR2D_TIMEOUT turn a hang into a failure.
#include <mpi.h>
#include <sys/resource.h>
#include <unistd.h>

#include <climits>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "mr2d/blacs.h"
#include "mr2d/mr2d_nd.h"
#include "nd_arrays.hpp"

using nd_test::Desc;

namespace {

int g_rank = 0, g_size = 1, g_ctxt = -1;
long g_failures = 0, g_checks = 0;

void fail(const std::string& what) {
  if (g_failures++ < 30) std::fprintf(stderr, "rank %d: %s\n", g_rank, what.c_str());
}

// A valid call on 3 processes: a 6 x 4 x 5 window of A (C storage, a 3 x 1 x 1
// grid, dimension 2 collapsed) becomes B's 5 x 4 x 4 window (Fortran
// storage and grid order, a 1 x 3 x 1 grid on a rank map) through perm
// {1, 2, 0}; every process holds part of both.
struct Call {
  Desc a, b;
  std::vector<int> perm = {1, 2, 0};
  std::vector<double> a_local, b_local;
  double* pa = nullptr;
  double* pb = nullptr;
  bool da_null = false, db_null = false;

  Call() {
    a.ndims = b.ndims = 3;
    a.sizes = {6, 4, 5};
    a.blocks = {2, MR2D_ND_BLOCK, MR2D_ND_COLLAPSED};
    a.grid = {3, 1, 1};
    a.starts = {1, 0, 0};
    a.counts = {4, 4, 5};
    b.sizes = {5, 6, 4};
    b.blocks = {1, MR2D_ND_BLOCK, 2};
    b.grid = {1, 3, 1};
    b.ranks = {2, 0, 1};
    b.grid_order = b.storage_order = MR2D_ND_ORDER_FORTRAN;
    b.starts = {0, 1, 0};
    b.counts = {5, 4, 4};
    a_local = filled(a, 0);
    b_local = filled(b, 1);
    pa = a_local.data();
    pb = b_local.data();
  }
  std::vector<double> filled(const Desc& d, int salt) {
    std::vector<double> global(static_cast<std::size_t>(nd_test::product(nd_test::sizes_of(d))));
    for (std::size_t k = 0; k < global.size(); ++k)
      global[k] = nd_test::value_of<double>(static_cast<long long>(k), salt);
    return nd_test::local_by_index(d, g_rank, global);
  }
  int direct(bool comm) {
    const mr2d_nd_array da = a.view(), db = b.view();
    const double alpha = 2, beta = -1;
    const int* p = perm.empty() ? nullptr : perm.data();
    return comm ? mr2d_comm_nd_transform(MPI_COMM_WORLD, MR2D_D, p, &alpha, pa, da_null ? nullptr : &da, &beta, pb,
                                         db_null ? nullptr : &db, nullptr)
                : mr2d_nd_transform(MR2D_D, p, &alpha, pa, da_null ? nullptr : &da, &beta, pb, db_null ? nullptr : &db,
                                    g_ctxt, nullptr);
  }
  int plan(bool comm, mr2d_plan* out) {
    const mr2d_nd_array da = a.view(), db = b.view();
    const int* p = perm.empty() ? nullptr : perm.data();
    return comm
               ? mr2d_plan_create_comm_nd(out, MPI_COMM_WORLD, MR2D_D, p, da_null ? nullptr : &da,
                                          db_null ? nullptr : &db, nullptr)
               : mr2d_plan_create_nd(out, MR2D_D, p, da_null ? nullptr : &da, db_null ? nullptr : &db, g_ctxt, nullptr);
  }
};

unsigned long text_hash(const char* s) {
  unsigned long h = 5381;
  for (; *s; ++s) h = h * 33 + static_cast<unsigned char>(*s);
  return h;
}

// Whether every process passed the same value.
template <class T>
bool same_everywhere(T v, MPI_Datatype type) {
  T most = v, least = v;
  MPI_Allreduce(&v, &most, 1, type, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&v, &least, 1, type, MPI_MIN, MPI_COMM_WORLD);
  return most == least;
}

enum Where { one_process, every_process, both };

// Runs the call broken by `breaker` on one process (`culprit`) and/or on
// all, direct and (unless `direct_only`) at plan creation, over both unions,
// and checks the agreed outcome: status `code`, a message holding
// `argument` and `field`.
void expect(const std::string& name, int code, const char* argument, const char* field, Where where, int culprit,
            const std::function<void(Call&)>& breaker, bool direct_only = false) {
  for (int on_all = where == every_process ? 1 : 0; on_all <= (where == one_process ? 0 : 1); ++on_all) {
    for (int variant = 0; variant < (direct_only ? 2 : 4); ++variant) {
      const bool comm = variant % 2 == 1, as_plan = variant >= 2;
      Call c;
      if (on_all || g_rank == culprit) breaker(c);
      const std::vector<double> before = c.b_local;
      mr2d_plan plan = nullptr;
      const int rc = as_plan ? c.plan(comm, &plan) : c.direct(comm);
      const std::string text = mr2d_last_error();
      const std::string label = name + (on_all ? " on every process" : " on process " + std::to_string(culprit)) +
                                (comm ? " (comm" : " (blacs") + (as_plan ? ", plan)" : ", direct)");
      ++g_checks;
      if (!same_everywhere(rc, MPI_INT)) fail(label + ": processes returned different statuses");
      if (!same_everywhere(text_hash(text.c_str()), MPI_UNSIGNED_LONG))
        fail(label + ": processes returned different messages: " + text);
      if (rc != code)
        fail(label + ": status " + std::to_string(rc) + ", expected " + std::to_string(code) + ": " + text);
      if (text.find(argument) == std::string::npos) fail(label + ": message does not name " + argument + ": " + text);
      if (text.find(field) == std::string::npos) fail(label + ": message does not say " + field + ": " + text);
      if (std::memcmp(before.data(), c.b_local.data(), before.size() * sizeof(double)) != 0)
        fail(label + ": B changed");
      if (plan != nullptr) {
        fail(label + ": a plan came back");
        mr2d_plan_destroy(&plan);
      }
      Call ok;
      if (ok.direct(comm) != MR2D_SUCCESS) fail(label + ": the next valid call failed: " + mr2d_last_error());
    }
  }
}

// Peak resident memory of this process in KiB.
long peak_kib() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return r.ru_maxrss;
}

// mr2d_nd_local_shape checks leading sizes as the transforms do, and takes
// no memory in proportion to the rank or the grid.
void local_shape_checks() {
  Desc d;
  d.ndims = 2;
  d.sizes = {5, 3};
  d.grid = {1, 1};
  d.storage_order = d.grid_order = MR2D_ND_ORDER_FORTRAN;
  mr2d_int counts[2] = {-1, -1};
  long long elements = -1;
  mr2d_nd_array v = d.view();
  ++g_checks;
  if (mr2d_nd_local_shape(&v, 0, counts, &elements) != MR2D_SUCCESS || counts[0] != 5 || elements != 15)
    fail("local shape of a 5 x 3 array on one process");
  d.leading = {4, 3};  // the transforms refuse it: 12 elements where 15 are needed
  v = d.view();
  if (mr2d_nd_local_shape(&v, 0, counts, &elements) != MR2D_ERR_ARGUMENT)
    fail("local shape: leading[0] 4 < 5 accepted");
  if (std::strstr(mr2d_last_error(), "argument 1 (D) has leading[0] = 4") == nullptr)
    fail(std::string("local shape: the refusal names D's leading[0]: ") + mr2d_last_error());
  d.leading.clear();
  const long before = peak_kib();
  for (int rank : {50000000, INT_MAX}) {
    v = d.view();
    if (mr2d_nd_local_shape(&v, rank, counts, &elements) != MR2D_SUCCESS || counts[0] != 0 || elements != 0)
      fail("local shape of a rank off the grid: " + std::to_string(rank));
  }
  d.sizes = {1 << 30, 4};
  d.grid = {1 << 30, 1};
  v = d.view();
  if (mr2d_nd_local_shape(&v, 12345, counts, &elements) != MR2D_SUCCESS || counts[0] != 1 || elements != 4)
    fail("local shape on a grid of 2^30 positions");
  if (peak_kib() - before > 64 * 1024)
    fail("local shape grew the peak memory by " + std::to_string(peak_kib() - before) + " KiB");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  alarm(200);
  if (g_size != 3) {
    if (g_rank == 0) std::fprintf(stderr, "test_nd_errors needs 3 processes, got %d\n", g_size);
    MPI_Finalize();
    return 1;
  }
  Cblacs_get(0, 0, &g_ctxt);
  Cblacs_gridinit(&g_ctxt, "R", 1, g_size);
  {  // The valid call moves data: B's window changes where it lies.
    Call c;
    const std::vector<double> before = c.b_local;
    if (c.direct(true) != MR2D_SUCCESS) fail(std::string("the valid call failed: ") + mr2d_last_error());
    int moved = before != c.b_local, all = 0;
    MPI_Allreduce(&moved, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (all != g_size) fail("the valid call left B unchanged on some process");
  }
  // NULL arrays are fine where a process holds none of the window: A's row
  // 1 lies on process 0 alone, B's row 1 (of its dimension 1) on process 2;
  // process 1 passes NULL for both, process 2 for A.
  for (int comm = 0; comm < 2; ++comm) {
    Call full, part;
    for (Call* c : {&full, &part}) {
      c->a.counts[0] = 1;
      c->b.counts[1] = 1;
    }
    if (g_rank != 0) part.pa = nullptr;
    if (g_rank == 1) part.pb = nullptr;
    const int rc_full = full.direct(comm == 1), rc_part = part.direct(comm == 1);
    if (rc_full != MR2D_SUCCESS || rc_part != MR2D_SUCCESS)
      fail(std::string("NULL arrays outside the window: ") + mr2d_last_error());
    if (full.b_local != part.b_local) fail("NULL arrays outside the window: B differs from the call with arrays");
    if (g_rank == 2 && part.b_local == Call().b_local) fail("NULL arrays outside the window: B was not written");
  }
  const int E = MR2D_ERR_ARGUMENT, I = MR2D_ERR_INCONSISTENT;
  const int last = g_size - 1, mid = 1;
  expect("ndims 0", E, "(DA)", "ndims = 0", both, last, [](Call& c) { c.a.ndims = 0; });
  expect("ndims 9", E, "(DB)", "ndims = 9", both, mid, [](Call& c) { c.b.ndims = 9; });
  expect("ndims differ", E, "(DB)", "ndims = 2, but A's", both, 0, [](Call& c) { c.b.ndims = 2; });
  expect("negative size", E, "(DA)", "sizes[1] = -1", both, last, [](Call& c) { c.a.sizes[1] = -1; });
  expect("sizes NULL", E, "(DB)", "sizes NULL", both, mid, [](Call& c) { c.b.sizes.clear(); });
  expect("grid 0", E, "(DB)", "grid[0] = 0", both, 0, [](Call& c) { c.b.grid[0] = 0; });
  expect("block 0", E, "(DA)", "blocks[0] = 0", both, mid, [](Call& c) { c.a.blocks[0] = 0; });
  expect("collapsed over 3", E, "(DB)", "collapsed over grid[1] = 3", both, last,
         [](Call& c) { c.b.blocks[1] = MR2D_ND_COLLAPSED; });
  expect("perm repeated", E, "(PERM)", "perm[1] = 1", both, mid, [](Call& c) { c.perm = {1, 1, 0}; });
  expect("perm out of range", E, "(PERM)", "perm[2] = 3", both, last, [](Call& c) { c.perm = {1, 2, 3}; });
  expect("perm negative", E, "(PERM)", "perm[0] = -1", both, 0, [](Call& c) { c.perm = {-1, 2, 0}; });
  expect("counts mismatch", E, "(DB)", "counts[0] = 4, but the window of A has 5", both, mid,
         [](Call& c) { c.b.counts[0] = 4; });
  expect("window beyond", E, "(DA)", "starts[0] + counts[0] = 7, beyond sizes[0] = 6", both, last,
         [](Call& c) { c.a.starts[0] = 3; });
  expect("start beyond", E, "(DB)", "starts[2] = 5, outside [0, 5)", both, 0, [](Call& c) { c.b.starts[2] = 5; });
  expect("count negative", E, "(DA)", "counts[1] = -2", both, mid, [](Call& c) { c.a.counts[1] = -2; });
  // A's local array is 2 x 4 x 5 (C order) on every process.
  expect("leading too small", E, "(DA)", "leading[1] = 3, must be >= 4", both, last, [](Call& c) {
    c.a.leading = {2, 3, 5};
  });
  expect("rank twice", E, "(DB)", "ranks[2] = 2, also at ranks[0]", both, mid, [](Call& c) { c.b.ranks = {2, 0, 2}; });
  expect("rank out of range", E, "(DB)", "ranks[1] = 3, outside [0, 3)", both, 0, [](Call& c) {
    c.b.ranks = {2, 3, 1};
  });
  expect("grid beyond the union", E, "(DA)", "grid of 4 positions, more than the 3 processes", both, last, [](Call& c) {
    c.a.grid = {4, 1, 1};
  });
  // A rank map shorter than a grid beyond the union is never read (before:
  // 2^30 entries copied, out of the table's bounds).
  expect("grid of 2^30 with a rank map of 3", E, "(DA)", "grid of 1073741824 positions, more than the 3 processes",
         both, mid, [](Call& c) {
           c.a.grid = {1 << 30, 1, 1};
           c.a.ranks = {0, 1, 2};
         });
  expect("source out of range", E, "(DA)", "sources[0] = 3, outside [0, 3)", both, mid, [](Call& c) {
    c.a.sources = {3, 0, 0};
  });
  expect("grid order", E, "(DB)", "grid_order = 2", both, 0, [](Call& c) { c.b.grid_order = 2; });
  expect("storage order", E, "(DA)", "storage_order = -1", both, last, [](Call& c) { c.a.storage_order = -1; });
  expect("DA NULL", E, "(DA)", "NULL", both, mid, [](Call& c) { c.da_null = true; });
  expect("DB NULL", E, "(DB)", "NULL", both, last, [](Call& c) { c.db_null = true; });
  // Arrays exist only in direct calls.
  expect(
      "A NULL", E, "A is NULL", "holds part of sub(A)", both, mid, [](Call& c) { c.pa = nullptr; }, true);
  expect(
      "B NULL", E, "B is NULL", "holds part of sub(B)", both, 0, [](Call& c) { c.pb = nullptr; }, true);
  // Valid descriptions, but not those of the other processes.
  expect("A differs", I, "(DA)", "differs between processes", one_process, last, [](Call& c) { c.a.blocks[0] = 3; });
  expect("B differs", I, "(DB)", "differs between processes", one_process, mid, [](Call& c) { c.b.ranks = {1, 0, 2}; });
  expect("perm differs", I, "(PERM)", "differs between processes", one_process, 0, [](Call& c) {
    c.perm.clear();  // the identity, B's window turned to match
    c.b.sizes = {4, 6, 5};
    c.b.counts = {4, 4, 5};
  });
  local_shape_checks();
  long total = 0, checks = 0;
  MPI_Allreduce(&g_failures, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&g_checks, &checks, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (g_rank == 0) std::printf("test_nd_errors: %ld calls checked, %ld failures\n", checks, total);
  Cblacs_exit(1);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

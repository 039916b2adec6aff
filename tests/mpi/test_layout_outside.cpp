// SPDX-License-Identifier: BSD-3-Clause
// Descriptor sides of grid-layout calls (mr2d_matrix) on grids that leave
// processes out: a process outside a side's grid passes that side as
// {.desc = NULL} (no grid, no layout) or {.desc = NULL, .grid = &grid}, as
// mr2d_comm.h lets it pass a NULL descriptor, and NULL for that array. Each
// random case copies between a descriptor side on part of the processes and
// a descriptor or grid-layout side, over the communicator (direct and as a
// plan) and over the BLACS union context; every process's whole local B,
// padding included, must equal ScaLAPACK's p?gemr2d on the same data. Then
// members of a grid that give no descriptor must get an error everywhere,
// B untouched.
//   test_layout_outside --seed S --cases N
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "grids.hpp"
#include "layout_cases.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d_layout.h"
#include "mr2d/scalapack.h"

using mr2d_layout_test::pick;
using mr2d_layout_test::Rng;
using mr2d_test::global_of;
using mr2d_test::numroc;

namespace {

int g_rank = 0, g_size = 1;
long g_failures = 0;

void fail(const std::string& what) {
  if (g_failures++ < 20) std::fprintf(stderr, "rank %d: %s\n", g_rank, what.c_str());
}

// One block-cyclic matrix on a grid of some of the processes: its
// descriptor (CTXT_ -1 outside the grid, as ScaLAPACK's callers pass it),
// its grid within MPI_COMM_WORLD, the local array of a member and the same
// matrix as a grid layout whose blocks lie at offsets in that array.
struct Side {
  std::vector<int> ranks;  // column-major grid positions -> world ranks
  mr2d_test::Grid blacs;
  mr2d_grid grid{};
  mr2d_int desc[9]{};
  std::vector<double> local;
  mr2d_layout_test::CyclicLayout cyclic;

  bool member() const { return blacs.member(); }
  double* array() { return local.empty() ? nullptr : local.data(); }

  // `count` processes (all, or fewer), in a random order and shape.
  void make(Rng& shared, int count, mr2d_int M, mr2d_int N, double sign) {
    std::vector<int> all(static_cast<std::size_t>(g_size));
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), shared);
    ranks.assign(all.begin(), all.begin() + count);
    std::vector<int> rows_choices;
    for (int r = 1; r <= count; ++r)
      if (count % r == 0) rows_choices.push_back(r);
    const int nprow = rows_choices[static_cast<std::size_t>(pick(shared, 0, static_cast<int>(rows_choices.size()) - 1))];
    const int npcol = count / nprow;
    blacs = mr2d_test::make_grid(nprow, npcol, "", ranks);
    grid = {nprow, npcol, ranks.data()};
    const int mb = pick(shared, 1, 4), nb = pick(shared, 1, 4);
    const int rsrc = pick(shared, 0, nprow - 1), csrc = pick(shared, 0, npcol - 1);
    const int pad = pick(shared, 0, 2);
    const int lrows = member() ? numroc(M, mb, blacs.myrow, rsrc, nprow) : 0;
    const int lcols = member() ? numroc(N, nb, blacs.mycol, csrc, npcol) : 0;
    const int lld = std::max(lrows, 1) + pad;
    const mr2d_int d[9] = {1, member() ? blacs.ctxt : -1, M, N, mb, nb, rsrc, csrc, lld};
    std::memcpy(desc, d, sizeof d);
    if (member()) {
      local.assign(static_cast<std::size_t>(lld * std::max(lcols, 1)), mr2d_test::sentinel<double>());
      for (int c = 0; c < lcols; ++c)
        for (int r = 0; r < lrows; ++r)
          local[static_cast<std::size_t>(r + c * lld)] =
              sign * mr2d_test::code_of<double>(global_of(r, mb, blacs.myrow, rsrc, nprow),
                                                global_of(c, nb, blacs.mycol, csrc, npcol));
    }
    cyclic.make(M, N, mb, nb, rsrc, csrc, nprow, npcol, blacs.myrow, blacs.mycol, lld,
                [this](int pr, int pc) { return ranks[static_cast<std::size_t>(pr + pc * grid.nprow)]; });
  }

  // The side as a call passes it: a grid layout, or a descriptor, which a
  // process outside the grid leaves NULL (with or without the grid).
  mr2d_matrix matrix(bool as_layout, bool with_grid) const {
    if (as_layout) return {nullptr, nullptr, &cyclic.layout};
    if (member()) return {desc, &grid, nullptr};
    return with_grid ? mr2d_matrix{nullptr, &grid, nullptr} : mr2d_matrix{};
  }
};

enum class Entry { comm_direct, comm_plan, blacs_direct };
const char* const kEntryNames[] = {"comm direct", "comm plan", "blacs direct"};

int call(Entry e, int ictxt, mr2d_int m, mr2d_int n, double* a, mr2d_int ia, mr2d_int ja, const mr2d_matrix& ma,
         double* b, mr2d_int ib, mr2d_int jb, const mr2d_matrix& mb) {
  switch (e) {
    case Entry::comm_direct:
      return mr2d_comm_layout_transform(MPI_COMM_WORLD, MR2D_D, "N", m, n, nullptr, a, ia, ja, &ma, nullptr, b, ib,
                                        jb, &mb, nullptr);
    case Entry::comm_plan: {
      mr2d_plan plan = nullptr;
      int rc = mr2d_plan_create_comm_layout_transform(&plan, MPI_COMM_WORLD, MR2D_D, "N", m, n, ia, ja, &ma, ib, jb,
                                                      &mb, nullptr);
      if (rc == MR2D_SUCCESS) rc = mr2d_plan_execute(plan, a, b);
      mr2d_plan_destroy(&plan);
      return rc;
    }
    case Entry::blacs_direct:
      break;
  }
  return mr2d_layout_transform(MR2D_D, "N", m, n, nullptr, a, ia, ja, &ma, nullptr, b, ib, jb, &mb, ictxt, nullptr);
}

// One random copy: A on part of the processes (a descriptor side), B on
// part or all (a descriptor or a grid layout), or the reverse.
void run_case(Rng& shared, Rng& mine, int ictxt, int k) {
  const mr2d_int m = pick(shared, 1, 17), n = pick(shared, 1, 17);
  const mr2d_int ia = pick(shared, 1, 3), ja = pick(shared, 1, 3), ib = pick(shared, 1, 3), jb = pick(shared, 1, 3);
  const bool part_a = pick(shared, 0, 1) == 1;  // else B is the side on part of the processes
  const int part = pick(shared, 1, g_size - 1);
  const int other = pick(shared, 1, g_size);
  const bool other_layout = pick(shared, 0, 1) == 1;
  Side A, B;
  A.make(shared, part_a ? part : other, ia - 1 + m + pick(shared, 0, 2), ja - 1 + n + pick(shared, 0, 2), 1.0);
  B.make(shared, part_a ? other : part, ib - 1 + m + pick(shared, 0, 2), jb - 1 + n + pick(shared, 0, 2), -1.0);
  const bool a_layout = !part_a && other_layout, b_layout = part_a && other_layout;
  double dummy[1] = {0};
  std::vector<double> ref = B.local;
  Cpdgemr2d(m, n, A.member() ? A.array() : dummy, ia, ja, A.desc, B.member() ? ref.data() : dummy, ib, jb, B.desc,
            ictxt);
  for (Entry e : {Entry::comm_direct, Entry::comm_plan, Entry::blacs_direct}) {
    std::vector<double> got = B.local;
    const mr2d_matrix ma = A.matrix(a_layout, pick(mine, 0, 1) == 1);
    const mr2d_matrix mb = B.matrix(b_layout, pick(mine, 0, 1) == 1);
    const int rc = call(e, ictxt, m, n, A.array(), ia, ja, ma, got.empty() ? nullptr : got.data(), ib, jb, mb);
    const std::string where = "case " + std::to_string(k) + " (" + kEntryNames[static_cast<int>(e)] + ", A " +
                              (a_layout ? "layout" : "descriptor") + " on " + std::to_string(A.ranks.size()) +
                              ", B " + (b_layout ? "layout" : "descriptor") + " on " +
                              std::to_string(B.ranks.size()) + " processes)";
    if (rc != MR2D_SUCCESS)
      fail(where + ": " + mr2d_last_error());
    else if (got.size() != ref.size() ||
             (!got.empty() && std::memcmp(got.data(), ref.data(), got.size() * sizeof(double)) != 0))
      fail(where + ": local B differs from ScaLAPACK's");
  }
  if (A.member()) Cblacs_gridexit(A.blacs.ctxt);
  if (B.member()) Cblacs_gridexit(B.blacs.ctxt);
}

// A member of A's grid that gives no descriptor: with the grid given, its
// NULL descriptor is its own argument error; without, it leaves its
// position empty. Either way every process returns the same error naming
// MA, and B is untouched.
void member_without_descriptor(Rng& shared) {
  const mr2d_int m = 6, n = 5;
  Side A, B;
  A.make(shared, g_size - 1, m, n, 1.0);
  B.make(shared, g_size, m, n, -1.0);
  const int culprit = A.ranks[0];
  struct Expect {
    bool with_grid;
    int code;
    const char* text;
  };
  const Expect expects[] = {
      {true, MR2D_ERR_ARGUMENT, "argument 9 (MA) is NULL"},
      {false, MR2D_ERR_CONTEXT, "argument 9 (MA) has grid position"},
  };
  for (const Expect& x : expects) {
    for (bool b_layout : {false, true}) {
      std::vector<double> got = B.local;
      const mr2d_matrix ma =
          g_rank == culprit ? (x.with_grid ? mr2d_matrix{nullptr, &A.grid, nullptr} : mr2d_matrix{})
                            : A.matrix(false, true);
      const mr2d_matrix mb = B.matrix(b_layout, true);
      const int rc = call(Entry::comm_direct, -1, m, n, A.array(), 1, 1, ma, got.empty() ? nullptr : got.data(), 1,
                          1, mb);
      const std::string text = mr2d_last_error();
      const std::string label = std::string("member without descriptor (") + (x.with_grid ? "grid" : "no grid") +
                                ", B " + (b_layout ? "layout" : "descriptor") + ")";
      if (rc != x.code) fail(label + ": status " + std::to_string(rc) + ": " + text);
      if (text.find(x.text) == std::string::npos) fail(label + ": message lacks '" + x.text + "': " + text);
      if (text.find("[detected on ") == std::string::npos) fail(label + ": message names no process: " + text);
      if (!got.empty() && std::memcmp(got.data(), B.local.data(), got.size() * sizeof(double)) != 0)
        fail(label + ": B changed");
    }
  }
  if (A.member()) Cblacs_gridexit(A.blacs.ctxt);
  if (B.member()) Cblacs_gridexit(B.blacs.ctxt);
}

}  // namespace

int main(int argc, char** argv) {
  mr2d_layout_test::Program run(argc, argv);  // its union context: 1 x P, process numbers are world ranks
  g_rank = run.rank;
  g_size = run.size;
  if (g_size < 2) {
    if (g_rank == 0) std::fprintf(stderr, "test_layout_outside needs 2 or more processes\n");
    ++g_failures;
  } else {
    Rng shared(run.seed), mine(run.seed * 1000 + static_cast<unsigned long>(g_rank));
    for (int k = 0; k < run.cases; ++k) run_case(shared, mine, run.ctxt, k);
    member_without_descriptor(shared);
  }
  return run.over("test_layout_outside", g_failures);
}

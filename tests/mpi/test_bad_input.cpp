// SPDX-License-Identifier: BSD-3-Clause
// Bad input: each case breaks one argument (on every process or on one only)
// and requires that every process returns, with the same non-zero status, a
// message naming the argument, and B unchanged. Cases ScaLAPACK accepts must
// still succeed. A deadlock shows as the CTest timeout. Runs on 4 processes.
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"

using namespace mr2d_test;

namespace {

struct Setup {
  int m = 7, n = 9;
  int ia = 2, ja = 3, ib = 1, jb = 2;
  int desca[9], descb[9];
  int ictxt = -1;
  bool null_a = false;
  bool null_b = false;
  char uplo = 'U', diag = 'N';
  bool trapezoidal = false;
};

struct BadCase {
  const char* name;
  int expect_code;              // MR2D_SUCCESS for inputs that must be accepted
  const char* expect_text;      // substring of the message on every process
  std::function<void(Setup&, int rank)> breaks;
};

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  if (!world_is(4, world, rank, "test_bad_input")) {
    MPI_Finalize();
    return 2;
  }
  Grid ga = make_grid(2, 2, "R", {});
  Grid gb = make_grid(4, 1, "C", {});
  Grid gu = make_grid(1, 4, "R", {});
  Grid g3 = make_grid(1, 3, "R", {});  // a union that misses process 3
  const int M = 12, N = 14, mb = 3, nb = 2;
  auto fill_desc = [](int* d, const Grid& g, int rows, int lld) {
    const int v[9] = {1, g.ctxt, rows, 14, 3, 2, 0, 0, lld};
    std::memcpy(d, v, sizeof v);
    if (!g.member()) d[1] = -1;
  };
  const int a_rows = ga.member() ? numroc(M, mb, ga.myrow, 0, 2) : 0;
  const int b_rows = gb.member() ? numroc(M, mb, gb.myrow, 0, 4) : 0;

  const std::vector<BadCase> cases = {
      {"negative M", MR2D_ERR_ARGUMENT, "argument 1 (M)", [](Setup& s, int) { s.m = -3; }},
      {"negative N", MR2D_ERR_ARGUMENT, "argument 2 (N)", [](Setup& s, int) { s.n = -1; }},
      {"MB_=0 in DESCA on one process", MR2D_ERR_ARGUMENT, "argument 6 (DESCA(MB_))",
       [](Setup& s, int r) { if (r == 1) s.desca[4] = 0; }},
      {"NB_<0 in DESCB", MR2D_ERR_ARGUMENT, "argument 10 (DESCB(NB_))",
       [](Setup& s, int) { if (s.descb[1] >= 0) s.descb[5] = -2; }},
      {"M_<0 in DESCA", MR2D_ERR_ARGUMENT, "argument 6 (DESCA(M_))",
       [](Setup& s, int) { if (s.desca[1] >= 0) s.desca[2] = -1; }},
      {"RSRC_ outside the grid", MR2D_ERR_ARGUMENT, "argument 6 (DESCA(RSRC_))",
       [](Setup& s, int) { if (s.desca[1] >= 0) s.desca[6] = 5; }},
      {"CSRC_ outside the grid", MR2D_ERR_ARGUMENT, "argument 10 (DESCB(CSRC_))",
       [](Setup& s, int) { if (s.descb[1] >= 0) s.descb[7] = -1; }},
      {"IA < 1", MR2D_ERR_ARGUMENT, "argument 4 (IA)", [](Setup& s, int) { s.ia = 0; }},
      {"JA < 1", MR2D_ERR_ARGUMENT, "argument 5 (JA)", [](Setup& s, int) { s.ja = -4; }},
      {"submatrix beyond B's rows", MR2D_ERR_ARGUMENT, "argument 8 (IB)",
       [](Setup& s, int) { s.ib = 7; }},
      {"submatrix beyond B's columns", MR2D_ERR_ARGUMENT, "argument 9 (JB)",
       [](Setup& s, int) { s.jb = 7; }},
      {"LLD_ too small on one process", MR2D_ERR_ARGUMENT, "argument 6 (DESCA(LLD_))",
       [](Setup& s, int r) { if (r == 2) s.desca[8] = 1; }},
      {"members disagree on M_", MR2D_ERR_INCONSISTENT, "DESCA(M_)",
       [](Setup& s, int r) { if (r == 3) s.desca[2] = 13; }},
      {"processes disagree on M", MR2D_ERR_INCONSISTENT, "argument 1 (M)",
       [](Setup& s, int r) { if (r == 0) s.m = 6; }},
      {"no process in A's grid", MR2D_ERR_CONTEXT, "argument 6 (DESCA(CTXT_))",
       [](Setup& s, int) { s.desca[1] = -1; }},
      {"a member of B passes CTXT_=-1", MR2D_ERR_CONTEXT, "DESCB(CTXT_)",
       [](Setup& s, int r) { if (r == 2) s.descb[1] = -1; }},
      // Found in the agreed reports only: the message says every process found it.
      {"no process in A's grid: who found it", MR2D_ERR_CONTEXT,
       "(DESCA(CTXT_)) holds no process of the union context [detected on every process of the union context]",
       [](Setup& s, int) { s.desca[1] = -1; }},
      {"a hole in B's grid: who found it", MR2D_ERR_CONTEXT,
       "without a process of the union context (is every process of the grid calling with its own context?) "
       "[detected on every process of the union context]",
       [](Setup& s, int r) { if (r == 2) s.descb[1] = -1; }},
      {"NULL A where data is held", MR2D_ERR_ARGUMENT, "argument 3 (A)",
       [](Setup& s, int r) { if (r == 0) s.null_a = true; }},
      {"union context misses a member of A", MR2D_ERR_CONTEXT, "union context",
       [&](Setup& s, int) { s.ictxt = g3.ctxt; }},
      {"bad UPLO letter", MR2D_ERR_ARGUMENT, "argument 1 (UPLO)",
       [](Setup& s, int) { s.trapezoidal = true; s.uplo = 'x'; }},
      {"bad DIAG letter", MR2D_ERR_ARGUMENT, "argument 2 (DIAG)",
       [](Setup& s, int) { s.trapezoidal = true; s.diag = 'Q'; }},
      {"trapezoidal: IA < 1 counts from UPLO", MR2D_ERR_ARGUMENT, "argument 6 (IA)",
       [](Setup& s, int) { s.trapezoidal = true; s.ia = 0; }},
      // What ScaLAPACK accepts stays accepted.
      {"NB_=0 in DESCA", MR2D_ERR_ARGUMENT, "argument 6 (DESCA(NB_))",
       [](Setup& s, int) { if (s.desca[1] >= 0) s.desca[5] = 0; }},
      {"MB_<0 in DESCB on one process", MR2D_ERR_ARGUMENT, "argument 10 (DESCB(MB_))",
       [](Setup& s, int rank) { if (rank == 2) s.descb[4] = -3; }},
      {"N_<0 in DESCB", MR2D_ERR_ARGUMENT, "argument 10 (DESCB(N_))",
       [](Setup& s, int) { if (s.descb[1] >= 0) s.descb[3] = -1; }},
      {"LLD_ too small in DESCB", MR2D_ERR_ARGUMENT, "argument 10 (DESCB(LLD_))",
       [](Setup& s, int) { if (s.descb[1] >= 0) s.descb[8] = 1; }},
      {"IB < 1", MR2D_ERR_ARGUMENT, "argument 8 (IB)", [](Setup& s, int) { s.ib = 0; }},
      {"JB < 1", MR2D_ERR_ARGUMENT, "argument 9 (JB)", [](Setup& s, int) { s.jb = -2; }},
      {"submatrix beyond A's rows", MR2D_ERR_ARGUMENT, "argument 4 (IA)",
       [](Setup& s, int) { s.ia = 7; }},
      {"processes disagree on N", MR2D_ERR_INCONSISTENT, "argument 2 (N)",
       [](Setup& s, int rank) { if (rank == 1) s.n = 8; }},
      {"RSRC_<0 in DESCB", MR2D_ERR_ARGUMENT, "argument 10 (DESCB(RSRC_))",
       [](Setup& s, int) { if (s.descb[1] >= 0) s.descb[6] = -1; }},
      {"NULL B where data is held", MR2D_ERR_ARGUMENT, "argument 7 (B)",
       [](Setup& s, int) { s.null_b = true; }},
      {"DTYPE_=77 is accepted", MR2D_SUCCESS, "", [](Setup& s, int) { s.desca[0] = 77; }},
      {"M=0 with junk descriptors", MR2D_SUCCESS, "",
       [](Setup& s, int) { s.m = 0; for (int k = 0; k < 9; ++k) s.desca[k] = s.descb[k] = -99; }},
      {"N=0 with M<0", MR2D_SUCCESS, "", [](Setup& s, int) { s.n = 0; s.m = -5; }},
      {"junk beyond CTXT_ on non-members", MR2D_SUCCESS, "",
       [](Setup& s, int) { if (s.desca[1] < 0) for (int k : {0, 2, 3, 4, 5, 6, 7, 8}) s.desca[k] = -7; }},
  };

  int failures = 0;
  for (const BadCase& bc : cases) {
    Setup s;
    fill_desc(s.desca, ga, M, std::max(1, a_rows));
    fill_desc(s.descb, gb, M, std::max(1, b_rows) + 2);
    s.ictxt = gu.ctxt;
    bc.breaks(s, rank);
    LocalArray<double> a, b;
    if (ga.member()) {
      a.lld = std::max(1, a_rows);
      a.data.assign(static_cast<std::size_t>(a.lld * numroc(N, nb, ga.mycol, 0, 2)), 1.0);
    }
    if (gb.member()) {
      b.lld = std::max(1, b_rows) + 2;
      b.data.assign(static_cast<std::size_t>(b.lld * N), sentinel<double>());
    }
    const std::vector<double> b_before = b.data;
    int status;
    if (s.trapezoidal) {
      const char uplo[2] = {s.uplo, 0}, diag[2] = {s.diag, 0};
      status = mr2d_pdtrmr2d(uplo, diag, s.m, s.n, s.null_a ? nullptr : a.ptr(), s.ia, s.ja, s.desca,
                             s.null_b ? nullptr : b.ptr(), s.ib, s.jb, s.descb, s.ictxt);
    } else {
      status = mr2d_pdgemr2d(s.m, s.n, s.null_a ? nullptr : a.ptr(), s.ia, s.ja, s.desca,
                             s.null_b ? nullptr : b.ptr(), s.ib, s.jb, s.descb, s.ictxt);
    }
    const std::string msg = mr2d_last_error();
    bool ok = status == bc.expect_code && msg.find(bc.expect_text) != std::string::npos;
    if (bc.expect_code != MR2D_SUCCESS) ok = ok && b.data == b_before;
    else ok = ok && msg.empty();
    int codes[2] = {status, -status}, extremes[2];
    MPI_Allreduce(codes, extremes, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    ok = ok && extremes[0] == -extremes[1];  // the same status everywhere
    int bad = ok ? 0 : 1, total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (bad)
      std::fprintf(stderr, "rank %d: case '%s': status %d (want %d), message \"%s\" (want \"%s\")\n",
                   rank, bc.name, status, bc.expect_code, msg.c_str(), bc.expect_text);
    if (rank == 0)
      std::printf("%-45s %s  %s\n", bc.name, total ? "FAILED" : "ok",
                  msg.empty() ? "(accepted)" : msg.c_str());
    failures += total > 0;
  }
  if (rank == 0)
    std::printf("bad input: %d passed, %d failed\n", static_cast<int>(cases.size()) - failures, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

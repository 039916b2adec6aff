// SPDX-License-Identifier: BSD-3-Clause
// A symmetric matrix distributed by rows as PETSc splits N rows over P ranks
// (N/P each, one more on the first N%P; each rank's rows one column-major
// block, ld = its row count) goes to a block-cyclic grid through an mr2d plan
// between a grid layout and a descriptor, ScaLAPACK's pdsyev solves the
// eigenproblem there, and the eigenvectors come back to the rows the same
// way. The spectrum is known (known_spectrum.hpp); eigenvalues, residuals and
// orthogonality are checked in the row distribution, and both moves are
// compared element by element with, and timed against, the same moves written
// by hand with MPI_Alltoallv.
//   mr2d_uneven_rows [N [NB [REPS]]]
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "dist_matrix.hpp"
#include "eigen_checks.hpp"
#include "hand_alltoallv.hpp"
#include "known_spectrum.hpp"
#include "mr2d/mr2d_layout.hpp"
#include "program.hpp"
#include "timing.hpp"

extern "C" void pdsyev_(const char* jobz, const char* uplo, const int* n, double* a, const int* ia,
                        const int* ja, const int* desca, double* w, double* z, const int* iz,
                        const int* jz, const int* descz, double* work, const int* lwork, int* info);
extern "C" int Cblacs_pnum(int ctxt, int prow, int pcol);

using examples::DistMatrix;
using examples::median_seconds;

namespace {

/// The most square grid of all processes, rows <= columns.
void grid_shape(int nprocs, int& nprow, int& npcol) {
  nprow = 1;
  for (int r = 1; r * r <= nprocs; ++r)
    if (nprocs % r == 0) nprow = r;
  npcol = nprocs / nprow;
}

/// Eigen-decomposition of the block-cyclic `a` (left intact): eigenvalues
/// ascending into w, eigenvectors into z (same descriptor); ScaLAPACK's INFO.
int solve(const DistMatrix<double>& a, std::vector<double>& w, DistMatrix<double>& z) {
  std::vector<double> scratch(a.local.begin(), a.local.end());  // pdsyev overwrites A
  const int n = a.desc[2], one = 1, query = -1;
  int info = 0;
  double size = 0;
  pdsyev_("V", "L", &n, scratch.data(), &one, &one, a.desc, w.data(), z.data(), &one, &one, z.desc,
          &size, &query, &info);
  if (info != 0) return info;
  const int lwork = static_cast<int>(size) + 1;
  std::vector<double> work(static_cast<std::size_t>(lwork));
  pdsyev_("V", "L", &n, scratch.data(), &one, &one, a.desc, w.data(), z.data(), &one, &one, z.desc,
          work.data(), &lwork, &info);
  return info;
}

template <class X, class Y>
long long count_different(const X& x, const Y& y) {
  long long d = 0;
  for (std::size_t k = 0; k < x.size(); ++k) d += x[k] != y[k];
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(
      argc, argv,
      "usage: mr2d_uneven_rows [N [NB [REPS]]]\n"
      "  an N x N symmetric matrix (default 1002) with a known spectrum, split by rows\n"
      "  over the P processes as PETSc splits it (N/P rows, one more on the first N%P),\n"
      "  moves to a block-cyclic grid of NB x NB blocks (default 32) through an mr2d plan,\n"
      "  pdsyev finds its eigenpairs there, the eigenvectors move back to the rows.\n"
      "  Checks eigenvalues, ||A v - w v|| and V^T V in the row distribution, compares both\n"
      "  moves with MPI_Alltoallv written by hand and times them (median of REPS, default 5).\n"
      "  Any process count: mpirun -np 4 mr2d_uneven_rows. Guide: docs/examples.md\n",
      {"N", "NB", "REPS"});
  const int rank = program.rank, nprocs = program.nprocs;
  const int n = program.arg(1, 1002), nb = program.arg(2, 32), reps = program.arg(3, 5);
  int nprow = 1, npcol = 1;
  grid_shape(nprocs, nprow, npcol);
  const examples::Grid grid = examples::make_grid(nprow, npcol);

  // Where every world rank sits in the grid and its BLACS process number,
  // which is how a grid layout names owners in a BLACS context.
  const int mine[3] = {grid.myrow, grid.mycol, Cblacs_pnum(grid.ctxt, grid.myrow, grid.mycol)};
  std::vector<int> all(3 * static_cast<std::size_t>(nprocs));
  MPI_Allgather(mine, 3, MPI_INT, all.data(), 3, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> grid_row, grid_col, owners;
  for (int p = 0; p < nprocs; ++p) {
    grid_row.push_back(all[3 * static_cast<std::size_t>(p)]);
    grid_col.push_back(all[3 * static_cast<std::size_t>(p) + 1]);
    owners.push_back(all[3 * static_cast<std::size_t>(p) + 2]);
  }

  // The row distribution: rank p holds rows splits[p] .. splits[p+1]-1.
  const std::vector<mr2d_int> splits = mr2d::uneven_splits(n, nprocs);
  const int r0 = splits[static_cast<std::size_t>(rank)];
  const int my_rows = splits[static_cast<std::size_t>(rank) + 1] - r0;
  const mr2d::GridLayout rows = mr2d::row_layout(n, n, splits, owners, mine[2]);
  const uneven_rows::KnownSpectrum spectrum(n);
  const std::size_t row_elems = std::max<std::size_t>(1, static_cast<std::size_t>(my_rows) * static_cast<std::size_t>(n));
  std::vector<double> a_rows(row_elems), v_rows(row_elems), v_hand(row_elems);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < my_rows; ++i)
      a_rows[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * static_cast<std::size_t>(my_rows)] = spectrum(r0 + i, j);

  DistMatrix<double> a_bc(grid, n, n, nb, nb), a_hand(grid, n, n, nb, nb), z_bc(grid, n, n, nb, nb);
  const uneven_rows::HandExchange hand = uneven_rows::hand_exchange(n, splits, a_bc, grid_row, grid_col, rank);
  const auto to_grid_by_hand = [&] {
    uneven_rows::hand_move(a_rows.data(), hand.rows_side, a_hand.data(), hand.grid_side, MPI_COMM_WORLD);
  };
  const auto to_rows_by_hand = [&] {
    uneven_rows::hand_move(z_bc.data(), hand.grid_side, v_hand.data(), hand.rows_side, MPI_COMM_WORLD);
  };
  // Elements where mr2d and the hand-written moves disagree, or A on the grid is not A.
  const auto differences = [&] {
    long long d = count_different(a_bc.local, a_hand.local) + count_different(v_rows, v_hand);
    a_bc.for_each([&](double x, int i, int j) { d += x != spectrum(i, j); });
    long long total = 0;
    MPI_Allreduce(&d, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    return total;
  };

  if (rank == 0) {
    std::printf("mr2d uneven rows: %d x %d symmetric, rows over %d processes:", n, n, nprocs);
    for (int p = 0; p < nprocs; ++p)
      std::printf(" %d", splits[static_cast<std::size_t>(p) + 1] - splits[static_cast<std::size_t>(p)]);
    std::printf("\n  block-cyclic: %dx%d grid, %dx%d blocks; pdsyev on the grid\n", nprow, npcol, nb, nb);
  }
  bool passed = true;
  try {
    double t0 = MPI_Wtime();
    const mr2d::Plan<double> to_grid = mr2d::plan_layout_transform<double>(
        'N', n, n, 1, 1, rows.matrix(), 1, 1, mr2d::matrix(a_bc.desc), grid.ctxt);
    const mr2d::Plan<double> to_rows = mr2d::plan_layout_transform<double>(
        'N', n, n, 1, 1, mr2d::matrix(z_bc.desc), 1, 1, rows.matrix(), grid.ctxt);
    const double plan_seconds = examples::slowest(MPI_Wtime() - t0);

    to_grid.execute(a_rows.data(), a_bc.data());
    std::vector<double> w(static_cast<std::size_t>(n));
    t0 = MPI_Wtime();
    const int info = solve(a_bc, w, z_bc);
    const double solve_seconds = examples::slowest(MPI_Wtime() - t0);
    to_rows.execute(z_bc.data(), v_rows.data());
    to_grid_by_hand();
    to_rows_by_hand();
    long long wrong = differences();

    double eig_error = 0;
    for (int k = 0; k < n; ++k)
      eig_error = std::max(eig_error, std::fabs(w[static_cast<std::size_t>(k)] - spectrum.d(k)));
    eig_error /= spectrum.norm();
    const uneven_rows::EigenErrors e = uneven_rows::eigen_errors(
        a_rows.data(), v_rows.data(), w, my_rows, r0, spectrum.norm(), MPI_COMM_WORLD);

    // The same moves repeated: plans, one call each (mr2d_layout_transform), by hand.
    const double fwd_plan = median_seconds(reps, [&] { to_grid.execute(a_rows.data(), a_bc.data()); });
    const double back_plan = median_seconds(reps, [&] { to_rows.execute(z_bc.data(), v_rows.data()); });
    const double fwd_call = median_seconds(reps, [&] {
      mr2d::layout_copy(n, n, a_rows.data(), 1, 1, rows.matrix(), a_bc.data(), 1, 1,
                        mr2d::matrix(a_bc.desc), grid.ctxt);
    });
    const double back_call = median_seconds(reps, [&] {
      mr2d::layout_copy(n, n, z_bc.data(), 1, 1, mr2d::matrix(z_bc.desc), v_rows.data(), 1, 1,
                        rows.matrix(), grid.ctxt);
    });
    const double fwd_hand = median_seconds(reps, to_grid_by_hand);
    const double back_hand = median_seconds(reps, to_rows_by_hand);
    wrong += differences();

    const double tolerance = 1e-10;
    passed = info == 0 && wrong == 0 && eig_error <= tolerance && e.residual <= tolerance &&
             e.orthogonality <= tolerance;
    if (rank == 0) {
      std::printf("  pdsyev: INFO %d, %.3f s; two mr2d plans made in %.2f ms\n", info,
                  solve_seconds, plan_seconds * 1e3);
      std::printf("  eigenvalues: max |w_k - d_k| / ||A|| = %.2e\n", eig_error);
      std::printf("  eigenvectors back in rows: max ||A v - w v|| / ||A|| = %.2e, "
                  "max |V^T V - I| = %.2e\n", e.residual, e.orthogonality);
      std::printf("  elements differing from MPI_Alltoallv's or from A: %lld\n", wrong);
      std::printf("\n  %-24s %10s %10s %15s %10s\n", "move (ms)",
                  "mr2d plan", "mr2d call", "MPI_Alltoallv", "hand/plan");
      std::printf("  %-24s %10.3f %10.3f %15.3f %10.2f\n", "rows -> block-cyclic", fwd_plan * 1e3,
                  fwd_call * 1e3, fwd_hand * 1e3, fwd_hand / fwd_plan);
      std::printf("  %-24s %10.3f %10.3f %15.3f %10.2f\n", "block-cyclic -> rows", back_plan * 1e3,
                  back_call * 1e3, back_hand * 1e3, back_hand / back_plan);
      std::printf("  (medians of %d repetitions, slowest process each)\n", reps);
      std::printf("verification: %s\n", passed ? "passed" : "FAILED");
    }
  } catch (const mr2d::Error& err) {
    std::fprintf(stderr, "rank %d: mr2d failed: %s\n", rank, err.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return program.finish(passed);
}

// SPDX-License-Identifier: BSD-3-Clause
// Checks of eigenpairs held in the row distribution: every rank has rows
// r0 .. r1-1 of A and of V (column-major, ld = its row count). Since A is
// symmetric, (A V)^T = V^T A = sum over ranks of V_rows^T A_rows, and
// V^T V = sum of V_rows^T V_rows; each rank adds its part with dgemm and
// MPI sums them, so no rank needs all of A or V.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <vector>

extern "C" void dgemm_(const char* transa, const char* transb, const int* m, const int* n,
                       const int* k, const double* alpha, const double* a, const int* lda,
                       const double* b, const int* ldb, const double* beta, double* c,
                       const int* ldc);

namespace uneven_rows {

struct EigenErrors {
  double residual = 0;       ///< max over k of ||A v_k - w_k v_k|| / ||A||
  double orthogonality = 0;  ///< max |(V^T V - I)(i, j)|
};

/// X^T Y summed over all ranks (n x n, column-major), X and Y this rank's
/// `rows` x n row blocks.
inline std::vector<double> summed_gram(const double* x, const double* y, int rows, int n,
                                       MPI_Comm comm) {
  std::vector<double> g(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0);
  const double one = 1, zero = 0;
  const int ld = std::max(1, rows);
  if (rows > 0) dgemm_("T", "N", &n, &n, &rows, &one, x, &ld, y, &ld, &zero, g.data(), &n);
  MPI_Allreduce(MPI_IN_PLACE, g.data(), static_cast<int>(g.size()), MPI_DOUBLE, MPI_SUM, comm);
  return g;
}

/// The errors of eigenvalues `w` and eigenvectors V (rows r0 .. r0+rows-1
/// here) of the matrix A (the same rows here), ||A|| = `norm`.
inline EigenErrors eigen_errors(const double* a, const double* v, const std::vector<double>& w,
                                int rows, int r0, double norm, MPI_Comm comm) {
  const int n = static_cast<int>(w.size());
  const auto at = [n](int i, int j) {
    return static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * static_cast<std::size_t>(n);
  };
  EigenErrors e;
  // Column i of V^T A is row i of A V; this rank sums the residuals of its rows.
  const std::vector<double> vta = summed_gram(v, a, rows, n, comm);
  std::vector<double> squares(static_cast<std::size_t>(n), 0.0);
  for (int li = 0; li < rows; ++li)
    for (int k = 0; k < n; ++k) {
      const double r = vta[at(k, r0 + li)] -
                       w[static_cast<std::size_t>(k)] *
                           v[static_cast<std::size_t>(li) +
                             static_cast<std::size_t>(k) * static_cast<std::size_t>(rows)];
      squares[static_cast<std::size_t>(k)] += r * r;
    }
  MPI_Allreduce(MPI_IN_PLACE, squares.data(), n, MPI_DOUBLE, MPI_SUM, comm);
  for (const double s : squares) e.residual = std::max(e.residual, std::sqrt(s) / norm);
  const std::vector<double> vtv = summed_gram(v, v, rows, n, comm);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      e.orthogonality = std::max(e.orthogonality, std::fabs(vtv[at(i, j)] - (i == j ? 1.0 : 0.0)));
  return e;
}

}  // namespace uneven_rows

// SPDX-License-Identifier: BSD-3-Clause
// Peaceman-Rachford ADI for u_t = u_xx + u_yy on the unit square with u = 0 on
// the boundary, n x n interior points, spacing h = 1/(n+1). Row i of the matrix
// U is y_i, column j is x_j; D is the second difference (v[k-1] - 2v[k] + v[k+1]) / h^2.
// One step of length dt, with a = dt/2:
//   (I - a Dx) U* = (I + a Dy) U,   (I - a Dy) U' = (I + a Dx) U*.
// Dy runs down columns and Dx along rows, so each half step needs the data in
// one layout for its explicit part and in the other for its solve. Several
// fields (independent solutions) advance together, so each change of layout
// moves all of them at once.
#pragma once

#include <mpi.h>

#include <lapacke.h>

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace adi {

/// I - c D (c = a / h^2) for lines of n points, factored once by LAPACK.
struct ImplicitOperator {
  lapack_int n;
  std::vector<double> lower, diag, upper, upper2;
  std::vector<lapack_int> pivots;

  ImplicitOperator(int points, double c)
      : n(points), lower(static_cast<std::size_t>(points - 1), -c),
        diag(static_cast<std::size_t>(points), 1 + 2 * c),
        upper(static_cast<std::size_t>(points - 1), -c),
        upper2(static_cast<std::size_t>(points)), pivots(static_cast<std::size_t>(points)) {
    if (LAPACKE_dgttrf(n, lower.data(), diag.data(), upper.data(), upper2.data(), pivots.data()) != 0)
      throw std::runtime_error("dgttrf failed");
  }

  /// Solves in place for `count` lines stored in a column-major array with
  /// leading dimension ld: down the columns, or along the rows.
  void solve(double* u, int count, int ld, bool along_rows) const {
    if (count == 0) return;
    const int layout = along_rows ? LAPACK_ROW_MAJOR : LAPACK_COL_MAJOR;
    if (LAPACKE_dgttrs(layout, 'N', n, count, lower.data(), diag.data(), upper.data(),
                       upper2.data(), pivots.data(), u, ld) != 0)
      throw std::runtime_error("dgttrs failed");
  }
};

/// out := (I + c D) in for `count` lines of n points: point k of line l is at
/// l * across + k * along. The loops run in memory order for either layout.
inline void apply_explicit(const double* in, double* out, int n, int count, std::ptrdiff_t along,
                           std::ptrdiff_t across, double c) {
  auto update = [&](int l, int k) {
    const double* v = in + l * across + k * along;
    const double left = k > 0 ? v[-along] : 0.0;
    const double right = k + 1 < n ? v[along] : 0.0;
    out[l * across + k * along] = v[0] + c * (left - 2 * v[0] + right);
  };
  if (along < across) {
    for (int l = 0; l < count; ++l)
      for (int k = 0; k < n; ++k) update(l, k);
  } else {
    for (int k = 0; k < n; ++k)
      for (int l = 0; l < count; ++l) update(l, k);
  }
}

/// One process's buffers. Column layout: `cols` whole columns, n x cols with
/// leading dimension n (U lives here between steps). Row layout: `rows` whole
/// rows, rows x n with leading dimension rows_ld.
struct Buffers {
  int n;
  double *u_cols, *r_cols;
  int cols;
  double *r_rows, *s_rows;
  int rows, rows_ld;
};

/// Seconds this process spent computing, waiting for the others to finish
/// computing (a barrier before each redistribution, so that load imbalance is
/// not counted as redistribution time), and moving data.
struct Split {
  double compute = 0, wait = 0, redistribution = 0;
};

/// Advances every field's U by `steps` steps. to_rows() must move each
/// field's r_cols into its r_rows and to_cols() each s_rows into its u_cols;
/// every process of `comm` takes part in them.
template <class ToRows, class ToCols>
Split advance(const std::vector<Buffers>& fields, double c, int steps, MPI_Comm comm,
              ToRows&& to_rows, ToCols&& to_cols) {
  const ImplicitOperator implicit(fields.front().n, c);
  Split t;
  double t0 = MPI_Wtime();
  auto lap = [&t0](double& into) {
    const double now = MPI_Wtime();
    into += now - t0;
    t0 = now;
  };
  // Computing up to here, then waiting for the others, then the move.
  auto switch_layout = [&](auto&& move) {
    lap(t.compute);
    MPI_Barrier(comm);
    lap(t.wait);
    move();
    lap(t.redistribution);
  };
  for (int s = 0; s < steps; ++s) {
    for (const Buffers& b : fields) apply_explicit(b.u_cols, b.r_cols, b.n, b.cols, 1, b.n, c);
    switch_layout(to_rows);
    for (const Buffers& b : fields) {
      implicit.solve(b.r_rows, b.rows, b.rows_ld, true);
      apply_explicit(b.r_rows, b.s_rows, b.n, b.rows, b.rows_ld, 1, c);
    }
    switch_layout(to_cols);
    for (const Buffers& b : fields) implicit.solve(b.u_cols, b.cols, b.n, false);
    lap(t.compute);
  }
  return t;
}

}  // namespace adi

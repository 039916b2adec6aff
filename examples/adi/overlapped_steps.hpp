// SPDX-License-Identifier: BSD-3-Clause
// The Peaceman-Rachford steps of peaceman_rachford.hpp with every field's
// moves started as soon as that field's sweep is done and completed only
// when the next half step reaches that field, so that field k moves while
// field k + 1 is swept, and the next step's first field while the last one
// finishes. Between fields every outstanding move is tested, which moves on
// the parts that progress only inside a call (mr2d's node-local copies, MPI's
// non-blocking collectives).
#pragma once

#include <mpi.h>

#include <cstddef>
#include <vector>

#include "peaceman_rachford.hpp"

namespace adi {

/// Advances every field's U by `steps` steps, as advance() does. to_rows[f]
/// moves field f's r_cols into its r_rows and to_cols[f] its s_rows into its
/// u_cols; each has start(), test() and wait() and is started in the same
/// order on every process. Time inside those calls counts as
/// redistribution, the rest as compute (there is no barrier to wait at).
template <class Moves>
Split advance_overlapped(const std::vector<Buffers>& fields, double c, int steps, Moves& to_rows, Moves& to_cols) {
  const ImplicitOperator implicit(fields.front().n, c);
  Split t;
  double t0 = MPI_Wtime();
  auto in_moves = [&](auto&& call) {
    const double now = MPI_Wtime();
    t.compute += now - t0;
    call();
    t0 = MPI_Wtime();
    t.redistribution += t0 - now;
  };
  auto progress = [&] {
    for (std::size_t f = 0; f < fields.size(); ++f) {
      to_rows[f].test();
      to_cols[f].test();
    }
  };
  auto start = [&](auto& move) {
    in_moves([&] {
      move.start();
      progress();
    });
  };
  auto explicit_down_columns = [&](const Buffers& b) { apply_explicit(b.u_cols, b.r_cols, b.n, b.cols, 1, b.n, c); };
  for (std::size_t f = 0; f < fields.size(); ++f) {
    explicit_down_columns(fields[f]);
    start(to_rows[f]);
  }
  for (int s = 0; s < steps; ++s) {
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const Buffers& b = fields[f];
      in_moves([&] { to_rows[f].wait(); });
      implicit.solve(b.r_rows, b.rows, b.rows_ld, true);
      apply_explicit(b.r_rows, b.s_rows, b.n, b.rows, b.rows_ld, 1, c);
      start(to_cols[f]);
    }
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const Buffers& b = fields[f];
      in_moves([&] { to_cols[f].wait(); });
      implicit.solve(b.u_cols, b.cols, b.n, false);
      if (s + 1 == steps) continue;
      explicit_down_columns(b);
      start(to_rows[f]);
    }
  }
  const double now = MPI_Wtime();
  t.compute += now - t0;
  return t;
}

}  // namespace adi

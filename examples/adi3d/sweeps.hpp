// SPDX-License-Identifier: BSD-3-Clause
// Steps of the 3D ADI example (locally one-dimensional backward Euler): each
// step sweeps implicit line solves along x, y and z in turn, every other step
// in the reverse order (z, y, x), so that a step ends in the layout the next
// one starts with. Distributed, each sweep runs on the pencils of its
// direction, whose lines are contiguous and local, and the field moves
// between the sweeps; serially the same line solves run on one array with
// strides.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

#include "line_solver.hpp"
#include "pencils.hpp"
#include "timing.hpp"

namespace adi3d {

/// The sweep order of step s (0-based).
inline std::array<int, 3> order_of(int step) {
  return step % 2 == 0 ? std::array<int, 3>{0, 1, 2} : std::array<int, 3>{2, 1, 0};
}

/// One solver per axis, for dt on an n[x] x n[y] x n[z] grid.
inline std::vector<LineSolver> solvers(const std::array<int, 3>& n, double dt) {
  std::vector<LineSolver> s;
  for (int a = 0; a < 3; ++a) {
    const double h = 1.0 / (n[static_cast<std::size_t>(a)] + 1);
    s.emplace_back(n[static_cast<std::size_t>(a)], dt / (h * h));
  }
  return s;
}

/// A move from one layout's array to another's.
using Move = std::function<void(const double*, double*)>;

/// The four moves of the steps: x- to y-pencils (u to v), y- to z-pencils
/// (v to u), and back (z to y: u to v, y to x: v to u).
struct Moves {
  Move x_to_y, y_to_z, z_to_y, y_to_x;
};

/// Seconds one process spent in the sweeps and in the moves.
struct Split {
  double sweeps = 0, moves = 0;
};

/// `steps` steps of the field in u (x-pencils; z-pencils after an odd
/// number of steps), with v for the y-pencils.
inline Split advance(const std::array<const examples::Pencils*, 3>& pencils, const std::vector<LineSolver>& solve,
                     int steps, double* u, double* v, const Moves& moves) {
  Split s;
  examples::Laps laps;
  auto sweep = [&](int axis, double* data) {
    const examples::Pencils& p = *pencils[static_cast<std::size_t>(axis)];
    const std::size_t lines = static_cast<std::size_t>(p.count(1)) * static_cast<std::size_t>(p.count(2));
    for (std::size_t l = 0; l < lines; ++l)
      solve[static_cast<std::size_t>(axis)].solve(data + l * static_cast<std::size_t>(p.count(0)), 1);
    laps.lap(s.sweeps);
  };
  for (int step = 0; step < steps; ++step) {
    const bool forward = step % 2 == 0;
    sweep(forward ? 0 : 2, u);
    (forward ? moves.x_to_y : moves.z_to_y)(u, v);
    laps.lap(s.moves);
    sweep(1, v);
    (forward ? moves.y_to_z : moves.y_to_x)(v, u);
    laps.lap(s.moves);
    sweep(forward ? 2 : 0, u);
  }
  return s;
}

/// The same steps on one process: the whole field, stored with x fastest.
inline std::vector<double> serial_run(const std::array<int, 3>& n, const std::vector<LineSolver>& solve, int steps,
                                      std::vector<double> u) {
  const std::array<std::ptrdiff_t, 3> stride{1, n[0], static_cast<std::ptrdiff_t>(n[0]) * n[1]};
  for (int step = 0; step < steps; ++step)
    for (int axis : order_of(step)) {
      // Lines along `axis` start at every point whose `axis` index is 0.
      const int a = (axis + 1) % 3, b = (axis + 2) % 3;
      for (int j = 0; j < n[static_cast<std::size_t>(b)]; ++j)
        for (int i = 0; i < n[static_cast<std::size_t>(a)]; ++i)
          solve[static_cast<std::size_t>(axis)].solve(
              u.data() + i * stride[static_cast<std::size_t>(a)] + j * stride[static_cast<std::size_t>(b)],
              stride[static_cast<std::size_t>(axis)]);
    }
  return u;
}

}  // namespace adi3d

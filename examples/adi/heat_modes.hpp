// SPDX-License-Identifier: BSD-3-Clause
// The initial condition of the ADI example is a sum of two eigenmodes
// sin(k pi x) sin(l pi y) of the discrete Laplacian, so the exact result of
// any number of Peaceman-Rachford steps is known in closed form: each mode is
// multiplied per step by
//   g = (1 + a mu_k)(1 + a mu_l) / ((1 - a mu_k)(1 - a mu_l)),
//   mu_k = -(4 / h^2) sin^2(k pi h / 2), a = dt / 2.
// This is an independent check of the solver, beside the serial run.
#pragma once

#include <cmath>

namespace adi {

struct Mode {
  int kx, ky;
  double amplitude;
};
constexpr Mode modes[] = {{1, 2, 1.0}, {3, 1, 0.5}};

/// U(i, j) after `steps` steps of length dt on n x n interior points (x_j, y_i).
inline double exact_value(int i, int j, int n, int steps, double dt) {
  const double pi = std::acos(-1.0), h = 1.0 / (n + 1), a = dt / 2;
  auto mu = [&](int k) {
    const double s = std::sin(k * pi * h / 2);
    return -4 / (h * h) * s * s;
  };
  double u = 0;
  for (const Mode& m : modes) {
    const double g = (1 + a * mu(m.kx)) * (1 + a * mu(m.ky)) / ((1 - a * mu(m.kx)) * (1 - a * mu(m.ky)));
    u += m.amplitude * std::pow(g, steps) * std::sin(m.kx * pi * (j + 1) * h) *
         std::sin(m.ky * pi * (i + 1) * h);
  }
  return u;
}

}  // namespace adi

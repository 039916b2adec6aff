// SPDX-License-Identifier: BSD-3-Clause
// The initial condition of the 3D ADI example, one eigenmode
// sin(kx pi x) sin(ky pi y) sin(kz pi z) of the discrete Laplacian on the
// interior points (i + 1) h of each axis, h = 1 / (n + 1). A backward Euler
// sweep along an axis multiplies it by 1 / (1 + 4 c sin^2(k pi h / 2)),
// c = dt / h^2, whatever the order of the sweeps, so the result of any
// number of steps is known in closed form: a check beside the serial run.
#pragma once

#include <array>
#include <cmath>

namespace adi3d {

constexpr std::array<int, 3> kWaves{1, 2, 3};

inline double spacing(int n) { return 1.0 / (n + 1); }

/// U at grid point (x, y, z) after `steps` steps of length dt.
inline double mode_value(const std::array<int, 3>& n, int x, int y, int z, int steps, double dt) {
  const double pi = std::acos(-1.0);
  const std::array<int, 3> at{x, y, z};
  double u = 1;
  for (int a = 0; a < 3; ++a) {
    const double h = spacing(n[static_cast<std::size_t>(a)]), k = kWaves[static_cast<std::size_t>(a)];
    const double s = std::sin(k * pi * h / 2);
    u *= std::sin(k * pi * (at[static_cast<std::size_t>(a)] + 1) * h) *
         std::pow(1 / (1 + 4 * dt / (h * h) * s * s), steps);
  }
  return u;
}

}  // namespace adi3d

// SPDX-License-Identifier: BSD-3-Clause
// The 3D FFT in pencils: FFTs along x on x-pencils, a move to y-pencils,
// FFTs along y, a move to z-pencils, FFTs along z. Every FFT runs on whole
// contiguous lines (one FFTW plan over all lines of a layout). The data
// alternates between two buffers: x-pencils in `u`, y-pencils in `v`, the
// z-pencils (the result) in `u` again.
#pragma once

#include <complex>

#include "fft_lines.hpp"
#include "pencils.hpp"
#include "timing.hpp"

namespace fft3d {

using zdouble = std::complex<double>;

/// Seconds one process spent in the FFTs and in the moves of one transform.
struct Split {
  double ffts = 0, moves = 0;
};

class PencilFft {
 public:
  /// Plans the FFTs (measuring, so before the data is filled); u holds at
  /// least the x- and the z-pencils, v the y-pencils.
  PencilFft(const examples::Pencils& x, const examples::Pencils& y, const examples::Pencils& z, zdouble* u, zdouble* v)
      : along_x_(u, x.count(0), x.count(1) * x.count(2), 1, x.count(0)),
        along_y_(v, y.count(0), y.count(1) * y.count(2), 1, y.count(0)),
        along_z_(u, z.count(0), z.count(1) * z.count(2), 1, z.count(0)),
        u_(u),
        v_(v) {}

  /// One transform of the x-pencils in u, leaving z-pencils in u;
  /// to_y(a, b) and to_z(a, b) move the data between the layouts.
  template <class ToY, class ToZ>
  Split run(ToY&& to_y, ToZ&& to_z) const {
    Split s;
    examples::Laps laps;
    along_x_.execute();
    laps.lap(s.ffts);
    to_y(u_, v_);
    laps.lap(s.moves);
    along_y_.execute();
    laps.lap(s.ffts);
    to_z(v_, u_);
    laps.lap(s.moves);
    along_z_.execute();
    laps.lap(s.ffts);
    return s;
  }

 private:
  fft2d::FftLines along_x_, along_y_, along_z_;
  zdouble* u_;
  zdouble* v_;
};

}  // namespace fft3d

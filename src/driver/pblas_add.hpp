// SPDX-License-Identifier: BSD-3-Clause
// (MPI) PBLAS's adds as the drop-in runs them: p?geadd and p?tran* are the
// transform; p?tradd is the transform with its arithmetic and trapezoid, plus
// what PBLAS does to the elements of its diagonal blocks outside the
// trapezoid (kernels/tradd_band.hpp).
#pragma once

#include "driver/redistribute.hpp"

namespace mr2d::driver {

/// Runs a call of entry pblas_tran, pblas_geadd or pblas_tradd (errors as
/// redistribute reports them); returns its status code.
int pblas_add(const CallSpec& args) noexcept;

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// BLACS and ScaLAPACK tools the examples call (prototypes in mr2d/blacs.h)
// and ScaLAPACK's own redistribution routines for the comparisons.
#pragma once

#include "mr2d/blacs.h"
#include "mr2d/scalapack.h"

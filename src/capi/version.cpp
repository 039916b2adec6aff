// SPDX-License-Identifier: BSD-3-Clause
// mr2d_version(): the version this library was built as, so that a program can
// compare it at run time with the MR2D_VERSION_* macros it was compiled with.
#include "mr2d/mr2d.h"

extern "C" MR2D_API const char* mr2d_version(void) { return MR2D_VERSION_STRING; }

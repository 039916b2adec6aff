// SPDX-License-Identifier: BSD-3-Clause
// The node-shared array C API of mr2d.h (mr2d_alloc, mr2d_free).
#include "driver/shared_arrays.hpp"
#include "mr2d/mr2d.h"

extern "C" {

MR2D_API void* mr2d_alloc(size_t bytes) { return mr2d::driver::alloc_shared(bytes); }

MR2D_API int mr2d_free(void* ptr) { return mr2d::driver::free_shared(ptr) ? MR2D_SUCCESS : MR2D_ERR_ARGUMENT; }

}  // extern "C"

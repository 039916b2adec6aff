// SPDX-License-Identifier: BSD-3-Clause
// (MPI-free) mr2d_alloc and mr2d_free: arrays in node-shared memory that node
// peers read in place (transport/shared_arrays.hpp), with the status of a
// failure kept for mr2d_last_error.
#pragma once

#include <cstddef>

namespace mr2d::driver {

/// An array of `bytes` in node-shared memory, or null (the reason in
/// mr2d_last_error()).
void* alloc_shared(std::size_t bytes);
/// Releases what alloc_shared returned; false for another pointer.
bool free_shared(void* p);

}  // namespace mr2d::driver

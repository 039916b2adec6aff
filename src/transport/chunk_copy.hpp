// SPDX-License-Identifier: BSD-3-Clause
// Packing and unpacking one chunk of a message: each of its sections is a
// column window of one part's transfer, copied with that part's arrays,
// layout and update. Shared by the MPI and shared-memory paths.
#pragma once

#include "route/route.hpp"
#include "transport/part.hpp"

namespace mr2d::transport {

/// Packs section `s` of a chunk into `dst` (the chunk's start).
void pack_section(const Parts& parts, const route::Section& s, unsigned char* dst);

/// Unpacks section `s` of a chunk at `src` (the chunk's start).
void unpack_section(const Parts& parts, const route::Section& s, const unsigned char* src);

}  // namespace mr2d::transport

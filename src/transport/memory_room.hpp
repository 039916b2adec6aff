// SPDX-License-Identifier: BSD-3-Clause
// How much more memory this process may take, checked before mr2d reserves
// any (an mr2d_alloc array, a shared-memory pool): a reservation beyond it
// would set off the kernel's out-of-memory killer, or a SIGBUS at the first
// touch of a page, instead of an error. The room is the least of
// MemAvailable (/proc/meminfo), memory.max - memory.current of the cgroup
// v2 this process is in and of each of its parents, where readable and
// limited, and MR2D_TEST_MEMORY_LIMIT, a testing hook that makes the library
// see a small limit without using memory.
#pragma once

#include <string>

#include "common/index_types.hpp"

namespace mr2d::transport {

struct MemoryRoom {
  Index bytes = 0;    ///< the least of the limits found (Index max where none is)
  std::string where;  ///< each limit found with its number, for messages
};

/// The room now (read afresh each time: it changes as the node works).
MemoryRoom memory_room();

/// Free bytes of the file system behind shm_open (glibc: /dev/shm), Index
/// max where unknown.
Index shm_free_bytes();

}  // namespace mr2d::transport

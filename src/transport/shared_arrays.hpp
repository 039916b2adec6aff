// SPDX-License-Identifier: BSD-3-Clause
// Arrays in node-shared memory (mr2d_alloc): each allocation is a memory
// file (memfd) of its own, every page reserved when it is made, mapped
// read-write by its owner and registered here, so that an execution whose A
// lies in one can let its node peers read A in place (shm_exchange.hpp): a
// peer opens the file through /proc/<pid>/fd/<fd> and maps it read-only.
// Memory files take no room in /dev/shm, only memory; a process-wide table
// under a mutex, since threads may allocate while others execute.
// A descriptor number names a file only while the program leaves it alone,
// so each allocation also carries what identifies its file (device and
// inode, which the kernel reuses only once the file is gone, and the
// allocation never lets it go): a peer maps the file only where they match.
// The mappings are not inherited by fork() (MADV_DONTFORK): a child's write
// faults instead of changing the parent's A behind its back.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/index_types.hpp"
#include "common/status.hpp"

namespace mr2d::transport {

/// Where a pointer lies in a registered allocation, as a node peer finds it.
struct ArrayHome {
  std::uint64_t id = 0;            ///< the allocation's serial in this process (0: none)
  std::int64_t fd = -1;            ///< its memory file, as this process numbers it
  std::uint64_t dev = 0, ino = 0;  ///< the file's device and inode
  Index bytes = 0;                 ///< the allocation's size
  Index offset = 0;                ///< the pointer's offset in it
};

/// A new allocation of at least `bytes` (> 0), page-aligned, zero-filled, or
/// null with the reason in `status` (MR2D_ERR_MEMORY, with the numbers, for
/// more than this process may use: memory_room.hpp).
void* shared_array_alloc(std::size_t bytes, Status& status);
/// Releases what shared_array_alloc returned; false (and nothing done) for a
/// pointer that is not the start of a live allocation. Null is accepted.
bool shared_array_free(void* p);
/// The allocation that holds `p` (id 0 where none does).
ArrayHome shared_array_home(const void* p);
/// Allocations released so far by this process: a peer that sees this count
/// change drops the mappings of this process's arrays it holds.
std::uint64_t shared_array_frees();

}  // namespace mr2d::transport

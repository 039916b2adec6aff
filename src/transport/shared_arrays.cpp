// SPDX-License-Identifier: BSD-3-Clause
// The registry of arrays in node-shared memory; see shared_arrays.hpp.
#include "transport/shared_arrays.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/memory_room.hpp"

namespace mr2d::transport {

namespace {

struct Allocation {
  std::uint64_t id;
  int fd;
  std::size_t bytes;
  std::uint64_t dev, ino;
};

std::mutex g_mutex;
std::map<std::uintptr_t, Allocation> g_arrays;  // by base address
std::uint64_t g_serial = 0;
std::atomic<std::uint64_t> g_frees{0};

constexpr const char* kAlloc = "mr2d_alloc";

Status refused(std::size_t bytes, const char* what, int err) {
  return failure(MR2D_ERR_MEMORY, kAlloc,
                 std::string(what) + " failed for " + std::to_string(bytes) + " bytes: " + std::strerror(err));
}

}  // namespace

void* shared_array_alloc(std::size_t bytes, Status& status) {
  if (bytes == 0) {
    status = argument_failure(MR2D_ERR_ARGUMENT, kAlloc, 1, "bytes", "is 0");
    return nullptr;
  }
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  if (bytes > (SIZE_MAX - page) / 2) {
    status = argument_failure(MR2D_ERR_MEMORY, kAlloc, 1, "bytes", "is too large: " + std::to_string(bytes));
    return nullptr;
  }
  const std::size_t size = (bytes + page - 1) / page * page;
  // The kernel does not refuse to reserve a memory file's pages when memory
  // runs out: its out-of-memory killer ends processes instead, unrelated
  // ones too. So more than this process may use is refused first.
  const MemoryRoom room = memory_room();
  if (static_cast<Index>(size) > room.bytes) {
    status = failure(MR2D_ERR_MEMORY, kAlloc,
                     std::to_string(bytes) + " bytes (" + std::to_string(size) +
                         " in pages) are more than this process may use: " + std::to_string(room.bytes) + " bytes (" +
                         room.where + ")");
    return nullptr;
  }
  const int fd = memfd_create("mr2d-array", MFD_CLOEXEC);
  if (fd < 0) {
    status = refused(bytes, "memfd_create", errno);
    return nullptr;
  }
  // Every page reserved now: a memory limit is an error here, never a SIGBUS
  // in the middle of a redistribution.
  const int err = posix_fallocate(fd, 0, static_cast<off_t>(size));
  if (err != 0) {
    close(fd);
    status = refused(bytes, "reserving pages (posix_fallocate)", err);
    return nullptr;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const int e = errno;
    close(fd);
    status = refused(bytes, "fstat", e);
    return nullptr;
  }
  void* base = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) {
    const int e = errno;
    close(fd);
    status = refused(bytes, "mmap", e);
    return nullptr;
  }
  // A forked child gets no mapping: as MAP_SHARED memory, its writes would
  // otherwise land in the parent's array.
  if (madvise(base, size, MADV_DONTFORK) != 0) {
    const int e = errno;
    munmap(base, size);
    close(fd);
    status = refused(bytes, "madvise(MADV_DONTFORK)", e);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  g_arrays[reinterpret_cast<std::uintptr_t>(base)] =
      Allocation{++g_serial, fd, size, static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
  return base;
}

bool shared_array_free(void* p) {
  if (p == nullptr) return true;
  Allocation a{};
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_arrays.find(reinterpret_cast<std::uintptr_t>(p));
    if (it == g_arrays.end()) return false;
    a = it->second;
    g_arrays.erase(it);
  }
  munmap(p, a.bytes);
  close(a.fd);
  g_frees.fetch_add(1, std::memory_order_relaxed);
  return true;
}

ArrayHome shared_array_home(const void* p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_arrays.upper_bound(at);
  if (p == nullptr || it == g_arrays.begin()) return {};
  it = std::prev(it);
  const std::uintptr_t offset = at - it->first;
  if (offset >= it->second.bytes) return {};
  const Allocation& a = it->second;
  return {a.id, a.fd, a.dev, a.ino, static_cast<Index>(a.bytes), static_cast<Index>(offset)};
}

std::uint64_t shared_array_frees() { return g_frees.load(std::memory_order_relaxed); }

}  // namespace mr2d::transport

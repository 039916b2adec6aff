// SPDX-License-Identifier: BSD-3-Clause
// Reused message buffers; see buffers.hpp.
#include "transport/buffers.hpp"

#include <sys/mman.h>

#include <cstdlib>

namespace mr2d::transport {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

BufferPool::~BufferPool() { std::free(data_); }

void* BufferPool::get(std::size_t bytes) {
  if (bytes <= capacity_) return data_;
  std::free(data_);
  data_ = nullptr;
  capacity_ = 0;
  // Grow geometrically so slowly growing sizes do not reallocate every call.
  std::size_t want = bytes + bytes / 4;
  if (want >= kHugePage) {
    // Whole huge pages: one fault per 2 MiB instead of 512 (transparent huge
    // pages in madvise mode, Debian's default).
    want = (want + kHugePage - 1) / kHugePage * kHugePage;
    data_ = std::aligned_alloc(kHugePage, want);
    if (data_ != nullptr) madvise(data_, want, MADV_HUGEPAGE);
  } else {
    data_ = std::malloc(want);
  }
  if (data_ == nullptr) return nullptr;
  capacity_ = want;
  return data_;
}

}  // namespace mr2d::transport

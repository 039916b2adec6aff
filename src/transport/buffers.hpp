// SPDX-License-Identifier: BSD-3-Clause
// Message buffers kept across calls. Fresh pages cost far more than the copy
// itself (first touch), so buffers grow to the largest size seen and are
// reused; they are never returned on the hot path. Each channel (union
// context) owns its own, so concurrent calls on different contexts never
// share one.
#pragma once

#include <cstddef>

namespace mr2d::transport {

class BufferPool {
 public:
  BufferPool() = default;
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;
  ~BufferPool();
  /// A buffer of at least `bytes` bytes (nullptr if allocation fails). The
  /// contents are not preserved when it grows.
  void* get(std::size_t bytes);
  std::size_t capacity() const { return capacity_; }
  /// Forgets the memory without freeing it: MPI may still write into it.
  void abandon() {
    data_ = nullptr;
    capacity_ = 0;
  }

 private:
  void* data_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace mr2d::transport

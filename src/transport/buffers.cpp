// Reused message buffers; see buffers.hpp.
#include "transport/buffers.hpp"

#include <cstdlib>

namespace mr2d::transport {

BufferPool::~BufferPool() { std::free(data_); }

void* BufferPool::get(std::size_t bytes) {
  if (bytes <= capacity_) return data_;
  std::free(data_);
  data_ = nullptr;
  capacity_ = 0;
  // Grow geometrically so slowly growing sizes do not reallocate every call.
  std::size_t want = bytes + bytes / 4;
  data_ = std::malloc(want);
  if (data_ == nullptr) return nullptr;
  capacity_ = want;
  return data_;
}

BufferPool& send_pool() {
  static BufferPool pool;
  return pool;
}
BufferPool& recv_pool() {
  static BufferPool pool;
  return pool;
}

BufferPool& middle_pool() {
  static BufferPool pool;
  return pool;
}

}  // namespace mr2d::transport

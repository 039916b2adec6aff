// SPDX-License-Identifier: BSD-3-Clause
// Reads fuzz input as a stream of small decisions and integers. Integers
// come as a tag byte and a payload so that mutations reach small values,
// 32-bit and 64-bit values and the boundaries between them alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "common/index_types.hpp"

namespace mr2d::fuzz {

class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  /// The next byte, 0 once the input is used up.
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  /// A value in [0, n).
  unsigned below(unsigned n) { return byte() % n; }

  Index value() {
    static const Index kEdges[] = {0, 1, -1, 2, std::numeric_limits<std::int32_t>::max(),
                                   std::numeric_limits<std::int32_t>::min(),
                                   std::numeric_limits<std::int64_t>::max(),
                                   std::numeric_limits<std::int64_t>::min(), Index{1} << 31,
                                   Index{1} << 32, Index{1} << 62};
    switch (below(4)) {
      case 0: return static_cast<std::int8_t>(byte());
      case 1: return static_cast<std::int32_t>(raw(4));
      case 2: return static_cast<Index>(raw(8));
      default: return kEdges[below(sizeof kEdges / sizeof kEdges[0])];
    }
  }

 private:
  std::uint64_t raw(int n) {
    std::uint64_t v = 0;
    for (int k = 0; k < n; ++k) v |= static_cast<std::uint64_t>(byte()) << (8 * k);
    return v;
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace mr2d::fuzz

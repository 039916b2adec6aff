// SPDX-License-Identifier: BSD-3-Clause
// Overflow-checked 64-bit arithmetic for values that come from users (option
// values, descriptors) before they feed sizes, offsets and byte counts.
#pragma once

#include <optional>

#include "common/index_types.hpp"

namespace mr2d {

/// a + b, or nothing when the exact sum does not fit in Index.
inline std::optional<Index> checked_add(Index a, Index b) {
  Index r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a * b, or nothing when the exact product does not fit in Index.
inline std::optional<Index> checked_mul(Index a, Index b) {
  Index r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a * b * c, or nothing when any partial product overflows.
inline std::optional<Index> checked_mul(Index a, Index b, Index c) {
  const std::optional<Index> ab = checked_mul(a, b);
  return ab ? checked_mul(*ab, c) : std::nullopt;
}

}  // namespace mr2d

// SPDX-License-Identifier: BSD-3-Clause
// 64-bit index arithmetic shared by every stage. All sizes, offsets and
// indices inside mr2d are Index; 32-bit values exist only at the ABI boundary.
#pragma once

#include <cstdint>
#include <limits>

namespace mr2d {

using Index = std::int64_t;

/// Non-negative remainder for b > 0.
constexpr Index pos_mod(Index a, Index b) {
  Index r = a % b;
  return r < 0 ? r + b : r;
}

constexpr Index gcd(Index a, Index b) {
  while (b != 0) {
    Index t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

/// lcm(a, b) for positive a, b, or `cap` when the exact value is >= cap (or
/// does not fit in 64 bits). Callers only need periods shorter than the range.
inline Index lcm_capped(Index a, Index b, Index cap) {
  Index g = gcd(a, b);
  Index q = a / g;
  if (q > std::numeric_limits<Index>::max() / b) return cap;
  Index l = q * b;
  return l < cap ? l : cap;
}

/// a * b, or `cap` when the product is >= cap or overflows (a, b >= 0).
inline Index mul_capped(Index a, Index b, Index cap) {
  if (a != 0 && b > std::numeric_limits<Index>::max() / a) return cap;
  Index p = a * b;
  return p < cap ? p : cap;
}

}  // namespace mr2d

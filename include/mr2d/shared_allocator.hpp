// SPDX-License-Identifier: BSD-3-Clause
// mr2d::SharedAllocator<T>: a standard allocator over mr2d_alloc, so that
// containers hold matrices node peers read in place, e.g.
//   std::vector<double, mr2d::SharedAllocator<double>> a(lld * ncols);
#ifndef MR2D_SHARED_ALLOCATOR_HPP
#define MR2D_SHARED_ALLOCATOR_HPP

#include <cstddef>
#include <limits>
#include <new>

#include "mr2d/mr2d.h"

namespace mr2d {

/// Allocates with mr2d_alloc (every allocation a node-shared array of its
/// own, page-aligned) and releases with mr2d_free. Stateless: all instances
/// compare equal. Throws std::bad_alloc where mr2d_alloc fails.
template <class T>
class SharedAllocator {
 public:
  /// The element type.
  using value_type = T;

  SharedAllocator() noexcept = default;
  /// Conversion from the allocator of another element type.
  template <class U>
  SharedAllocator(const SharedAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)

  /// Memory for `n` elements (n 0: a null pointer).
  T* allocate(std::size_t n) {
    if (n == 0) return nullptr;
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_alloc();
    void* p = mr2d_alloc(n * sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  /// Releases what allocate returned.
  void deallocate(T* p, std::size_t) noexcept { mr2d_free(p); }
};

/// All SharedAllocators are interchangeable.
template <class T, class U>
bool operator==(const SharedAllocator<T>&, const SharedAllocator<U>&) noexcept {
  return true;
}
/// All SharedAllocators are interchangeable.
template <class T, class U>
bool operator!=(const SharedAllocator<T>&, const SharedAllocator<U>&) noexcept {
  return false;
}

}  // namespace mr2d

#endif  // MR2D_SHARED_ALLOCATOR_HPP

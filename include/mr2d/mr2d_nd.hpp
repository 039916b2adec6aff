// SPDX-License-Identifier: BSD-3-Clause
// C++ interface of mr2d_nd.h: an N-dimensional array description that owns
// its tables (NdArray), the redistributions with axis permutation over a
// BLACS context or a communicator, and their plans as mr2d::Plan<T>,
// throwing mr2d::Error. Guide: docs/nd-arrays.md.
#ifndef MR2D_MR2D_ND_HPP
#define MR2D_MR2D_ND_HPP

#include <string>
#include <utility>
#include <vector>

#include "mr2d/mr2d.hpp"
#include "mr2d/mr2d_nd.h"

namespace mr2d {

/// A distributed N-dimensional array (mr2d_nd_array) that owns its tables;
/// setters return *this, so a description reads as one expression:
///
///     mr2d::NdArray a({64, 64, 64});
///     a.grid({1, 4, 1}).blocks({MR2D_ND_COLLAPSED, 8, MR2D_ND_COLLAPSED});
///
/// Every table holds one value per dimension (a setter given another count
/// throws Error); tables never set take the C defaults.
class NdArray {
 public:
  /// An array of these global extents (1 .. MR2D_ND_MAX_DIMS of them), on a
  /// grid of one process, MR2D_ND_BLOCK per dimension, grid positions and
  /// local storage in C order.
  explicit NdArray(std::vector<mr2d_int> sizes) : sizes_(std::move(sizes)), grid_(sizes_.size(), 1) {
    if (sizes_.empty() || sizes_.size() > MR2D_ND_MAX_DIMS)
      throw Error(MR2D_ERR_ARGUMENT, "mr2d::NdArray: " + std::to_string(sizes_.size()) + " dimensions (need 1 to " +
                                         std::to_string(MR2D_ND_MAX_DIMS) + ")");
  }

  /// Per dimension a block size >= 1, MR2D_ND_BLOCK or MR2D_ND_COLLAPSED.
  NdArray& blocks(std::vector<mr2d_int> values) { return set(blocks_, std::move(values), "blocks"); }
  /// Processes along each dimension, their positions numbered in `order`
  /// (MR2D_ND_ORDER_C or MR2D_ND_ORDER_FORTRAN).
  NdArray& grid(std::vector<int> values, int order = MR2D_ND_ORDER_C) {
    grid_order_ = order;
    return set(grid_, std::move(values), "grid");
  }
  /// The union rank of each grid position number (product of the grid
  /// values; checked when the description is used).
  NdArray& ranks(std::vector<int> values) {
    ranks_ = std::move(values);
    return *this;
  }
  /// The grid coordinate holding each dimension's first block.
  NdArray& sources(std::vector<int> values) { return set(sources_, std::move(values), "sources"); }
  /// Order of the local array in memory: MR2D_ND_ORDER_C or MR2D_ND_ORDER_FORTRAN.
  NdArray& storage(int order) {
    storage_order_ = order;
    return *this;
  }
  /// Allocated local extent per dimension (padding beyond the local counts).
  NdArray& leading(std::vector<mr2d_int> values) { return set(leading_, std::move(values), "leading"); }
  /// The window a call reads or writes: first global index and extent per dimension.
  NdArray& window(std::vector<mr2d_int> starts, std::vector<mr2d_int> counts) {
    set(starts_, std::move(starts), "window starts");
    return set(counts_, std::move(counts), "window counts");
  }

  /// Number of dimensions.
  int ndims() const noexcept { return static_cast<int>(sizes_.size()); }
  /// The C view, pointing at this object's tables: valid while it lives unchanged.
  mr2d_nd_array c() const noexcept {
    mr2d_nd_array d{};
    d.ndims = ndims();
    d.sizes = sizes_.data();
    d.blocks = data_or_null(blocks_);
    d.grid = grid_.data();
    d.grid_order = grid_order_;
    d.ranks = data_or_null(ranks_);
    d.sources = data_or_null(sources_);
    d.storage_order = storage_order_;
    d.leading = data_or_null(leading_);
    d.starts = data_or_null(starts_);
    d.counts = data_or_null(counts_);
    return d;
  }
  /// The C view, after checking that the rank map (if any) holds one rank
  /// per grid position, as the C API reads it; `who` names the caller.
  mr2d_nd_array checked(const char* who) const {
    long long positions = 1;
    for (int g : grid_) positions *= g > 0 ? g : 0;
    if (!ranks_.empty() && static_cast<long long>(ranks_.size()) != positions)
      throw Error(MR2D_ERR_ARGUMENT, std::string(who) + ": ranks holds " + std::to_string(ranks_.size()) +
                                         " values for " + std::to_string(positions) + " grid positions");
    return c();
  }

  /// The local array of union rank `rank` (mr2d_nd_local_shape): how many
  /// indices of each dimension it holds, and the elements to allocate.
  struct LocalShape {
    std::vector<mr2d_int> counts;  ///< indices of each dimension held (0 on no grid position)
    long long elements = 0;        ///< elements to allocate, from the leading sizes
  };
  /// Throws Error for a description that is not valid.
  LocalShape local_shape(int rank) const {
    LocalShape shape;
    shape.counts.assign(sizes_.size(), 0);
    const mr2d_nd_array d = checked("mr2d::NdArray::local_shape");
    check(mr2d_nd_local_shape(&d, rank, shape.counts.data(), &shape.elements));
    return shape;
  }

 private:
  template <class V>
  NdArray& set(std::vector<V>& table, std::vector<V> values, const char* what) {
    if (values.size() != sizes_.size())
      throw Error(MR2D_ERR_ARGUMENT, std::string("mr2d::NdArray::") + what + ": " + std::to_string(values.size()) +
                                         " values for " + std::to_string(sizes_.size()) + " dimensions");
    table = std::move(values);
    return *this;
  }
  template <class V>
  static const V* data_or_null(const std::vector<V>& table) noexcept {
    return table.empty() ? nullptr : table.data();
  }
  int grid_order_ = MR2D_ND_ORDER_C, storage_order_ = MR2D_ND_ORDER_C;
  std::vector<mr2d_int> sizes_, blocks_;
  std::vector<int> grid_, ranks_, sources_;
  std::vector<mr2d_int> leading_, starts_, counts_;
};

/// \cond DETAIL
namespace nd_detail {
// The C API reads ndims values of perm: an empty vector is the identity
// (NULL), any other must hold one value per dimension of A.
inline const int* perm_of(const std::vector<int>& perm, const NdArray& a, const char* who) {
  if (perm.empty()) return nullptr;
  if (perm.size() != static_cast<std::size_t>(a.ndims()))
    throw Error(MR2D_ERR_ARGUMENT, std::string(who) + ": perm holds " + std::to_string(perm.size()) + " values for " +
                                       std::to_string(a.ndims()) + " dimensions of A");
  return perm.data();
}
}  // namespace nd_detail
/// \endcond

/// B(perm[d] <- i_d) := alpha * A(i) + beta * B over the BLACS union context
/// `ictxt` (mr2d_nd_transform); perm empty: the identity. Throws on error.
template <class T>
void nd_transform(const std::vector<int>& perm, T alpha, const T* a, const NdArray& da, T beta, T* b, const NdArray& db,
                  mr2d_int ictxt, const mr2d_options* options = nullptr) {
  const char* who = "mr2d::nd_transform";
  const int* p = nd_detail::perm_of(perm, da, who);
  const mr2d_nd_array ca = da.checked(who), cb = db.checked(who);
  check(mr2d_nd_transform(type_of<T>::value, p, &alpha, a, &ca, &beta, b, &cb, ictxt, options));
}

/// B(perm[d] <- i_d) := A(i) over `ictxt`; throws on error.
template <class T>
void nd_copy(const std::vector<int>& perm, const T* a, const NdArray& da, T* b, const NdArray& db, mr2d_int ictxt,
             const mr2d_options* options = nullptr) {
  const char* who = "mr2d::nd_copy";
  const int* p = nd_detail::perm_of(perm, da, who);
  const mr2d_nd_array ca = da.checked(who), cb = db.checked(who);
  check(mr2d_nd_transform(type_of<T>::value, p, nullptr, a, &ca, nullptr, b, &cb, ictxt, options));
}

/// The transform over the communicator `comm` (mr2d_comm_nd_transform).
template <class T>
void comm_nd_transform(MPI_Comm comm, const std::vector<int>& perm, T alpha, const T* a, const NdArray& da, T beta,
                       T* b, const NdArray& db, const mr2d_options* options = nullptr) {
  const char* who = "mr2d::comm_nd_transform";
  const int* p = nd_detail::perm_of(perm, da, who);
  const mr2d_nd_array ca = da.checked(who), cb = db.checked(who);
  check(mr2d_comm_nd_transform(comm, type_of<T>::value, p, &alpha, a, &ca, &beta, b, &cb, options));
}

/// The copy over the communicator `comm`.
template <class T>
void comm_nd_copy(MPI_Comm comm, const std::vector<int>& perm, const T* a, const NdArray& da, T* b, const NdArray& db,
                  const mr2d_options* options = nullptr) {
  const char* who = "mr2d::comm_nd_copy";
  const int* p = nd_detail::perm_of(perm, da, who);
  const mr2d_nd_array ca = da.checked(who), cb = db.checked(who);
  check(mr2d_comm_nd_transform(comm, type_of<T>::value, p, nullptr, a, &ca, nullptr, b, &cb, options));
}

/// Plan of nd_transform / nd_copy (mr2d_plan_create_nd): run it with
/// execute(a, b), execute(alpha, a, beta, b) or start(...). The descriptions
/// may be destroyed after creation. Throws on error.
template <class T>
Plan<T> plan_nd(const std::vector<int>& perm, const NdArray& da, const NdArray& db, mr2d_int ictxt,
                const mr2d_options* options = nullptr) {
  const char* who = "mr2d::plan_nd";
  const int* p = nd_detail::perm_of(perm, da, who);
  const mr2d_nd_array ca = da.checked(who), cb = db.checked(who);
  mr2d_plan plan = nullptr;
  check(mr2d_plan_create_nd(&plan, type_of<T>::value, p, &ca, &cb, ictxt, options));
  return Plan<T>::adopt(plan);
}

/// Plan over the communicator `comm` (mr2d_plan_create_comm_nd), which must
/// outlive it; throws on error.
template <class T>
Plan<T> comm_plan_nd(MPI_Comm comm, const std::vector<int>& perm, const NdArray& da, const NdArray& db,
                     const mr2d_options* options = nullptr) {
  const char* who = "mr2d::comm_plan_nd";
  const int* p = nd_detail::perm_of(perm, da, who);
  const mr2d_nd_array ca = da.checked(who), cb = db.checked(who);
  mr2d_plan plan = nullptr;
  check(mr2d_plan_create_comm_nd(&plan, comm, type_of<T>::value, p, &ca, &cb, options));
  return Plan<T>::adopt(plan);
}

}  // namespace mr2d

#endif  // MR2D_MR2D_ND_HPP

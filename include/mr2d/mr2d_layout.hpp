// SPDX-License-Identifier: BSD-3-Clause
// C++ interface of mr2d_layout.h: grid layouts that own their tables, the
// layout of a matrix split by rows over processes (as PETSc splits it), and
// the transforms and plans between any two sides, throwing mr2d::Error.
#ifndef MR2D_MR2D_LAYOUT_HPP
#define MR2D_MR2D_LAYOUT_HPP

#include <string>
#include <utility>
#include <vector>

#include "mr2d/mr2d.hpp"
#include "mr2d/mr2d_layout.h"

namespace mr2d {

/// Split points of `n` rows over `parts` processes as PETSc splits them:
/// n / parts rows each, one more on the first n % parts; parts + 1 values
/// from 0 to n, part p holding rows [splits[p], splits[p+1]). Throws on n < 0
/// or parts < 1.
inline std::vector<mr2d_int> uneven_splits(mr2d_int n, int parts) {
  if (n < 0 || parts < 1)
    throw Error(MR2D_ERR_ARGUMENT, "mr2d::uneven_splits: " + std::to_string(n) + " rows over " + std::to_string(parts) +
                                       " parts (need rows >= 0, parts >= 1)");
  std::vector<mr2d_int> splits(static_cast<std::size_t>(parts) + 1, 0);
  const mr2d_int each = n / parts, extra = n % parts;
  for (int p = 0; p < parts; ++p)
    splits[static_cast<std::size_t>(p) + 1] = splits[static_cast<std::size_t>(p)] + each + (p < extra ? 1 : 0);
  return splits;
}

/// A grid layout (mr2d_grid_layout) that owns its split, owner and block
/// tables; copies and moves keep the C view pointing at their own tables.
class GridLayout {
 public:
  /// A rows x cols matrix cut at `row_splits` and `col_splits`; block (r, c)
  /// belongs to owners[r + c * block_rows]. This process gives no blocks yet.
  GridLayout(mr2d_int rows, mr2d_int cols, std::vector<mr2d_int> row_splits, std::vector<mr2d_int> col_splits,
             std::vector<int> owners)
      : row_splits_(std::move(row_splits)), col_splits_(std::move(col_splits)), owners_(std::move(owners)) {
    view_.rows = rows;
    view_.cols = cols;
    refresh();
  }
  /// A copy whose C view points at the copy's tables.
  GridLayout(const GridLayout& other)
      : view_(other.view_),
        row_splits_(other.row_splits_),
        col_splits_(other.col_splits_),
        owners_(other.owners_),
        blocks_(other.blocks_) {
    refresh();
  }
  /// Takes over `other`'s tables.
  GridLayout(GridLayout&& other) noexcept
      : view_(other.view_),
        row_splits_(std::move(other.row_splits_)),
        col_splits_(std::move(other.col_splits_)),
        owners_(std::move(other.owners_)),
        blocks_(std::move(other.blocks_)) {
    refresh();
  }
  /// Replaces this layout with `other` (copy or move).
  GridLayout& operator=(GridLayout other) noexcept {
    std::swap(view_, other.view_);
    row_splits_.swap(other.row_splits_);
    col_splits_.swap(other.col_splits_);
    owners_.swap(other.owners_);
    blocks_.swap(other.blocks_);
    refresh();
    return *this;
  }
  ~GridLayout() = default;

  /// This process gives block (row, col) at `offset` elements from the array
  /// passed to each call or plan execution, leading dimension `ld`.
  GridLayout& add_block(int row, int col, mr2d_int ld, long long offset = 0) {
    blocks_.push_back(mr2d_block{row, col, nullptr, offset, ld});
    refresh();
    return *this;
  }
  /// This process gives block (row, col) at `data` (bound when a plan is made).
  GridLayout& add_block(int row, int col, void* data, mr2d_int ld) {
    blocks_.push_back(mr2d_block{row, col, data, 0, ld});
    refresh();
    return *this;
  }

  /// The C view, valid while this object lives unchanged.
  const mr2d_grid_layout& c() const noexcept { return view_; }
  /// The layout as one side of a redistribution (points at this object).
  mr2d_matrix matrix() const noexcept { return mr2d_matrix{nullptr, nullptr, &view_}; }
  /// First global row of every block row, and the total rows last.
  const std::vector<mr2d_int>& row_splits() const noexcept { return row_splits_; }
  /// First global column of every block column, and the total columns last.
  const std::vector<mr2d_int>& col_splits() const noexcept { return col_splits_; }

 private:
  void refresh() noexcept {
    view_.block_rows = static_cast<int>(row_splits_.empty() ? 0 : row_splits_.size() - 1);
    view_.block_cols = static_cast<int>(col_splits_.empty() ? 0 : col_splits_.size() - 1);
    view_.row_splits = row_splits_.data();
    view_.col_splits = col_splits_.data();
    view_.owners = owners_.data();
    view_.nblocks = static_cast<int>(blocks_.size());
    view_.blocks = blocks_.data();
  }

  mr2d_grid_layout view_{};
  std::vector<mr2d_int> row_splits_, col_splits_;
  std::vector<int> owners_;
  std::vector<mr2d_block> blocks_;
};

/// A rows x cols matrix split by rows at `splits` (one block row per entry
/// of `owners`, one block column): block row p belongs to owners[p]. Process
/// `me` (a rank of the union) gives each block row it owns as one column-
/// major block of the array passed to the call, the first at offset 0 with
/// ld = its rows, the next right after it (offset += rows * cols), and so on.
inline GridLayout row_layout(mr2d_int rows, mr2d_int cols, const std::vector<mr2d_int>& splits,
                             const std::vector<int>& owners, int me) {
  if (splits.size() != owners.size() + 1)
    throw Error(MR2D_ERR_ARGUMENT, "mr2d::row_layout: " + std::to_string(splits.size()) + " split points for " +
                                       std::to_string(owners.size()) +
                                       " owners (need one more split point than owners)");
  GridLayout layout(rows, cols, splits, std::vector<mr2d_int>{0, cols}, owners);
  long long offset = 0;
  for (std::size_t p = 0; p < owners.size(); ++p) {
    const mr2d_int mine = splits[p + 1] - splits[p];
    if (owners[p] != me || mine <= 0 || cols <= 0) continue;
    layout.add_block(static_cast<int>(p), 0, mine, offset);
    offset += static_cast<long long>(mine) * cols;
  }
  return layout;
}

/// `rows` x `cols` split by rows over the `nprocs` ranks 0 .. nprocs-1 of
/// the union as PETSc splits them (uneven_splits); rank `me` holds its rows
/// as one column-major block, ld = its row count, at the start of its array.
inline GridLayout uneven_rows(mr2d_int rows, mr2d_int cols, int nprocs, int me) {
  std::vector<int> owners(static_cast<std::size_t>(nprocs > 0 ? nprocs : 0));
  for (int p = 0; p < nprocs; ++p) owners[static_cast<std::size_t>(p)] = p;
  return row_layout(rows, cols, uneven_splits(rows, nprocs), owners, me);
}

/// A block-cyclic side: a descriptor and, for the communicator entries, its
/// grid in the communicator (both must outlive the returned value).
inline mr2d_matrix matrix(const mr2d_int* desc, const mr2d_grid* grid = nullptr) noexcept {
  return mr2d_matrix{desc, grid, nullptr};
}

/// sub(B) := alpha * op(sub(A)) + beta * sub(B) between any two sides, in
/// the BLACS context `ictxt` (mr2d_layout_transform); throws on error.
template <class T>
void layout_transform(char trans, mr2d_int m, mr2d_int n, T alpha, const T* a, mr2d_int ia, mr2d_int ja,
                      const mr2d_matrix& ma, T beta, T* b, mr2d_int ib, mr2d_int jb, const mr2d_matrix& mb,
                      mr2d_int ictxt, const mr2d_options* options = nullptr) {
  const char t[2] = {trans, 0};
  check(
      mr2d_layout_transform(type_of<T>::value, t, m, n, &alpha, a, ia, ja, &ma, &beta, b, ib, jb, &mb, ictxt, options));
}

/// sub(B) := sub(A) between any two sides in `ictxt`; throws on error.
template <class T>
void layout_copy(mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_matrix& ma, T* b, mr2d_int ib,
                 mr2d_int jb, const mr2d_matrix& mb, mr2d_int ictxt, const mr2d_options* options = nullptr) {
  layout_transform<T>('N', m, n, T(1), a, ia, ja, ma, T(0), b, ib, jb, mb, ictxt, options);
}

/// The transform over the communicator `comm` (mr2d_comm_layout_transform):
/// owners are ranks of `comm`; throws on error.
template <class T>
void comm_layout_transform(MPI_Comm comm, char trans, mr2d_int m, mr2d_int n, T alpha, const T* a, mr2d_int ia,
                           mr2d_int ja, const mr2d_matrix& ma, T beta, T* b, mr2d_int ib, mr2d_int jb,
                           const mr2d_matrix& mb, const mr2d_options* options = nullptr) {
  const char t[2] = {trans, 0};
  check(mr2d_comm_layout_transform(comm, type_of<T>::value, t, m, n, &alpha, a, ia, ja, &ma, &beta, b, ib, jb, &mb,
                                   options));
}

/// Plan of layout_transform (mr2d_plan_create_layout_transform); run it with
/// execute(a, b) for a copy or execute(alpha, a, beta, b). The layouts may be
/// destroyed after creation. Throws on error.
template <class T>
Plan<T> plan_layout_transform(char trans, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_matrix& ma,
                              mr2d_int ib, mr2d_int jb, const mr2d_matrix& mb, mr2d_int ictxt,
                              const mr2d_options* options = nullptr) {
  const char t[2] = {trans, 0};
  mr2d_plan plan = nullptr;
  check(mr2d_plan_create_layout_transform(&plan, type_of<T>::value, t, m, n, ia, ja, &ma, ib, jb, &mb, ictxt, options));
  return Plan<T>::adopt(plan);
}

/// Plan of comm_layout_transform (mr2d_plan_create_comm_layout_transform),
/// collective over `comm`, which must outlive it; throws on error.
template <class T>
Plan<T> comm_plan_layout_transform(MPI_Comm comm, char trans, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                                   const mr2d_matrix& ma, mr2d_int ib, mr2d_int jb, const mr2d_matrix& mb,
                                   const mr2d_options* options = nullptr) {
  const char t[2] = {trans, 0};
  mr2d_plan plan = nullptr;
  check(mr2d_plan_create_comm_layout_transform(&plan, comm, type_of<T>::value, t, m, n, ia, ja, &ma, ib, jb, &mb,
                                               options));
  return Plan<T>::adopt(plan);
}

}  // namespace mr2d

#endif  // MR2D_MR2D_LAYOUT_HPP

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Described grids; see described.hpp.
#include "grid/described.hpp"
#include "check/reasons.hpp"

#include <vector>

namespace mr2d::grid {

namespace {

// The first fault of a description, or none.
Fault check(const mr2d_grid* grid, int size, std::int64_t position) {
  const auto fault = [position](Reason why, std::int64_t value = 0, std::int64_t limit = 0) {
    return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).named(position);
  };
  if (grid == nullptr) return fault(Reason::null_pointer);
  if (grid->nprow < 1 || grid->npcol < 1) return fault(Reason::grid_shape, grid->nprow, grid->npcol);
  const Index positions = Index{grid->nprow} * grid->npcol;
  if (positions > size) return fault(Reason::grid_too_large, positions, size);
  if (grid->ranks == nullptr) return {};
  std::vector<bool> seen(static_cast<std::size_t>(size), false);
  for (Index k = 0; k < positions; ++k) {
    const int rank = grid->ranks[k];
    if (rank < 0 || rank >= size) return fault(Reason::rank_out_of_range, rank, size);
    if (seen[static_cast<std::size_t>(rank)]) return fault(Reason::rank_twice, rank);
    seen[static_cast<std::size_t>(rank)] = true;
  }
  return {};
}

}  // namespace

check::GridInfo described_grid_info(const mr2d_grid* grid, MPI_Comm comm, std::int64_t position, Fault& fault) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  check::GridInfo info;
  const Fault found = check(grid, size, position);
  if (!found.ok()) {
    if (fault.ok()) fault = found;
    return info;
  }
  info.nprow = grid->nprow;
  info.npcol = grid->npcol;
  const Index positions = info.nprow * info.npcol;
  for (Index k = 0; k < positions; ++k) {
    const int at = grid->ranks != nullptr ? grid->ranks[k] : static_cast<int>(k);
    if (at != rank) continue;
    // ranks is column-major (usermap); the default order is row-major.
    info.myrow = grid->ranks != nullptr ? k % info.nprow : k / info.npcol;
    info.mycol = grid->ranks != nullptr ? k / info.nprow : k % info.npcol;
  }
  return info;
}

}  // namespace mr2d::grid

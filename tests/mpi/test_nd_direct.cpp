// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional redistributions with the arrays in mr2d_alloc memory, where
// node peers may read A in place, and in ordinary memory: 3D arrays moved
// with an axis permutation between grids whose processes hold different
// numbers of blocks (some none), by a direct call and by a plan executed
// twice. A receiver reads a sender's A at the sender's own strides (its
// leading sizes, padded here, come with the agreement), so one that took
// its own would read the wrong elements. Every element of B's local array,
// padding included, is checked against its global index (each element of A
// holds its own), and the shared and the ordinary run must agree. In
// mr2d_alloc memory the receivers must have read their node peers' A in
// place (bytes_direct), in ordinary memory never.
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

#include "mr2d/mr2d_nd.h"
#include "mr2d/shared_allocator.hpp"

namespace {

constexpr double kPadding = -7;

// The value every element of the global array holds: its index, encoded.
double encoded(const std::array<mr2d_int, 3>& g) { return static_cast<double>(g[0] + 1000 * g[1] + 1000000 * g[2]); }

// A 3D array in blocks of ceil(n / p) per dimension, grid positions in C
// order (position k is rank k), stored in Fortran order with `pad` extra
// elements along dimension 0.
struct Side {
  std::array<mr2d_int, 3> sizes{};
  std::array<int, 3> grid{};
  std::array<mr2d_int, 3> counts{}, first{}, leading{};
  long long elements = 0;

  Side(std::array<mr2d_int, 3> n, std::array<int, 3> g, int rank, mr2d_int pad) : sizes(n), grid(g) {
    mr2d_nd_array d = describe(nullptr);
    mr2d_nd_local_shape(&d, rank, counts.data(), &elements);
    const std::array<int, 3> coord{rank / (g[1] * g[2]) % g[0], rank / g[2] % g[1], rank % g[2]};
    for (int k = 0; k < 3; ++k) first[k] = coord[k] * ((n[k] + g[k] - 1) / g[k]);
    leading = {counts[0] + pad, counts[1], counts[2]};
    elements = leading[0] * leading[1] * leading[2];
  }
  mr2d_nd_array describe(const mr2d_int* lead) const {
    mr2d_nd_array d{};
    d.ndims = 3;
    d.sizes = sizes.data();
    d.grid = grid.data();
    d.grid_order = MR2D_ND_ORDER_C;
    d.storage_order = MR2D_ND_ORDER_FORTRAN;
    d.leading = lead;
    return d;
  }
  std::size_t at(mr2d_int i, mr2d_int j, mr2d_int k) const {
    return static_cast<std::size_t>(i + leading[0] * (j + leading[1] * k));
  }
};

struct Case {
  std::array<mr2d_int, 3> n;
  std::array<int, 3> grid_a, perm, grid_b;
};

// Runs one case with A and B in memory of `Alloc`; the number of wrong elements here.
template <class Alloc>
long long run(const Case& c, int rank, bool planned) {
  const Side a(c.n, c.grid_a, rank, 0);
  std::array<mr2d_int, 3> nb{};
  for (int d = 0; d < 3; ++d) nb[c.perm[d]] = c.n[d];
  const Side b(nb, c.grid_b, rank, 2);
  std::vector<double, Alloc> x(static_cast<std::size_t>(std::max(1LL, a.elements)));
  std::vector<double, Alloc> y(static_cast<std::size_t>(std::max(1LL, b.elements)), kPadding);
  for (mr2d_int k = 0; k < a.counts[2]; ++k)
    for (mr2d_int j = 0; j < a.counts[1]; ++j)
      for (mr2d_int i = 0; i < a.counts[0]; ++i)
        x[a.at(i, j, k)] = encoded({a.first[0] + i, a.first[1] + j, a.first[2] + k});
  const mr2d_nd_array da = a.describe(nullptr), db = b.describe(b.leading.data());
  int status = MR2D_SUCCESS;
  if (planned) {
    mr2d_plan plan = nullptr;
    status = mr2d_plan_create_comm_nd(&plan, MPI_COMM_WORLD, MR2D_D, c.perm.data(), &da, &db, nullptr);
    // Twice: the second execution reuses everything the first set up.
    for (int round = 0; round < 2 && status == MR2D_SUCCESS; ++round)
      status = mr2d_plan_execute(plan, x.data(), y.data());
    mr2d_plan_destroy(&plan);
  } else {
    status = mr2d_comm_nd_transform(MPI_COMM_WORLD, MR2D_D, c.perm.data(), nullptr, x.data(), &da, nullptr, y.data(),
                                    &db, nullptr);
  }
  if (status != MR2D_SUCCESS) {
    std::printf("rank %d: status %d: %s\n", rank, status, mr2d_last_error());
    return 1;
  }
  long long wrong = 0;
  for (mr2d_int k = 0; k < b.leading[2]; ++k)
    for (mr2d_int j = 0; j < b.leading[1]; ++j)
      for (mr2d_int i = 0; i < b.leading[0]; ++i) {
        double want = kPadding;
        if (i < b.counts[0] && j < b.counts[1] && k < b.counts[2]) {
          const std::array<mr2d_int, 3> gb{b.first[0] + i, b.first[1] + j, b.first[2] + k};
          std::array<mr2d_int, 3> ga{};
          for (int d = 0; d < 3; ++d) ga[d] = gb[c.perm[d]];
          want = encoded(ga);
        }
        if (y[b.at(i, j, k)] != want && wrong++ < 3)
          std::printf("rank %d: B(%lld, %lld, %lld) is %g, not %g\n", rank, static_cast<long long>(i),
                      static_cast<long long>(j), static_cast<long long>(k), y[b.at(i, j, k)], want);
      }
  return wrong;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  // Pencil moves of a 3D FFT on P x 1, 1 x P and 2 x 2 process grids; uneven
  // blocks and processes holding no block of 9 over 4 (3, 3, 3, 0).
  std::vector<Case> cases;
  const std::vector<std::array<mr2d_int, 3>> sizes = {{8, 8, 9}, {5, 3, 2}, {12, 9, 7}};
  for (const std::array<mr2d_int, 3>& n : sizes) {
    cases.push_back({n, {1, size, 1}, {2, 0, 1}, {1, 1, size}});
    cases.push_back({n, {1, size, 1}, {1, 2, 0}, {1, size, 1}});
    cases.push_back({n, {1, 1, size}, {2, 0, 1}, {1, size, 1}});
    cases.push_back({n, {size, 1, 1}, {1, 0, 2}, {1, 1, size}});
    if (size == 4) cases.push_back({n, {1, 2, 2}, {2, 0, 1}, {1, 2, 2}});
  }
  long long failed = 0;
  // Bytes read in place during the runs in ordinary memory and in mr2d_alloc memory.
  long long direct[2] = {0, 0};
  auto direct_bytes = [] {
    mr2d_stats stats{};
    mr2d_get_stats(&stats);
    return static_cast<long long>(stats.bytes_direct);
  };
  for (std::size_t k = 0; k < cases.size(); ++k)
    for (bool planned : {false, true}) {
      long long wrong[2] = {0, 0};
      long long before = direct_bytes();
      wrong[0] = run<std::allocator<double>>(cases[k], rank, planned);
      direct[0] += direct_bytes() - before;
      before = direct_bytes();
      wrong[1] = run<mr2d::SharedAllocator<double>>(cases[k], rank, planned);
      direct[1] += direct_bytes() - before;
      MPI_Allreduce(MPI_IN_PLACE, wrong, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
      if (rank == 0 && (wrong[0] != 0 || wrong[1] != 0))
        std::printf("case %zu (%s): %lld wrong elements in ordinary memory, %lld in mr2d_alloc memory\n", k,
                    planned ? "plan" : "direct call", wrong[0], wrong[1]);
      failed += wrong[0] + wrong[1];
    }
  MPI_Allreduce(MPI_IN_PLACE, direct, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf(
        "bytes read in place from node peers: %lld in ordinary memory (must be 0), %lld in mr2d_alloc "
        "memory (must be > 0)\n",
        direct[0], direct[1]);
  if (direct[0] != 0 || direct[1] == 0) failed += 1;
  if (rank == 0) std::printf("%zu cases, %s\n", cases.size(), failed == 0 ? "all correct" : "FAILED");
  MPI_Finalize();
  return failed == 0 ? 0 : 1;
}

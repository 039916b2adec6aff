// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional redistributions at sizes whose every element is its own
// block on some side: a 4096 x 4096 matrix from row-cyclic(1) to
// column-cyclic(1) (--case 2d), and a 256^3 array cyclic(1) in every
// dimension on a 2 x 2 x 2 grid to cyclic(1) along one dimension of an 8 x
// 1 x 1 grid with its axes permuted (--case 3d). Each is run by a direct
// call and by a plan; every element of B's local array, padding included,
// is checked against the global index it must hold (A's elements hold their
// own), and planning must stay small: the plan's creation may grow the
// process's peak memory by at most 32 MiB (the arrays are allocated and
// touched before).
#include <mpi.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "mr2d/mr2d_nd.h"
#include "nd_arrays.hpp"

namespace {

using nd_test::Desc;
using nd_test::Index;
using nd_test::Multi;

constexpr double kPadding = -1;

long peak_kib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

Desc make(const Multi& sizes, const std::vector<int>& grid, const std::vector<mr2d_int>& blocks) {
  Desc d;
  d.ndims = static_cast<int>(sizes.size());
  d.sizes.assign(sizes.begin(), sizes.end());
  d.grid = grid;
  d.blocks = blocks;
  return d;
}

// A's local array: each element holds its global index's offset in C order.
std::vector<double> fill_a(const Desc& d, int rank) {
  const nd_test::LocalShape s = nd_test::local_shape(d, rank);
  std::vector<double> local(static_cast<std::size_t>(std::max<Index>(s.elements(), 1)), kPadding);
  if (s.coords.empty()) return local;
  Multi g(s.counts.size());
  nd_test::for_each_index(s.counts, [&](const Multi& l) {
    for (std::size_t k = 0; k < l.size(); ++k) g[k] = nd_test::global_index(d, static_cast<int>(k), s.coords[k], l[k]);
    local[static_cast<std::size_t>(nd_test::offset_in(l, s.leading, d.storage_order))] =
        static_cast<double>(nd_test::offset_in(g, nd_test::sizes_of(d), MR2D_ND_ORDER_C));
  });
  return local;
}

// Elements of B's local array that differ from what they must hold: A's
// element g at B's global index h with h[perm[k]] = g[k], padding untouched.
Index wrong_in_b(const Desc& a, const Desc& b, const std::vector<int>& perm, int rank,
                 const std::vector<double>& local) {
  const nd_test::LocalShape s = nd_test::local_shape(b, rank);
  std::vector<char> inside(local.size(), 0);
  Index wrong = 0;
  if (!s.coords.empty()) {
    Multi h(s.counts.size()), g(s.counts.size());
    const Multi a_sizes = nd_test::sizes_of(a);
    nd_test::for_each_index(s.counts, [&](const Multi& l) {
      for (std::size_t k = 0; k < l.size(); ++k)
        h[k] = nd_test::global_index(b, static_cast<int>(k), s.coords[k], l[k]);
      for (std::size_t k = 0; k < g.size(); ++k) g[k] = h[static_cast<std::size_t>(perm[k])];
      const auto at = static_cast<std::size_t>(nd_test::offset_in(l, s.leading, b.storage_order));
      inside[at] = 1;
      if (local[at] != static_cast<double>(nd_test::offset_in(g, a_sizes, MR2D_ND_ORDER_C))) ++wrong;
    });
  }
  for (std::size_t k = 0; k < local.size(); ++k)
    if (!inside[k] && local[k] != kPadding) ++wrong;
  return wrong;
}

int run(const Desc& a, Desc b, const std::vector<int>& perm, const char* name) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // B padded by one element along its last (fastest, C order) dimension.
  const nd_test::LocalShape sb = nd_test::local_shape(b, rank);
  b.leading.assign(sb.counts.begin(), sb.counts.end());
  b.leading.back() += 1;
  const std::vector<double> la = fill_a(a, rank);
  const std::size_t b_elems =
      static_cast<std::size_t>(std::max<Index>(nd_test::product(nd_test::local_shape(b, rank).leading), 1));
  std::vector<double> lb(b_elems, kPadding);
  const mr2d_nd_array da = a.view(), db = b.view();
  int failures = 0;
  const auto check = [&](int status, const char* how) {
    const Index wrong = status == MR2D_SUCCESS ? wrong_in_b(a, b, perm, rank, lb) : -1;
    Index all = 0;
    MPI_Allreduce(&wrong, &all, 1, MPI_LONG_LONG, wrong < 0 ? MPI_MIN : MPI_SUM, MPI_COMM_WORLD);
    if (wrong != 0) {
      std::printf("rank %d: %s %s: status %d, %lld wrong elements (%s)\n", rank, name, how, status, wrong,
                  mr2d_last_error());
      ++failures;
    }
    std::fill(lb.begin(), lb.end(), kPadding);
  };
  double t = MPI_Wtime();
  check(mr2d_comm_nd_transform(MPI_COMM_WORLD, MR2D_D, perm.data(), nullptr, la.data(), &da, nullptr, lb.data(), &db,
                               nullptr),
        "direct call");
  const double direct = MPI_Wtime() - t;
  const long before = peak_kib();
  t = MPI_Wtime();
  mr2d_plan plan = nullptr;
  const int created = mr2d_plan_create_comm_nd(&plan, MPI_COMM_WORLD, MR2D_D, perm.data(), &da, &db, nullptr);
  const double planning = MPI_Wtime() - t;
  const long grown = peak_kib() - before;
  if (created != MR2D_SUCCESS || grown > 32 * 1024) {
    std::printf("rank %d: %s plan creation: status %d, peak memory grown by %ld KiB (%s)\n", rank, name, created, grown,
                mr2d_last_error());
    ++failures;
  }
  if (created == MR2D_SUCCESS) {
    check(mr2d_plan_execute(plan, la.data(), lb.data()), "plan");
    mr2d_plan_destroy(&plan);
  }
  if (rank == 0)
    std::printf("%s: direct call %.3f s, plan creation %.4f s (peak memory +%ld KiB on rank 0)\n", name, direct,
                planning, grown);
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int size = 1, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::string which = argc > 2 && std::strcmp(argv[1], "--case") == 0 ? argv[2] : "2d";
  int failures = 0;
  if (which == "2d") {
    const Multi n{4096, 4096};
    failures = run(make(n, {size, 1}, {1, MR2D_ND_COLLAPSED}), make(n, {1, size}, {MR2D_ND_COLLAPSED, 1}), {0, 1},
                   "4096 x 4096 cyclic(1) rows to columns");
  } else {
    const Multi n{256, 256, 256};
    failures = run(make(n, {2, 2, size / 4}, {1, 1, 1}), make(n, {size, 1, 1}, {1, 1, 1}), {2, 0, 1},
                   "256^3 cyclic(1), axes permuted");
  }
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("nd large: %d failures\n", all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

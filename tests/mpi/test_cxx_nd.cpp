// SPDX-License-Identifier: BSD-3-Clause
// The C++ layer of N-dimensional arrays (mr2d_nd.hpp) against element-wise
// expected results computed here from the distribution rules alone (owner and
// local offset of every global index), whole local arrays checked, padding
// included:
//   1. comm_nd_copy of a 3D double array, block-cyclic in C order to BLOCK
//      dimensions in Fortran order with a rank map, sources and padding,
//      permutation (1,2,0);
//   2. a communicator plan of a window of a std::complex<double> array with
//      alpha and beta, run by execute(alpha, a, beta, b) and by start().wait();
//   3. nd_transform and plan_nd over a BLACS context (4D, a collapsed dimension);
//   4. errors: descriptions and perms of the wrong length throw locally, a bad
//      block size throws mr2d::Error on every process naming the field, B untouched.
// Three processes (any count >= 1 runs).
#include <mpi.h>

#include <complex>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "mr2d/blacs.h"
#include "mr2d/mr2d_nd.hpp"

namespace {

int rank = 0, world = 1, failures = 0;

void expect(bool ok, const std::string& what) {
  if (ok) return;
  std::printf("rank %d FAILED: %s\n", rank, what.c_str());
  ++failures;
}

using Index = long long;

/// Where global index g of one array lives: its union rank and its offset
/// in that rank's local array, from the description's rules.
struct Place {
  int rank = -1;
  Index offset = 0;
};

Place place_of(const mr2d::NdArray& array, const std::vector<Index>& g) {
  const mr2d_nd_array& d = array.c();
  const int n = d.ndims;
  std::vector<int> coord(static_cast<std::size_t>(n));
  std::vector<Index> local(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    const Index size = d.sizes[k], p = d.grid[k];
    const Index block = d.blocks == nullptr || d.blocks[k] == MR2D_ND_BLOCK ? std::max<Index>(1, (size + p - 1) / p)
                        : d.blocks[k] == MR2D_ND_COLLAPSED                  ? std::max<Index>(1, size)
                                                                            : d.blocks[k];
    const Index source = d.sources != nullptr ? d.sources[k] : 0;
    coord[static_cast<std::size_t>(k)] = static_cast<int>((g[static_cast<std::size_t>(k)] / block + source) % p);
    local[static_cast<std::size_t>(k)] =
        g[static_cast<std::size_t>(k)] / (block * p) * block + g[static_cast<std::size_t>(k)] % block;
  }
  int position = 0;
  for (int j = 0; j < n; ++j) {
    const int k = d.grid_order == MR2D_ND_ORDER_C ? j : n - 1 - j;  // slowest first
    position = position * d.grid[k] + coord[static_cast<std::size_t>(k)];
  }
  Place at;
  at.rank = d.ranks != nullptr ? d.ranks[position] : position;
  // Another rank's counts, only where no leading sizes (this process's own) give the strides.
  const std::vector<mr2d_int> counts =
      d.leading != nullptr ? std::vector<mr2d_int>() : array.local_shape(at.rank).counts;
  Index stride = 1;
  for (int j = 0; j < n; ++j) {
    const int k = d.storage_order == MR2D_ND_ORDER_FORTRAN ? j : n - 1 - j;  // fastest first
    at.offset += local[static_cast<std::size_t>(k)] * stride;
    stride *= d.leading != nullptr ? d.leading[k] : counts[static_cast<std::size_t>(k)];
  }
  return at;
}

/// Calls f(index) for every index of the box [starts, starts + counts).
void for_each_index(const std::vector<Index>& starts, const std::vector<Index>& counts,
                    const std::function<void(const std::vector<Index>&)>& f) {
  for (Index c : counts)
    if (c <= 0) return;
  std::vector<Index> i = starts;
  for (;;) {
    f(i);
    std::size_t k = 0;
    for (; k < i.size(); ++k) {
      if (++i[k] < starts[k] + counts[k]) break;
      i[k] = starts[k];
    }
    if (k == i.size()) return;
  }
}

std::vector<Index> window_starts(const mr2d_nd_array& d) {
  std::vector<Index> s(static_cast<std::size_t>(d.ndims), 0);
  for (int k = 0; k < d.ndims; ++k) s[static_cast<std::size_t>(k)] = d.starts != nullptr ? d.starts[k] : 0;
  return s;
}

std::vector<Index> window_counts(const mr2d_nd_array& d) {
  const std::vector<Index> starts = window_starts(d);
  std::vector<Index> c(starts.size(), 0);
  for (std::size_t k = 0; k < c.size(); ++k) c[k] = d.counts != nullptr ? d.counts[k] : d.sizes[k] - starts[k];
  return c;
}

std::vector<Index> all_of(const mr2d_nd_array& d) { return std::vector<Index>(d.sizes, d.sizes + d.ndims); }

/// A value for each global index of A, another for B's previous contents.
template <class T>
T value_a(const std::vector<Index>& g) {
  Index v = 1;
  for (Index x : g) v = v * 97 + x;
  return static_cast<T>(static_cast<double>(v % 100003));
}
template <class T>
T value_b(const std::vector<Index>& g) {
  Index v = 5;
  for (Index x : g) v = v * 31 + x;
  return static_cast<T>(-static_cast<double>(v % 1009) - 1);
}

/// This process's local array of `d`, padding included, holding `value` at
/// every index it owns and `pad` elsewhere.
template <class T>
std::vector<T> local_array(const mr2d::NdArray& d, T (*value)(const std::vector<Index>&), T pad) {
  std::vector<T> a(static_cast<std::size_t>(std::max(1LL, d.local_shape(rank).elements)), pad);
  for_each_index(std::vector<Index>(static_cast<std::size_t>(d.ndims()), 0), all_of(d.c()),
                 [&](const std::vector<Index>& g) {
                   const Place at = place_of(d, g);
                   if (at.rank == rank) a[static_cast<std::size_t>(at.offset)] = value(g);
                 });
  return a;
}

/// B as it must be after B(perm[k] <- i_k) := alpha * A(i) + beta * B over
/// the windows: `before` elsewhere (padding and outside the window).
template <class T>
std::vector<T> expected_b(const mr2d::NdArray& da, const mr2d::NdArray& db, const std::vector<int>& perm, T alpha,
                          T beta, const std::vector<T>& before) {
  std::vector<T> b = before;
  const std::vector<Index> sa = window_starts(da.c()), sb = window_starts(db.c());
  for_each_index(sa, window_counts(da.c()), [&](const std::vector<Index>& i) {
    std::vector<Index> j(i.size());
    for (std::size_t k = 0; k < i.size(); ++k) {
      const std::size_t to = perm.empty() ? k : static_cast<std::size_t>(perm[k]);
      j[to] = sb[to] + (i[k] - sa[k]);
    }
    const Place at = place_of(db, j);
    if (at.rank != rank) return;
    T& x = b[static_cast<std::size_t>(at.offset)];
    x = alpha * value_a<T>(i) + beta * x;
  });
  return b;
}

template <class T>
void expect_equal(const std::vector<T>& got, const std::vector<T>& want, const std::string& what) {
  std::size_t wrong = 0, first = got.size();
  for (std::size_t k = 0; k < got.size(); ++k)
    if (got[k] != want[k] && wrong++ == 0) first = k;
  expect(wrong == 0, what + ": " + std::to_string(wrong) + " of " + std::to_string(got.size()) +
                         " local elements differ, first at " + std::to_string(first));
}

std::vector<int> all_ranks_reversed() {
  std::vector<int> r(static_cast<std::size_t>(world));
  for (int k = 0; k < world; ++k) r[static_cast<std::size_t>(k)] = world - 1 - k;
  return r;
}

// 1. A copy over the communicator, every rule of a description exercised.
void copy_over_comm() {
  mr2d::NdArray da({7, 6, 5});
  da.grid({world, 1, 1}).blocks({2, MR2D_ND_BLOCK, MR2D_ND_COLLAPSED});
  const mr2d_int rows_a = da.local_shape(rank).counts[0];
  da.leading({rows_a + 1, 8, 6});
  const std::vector<int> perm{1, 2, 0};
  mr2d::NdArray db({5, 7, 6});
  db.grid({1, world, 1}, MR2D_ND_ORDER_FORTRAN)
      .blocks({MR2D_ND_BLOCK, 3, MR2D_ND_BLOCK})
      .sources({0, world > 1 ? 1 : 0, 0})
      .ranks(all_ranks_reversed())
      .storage(MR2D_ND_ORDER_FORTRAN);
  const std::vector<mr2d_int> cb = db.local_shape(rank).counts;
  db.leading({cb[0] + 2, cb[1] + 1, cb[2]});
  const std::vector<double> a = local_array<double>(da, value_a<double>, -7.0);
  std::vector<double> b(static_cast<std::size_t>(std::max(1LL, db.local_shape(rank).elements)), -1.0);
  const std::vector<double> want = expected_b<double>(da, db, perm, 1.0, 0.0, b);
  mr2d::comm_nd_copy<double>(MPI_COMM_WORLD, perm, a.data(), da, b.data(), db);
  expect_equal(b, want, "comm_nd_copy 3D perm (1,2,0)");
}

// 2. A window, alpha and beta, through a communicator plan run twice.
void window_plan_over_comm() {
  using Z = std::complex<double>;
  mr2d::NdArray da({9, 4, 6});
  da.grid({1, 1, world}).blocks({4, 3, 1}).storage(MR2D_ND_ORDER_FORTRAN).window({1, 0, 2}, {5, 4, 3});
  const std::vector<int> perm{2, 0, 1};
  mr2d::NdArray db({6, 3, 7});
  db.grid({world, 1, 1}).blocks({2, MR2D_ND_COLLAPSED, 3}).window({2, 0, 1}, {4, 3, 5});
  const std::vector<Z> a = local_array<Z>(da, value_a<Z>, Z(-7.0));
  const std::vector<Z> before = local_array<Z>(db, value_b<Z>, Z(-3.0, 1.0));
  const Z alpha(2.0, 0.5), beta(-1.0, 0.0);
  const std::vector<Z> want = expected_b<Z>(da, db, perm, alpha, beta, before);
  const mr2d::Plan<Z> plan = mr2d::comm_plan_nd<Z>(MPI_COMM_WORLD, perm, da, db);
  std::vector<Z> b = before;
  plan.execute(alpha, a.data(), beta, b.data());
  expect_equal(b, want, "comm_plan_nd execute(alpha, a, beta, b) on a window");
  b = before;
  plan.start(alpha, a.data(), beta, b.data()).wait();
  expect_equal(b, want, "comm_plan_nd start(...).wait() on a window");
  const mr2d_plan_info info = plan.info();
  long long moved = info.bytes_local + info.bytes_received, total = 0;
  MPI_Allreduce(&moved, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  expect(
      total == 5 * 4 * 3 * static_cast<long long>(sizeof(Z)),
      "the plan moves the window's " + std::to_string(5 * 4 * 3 * sizeof(Z)) + " bytes, not " + std::to_string(total));
}

// 3. Over a BLACS context of all processes: a direct transform and a plan.
void over_context() {
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "Row-major", 1, world);
  mr2d::NdArray da({3, 5, 4, 2});
  da.grid({1, world, 1, 1}).blocks({MR2D_ND_COLLAPSED, 2, MR2D_ND_BLOCK, 1});
  const std::vector<int> perm{3, 2, 1, 0};
  mr2d::NdArray db({2, 4, 5, 3});
  db.grid({1, 1, 1, world}, MR2D_ND_ORDER_FORTRAN).blocks({1, MR2D_ND_COLLAPSED, 2, 1});
  const std::vector<float> a = local_array<float>(da, value_a<float>, -7.0f);
  const std::vector<float> before = local_array<float>(db, value_b<float>, -2.0f);
  const std::vector<float> want = expected_b<float>(da, db, perm, 3.0f, 0.5f, before);
  std::vector<float> b = before;
  mr2d::nd_transform<float>(perm, 3.0f, a.data(), da, 0.5f, b.data(), db, ctxt);
  expect_equal(b, want, "nd_transform 4D over a context");
  const std::vector<float> copied = expected_b<float>(da, db, perm, 1.0f, 0.0f, before);
  b = before;
  mr2d::plan_nd<float>(perm, da, db, ctxt).execute(a.data(), b.data());
  expect_equal(b, copied, "plan_nd execute(a, b) 4D over a context");
  b = before;
  mr2d::nd_copy<float>(perm, a.data(), da, b.data(), db, ctxt);
  expect_equal(b, copied, "nd_copy 4D over a context");
  Cblacs_gridexit(ctxt);
}

template <class F>
std::string error_of(F&& f, int& status) {
  try {
    f();
  } catch (const mr2d::Error& e) {
    status = e.status();
    return e.what();
  }
  status = MR2D_SUCCESS;
  return "";
}

// 4. Errors: local ones before any collective, agreed ones on every process.
void errors() {
  int status = 0;
  std::string message = error_of([] { mr2d::NdArray({2, 3}).blocks({1, 2, 3}); }, status);
  expect(status == MR2D_ERR_ARGUMENT && message.find("mr2d::NdArray::blocks: 3 values for 2 dimensions") == 0,
         "blocks of the wrong length: '" + message + "'");
  message = error_of([] { mr2d::NdArray(std::vector<mr2d_int>{}); }, status);
  expect(status == MR2D_ERR_ARGUMENT && message.find("0 dimensions") != std::string::npos,
         "no dimensions: '" + message + "'");
  mr2d::NdArray da({4, 4});
  da.grid({world, 1});
  mr2d::NdArray db = da;  // a copy owns its tables
  std::vector<double> a(16, 1.0), b(16, -1.0);
  message = error_of([&] { mr2d::comm_nd_copy<double>(MPI_COMM_WORLD, {0}, a.data(), da, b.data(), db); }, status);
  expect(status == MR2D_ERR_ARGUMENT && message.find("perm holds 1 values for 2 dimensions") != std::string::npos,
         "perm of the wrong length: '" + message + "'");
  message = error_of([&] { mr2d::NdArray(da).ranks({0, 0, 0, 0, 0, 0, 0, 0, 0}).local_shape(0); }, status);
  expect(status == MR2D_ERR_ARGUMENT && message.find("ranks holds 9 values") != std::string::npos,
         "rank map of the wrong length: '" + message + "'");
  // A bad block size on one process only: every process must throw.
  mr2d::NdArray bad = db;
  if (rank == world - 1) bad.blocks({0, 1});
  message = error_of([&] { mr2d::comm_nd_copy<double>(MPI_COMM_WORLD, {1, 0}, a.data(), da, b.data(), bad); }, status);
  expect(status == MR2D_ERR_ARGUMENT, "bad block size: status " + std::to_string(status));
  expect(message.find("blocks[0]") != std::string::npos, "bad block size named: '" + message + "'");
  expect(b == std::vector<double>(16, -1.0), "B untouched after the error");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  const std::vector<std::pair<const char*, void (*)()>> parts = {
      {"copy over a communicator", copy_over_comm},
      {"plan of a window with alpha and beta", window_plan_over_comm},
      {"over a BLACS context", over_context},
      {"errors", errors}};
  for (const auto& part : parts) {
    try {
      part.second();
    } catch (const mr2d::Error& e) {
      expect(false, std::string(part.first) + " threw: " + e.what());
    }
  }
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("%s: %d failures\n", all == 0 ? "nd C++ layer passed" : "nd C++ layer FAILED", all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

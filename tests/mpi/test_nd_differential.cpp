// SPDX-License-Identifier: BSD-3-Clause
// Random N-dimensional redistributions (mr2d_nd.h) against arrays computed
// without the library: 1 to 5 dimensions, every kind of dimension
// distribution, first blocks off coordinate 0, padding, windows, any
// permutation of the axes, grids numbered in C and Fortran order on rank
// maps (disjoint and overlapping process sets), both storage orders, all
// five types, copies and alpha/beta transforms, over a communicator and a
// BLACS union context, direct, as a plan executed twice on different
// arrays, and started. The expected local arrays come from the global
// arrays through MPI_Type_create_darray where it describes the
// distribution (checked against the index math there), by index math
// elsewhere; whole local arrays are compared, padding and processes outside
// the grids included. Prints how many cases of each kind ran and fails
// when a kind got none.
//   test_nd_differential --seed S --cases N
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "layout_cases.hpp"
#include "mr2d/mr2d_nd.h"
#include "nd_arrays.hpp"

using mr2d_layout_test::pick;
using mr2d_layout_test::Rng;
using namespace nd_test;

namespace {

int g_rank = 0, g_size = 1, g_ctxt = -1;
long g_failures = 0;
std::map<std::string, long> g_kinds;

enum Call { comm_direct, blacs_direct, plan_twice, plan_start, kCalls };
const char* const kCallNames[] = {"comm_direct", "blacs_direct", "plan_twice", "plan_start"};
// alpha, beta pairs of the transforms (real parts; complex ones get an
// imaginary part too).
const int kScalars[][2] = {{1, 0}, {0, 1}, {2, -1}, {-3, 2}, {1, 1}, {0, 0}, {-1, 3}};

struct Case {
  int type = MR2D_D;
  Desc a, b;
  std::vector<int> perm;  // empty: NULL (the identity)
  bool transform = false, null_outside = true;
  int scalars = 0;
  Call call = comm_direct;
  int perm_of(int d) const { return perm.empty() ? d : perm[static_cast<std::size_t>(d)]; }
};

template <class V>
std::string list(const V& v) {
  std::string s = "{";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return v.empty() ? "NULL" : s + "}";
}

std::string describe(const Desc& d) {
  return "sizes " + list(d.sizes) + " blocks " + list(d.blocks) + " grid " + list(d.grid) + " order " +
         std::to_string(d.grid_order) + " ranks " + list(d.ranks) + " sources " + list(d.sources) + " storage " +
         std::to_string(d.storage_order) + " starts " + list(d.starts) + " counts " + list(d.counts);
}

std::string describe(const Case& c, int k) {
  return "case " + std::to_string(k) + " type " + std::to_string(c.type) + " " + kCallNames[c.call] +
         (c.transform ? " transform " + std::to_string(c.scalars) : " copy") + " perm " + list(c.perm) +
         "\n  A: " + describe(c.a) + "\n  B: " + describe(c.b);
}

void fail(const std::string& what) {
  if (g_failures++ < 10) std::fprintf(stderr, "rank %d: %s\n", g_rank, what.c_str());
}

std::vector<int> shuffled_ranks(Rng& r, int count, const std::vector<int>& avoid) {
  std::vector<int> all, rest;
  for (int k = 0; k < g_size; ++k) (std::find(avoid.begin(), avoid.end(), k) == avoid.end() ? all : rest).push_back(k);
  std::shuffle(all.begin(), all.end(), r);
  std::shuffle(rest.begin(), rest.end(), r);
  all.insert(all.end(), rest.begin(), rest.end());  // the avoided ones only where too few remain
  all.resize(static_cast<std::size_t>(count));
  return all;
}

// Grid, distribution, orders and rank map of one side over `sizes`;
// `avoid`: ranks B should keep off (to make disjoint sets likely).
void distribute(Rng& r, Desc& d, const std::vector<int>& avoid) {
  const int n = d.ndims;
  d.grid.assign(static_cast<std::size_t>(n), 1);
  d.blocks.assign(static_cast<std::size_t>(n), MR2D_ND_BLOCK);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), r);
  int used = 1;
  for (int k : order) {
    const int cap = g_size / used;
    const int g = pick(r, 0, 2) == 0 ? 1 : pick(r, 1, cap);
    d.grid[static_cast<std::size_t>(k)] = g;
    used *= g;
  }
  bool all_default = true;
  for (int k = 0; k < n; ++k) {
    const int kind = pick(r, 0, 3);
    mr2d_int& b = d.blocks[static_cast<std::size_t>(k)];
    if (kind == 3 && d.grid[static_cast<std::size_t>(k)] == 1)
      b = MR2D_ND_COLLAPSED;
    else if (kind >= 2)
      b = MR2D_ND_BLOCK;
    else
      b = pick(r, 1, 4);
    all_default = all_default && b == MR2D_ND_BLOCK;
  }
  if (all_default && pick(r, 0, 1) == 0) d.blocks.clear();
  if (pick(r, 0, 1) == 0) {
    d.sources.resize(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
      d.sources[static_cast<std::size_t>(k)] = pick(r, 0, d.grid[static_cast<std::size_t>(k)] - 1);
  }
  d.grid_order = pick(r, 0, 1);
  d.storage_order = pick(r, 0, 1);
  if (pick(r, 0, 2) != 0) d.ranks = shuffled_ranks(r, used, avoid);
}

// Window of one side: none, starts alone, or starts and counts.
void window(Rng& r, Desc& d) {
  const int mode = pick(r, 0, 2);
  if (mode == 0) return;
  d.starts.resize(static_cast<std::size_t>(d.ndims));
  for (int k = 0; k < d.ndims; ++k) {
    const int size = static_cast<int>(d.sizes[static_cast<std::size_t>(k)]);
    d.starts[static_cast<std::size_t>(k)] = pick(r, 0, size - 1);
  }
  if (mode == 1) return;
  d.counts.resize(static_cast<std::size_t>(d.ndims));
  for (int k = 0; k < d.ndims; ++k) {
    const int rest = static_cast<int>(d.sizes[static_cast<std::size_t>(k)] - d.starts[static_cast<std::size_t>(k)]);
    const int lo = pick(r, 0, 9) == 0 ? 0 : std::min(rest, 1);  // an empty window now and then
    d.counts[static_cast<std::size_t>(k)] = pick(r, lo, rest);
  }
}

Case random_case(Rng& r) {
  Case c;
  c.type = pick(r, 0, 4);
  const int n = pick(r, 1, 5);
  // At most about a thousand elements per array (a few thousand with B's margins).
  const int most = std::min(40, static_cast<int>(std::pow(1000.0, 1.0 / n)));
  c.a.ndims = c.b.ndims = n;
  for (int k = 0; k < n; ++k) c.a.sizes.push_back(pick(r, 1, most));
  distribute(r, c.a, {});
  window(r, c.a);
  c.perm.resize(static_cast<std::size_t>(n));
  std::iota(c.perm.begin(), c.perm.end(), 0);
  std::shuffle(c.perm.begin(), c.perm.end(), r);
  bool identity = true;
  for (int k = 0; k < n; ++k) identity = identity && c.perm[static_cast<std::size_t>(k)] == k;
  if (identity && pick(r, 0, 1) == 0) c.perm.clear();
  // B's window has A's counts, permuted, inside sizes with a margin (a
  // zero count needs one: sizes are at least 1).
  bool b_window = pick(r, 0, 1) == 1;
  for (int k = 0; k < n; ++k) b_window = b_window || c.a.count(k) == 0;
  c.b.sizes.assign(static_cast<std::size_t>(n), 0);
  if (b_window) {
    c.b.starts.assign(static_cast<std::size_t>(n), 0);
    c.b.counts.assign(static_cast<std::size_t>(n), 0);
  }
  for (int k = 0; k < n; ++k) {
    const auto to = static_cast<std::size_t>(c.perm_of(k));
    const auto count = static_cast<mr2d_int>(c.a.count(k));
    c.b.sizes[to] = std::max<mr2d_int>(count + (b_window ? pick(r, 0, 2) : 0), 1);
    if (b_window) {
      c.b.counts[to] = count;
      c.b.starts[to] = pick(r, 0, static_cast<int>(c.b.sizes[to] - count));
    }
  }
  distribute(r, c.b, pick(r, 0, 1) ? c.a.members() : std::vector<int>{});
  c.transform = pick(r, 0, 1) == 1;
  c.scalars = pick(r, 0, static_cast<int>(sizeof kScalars / sizeof kScalars[0]) - 1);
  c.call = static_cast<Call>(pick(r, 0, kCalls - 1));
  c.null_outside = pick(r, 0, 1) == 1;
  return c;
}

// This process's padding: its own leading sizes above its counts.
void pad(Rng& mine, Desc& d) {
  const LocalShape s = local_shape(d, g_rank);
  d.leading.resize(static_cast<std::size_t>(d.ndims));
  for (int k = 0; k < d.ndims; ++k)
    d.leading[static_cast<std::size_t>(k)] =
        static_cast<mr2d_int>(s.counts[static_cast<std::size_t>(k)] + pick(mine, 0, 2));
}

template <class T>
T scalar(int re, bool imag) {
  if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    using R = typename T::value_type;
    return T(static_cast<R>(re), static_cast<R>(imag && re > 1 ? 1 : 0));
  } else {
    return static_cast<T>(re);
  }
}

// This process's local A, B before the call and B as it must be after it.
template <class T>
struct Data {
  std::vector<T> a, b, want;
};

template <class T>
std::vector<T> local_of(const Desc& d, const std::vector<T>& global, const std::string& what) {
  std::vector<T> local = local_by_index(d, g_rank, global);
  if (darray_fits(d)) {
    std::vector<T> ref = local_by_darray(d, g_rank, global);
    if (!same_bits(ref, local)) fail(what + ": index math and MPI_Type_create_darray disagree");
    return ref;
  }
  return local;
}

template <class T>
Data<T> make_data(const Case& c, int salt, const T& alpha, const T& beta, const std::string& what) {
  std::vector<T> ga(static_cast<std::size_t>(product(sizes_of(c.a)))),
      gb(static_cast<std::size_t>(product(sizes_of(c.b))));
  for (std::size_t k = 0; k < ga.size(); ++k) ga[k] = value_of<T>(static_cast<Index>(k), salt);
  for (std::size_t k = 0; k < gb.size(); ++k) gb[k] = value_of<T>(static_cast<Index>(k), salt + 1);
  std::vector<T> want = gb;
  const int n = c.a.ndims;
  Multi counts(static_cast<std::size_t>(n)), ia(static_cast<std::size_t>(n)), ib(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) counts[static_cast<std::size_t>(k)] = c.a.count(k);
  const Multi sa = sizes_of(c.a), sb = sizes_of(c.b);
  for_each_index(counts, [&](const Multi& w) {
    for (int k = 0; k < n; ++k) {
      const auto to = static_cast<std::size_t>(c.perm_of(k));
      ia[static_cast<std::size_t>(k)] = c.a.start(k) + w[static_cast<std::size_t>(k)];
      ib[to] = c.b.start(static_cast<int>(to)) + w[static_cast<std::size_t>(k)];
    }
    T& y = want[static_cast<std::size_t>(offset_in(ib, sb, c.b.storage_order))];
    const T& x = ga[static_cast<std::size_t>(offset_in(ia, sa, c.a.storage_order))];
    y = c.transform ? combine(alpha, beta, x, y) : x;
  });
  return {local_of(c.a, ga, what + " A"), local_of(c.b, gb, what + " B"), local_of(c.b, want, what + " B expected")};
}

template <class T>
void run_case(const Case& c, int index) {
  const std::string what = describe(c, index);
  const bool imag = index % 2 == 1;
  const T alpha = scalar<T>(kScalars[c.scalars][0], imag), beta = scalar<T>(kScalars[c.scalars][1], imag);
  const T* pa_s = c.transform ? &alpha : nullptr;
  const T* pb_s = c.transform ? &beta : nullptr;
  const mr2d_nd_array da = c.a.view(), db = c.b.view();
  const int* perm = c.perm.empty() ? nullptr : c.perm.data();
  const bool in_a = c.a.holds_position(g_rank), in_b = c.b.holds_position(g_rank);
  auto array = [&](std::vector<T>& v, bool member) -> T* { return member || !c.null_outside ? v.data() : nullptr; };
  auto check = [&](const Data<T>& d, const std::vector<T>& a_after, const std::vector<T>& b_after, const char* run) {
    const Index at = first_difference(d.want, b_after);
    if (at >= 0)
      fail(std::string(run) + ": local B differs at element " + std::to_string(at) + " of " +
           std::to_string(b_after.size()) + (in_b ? "" : " (outside B's grid)") + "\n  " + what);
    if (!same_bits(d.a, a_after)) fail(std::string(run) + ": A changed\n  " + what);
  };
  const int type = type_code<T>();
  Data<T> d = make_data<T>(c, 1, alpha, beta, what);
  std::vector<T> a = d.a, b = d.b;
  int rc = MR2D_SUCCESS;
  if (c.call == comm_direct || c.call == blacs_direct) {
    rc = c.call == comm_direct
             ? mr2d_comm_nd_transform(MPI_COMM_WORLD, type, perm, pa_s, array(a, in_a), &da, pb_s, array(b, in_b), &db,
                                      nullptr)
             : mr2d_nd_transform(type, perm, pa_s, array(a, in_a), &da, pb_s, array(b, in_b), &db, g_ctxt, nullptr);
    if (rc != MR2D_SUCCESS) return fail(std::string("direct call failed: ") + mr2d_last_error() + "\n  " + what);
    return check(d, a, b, kCallNames[c.call]);
  }
  mr2d_plan plan = nullptr;
  rc = index % 3 == 0 ? mr2d_plan_create_nd(&plan, type, perm, &da, &db, g_ctxt, nullptr)
                      : mr2d_plan_create_comm_nd(&plan, MPI_COMM_WORLD, type, perm, &da, &db, nullptr);
  if (rc != MR2D_SUCCESS) return fail(std::string("plan creation failed: ") + mr2d_last_error() + "\n  " + what);
  auto execute = [&](std::vector<T>& xa, std::vector<T>& xb) {
    if (c.call == plan_start) {
      mr2d_request req = nullptr;
      int s = c.transform ? mr2d_plan_start_transform(plan, pa_s, array(xa, in_a), pb_s, array(xb, in_b), &req)
                          : mr2d_plan_start(plan, array(xa, in_a), array(xb, in_b), &req);
      if (s == MR2D_SUCCESS) s = mr2d_request_wait(&req);
      return s;
    }
    return c.transform ? mr2d_plan_execute_transform(plan, pa_s, array(xa, in_a), pb_s, array(xb, in_b))
                       : mr2d_plan_execute(plan, array(xa, in_a), array(xb, in_b));
  };
  rc = execute(a, b);
  if (rc != MR2D_SUCCESS)
    fail(std::string("plan execution failed: ") + mr2d_last_error() + "\n  " + what);
  else
    check(d, a, b, kCallNames[c.call]);
  if (c.call == plan_twice) {  // the same plan on other arrays, other values
    Data<T> d2 = make_data<T>(c, 3, alpha, beta, what);
    std::vector<T> a2 = d2.a, b2 = d2.b;
    rc = execute(a2, b2);
    if (rc != MR2D_SUCCESS)
      fail(std::string("second plan execution failed: ") + mr2d_last_error() + "\n  " + what);
    else
      check(d2, a2, b2, "plan_twice (second arrays)");
  }
  mr2d_plan_destroy(&plan);
}

// The kinds a case covers (every process counts the same).
void count_kinds(const Case& c) {
  const char* const types[] = {"type_s", "type_d", "type_c", "type_z", "type_i"};
  ++g_kinds["dims" + std::to_string(c.a.ndims)];
  ++g_kinds[types[c.type]];
  bool sized = false, block = false, collapsed = false, sources = false, window = false, permuted = false;
  bool rank_map = false, grid_c = false, grid_f = false, storage_c = false, storage_f = false;
  for (const Desc* d : {&c.a, &c.b}) {
    for (int k = 0; k < d->ndims; ++k) {
      const mr2d_int b = d->blocks.empty() ? MR2D_ND_BLOCK : d->blocks[static_cast<std::size_t>(k)];
      sized |= b > 0;
      block |= b == MR2D_ND_BLOCK;
      collapsed |= b == MR2D_ND_COLLAPSED;
      sources |= d->source(k) != 0;
      window |= d->start(k) != 0 || d->count(k) != d->sizes[static_cast<std::size_t>(k)];
    }
    rank_map |= !d->ranks.empty();
    (d->grid_order == MR2D_ND_ORDER_C ? grid_c : grid_f) = true;
    (d->storage_order == MR2D_ND_ORDER_C ? storage_c : storage_f) = true;
  }
  for (int k = 0; k < c.a.ndims; ++k) permuted |= c.perm_of(k) != k;
  const std::vector<int> ma = c.a.members(), mb = c.b.members();
  bool shared = false;
  for (int r : ma) shared |= std::find(mb.begin(), mb.end(), r) != mb.end();
  const std::pair<const char*, bool> kinds[] = {{"block_size", sized},
                                                {"block_default", block},
                                                {"collapsed", collapsed},
                                                {"sources", sources},
                                                {"window", window},
                                                {"perm", permuted},
                                                {"rank_map", rank_map},
                                                {"grid_c", grid_c},
                                                {"grid_fortran", grid_f},
                                                {"storage_c", storage_c},
                                                {"storage_fortran", storage_f},
                                                {"disjoint", !shared},
                                                {"overlapping", shared},
                                                {"padding", !c.a.leading.empty() || !c.b.leading.empty()},
                                                {"copy", !c.transform},
                                                {"transform", c.transform},
                                                {kCallNames[c.call], true},
                                                {"darray_reference", darray_fits(c.b)},
                                                {"index_reference", !darray_fits(c.b)}};
  for (const auto& [name, hit] : kinds) g_kinds[name] += hit ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const mr2d_layout_test::Program run(argc, argv);
  g_rank = run.rank;
  g_size = run.size;
  g_ctxt = run.ctxt;  // 1 x P, row-major: its process numbers are the ranks
  Rng shared(run.seed), mine(run.seed * 977 + static_cast<unsigned long>(g_rank));
  for (int k = 0; k < run.cases; ++k) {
    Case c = random_case(shared);
    // Padding: every process its own leading sizes (they are not compared
    // between processes).
    if (pick(shared, 0, 1) == 1) pad(mine, c.a);
    if (pick(shared, 0, 1) == 1) pad(mine, c.b);
    count_kinds(c);
    switch (c.type) {
      case MR2D_S:
        run_case<float>(c, k);
        break;
      case MR2D_D:
        run_case<double>(c, k);
        break;
      case MR2D_C:
        run_case<std::complex<float>>(c, k);
        break;
      case MR2D_Z:
        run_case<std::complex<double>>(c, k);
        break;
      default:
        run_case<mr2d_int>(c, k);
        break;
    }
  }
  // Kinds no case reached (on one process the process sets always share it,
  // and no dimension has a second coordinate: darray describes every case).
  std::string summary, missing;
  for (const auto& [name, n] : g_kinds) {
    summary += " " + name + "=" + std::to_string(n);
    const bool possible = g_size > 1 || (name != "disjoint" && name != "sources" && name != "index_reference");
    if (n == 0 && possible) missing += " " + name;
  }
  if (g_rank == 0) {
    std::printf("test_nd_differential kinds:%s\n", summary.c_str());
    if (!missing.empty()) std::fprintf(stderr, "test_nd_differential: no case of:%s\n", missing.c_str());
  }
  if (!missing.empty()) ++g_failures;
  return run.over("test_nd_differential", g_failures);
}

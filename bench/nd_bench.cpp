// SPDX-License-Identifier: BSD-3-Clause
// Benchmark of N-dimensional redistributions (bench/README.md, "N-dimensional
// arrays"): 3D and 4D arrays, block, block-cyclic and collapsed dimensions,
// axis permutations that keep the fastest dimension and that move it, a
// window, on all processes of MPI_COMM_WORLD, timed in one run for
//   mr2d       a plan executed (mr2d_plan_create_comm_nd once)
//   alltoallw  MPI datatypes built once, MPI_Alltoallw timed: the send type to
//              each peer MPI_Type_create_darray over this process's local A
//              where it expresses the part (each dimension distributed by at
//              most one side, whole arrays), else nested hindexed types per
//              dimension; the receive type nested hindexed types over the
//              local B that walk it in A's order (the permutation)
//   alltoallv  packed by loops here, MPI_Alltoallv, unpacked (all three timed)
//   memcpy     one copy of this process's local A, the bound of a local move
// Each time is the slowest process's, median of --reps rounds after a
// warm-up call each, the variants taking turns (timing.hpp). Every variant's
// B is compared with mr2d's, whole local arrays, on every process, and the
// program exits 1 on any difference. Arrays in C order, grid positions in C
// order (rank = position), sources 0, no padding; every array of every
// variant in mr2d_alloc memory (node peers read mr2d's A in place; to MPI it
// is memory like any other), or all on the heap with --arrays heap.
//   mr2d_nd_bench [--n N] [--reps R] [--case NAME] [--time all|mr2d] [--arrays shared|heap]
#include <mpi.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "mr2d/mr2d_nd.h"
#include "mr2d/shared_allocator.hpp"
#include "program_args.hpp"
#include "timing.hpp"

namespace {

using Index = long long;
int rank = 0, world = 1;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "mr2d_nd_bench: rank %d: %s\n", rank, what.c_str());
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::exit(1);
}

/// One side of a case: extents, per-dimension distribution, grid, window.
struct Side {
  std::vector<mr2d_int> sizes, blocks;
  std::vector<int> grid;
  std::vector<mr2d_int> starts, counts;  // empty: the whole array
  mr2d_nd_array c() const {
    mr2d_nd_array d{};
    d.ndims = static_cast<int>(sizes.size());
    d.sizes = sizes.data();
    d.blocks = blocks.data();
    d.grid = grid.data();
    d.grid_order = MR2D_ND_ORDER_C;
    d.storage_order = MR2D_ND_ORDER_C;
    d.starts = starts.empty() ? nullptr : starts.data();
    d.counts = counts.empty() ? nullptr : counts.data();
    return d;
  }
  int ndims() const { return static_cast<int>(sizes.size()); }
  Index start(int k) const { return starts.empty() ? 0 : starts[static_cast<std::size_t>(k)]; }
  Index count(int k) const {
    return counts.empty() ? sizes[static_cast<std::size_t>(k)] : counts[static_cast<std::size_t>(k)];
  }
  Index block(int k) const {
    const Index n = sizes[static_cast<std::size_t>(k)], p = grid[static_cast<std::size_t>(k)];
    const Index b = blocks[static_cast<std::size_t>(k)];
    return b == MR2D_ND_BLOCK       ? std::max<Index>(1, (n + p - 1) / p)
           : b == MR2D_ND_COLLAPSED ? std::max<Index>(1, n)
                                    : b;
  }
  int owner(int k, Index g) const { return static_cast<int>(g / block(k) % grid[static_cast<std::size_t>(k)]); }
  Index local(int k, Index g) const {
    const Index b = block(k);
    return g / (b * grid[static_cast<std::size_t>(k)]) * b + g % b;
  }
  /// Grid coordinates of union rank r (C order), empty when r holds no position.
  std::vector<int> coords(int r) const {
    std::vector<int> c(sizes.size());
    for (int k = ndims() - 1; k >= 0; --k) {
      c[static_cast<std::size_t>(k)] = r % grid[static_cast<std::size_t>(k)];
      r /= grid[static_cast<std::size_t>(k)];
    }
    return r == 0 ? c : std::vector<int>{};
  }
};

struct Case {
  std::string name, what;
  int type = MR2D_D;  // MR2D_D or MR2D_Z
  Side a;
  std::vector<int> perm;
  Side b;
};

/// Local counts and C-order strides of one side on this process.
struct Local {
  std::vector<mr2d_int> counts;
  std::vector<Index> strides;
  Index elements = 0;
};

Local local_of(const Side& s) {
  Local l;
  l.counts.assign(s.sizes.size(), 0);
  long long elements = 0;
  const mr2d_nd_array d = s.c();
  if (mr2d_nd_local_shape(&d, rank, l.counts.data(), &elements) != MR2D_SUCCESS) fail(mr2d_last_error());
  l.elements = elements;
  l.strides.assign(s.sizes.size(), 1);
  for (int k = s.ndims() - 2; k >= 0; --k)
    l.strides[static_cast<std::size_t>(k)] =
        l.strides[static_cast<std::size_t>(k) + 1] * l.counts[static_cast<std::size_t>(k) + 1];
  return l;
}

/// The elements one process sends another, a product over A's dimensions:
/// per dimension d the element offsets (index times stride) in the sender's
/// A and in the receiver's B (B's dimension perm[d]), in A's order.
struct PairSet {
  std::vector<std::vector<Index>> in_a, in_b;
  Index elements() const {
    Index n = 1;
    for (const auto& v : in_a) n *= static_cast<Index>(v.size());
    return n;
  }
};

/// What union rank `from` (A side) sends union rank `to` (B side); strides
/// of the sender's A and the receiver's B.
PairSet pair_set(const Case& c, int from, int to, const std::vector<Index>& a_strides,
                 const std::vector<Index>& b_strides) {
  PairSet s;
  const std::vector<int> ca = c.a.coords(from), cb = c.b.coords(to);
  const int n = c.a.ndims();
  s.in_a.resize(static_cast<std::size_t>(n));
  s.in_b.resize(static_cast<std::size_t>(n));
  if (ca.empty() || cb.empty()) {
    s.in_a[0].clear();
    return s;
  }
  for (int d = 0; d < n; ++d) {
    const int e = c.perm[static_cast<std::size_t>(d)];
    for (Index i = 0; i < c.a.count(d); ++i) {
      const Index ga = c.a.start(d) + i, gb = c.b.start(e) + i;
      if (c.a.owner(d, ga) != ca[static_cast<std::size_t>(d)] || c.b.owner(e, gb) != cb[static_cast<std::size_t>(e)])
        continue;
      s.in_a[static_cast<std::size_t>(d)].push_back(c.a.local(d, ga) * a_strides[static_cast<std::size_t>(d)]);
      s.in_b[static_cast<std::size_t>(d)].push_back(c.b.local(e, gb) * b_strides[static_cast<std::size_t>(e)]);
    }
  }
  return s;
}

/// Calls f(offset) for every element of a product of offset lists, the last
/// list fastest.
template <class F>
void walk(const std::vector<std::vector<Index>>& lists, std::size_t level, Index base, F& f) {
  const std::vector<Index>& here = lists[level];
  if (level + 1 == lists.size()) {
    for (Index o : here) f(base + o);
    return;
  }
  for (Index o : here) walk(lists, level + 1, base + o, f);
}

/// An MPI type selecting the product of offset lists (elements of `element`,
/// `bytes` each) in walk order: the innermost list as runs, each outer list
/// an hindexed type of the one inside.
MPI_Datatype nested_type(const std::vector<std::vector<Index>>& lists, MPI_Datatype element, int bytes) {
  const std::vector<Index>& inner = lists.back();
  std::vector<int> lengths;
  std::vector<MPI_Aint> displacements;
  for (std::size_t k = 0; k < inner.size(); ++k) {
    if (k > 0 && inner[k] == inner[k - 1] + 1) {
      ++lengths.back();
      continue;
    }
    lengths.push_back(1);
    displacements.push_back(static_cast<MPI_Aint>(inner[k]) * bytes);
  }
  MPI_Datatype t;
  MPI_Type_create_hindexed(static_cast<int>(lengths.size()), lengths.data(), displacements.data(), element, &t);
  for (std::size_t level = lists.size() - 1; level-- > 0;) {
    std::vector<MPI_Aint> d;
    for (Index o : lists[level]) d.push_back(static_cast<MPI_Aint>(o) * bytes);
    MPI_Datatype outer;
    MPI_Type_create_hindexed_block(static_cast<int>(d.size()), 1, d.data(), t, &outer);
    MPI_Type_free(&t);
    t = outer;
  }
  MPI_Type_commit(&t);
  return t;
}

/// Whether MPI_Type_create_darray over a local A expresses the part each
/// peer's B receives: whole arrays, and no dimension distributed by both.
bool darray_expresses(const Case& c) {
  if (!c.a.starts.empty() || !c.b.starts.empty() || !c.a.counts.empty() || !c.b.counts.empty()) return false;
  for (int d = 0; d < c.a.ndims(); ++d)
    if (c.a.grid[static_cast<std::size_t>(d)] > 1 &&
        c.b.grid[static_cast<std::size_t>(c.perm[static_cast<std::size_t>(d)])] > 1)
      return false;
  return true;
}

/// The darray over this process's local A (extents `counts`) selecting what
/// union rank `to` holds in B: B's distribution of dimension perm[d] applied
/// to A's whole local dimension d, in A's (C) order, as the process grid of
/// B's coordinates taken in A's dimension order.
MPI_Datatype darray_to(const Case& c, const std::vector<mr2d_int>& counts, int to, MPI_Datatype element) {
  const int n = c.a.ndims();
  const std::vector<int> cb = c.b.coords(to);
  std::vector<int> gsizes(static_cast<std::size_t>(n)), distribs(gsizes.size()), dargs(gsizes.size()),
      psizes(gsizes.size());
  int position = 0, size = 1;
  for (int d = 0; d < n; ++d) {
    const std::size_t e = static_cast<std::size_t>(c.perm[static_cast<std::size_t>(d)]);
    const std::size_t k = static_cast<std::size_t>(d);
    gsizes[k] = static_cast<int>(counts[k]);
    psizes[k] = c.b.grid[e];
    const mr2d_int block = c.b.blocks[e];
    distribs[k] = psizes[k] == 1           ? MPI_DISTRIBUTE_NONE
                  : block == MR2D_ND_BLOCK ? MPI_DISTRIBUTE_BLOCK
                                           : MPI_DISTRIBUTE_CYCLIC;
    dargs[k] = distribs[k] == MPI_DISTRIBUTE_CYCLIC ? static_cast<int>(block) : MPI_DISTRIBUTE_DFLT_DARG;
    position = position * psizes[k] + cb[e];
    size *= psizes[k];
  }
  MPI_Datatype t;
  MPI_Type_create_darray(size, position, n, gsizes.data(), distribs.data(), dargs.data(), psizes.data(), MPI_ORDER_C,
                         element, &t);
  MPI_Type_commit(&t);
  return t;
}

bool same_everywhere(bool here) {
  int ok = here ? 1 : 0, all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

template <class T>
struct Mpi;
template <>
struct Mpi<double> {
  static MPI_Datatype type() { return MPI_DOUBLE; }
};
template <>
struct Mpi<std::complex<double>> {
  static MPI_Datatype type() { return MPI_C_DOUBLE_COMPLEX; }
};

struct Row {
  std::string name;
  double mr2d = 0, alltoallw = 0, alltoallv = 0, memcpy = 0;
  bool darray = false;
  long long messages = 0, bytes = 0;
};

template <class T, class Array>
Row run_arrays(const Case& c, int reps, bool mr2d_only) {
  const Local la = local_of(c.a), lb = local_of(c.b);
  Array a(static_cast<std::size_t>(std::max<Index>(1, la.elements)));
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = T(static_cast<double>((k * 7 + 3) % 10007) + 0.5 * rank);
  const std::size_t nb = static_cast<std::size_t>(std::max<Index>(1, lb.elements));
  Array b_mr2d(nb, T(-1)), b_w(nb, T(-1)), b_v(nb, T(-1)), scratch(a.size());

  // mr2d: one plan.
  const mr2d_nd_array da = c.a.c(), db = c.b.c();
  mr2d_plan plan = nullptr;
  if (mr2d_plan_create_comm_nd(&plan, MPI_COMM_WORLD, c.type, c.perm.data(), &da, &db, nullptr) != MR2D_SUCCESS)
    fail(mr2d_last_error());
  mr2d_plan_info info{};
  mr2d_plan_query(plan, &info);

  // The pair sets: what I send each peer, what each peer sends me (the
  // receiver's B strides travel with the sender's A strides).
  std::vector<long long> a_strides(la.strides.begin(), la.strides.end()),
      all_a(a_strides.size() * static_cast<std::size_t>(world));
  MPI_Allgather(a_strides.data(), static_cast<int>(a_strides.size()), MPI_LONG_LONG, all_a.data(),
                static_cast<int>(a_strides.size()), MPI_LONG_LONG, MPI_COMM_WORLD);
  std::vector<long long> b_strides(lb.strides.begin(), lb.strides.end()),
      all_b(b_strides.size() * static_cast<std::size_t>(world));
  MPI_Allgather(b_strides.data(), static_cast<int>(b_strides.size()), MPI_LONG_LONG, all_b.data(),
                static_cast<int>(b_strides.size()), MPI_LONG_LONG, MPI_COMM_WORLD);
  const std::size_t n = a_strides.size();
  auto strides_of = [n](const std::vector<long long>& all, int r) {
    return std::vector<Index>(all.begin() + static_cast<std::ptrdiff_t>(n) * r,
                              all.begin() + static_cast<std::ptrdiff_t>(n) * (r + 1));
  };
  std::vector<PairSet> to(static_cast<std::size_t>(world)), from(to.size());
  for (int q = 0; q < world; ++q) {
    to[static_cast<std::size_t>(q)] = pair_set(c, rank, q, la.strides, strides_of(all_b, q));
    from[static_cast<std::size_t>(q)] = pair_set(c, q, rank, strides_of(all_a, q), lb.strides);
  }

  // alltoallv: counts and displacements in elements of T.
  std::vector<int> scounts(to.size()), sdispls(to.size()), rcounts(to.size()), rdispls(to.size());
  int stotal = 0, rtotal = 0;
  for (std::size_t q = 0; q < to.size(); ++q) {
    scounts[q] = static_cast<int>(to[q].elements());
    rcounts[q] = static_cast<int>(from[q].elements());
    sdispls[q] = stotal;
    rdispls[q] = rtotal;
    stotal += scounts[q];
    rtotal += rcounts[q];
  }
  std::vector<T> sbuf(static_cast<std::size_t>(std::max(1, stotal))),
      rbuf(static_cast<std::size_t>(std::max(1, rtotal)));
  const MPI_Datatype element = Mpi<T>::type();
  auto alltoallv = [&] {
    T* out = sbuf.data();
    for (std::size_t q = 0; q < to.size(); ++q)
      if (scounts[q] > 0) {
        auto pack = [&](Index o) { *out++ = a[static_cast<std::size_t>(o)]; };
        walk(to[q].in_a, 0, 0, pack);
      }
    MPI_Alltoallv(sbuf.data(), scounts.data(), sdispls.data(), element, rbuf.data(), rcounts.data(), rdispls.data(),
                  element, MPI_COMM_WORLD);
    const T* in = rbuf.data();
    for (std::size_t q = 0; q < from.size(); ++q)
      if (rcounts[q] > 0) {
        auto unpack = [&](Index o) { b_v[static_cast<std::size_t>(o)] = *in++; };
        walk(from[q].in_b, 0, 0, unpack);
      }
  };

  // alltoallw: one type per peer and direction, count 1 at displacement 0.
  const bool use_darray = darray_expresses(c);
  std::vector<MPI_Datatype> stypes(to.size(), MPI_DATATYPE_NULL), rtypes(to.size(), MPI_DATATYPE_NULL);
  std::vector<int> wscounts(to.size()), wrcounts(to.size()), zeros(to.size(), 0);
  for (std::size_t q = 0; q < to.size(); ++q) {
    wscounts[q] = scounts[q] > 0 ? 1 : 0;
    wrcounts[q] = rcounts[q] > 0 ? 1 : 0;
    stypes[q] = scounts[q] == 0 ? element
                : use_darray    ? darray_to(c, la.counts, static_cast<int>(q), element)
                                : nested_type(to[q].in_a, element, static_cast<int>(sizeof(T)));
    rtypes[q] = rcounts[q] == 0 ? element : nested_type(from[q].in_b, element, static_cast<int>(sizeof(T)));
  }
  auto alltoallw = [&] {
    MPI_Alltoallw(a.data(), wscounts.data(), zeros.data(), stypes.data(), b_w.data(), wrcounts.data(), zeros.data(),
                  rtypes.data(), MPI_COMM_WORLD);
  };
  auto mr2d = [&] {
    if (mr2d_plan_execute(plan, a.data(), b_mr2d.data()) != MR2D_SUCCESS) fail(mr2d_last_error());
  };
  auto copy = [&] { std::memcpy(scratch.data(), a.data(), a.size() * sizeof(T)); };

  // Verified before timing: every variant's B equals mr2d's.
  mr2d();
  alltoallw();
  alltoallv();
  if (!same_everywhere(b_w == b_mr2d)) fail(c.name + ": MPI_Alltoallw's B differs from mr2d's");
  if (!same_everywhere(b_v == b_mr2d)) fail(c.name + ": MPI_Alltoallv's B differs from mr2d's");
  long long moved = info.bytes_local + info.bytes_received, total = 0;
  MPI_Allreduce(&moved, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  Index window = static_cast<Index>(sizeof(T));
  for (int d = 0; d < c.a.ndims(); ++d) window *= c.a.count(d);
  if (total != window)
    fail(c.name + ": mr2d's plan moves " + std::to_string(total) + " bytes, the window holds " +
         std::to_string(window));

  // --time mr2d (for profiles): the other variants are verified but not timed.
  std::vector<double> t(4, 0.0);
  if (mr2d_only)
    t[0] = mr2d::bench::interleaved_medians(reps, {mr2d}).front();
  else
    t = mr2d::bench::interleaved_medians(reps, {mr2d, alltoallw, alltoallv, copy});
  if (!same_everywhere(b_w == b_mr2d && b_v == b_mr2d)) fail(c.name + ": results differ after the timed rounds");
  for (std::size_t q = 0; q < to.size(); ++q) {
    if (stypes[q] != element) MPI_Type_free(&stypes[q]);
    if (rtypes[q] != element) MPI_Type_free(&rtypes[q]);
  }
  mr2d_plan_destroy(&plan);
  Row row{c.name, t[0], t[1], t[2], t[3], use_darray, 0, 0};
  MPI_Allreduce(&info.messages_sent, &row.messages, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  row.bytes = window;
  return row;
}

template <class T>
Row run_case(const Case& c, int reps, bool mr2d_only, bool heap) {
  return heap ? run_arrays<T, std::vector<T>>(c, reps, mr2d_only)
              : run_arrays<T, std::vector<T, mr2d::SharedAllocator<T>>>(c, reps, mr2d_only);
}

/// x / y, or 0 where y was not timed (--time mr2d).
double ratio(double x, double y) { return y > 0 ? x / y : 0; }

/// The cases for `p` processes, cube edge `n`.
std::vector<Case> cases(int p, mr2d_int n) {
  const mr2d_int B = MR2D_ND_BLOCK, C = MR2D_ND_COLLAPSED;
  const int p0 = p % 2 == 0 ? 2 : 1, p1 = p / p0;  // A's grid for the block-cyclic case
  std::vector<Case> v;
  v.push_back({"pencil-zxy",
               "complex (x,y,z) -> (y,z,x), 1 x P x 1 to 1 x P x 1, fastest dim moves",
               MR2D_Z,
               Side{{n, n, n}, {B, B, B}, {1, p, 1}, {}, {}},
               {2, 0, 1},
               Side{{n, n, n}, {B, B, B}, {1, p, 1}, {}, {}}});
  v.push_back({"pencil-yxz",
               "complex (x,y,z) -> (y,x,z), P x 1 x 1 to P x 1 x 1, fastest dim kept",
               MR2D_Z,
               Side{{n, n, n}, {B, B, B}, {p, 1, 1}, {}, {}},
               {1, 0, 2},
               Side{{n, n, n}, {B, B, B}, {p, 1, 1}, {}, {}}});
  const mr2d_int m = n * 3 / 4, h = n / 2;
  v.push_back({"cyclic8",
               "double, blocks 8, (x,y,z) -> (z,x,y), grid " + std::to_string(p0) + "x" + std::to_string(p1) +
                   "x1 to " + std::to_string(p0) + "x1x" + std::to_string(p1),
               MR2D_D,
               Side{{m, m, h}, {8, 8, 8}, {p0, p1, 1}, {}, {}},
               {1, 2, 0},
               Side{{h, m, m}, {8, 8, 8}, {p0, 1, p1}, {}, {}}});
  const mr2d_int e = n / 8, f = n / 2, g = n / 4;
  v.push_back({"4d-collapsed",
               "double 4D, collapsed dims, (w,x,y,z) -> (x,y,w,z), block to cyclic 8, fastest kept",
               MR2D_D,
               Side{{e, f, f, g}, {C, B, 8, C}, {1, p, 1, 1}, {}, {}},
               {2, 0, 1, 3},
               Side{{f, f, e, g}, {8, C, B, C}, {p, 1, 1, 1}, {}, {}}});
  v.push_back({"window",
               "double, window of (x,y,z) -> (z,y,x), 1 x 1 x P to 1 x P x 1, fastest dim moves",
               MR2D_D,
               Side{{n, n, n}, {B, B, B}, {1, 1, p}, {8, 16, 0}, {n - 12, n - 20, n}},
               {2, 1, 0},
               Side{{n, n - 20, n - 12}, {B, B, B}, {1, p, 1}, {}, {}}});
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(argc, argv,
                                "usage: mr2d_nd_bench [--n N] [--reps R] [--case NAME] [--time all|mr2d] [--arrays shared|heap]\n"
                                "  times N-dimensional redistributions (3D cubes of edge N, default 128, and a 4D\n"
                                "  array) over all processes: an mr2d plan, MPI_Alltoallw with darray and hindexed\n"
                                "  types, packing + MPI_Alltoallv + unpacking, and a memcpy of the local A; median\n"
                                "  of R rounds (default 9), slowest process; one case with --case; only mr2d\n"
                                "  timed with --time mr2d (for profiles; every variant still verified); arrays in\n"
                                "  mr2d_alloc memory (default) or --arrays heap.\n"
                                "  Run under mpirun. Guide: bench/README.md, \"N-dimensional arrays\"\n");
  mr2d_int n = 128;
  int reps = 9;
  std::string only;
  bool mr2d_only = false, heap = false;
  args.options([&](const std::string& name, const char* value) {
    if (name == "--n")
      n = static_cast<mr2d_int>(args.integer(value, name, 32, 1024));
    else if (name == "--reps")
      reps = static_cast<int>(args.integer(value, name, 1, 1000000));
    else if (name == "--case")
      only = value;
    else if (name == "--time" && (std::strcmp(value, "all") == 0 || std::strcmp(value, "mr2d") == 0))
      mr2d_only = std::strcmp(value, "mr2d") == 0;
    else if (name == "--arrays" && (std::strcmp(value, "shared") == 0 || std::strcmp(value, "heap") == 0))
      heap = std::strcmp(value, "heap") == 0;
    else
      return false;
    return true;
  });
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  std::vector<Row> rows;
  for (const Case& c : cases(world, n)) {
    if (!only.empty() && c.name != only) continue;
    rows.push_back(c.type == MR2D_Z ? run_case<std::complex<double>>(c, reps, mr2d_only, heap)
                                    : run_case<double>(c, reps, mr2d_only, heap));
    if (rank == 0) std::printf("# %-13s %s\n", c.name.c_str(), c.what.c_str());
  }
  if (rank == 0) {
    std::printf("%-13s %3s %8s %9s %9s %9s %9s %7s %7s %5s %s\n", "case", "P", "MiB", "mr2d_ms", "alltoallw",
                "alltoallv", "memcpy", "mr2d/w", "mr2d/v", "msgs", "send types");
    for (const Row& r : rows)
      std::printf("%-13s %3d %8.1f %9.3f %9.3f %9.3f %9.3f %7.2f %7.2f %5lld %s\n", r.name.c_str(), world,
                  static_cast<double>(r.bytes) / (1 << 20), r.mr2d * 1e3, r.alltoallw * 1e3, r.alltoallv * 1e3,
                  r.memcpy * 1e3, ratio(r.mr2d, r.alltoallw), ratio(r.mr2d, r.alltoallv), r.messages,
                  r.darray ? "darray" : "hindexed");
    std::printf("%zu cases, every variant's B equal to mr2d's\n", rows.size());
  }
  MPI_Finalize();
  return 0;
}

// SPDX-License-Identifier: BSD-3-Clause
// N-D plans per dimension (nd/dim_plan.hpp) against the definition: for
// random redistributions (1 to 5 dimensions, block-cyclic, BLOCK and
// collapsed dimensions, sources, windows, grid orders, rank maps, every
// permutation) and every process, each partner and its volume must be what
// counting owners element by element gives, and every run must name the
// local indices of A and B that the distributions give; messages packed by
// every process and unpacked by their receivers, or read in place by them,
// through the plans the engine runs (nd/matrix_plan.hpp) and its matrix
// kernels, must rebuild every B as the definition says, padding untouched;
// product run sets must hold the positions of their definition; the 1024^3
// pencil
// transpose on 4,096 processes plans in kilobytes whatever its blocks.
#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "kernels/transform.hpp"
#include "mr2d/mr2d.h"
#include "nd/check.hpp"
#include "nd/dim_plan.hpp"
#include "nd/matrix_plan.hpp"

using namespace mr2d;

namespace {

std::mt19937_64 rng(2718);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }

// A random Fortran-order description over at most `union_size` processes.
nd::Description random_side(const std::vector<Index>& sizes, Index union_size) {
  nd::Description d;
  d.ndims = static_cast<int>(sizes.size());
  d.sizes = sizes;
  d.storage_order = 1;
  d.grid_order = static_cast<int>(u(0, 1));
  Index left = union_size;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const int kind = static_cast<int>(u(0, 3));
    const Index p = kind == 0 ? 1 : u(1, std::min<Index>(left, 3));
    left /= p;
    d.grid.push_back(p);
    d.blocks.push_back(kind == 0 ? nd::kCollapsed : kind == 1 ? nd::kBlockDefault : u(1, 4));
    d.sources.push_back(u(0, p - 1));
  }
  if (u(0, 1) == 1) {
    Index positions = 1;
    for (Index p : d.grid) positions *= p;
    std::vector<Index> all(static_cast<std::size_t>(union_size));
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    d.ranks.assign(all.begin(), all.begin() + positions);
  }
  return d;
}

// Union rank owning global multi-index `g` of `a` (Fortran order).
Index owner_rank(const nd::Array& a, const std::vector<Index>& g) {
  Index position = 0;
  for (int d = 0; d < a.ndims(); ++d)
    position += a.owner(d, g[static_cast<std::size_t>(d)]) * a.dims[static_cast<std::size_t>(d)].weight;
  return a.rank_at(position);
}

// Partners and volumes of `me` by counting every element of the window.
void count_by_element(const nd::Array& a, const nd::Array& b, const std::vector<int>& perm, Index me,
                      std::map<Index, Index>& send, std::map<Index, Index>& receive) {
  const auto n = static_cast<std::size_t>(a.ndims());
  std::vector<Index> t(n, 0), ga(n), gb(n);
  for (const nd::Dim& x : a.dims)
    if (x.count == 0) return;
  for (;;) {
    for (std::size_t d = 0; d < n; ++d) {
      const auto e = static_cast<std::size_t>(perm[d]);
      ga[d] = a.dims[d].start + t[d];
      gb[e] = b.dims[e].start + t[d];
    }
    const Index from = owner_rank(a, ga), to = owner_rank(b, gb);
    if (from == me) ++send[to];
    if (to == me) ++receive[from];
    std::size_t d = 0;
    while (d < n && ++t[d] == a.dims[d].count) t[d++] = 0;
    if (d == n) return;
  }
}

// Every run of `dir` names the positions and local indices the distributions give.
void check_runs(const nd::Array& a, const nd::Array& b, const std::vector<int>& perm, Index me, bool sending,
                const nd::Direction& dir) {
  const Index pos = nd::position_of(sending ? a : b, me);
  for (std::size_t d = 0; d < dir.dims.size(); ++d) {
    const auto e = perm[d];
    const nd::Dim& xa = a.dims[d];
    const nd::Dim& xb = b.dims[static_cast<std::size_t>(e)];
    const Index mine = sending ? (pos / xa.weight) % xa.procs : (pos / xb.weight) % xb.procs;
    for (const auto& entry : dir.dims[d]) {
      const Index peer = entry.first;  // named, not bound: lambdas capture it in C++17
      entry.second.for_each([&](Index t, Index len, Index src, Index dst) {
        for (Index k = 0; k < len; ++k) {
          const Index ia = xa.start + t + k, ib = xb.start + t + k;
          ASSERT_EQ(a.owner(static_cast<int>(d), ia), sending ? mine : peer);
          ASSERT_EQ(b.owner(e, ib), sending ? peer : mine);
          ASSERT_EQ(src + k, a.local(static_cast<int>(d), ia));
          ASSERT_EQ(dst + k, b.local(e, ib));
        }
      });
    }
  }
}

std::map<Index, Index> volumes(const nd::Direction& dir) {
  std::map<Index, Index> v;
  for (const nd::Partner& p : dir.partners) {
    EXPECT_EQ(v.count(p.rank), 0u) << "partner " << p.rank << " twice";
    v[p.rank] = p.elements;
  }
  return v;
}

// A random redistribution over `procs` processes: both descriptions and the
// canonical permutation.
struct Case {
  nd::Description a, b;
  std::vector<int> perm;
  Index procs = 1;
};

Case random_case() {
  Case c;
  const int n = static_cast<int>(u(1, 5));
  c.procs = u(1, 8);
  std::vector<Index> sa, starts, counts;
  for (int k = 0; k < n; ++k) {
    sa.push_back(u(0, n > 3 ? 6 : 11));
    starts.push_back(u(0, sa.back()));
    counts.push_back(u(0, sa.back() - starts.back()));
  }
  std::vector<Index> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<Index> sb(static_cast<std::size_t>(n)), starts_b(static_cast<std::size_t>(n));
  std::vector<Index> counts_b(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    const auto to = static_cast<std::size_t>(perm[static_cast<std::size_t>(k)]);
    counts_b[to] = counts[static_cast<std::size_t>(k)];
    sb[to] = counts_b[to] + u(0, 4);
    starts_b[to] = u(0, sb[to] - counts_b[to]);
  }
  c.a = random_side(sa, c.procs);
  c.b = random_side(sb, c.procs);
  c.a.starts = starts;
  c.a.counts = counts;
  c.b.starts = starts_b;
  c.b.counts = counts_b;
  EXPECT_TRUE(nd::check_perm(c.a, c.b, perm, c.perm).ok());
  return c;
}

}  // namespace

TEST(NdDimPlan, PartnersVolumesAndRunsAreThoseOfTheDefinition) {
  int pairs = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Case c = random_case();
    for (Index me = 0; me < c.procs; ++me) {
      nd::Array a, b;
      ASSERT_TRUE(nd::check_array(c.a, c.procs, me, a).ok());
      ASSERT_TRUE(nd::check_array(c.b, c.procs, me, b).ok());
      nd::DimPlan plan;
      ASSERT_TRUE(nd::plan_by_dimension(a, b, c.perm, me, plan).ok());
      std::map<Index, Index> send, receive;
      count_by_element(a, b, c.perm, me, send, receive);
      ASSERT_EQ(volumes(plan.send), send) << "trial " << trial << ", rank " << me;
      ASSERT_EQ(volumes(plan.receive), receive) << "trial " << trial << ", rank " << me;
      check_runs(a, b, c.perm, me, true, plan.send);
      check_runs(a, b, c.perm, me, false, plan.receive);
      pairs += static_cast<int>(send.size());
    }
  }
  EXPECT_GT(pairs, 100);
}

// Every process packs its messages, every receiver unpacks them (all
// processes simulated here, with padded local arrays): each element of B's
// window holds the code of the element of A it comes from, every other
// element of B its sentinel.
TEST(NdDimPlan, PackedMessagesRebuildB) {
  int checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Case c = random_case();
    const auto n = static_cast<std::size_t>(c.a.ndims);
    // Padding: each leading size 1 more than the largest local count.
    for (nd::Description* d : {&c.a, &c.b}) {
      d->leading.assign(n, 0);
      for (Index r = 0; r < c.procs; ++r) {
        nd::Array x;
        nd::Description plain = *d;
        plain.leading.clear();
        ASSERT_TRUE(nd::check_array(plain, c.procs, r, x).ok());
        const std::vector<Index> counts = nd::local_counts(x, r);
        for (std::size_t k = 0; k < n; ++k) d->leading[k] = std::max(d->leading[k], counts[k] + 1);
      }
    }
    std::vector<nd::Array> as(static_cast<std::size_t>(c.procs)), bs(static_cast<std::size_t>(c.procs));
    std::vector<std::vector<double>> a_local(as.size()), b_local(bs.size());
    const auto code = [&](const std::vector<Index>& g) {
      double v = 0;
      for (std::size_t d = n; d-- > 0;) v = v * 64 + static_cast<double>(g[d]);
      return v + 1;
    };
    const auto offset = [](const nd::Array& x, const std::vector<Index>& g) {
      const std::vector<Index> s = nd::strides_of(x);
      Index off = 0;
      for (int d = 0; d < x.ndims(); ++d)
        off += x.local(d, g[static_cast<std::size_t>(d)]) * s[static_cast<std::size_t>(d)];
      return off;
    };
    for (Index r = 0; r < c.procs; ++r) {
      const auto k = static_cast<std::size_t>(r);
      ASSERT_TRUE(nd::check_array(c.a, c.procs, r, as[k]).ok());
      ASSERT_TRUE(nd::check_array(c.b, c.procs, r, bs[k]).ok());
      Index size_a = 1, size_b = 1;
      for (Index l : as[k].leading) size_a *= l;
      for (Index l : bs[k].leading) size_b *= l;
      a_local[k].assign(static_cast<std::size_t>(size_a), -1.0);
      b_local[k].assign(static_cast<std::size_t>(size_b), -2.0);
    }
    // A's codes, element by element over the whole array.
    std::vector<Index> g(n, 0);
    const nd::Array& a0 = as[0];
    Index total = 1;
    for (const nd::Dim& x : a0.dims) total *= x.n;
    for (Index e = 0; e < total; ++e) {
      Index rest = e;
      for (std::size_t d = 0; d < n; ++d) {
        g[d] = rest % a0.dims[d].n;
        rest /= a0.dims[d].n;
      }
      const Index r = owner_rank(a0, g);
      a_local[static_cast<std::size_t>(r)][static_cast<std::size_t>(offset(as[static_cast<std::size_t>(r)], g))] =
          code(g);
    }
    // Each process's plan as the engine runs it (nd/matrix_plan.hpp): its
    // messages packed and unpacked by the matrix kernels, or, every other
    // trial, each receiver reading its senders' A in place (the one-copy
    // path) by its own plan and the senders' leading dimension.
    std::vector<Index> a_leading;
    for (const nd::Array& x : as) a_leading.insert(a_leading.end(), x.leading.begin(), x.leading.end());
    std::vector<nd::MatrixPlan> plans(as.size());
    for (Index r = 0; r < c.procs; ++r) {
      const auto k = static_cast<std::size_t>(r);
      nd::DimPlan dims;
      ASSERT_TRUE(nd::plan_by_dimension(as[k], bs[k], c.perm, r, dims).ok());
      plans[k] = nd::matrix_plan(dims, as[k], bs[k], c.perm, r, c.procs, sizeof(double), a_leading);
    }
    const kernels::Update update = kernels::make_update(MR2D_D, plans[0].op, nullptr, nullptr);
    const kernels::Update* transposed = plans[0].op == 'N' ? nullptr : &update;
    const bool in_place = trial % 2 == 1;
    std::map<std::pair<Index, Index>, std::vector<double>> wire;
    for (Index r = 0; r < c.procs; ++r) {
      const plan::Plan& p = plans[static_cast<std::size_t>(r)].plan;
      const double* a = a_local[static_cast<std::size_t>(r)].data();
      for (const plan::Transfer& t : p.sends) {
        std::vector<double>& m = wire[{r, t.peer}];
        m.resize(static_cast<std::size_t>(t.count));
        ASSERT_EQ(kernels::pack(a, p.lda, p.rows(t), p.cols(t), p.trapezoid, sizeof(double), m.data()), t.count);
      }
      if (p.has_self)
        kernels::copy_with(a, p.lda, b_local[static_cast<std::size_t>(r)].data(), p.ldb, p.rows(p.self), p.cols(p.self),
                           p.trapezoid, {sizeof(double), transposed, {}, false});
    }
    for (Index r = 0; r < c.procs; ++r) {
      const plan::Plan& p = plans[static_cast<std::size_t>(r)].plan;
      double* b = b_local[static_cast<std::size_t>(r)].data();
      for (const plan::Transfer& t : p.recvs) {
        const auto from = static_cast<std::size_t>(t.peer);
        const Index moved = in_place
                                ? kernels::copy_with(a_local[from].data(), plans[from].plan.lda, b, p.ldb, p.rows(t),
                                                     p.cols(t), p.trapezoid, {sizeof(double), transposed, {}, false})
                                : kernels::unpack_with(wire.at({t.peer, r}).data(), p.rows(t), p.cols(t), p.trapezoid,
                                                       sizeof(double), transposed, b, p.ldb, {}, false);
        ASSERT_EQ(moved, t.count);
      }
    }
    // Every window element where the definition puts it, nothing else written.
    Index window = 1;
    for (const nd::Dim& x : a0.dims) window *= x.count;
    std::vector<Index> t(n, 0), ga(n), gb(n);
    for (Index e = 0; e < window; ++e) {
      Index rest = e;
      for (std::size_t d = 0; d < n; ++d) {
        t[d] = rest % a0.dims[d].count;
        rest /= a0.dims[d].count;
        ga[d] = a0.dims[d].start + t[d];
        const auto to = static_cast<std::size_t>(c.perm[d]);
        gb[to] = bs[0].dims[to].start + t[d];
      }
      const Index r = owner_rank(bs[0], gb);
      double& got =
          b_local[static_cast<std::size_t>(r)][static_cast<std::size_t>(offset(bs[static_cast<std::size_t>(r)], gb))];
      ASSERT_EQ(got, code(ga)) << "trial " << trial;
      got = -2.0;  // seen: the sentinel again, so that all of B is the sentinel at the end
      ++checked;
    }
    for (const std::vector<double>& local : b_local)
      for (double v : local) ASSERT_EQ(v, -2.0) << "trial " << trial << ": an element outside the window was written";
  }
  EXPECT_GT(checked, 300);  // window elements checked (many random windows are empty)
}

// A 1024^3 pencil transpose, A(x, y, z) on 1 x 64 x 64 to B(y, z, x) on
// 64 x 1 x 64 (perm 2, 0, 1), 4,096 processes: 64 partners each way and a
// plan of a few thousand runs for every block size, never one per block.
TEST(NdDimPlan, PencilTransposeOnFourThousandProcessesIsSmall) {
  for (Index block : {Index{1}, Index{7}, Index{64}, nd::kBlockDefault}) {
    nd::Description da, db;
    da.ndims = db.ndims = 3;
    da.sizes = db.sizes = {1024, 1024, 1024};
    da.storage_order = db.storage_order = 1;
    da.grid = {1, 64, 64};
    db.grid = {64, 1, 64};
    da.blocks = {nd::kCollapsed, block, block};
    db.blocks = {block, nd::kCollapsed, block};
    std::vector<int> p;
    ASSERT_TRUE(nd::check_perm(da, db, {2, 0, 1}, p).ok());
    for (Index me : {Index{0}, Index{2077}, Index{4095}}) {
      nd::Array a, b;
      ASSERT_TRUE(nd::check_array(da, 4096, me, a).ok());
      ASSERT_TRUE(nd::check_array(db, 4096, me, b).ok());
      nd::DimPlan plan;
      ASSERT_TRUE(nd::plan_by_dimension(a, b, p, me, plan).ok());
      // Everything a process holds moves (the window is the whole array).
      Index held_a = 1, held_b = 1;
      for (Index c : nd::local_counts(a, me)) held_a *= c;
      for (Index c : nd::local_counts(b, me)) held_b *= c;
      EXPECT_EQ(plan.send.elements, held_a) << block;
      EXPECT_EQ(plan.receive.elements, held_b) << block;
      EXPECT_LE(plan.send.partners.size(), 64u) << block;
      EXPECT_LE(plan.receive.partners.size(), 64u) << block;
      if (block == 1 || block == nd::kBlockDefault) {  // even: 2^18 elements to 64 partners each way
        EXPECT_EQ(plan.send.partners.size(), 64u) << block;
        EXPECT_EQ(held_a, Index{1} << 18);
      }
      EXPECT_LT(plan.stored_runs(), 20000) << block;
    }
  }
}

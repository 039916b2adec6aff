// SPDX-License-Identifier: BSD-3-Clause
// Strided sections without MPI: the runs of every process pair, replayed over
// the whole range, give exactly the owners and local indices computed
// element by element, for thousands of random axes, strides and extents.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "index/runs_1d.hpp"
#include "index/strided_1d.hpp"

using namespace mr2d;
using namespace mr2d::index;

namespace {

struct Where {
  Index owner, local;
};

Where brute(const Axis& a, Index t) {
  const Index g = a.start + t * a.stride, block = g / a.nb;
  return {pos_mod(block + a.src, a.nprocs), block / a.nprocs * a.nb + g % a.nb};
}

}  // namespace

TEST(Strided1d, RunsMatchElementwiseOwners) {
  std::mt19937_64 rng(303);
  auto u = [&](Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); };
  for (int k = 0; k < 3000; ++k) {
    Axis s{u(1, 9), u(1, 6), 0, u(0, 20), u(1, 7)};
    Axis d{u(1, 9), u(1, 6), 0, u(0, 20), u(1, 7)};
    if (u(0, 3) == 0) s.stride = 1;
    s.src = u(0, s.nprocs - 1);
    d.src = u(0, d.nprocs - 1);
    const AxisPair axes{s, d, u(0, 300)};
    for (Role role : {Role::sender, Role::receiver}) {
      const Index procs = role == Role::sender ? s.nprocs : d.nprocs;
      std::map<Index, std::pair<Index, Index>> seen;  // t -> (src local, dst local)
      for (Index coord = 0; coord < procs; ++coord)
        for (const auto& [peer, runs] : runs_for(axes, role, coord))
          runs.for_each([&](Index t, Index len, Index src, Index dst) {
            for (Index e = 0; e < len; ++e) {
              const Where ws = brute(s, t + e), wd = brute(d, t + e);
              ASSERT_EQ(role == Role::sender ? ws.owner : wd.owner, coord);
              ASSERT_EQ(role == Role::sender ? wd.owner : ws.owner, peer);
              ASSERT_EQ(ws.local, src + e);
              ASSERT_EQ(wd.local, dst + e);
              ASSERT_TRUE(seen.emplace(t + e, std::make_pair(src + e, dst + e)).second) << "t twice";
            }
          });
      ASSERT_EQ(static_cast<Index>(seen.size()), axes.extent);
    }
  }
}

TEST(Strided1d, PeriodIsTheOwnerPatternPeriod) {
  EXPECT_EQ(strided_period(Axis{4, 3, 0, 0, 2}), 6);   // 12 / gcd(2, 12)
  EXPECT_EQ(strided_period(Axis{4, 3, 0, 0, 5}), 12);  // coprime stride
  EXPECT_EQ(strided_period(Axis{4, 3, 0, 0, 12}), 1);  // every element on one process
}

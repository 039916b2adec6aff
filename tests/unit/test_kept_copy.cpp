// SPDX-License-Identifier: BSD-3-Clause
// route::kept_copy, the kept part's copy strategy decided at planning: a
// received transfer is paired where the kept rows and the peer's alternate
// in B's columns, a sent one where they alternate in A's columns, and the
// kept part goes alone where they do not alternate, where the trapezoid is
// not full and where nothing is kept, for routes of any number of plans.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "layouts.hpp"
#include "plan/plan.hpp"
#include "route/kept_copy.hpp"

using namespace mr2d;
using route::KeptWith;

namespace {

// Elements of a block-cyclic axis of `n` with blocks of `nb` that process
// `p` of `procs` holds (source process 0).
Index local_count(Index n, Index nb, Index p, Index procs) {
  Index count = 0;
  for (Index i = 0; i < n; ++i) count += (i / nb) % procs == p;
  return count;
}

plan::Plan plan_of(const model::Problem& pb, int me) {
  const Index lda = local_count(pb.a.rows, pb.a.mb, me % pb.a.nprow, pb.a.nprow);
  const Index ldb = local_count(pb.b.rows, pb.b.mb, me % pb.b.nprow, pb.b.nprow);
  return plan::make_plan(pb, me, std::max<Index>(lda, 1), std::max<Index>(ldb, 1));
}

model::Problem problem(model::MatrixLayout a, model::MatrixLayout b, Index m, Index n) {
  model::Problem pb;
  pb.m = m;
  pb.n = n;
  pb.a = std::move(a);
  pb.b = std::move(b);
  pb.elem_size = 8;
  return pb;
}

// Rows of A dealt in blocks of 5 over a column of two processes, B's
// columns held whole by a row of them: each B column takes runs of 5 from
// the kept part and from the peer in turn.
model::Problem gathered_rows() {
  return problem(test::grid_layout(2, 1, 5, 4, 120, 40), test::grid_layout(1, 2, 125, 3, 125, 40), 120, 40);
}

// A's columns held whole by a row of two processes, B's rows dealt singly
// over a column of them: each A column gives every other row to the kept
// part and to the peer.
model::Problem split_rows() {
  return problem(test::grid_layout(1, 2, 61, 1, 61, 30), test::grid_layout(2, 1, 1, 30, 61, 30), 61, 30);
}

// On both processes of `pb`: the kept part goes with the one transfer of
// side `with`.
void expect_paired(const model::Problem& pb, KeptWith with) {
  for (int me : {0, 1}) {
    const plan::Plan plan = plan_of(pb, me);
    ASSERT_TRUE(plan.has_self);
    ASSERT_EQ((with == KeptWith::received ? plan.recvs : plan.sends).size(), 1u);
    const route::KeptCopy kept = route::kept_copy(plan);
    EXPECT_EQ(kept.with, with) << "rank " << me;
    EXPECT_EQ(kept.transfer, 0) << "rank " << me;
  }
}

}  // namespace

TEST(KeptCopy, PairsTheReceivedTransferWhoseRunsAlternateInB) { expect_paired(gathered_rows(), KeptWith::received); }

TEST(KeptCopy, PairsTheSentTransferWhoseRunsAlternateInA) { expect_paired(split_rows(), KeptWith::sent); }

TEST(KeptCopy, AloneWhereTheRunsDoNotAlternate) {
  // Columns dealt in blocks of 4 on A, of 8 on B: kept and received columns
  // land on different columns of B, every row whole.
  const model::Problem columns =
      problem(test::grid_layout(1, 2, 50, 4, 50, 64), test::grid_layout(1, 2, 50, 8, 50, 64), 50, 64);
  // The same blocks on both sides: everything is kept, nothing travels.
  const model::Problem same =
      problem(test::grid_layout(2, 2, 5, 5, 40, 40), test::grid_layout(2, 2, 5, 5, 40, 40), 40, 40);
  for (int me : {0, 1}) {
    const plan::Plan plan = plan_of(columns, me);
    ASSERT_TRUE(plan.has_self);
    ASSERT_FALSE(plan.recvs.empty());
    EXPECT_EQ(route::kept_copy(plan).with, KeptWith::alone) << "rank " << me;
    const plan::Plan kept_only = plan_of(same, me);
    ASSERT_TRUE(kept_only.has_self);
    EXPECT_TRUE(kept_only.recvs.empty() && kept_only.sends.empty());
    EXPECT_EQ(route::kept_copy(kept_only).with, KeptWith::alone) << "rank " << me;
  }
}

TEST(KeptCopy, AloneForATrapezoidOrNothingKept) {
  model::Problem upper = gathered_rows();
  upper.shape = index::Shape::upper;
  EXPECT_EQ(route::kept_copy(plan_of(upper, 0)).with, KeptWith::alone);
  // Process 2 holds nothing of A or B.
  const plan::Plan outside = plan::make_plan(gathered_rows(), 2, 1, 1);
  EXPECT_FALSE(outside.has_self);
  EXPECT_EQ(route::kept_copy(outside).with, KeptWith::alone);
}

TEST(KeptCopy, EveryPlanOfARouteOfAnySize) {
  const plan::Plan received = plan_of(gathered_rows(), 0), sent = plan_of(split_rows(), 1);
  std::vector<const plan::Plan*> plans{&received, &sent, &received};
  const std::vector<route::KeptCopy> kept = route::kept_copies(plans);
  ASSERT_EQ(kept.size(), 3u);
  EXPECT_EQ(kept[0].with, KeptWith::received);
  EXPECT_EQ(kept[1].with, KeptWith::sent);
  EXPECT_EQ(kept[2].with, KeptWith::received);
  // A grid layout's route: many pieces of a few plans, each paired as its plan.
  plans.clear();
  for (int k = 0; k < 100000; ++k) plans.push_back(k % 3 == 2 ? &sent : &received);
  const std::vector<route::KeptCopy> many = route::kept_copies(plans);
  ASSERT_EQ(many.size(), plans.size());
  for (std::size_t k = 0; k < plans.size(); ++k)
    EXPECT_EQ(many[k].with, k % 3 == 2 ? KeptWith::sent : KeptWith::received) << "piece " << k;
}

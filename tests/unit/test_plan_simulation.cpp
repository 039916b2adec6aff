// SPDX-License-Identifier: BSD-3-Clause
// Whole redistributions simulated in one process without MPI: every rank's
// plan is built, messages are packed by senders and unpacked by receivers
// through the real kernels, and every element of every B array (padding
// included) is checked against the element codes. Also checks that sends and
// receives agree pairwise and that large process counts plan quickly.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

#include "index/cyclic_1d.hpp"
#include "kernels/pack.hpp"
#include "plan/plan.hpp"

using namespace mr2d;
using namespace mr2d::model;
using namespace mr2d::plan;

namespace {

std::mt19937_64 rng(777);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }

MatrixLayout random_layout(Index m, Index n, int nranks) {
  MatrixLayout l;
  l.nprow = u(1, 4);
  l.npcol = u(1, 4);
  while (l.nprow * l.npcol > nranks) l.npcol = u(1, l.npcol), l.nprow = u(1, l.nprow);
  l.i0 = u(0, 9);
  l.j0 = u(0, 9);
  l.rows = l.i0 + m + u(0, 4);
  l.cols = l.j0 + n + u(0, 4);
  l.mb = u(0, 4) == 0 ? l.rows + 1 : u(1, 7);
  l.nb = u(0, 4) == 0 ? l.cols + 1 : u(1, 7);
  l.rsrc = u(0, l.nprow - 1);
  l.csrc = u(0, l.npcol - 1);
  std::vector<int> ranks(static_cast<std::size_t>(nranks));
  for (int k = 0; k < nranks; ++k) ranks[static_cast<std::size_t>(k)] = k;
  std::shuffle(ranks.begin(), ranks.end(), rng);
  ranks.resize(static_cast<std::size_t>(l.nprow * l.npcol));
  l.rank_of = ranks;
  return l;
}

double code(Index i, Index j) { return static_cast<double>(i * 100000 + j); }
constexpr double kSentinel = -1.5;

struct LocalB {
  Index rows = 0, cols = 0, ld = 1;
  std::vector<double> data;
};

Index local_rows(const MatrixLayout& l, Index r) { return index::numroc(l.rows, l.mb, r, l.rsrc, l.nprow); }
Index local_cols(const MatrixLayout& l, Index c) { return index::numroc(l.cols, l.nb, c, l.csrc, l.npcol); }
Index glob(Index loc, Index nb, Index p, Index src, Index np) {
  return (loc / nb * np + mr2d::pos_mod(p - src, np)) * nb + loc % nb;
}

void simulate(const Problem& pb, int nranks) {
  const Index es = sizeof(double);
  std::vector<std::vector<double>> a(static_cast<std::size_t>(nranks));
  std::vector<LocalB> b(static_cast<std::size_t>(nranks));
  std::vector<Index> lda(static_cast<std::size_t>(nranks), 0), ldb(lda);
  for (int r = 0; r < nranks; ++r) {
    GridCoord ca = coord_of(pb.a, r), cb = coord_of(pb.b, r);
    auto ur = static_cast<std::size_t>(r);
    if (ca.member()) {
      Index lr = local_rows(pb.a, ca.row), lc = local_cols(pb.a, ca.col);
      lda[ur] = std::max<Index>(lr, 1) + 1;
      a[ur].assign(static_cast<std::size_t>(lda[ur] * lc), 0.0);
      for (Index j = 0; j < lc; ++j)
        for (Index i = 0; i < lr; ++i)
          a[ur][static_cast<std::size_t>(i + j * lda[ur])] =
              code(glob(i, pb.a.mb, ca.row, pb.a.rsrc, pb.a.nprow),
                   glob(j, pb.a.nb, ca.col, pb.a.csrc, pb.a.npcol));
    }
    if (cb.member()) {
      LocalB& lb = b[ur];
      lb.rows = local_rows(pb.b, cb.row);
      lb.cols = local_cols(pb.b, cb.col);
      lb.ld = std::max<Index>(lb.rows, 1) + 2;
      ldb[ur] = lb.ld;
      lb.data.assign(static_cast<std::size_t>(lb.ld * lb.cols), kSentinel);
    }
  }
  std::vector<Plan> plans;
  for (int r = 0; r < nranks; ++r)
    plans.push_back(make_plan(pb, r, lda[static_cast<std::size_t>(r)], ldb[static_cast<std::size_t>(r)]));
  // Pairwise agreement of counts, then delivery of every message.
  std::map<std::pair<int, int>, std::vector<double>> wire;
  for (const Plan& p : plans) {
    for (const Transfer& t : p.sends) {
      std::vector<double> msg(static_cast<std::size_t>(t.count));
      Index n = kernels::pack(a[static_cast<std::size_t>(p.me)].data(), p.lda, p.rows(t), p.cols(t),
                              p.trapezoid, es, msg.data());
      ASSERT_EQ(n, t.count);
      wire[{p.me, t.peer}] = std::move(msg);
    }
    if (p.has_self)
      kernels::copy_local(a[static_cast<std::size_t>(p.me)].data(), p.lda,
                          b[static_cast<std::size_t>(p.me)].data.data(), p.ldb, p.rows(p.self),
                          p.cols(p.self), p.trapezoid, es);
  }
  std::size_t received = 0;
  for (const Plan& p : plans) {
    for (const Transfer& t : p.recvs) {
      auto it = wire.find({t.peer, p.me});
      ASSERT_NE(it, wire.end()) << "receive without a send " << t.peer << "->" << p.me;
      ASSERT_EQ(static_cast<Index>(it->second.size()), t.count);
      kernels::unpack(it->second.data(), p.rows(t), p.cols(t), p.trapezoid, es,
                      b[static_cast<std::size_t>(p.me)].data.data(), p.ldb);
      ++received;
    }
  }
  ASSERT_EQ(received, wire.size()) << "a send without a receive";
  index::Trapezoid trap{pb.shape, pb.unit_diag, pb.m, pb.n};
  for (int r = 0; r < nranks; ++r) {
    GridCoord cb = coord_of(pb.b, r);
    if (!cb.member()) continue;
    const LocalB& lb = b[static_cast<std::size_t>(r)];
    for (Index j = 0; j < lb.cols; ++j)
      for (Index i = 0; i < lb.ld; ++i) {
        double expect = kSentinel;
        if (i < lb.rows) {
          Index gi = glob(i, pb.b.mb, cb.row, pb.b.rsrc, pb.b.nprow) - pb.b.i0;
          Index gj = glob(j, pb.b.nb, cb.col, pb.b.csrc, pb.b.npcol) - pb.b.j0;
          if (gi >= 0 && gi < pb.m && gj >= 0 && gj < pb.n) {
            auto [lo, hi] = trap.rows_of_column(gj);
            if (gi >= lo && gi < hi) expect = code(gi + pb.a.i0, gj + pb.a.j0);
          }
        }
        ASSERT_EQ(lb.data[static_cast<std::size_t>(i + j * lb.ld)], expect)
            << "rank " << r << " local (" << i << "," << j << ")";
      }
  }
}

}  // namespace

TEST(PlanSimulation, RandomProblemsOnOverlappingAndDisjointGrids) {
  for (int k = 0; k < 1500; ++k) {
    Problem pb;
    int nranks = static_cast<int>(u(1, 12));
    pb.m = u(1, 40);
    pb.n = u(1, 40);
    pb.a = random_layout(pb.m, pb.n, nranks);
    pb.b = random_layout(pb.m, pb.n, nranks);
    int shape = static_cast<int>(u(0, 2));
    pb.shape = shape == 0 ? index::Shape::full : shape == 1 ? index::Shape::upper : index::Shape::lower;
    pb.unit_diag = u(0, 1) == 1;
    SCOPED_TRACE("case " + std::to_string(k));
    simulate(pb, nranks);
    if (HasFatalFailure()) return;
  }
}

TEST(PlanSimulation, TrapezoidCountsOfTheSemanticsExamples) {
  // As ScaLAPACK's p?trmr2d counts: upper 'N' of a 7x5 window copies 3+4+5+6+7 = 25.
  index::Trapezoid t{index::Shape::upper, false, 7, 5};
  Index total = 0;
  for (Index j = 0; j < 5; ++j) total += t.rows_of_column(j).second - t.rows_of_column(j).first;
  EXPECT_EQ(total, 25);
  // lower 'U' of 5x7: rows 1..4 keep 2,3,4,5,6 of their leading elements: 20.
  index::Trapezoid l{index::Shape::lower, true, 5, 7};
  total = 0;
  for (Index j = 0; j < 7; ++j) total += l.rows_of_column(j).second - l.rows_of_column(j).first;
  EXPECT_EQ(total, 2 + 3 + 4 + 5 + 6);
}

TEST(PlanSimulation, PlansForSixtyFourThousandProcesses) {
  // 256 x 256 grid to 128 x 512: build a few ranks' plans; each is bounded by
  // the runs it owns, not by the process count.
  Problem pb;
  pb.m = 1 << 20;
  pb.n = 1 << 20;
  auto grid = [](Index pr, Index pc, Index mb, Index nb) {
    MatrixLayout l;
    l.nprow = pr;
    l.npcol = pc;
    l.rows = l.cols = 1 << 20;
    l.mb = mb;
    l.nb = nb;
    l.rank_of.resize(static_cast<std::size_t>(pr * pc));
    for (std::size_t k = 0; k < l.rank_of.size(); ++k) l.rank_of[k] = static_cast<int>(k);
    return l;
  };
  pb.a = grid(256, 256, 64, 64);
  pb.b = grid(128, 512, 100, 37);
  auto start = std::chrono::steady_clock::now();
  Index sent = 0;
  for (int r : {0, 1, 4097, 65535}) {
    Plan p = make_plan(pb, r, 1 << 12, 1 << 13);
    for (const Transfer& t : p.sends) sent += t.count;
    if (p.has_self) sent += p.self.count;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Each rank of A holds (2^20/256)^2 elements; all of them leave.
  EXPECT_EQ(sent, 4 * (Index{1} << 24));
  std::printf("4 plans of a 65536-process problem: %.3f s\n", seconds);  // reported, not asserted
}

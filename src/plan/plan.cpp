// SPDX-License-Identifier: BSD-3-Clause
// make_plan; see plan.hpp.
#include "plan/plan.hpp"

#include <algorithm>

#include "index/runs_2d.hpp"
#include "problem/edges.hpp"

namespace mr2d::plan {

using index::AxisPair;
using index::Role;
using index::RunSet;
using model::MatrixLayout;
using model::Problem;

GridCoord coord_of(const MatrixLayout& layout, int rank) {
  for (std::size_t k = 0; k < layout.rank_of.size(); ++k) {
    if (layout.rank_of[k] == rank) {
      Index pos = static_cast<Index>(k);
      return {pos / layout.npcol, pos % layout.npcol};
    }
  }
  return {};
}

namespace {

// Appends the run sets to the plan's tables and returns (peer coordinate, table index).
std::vector<std::pair<Index, int>> store(std::vector<std::pair<Index, RunSet>> sets, std::vector<RunSet>& table) {
  std::vector<std::pair<Index, int>> out;
  out.reserve(sets.size());
  for (auto& [coord, set] : sets) {
    out.emplace_back(coord, static_cast<int>(table.size()));
    table.push_back(std::move(set));
  }
  return out;
}

}  // namespace

void order_from(std::vector<Transfer>& list, int me, int nranks) {
  auto key = [&](const Transfer& t) { return (t.peer - me - 1 + nranks) % nranks; };
  std::sort(list.begin(), list.end(), [&](const Transfer& x, const Transfer& y) { return key(x) < key(y); });
}

namespace {

// Both matrices on a single process each, whole rectangle (a block of one
// grid layout against a block of another): one run per dimension, one
// transfer, built directly (grid layouts make millions of these).
bool one_rectangle(const Problem& p) {
  return p.a.processes() == 1 && p.b.processes() == 1 && p.shape == index::Shape::full && p.a.row_stride == 1 &&
         p.a.col_stride == 1 && p.b.row_stride == 1 && p.b.col_stride == 1 && p.m > 0 && p.n > 0;
}

void fill_rectangle(const Problem& p, Plan& plan) {
  const int from = p.a.rank_of[0], to = p.b.rank_of[0];
  if (plan.me != from && plan.me != to) return;
  // On one process local and global indices coincide.
  plan.row_sets.emplace_back(std::vector<index::Run>{{0, p.m, p.a.i0, p.b.i0}}, p.m, 0, 0, p.m);
  plan.col_sets.emplace_back(std::vector<index::Run>{{0, p.n, p.a.j0, p.b.j0}}, p.n, 0, 0, p.n);
  Transfer t;
  t.row_set = 0;
  t.col_set = 0;
  t.count = p.m * p.n;
  if (from == to) {
    t.peer = from;
    plan.has_self = true;
    plan.self = t;
  } else if (plan.me == from) {
    t.peer = to;
    plan.sends.push_back(t);
    plan.send_elems = t.count;
  } else {
    t.peer = from;
    plan.recvs.push_back(t);
    plan.recv_elems = t.count;
  }
}

}  // namespace

Plan make_plan(const Problem& problem, int me, Index lda, Index ldb) {
  Plan plan;
  plan.me = me;
  plan.elem_size = problem.elem_size;
  plan.lda = lda;
  plan.ldb = ldb;
  plan.trapezoid = model::trapezoid_of(problem);
  if (one_rectangle(problem)) {
    fill_rectangle(problem, plan);
    return plan;
  }
  const GridCoord in_a = coord_of(problem.a, me);
  const GridCoord in_b = coord_of(problem.b, me);
  const AxisPair rows = model::row_axes(problem);
  const AxisPair cols = model::col_axes(problem);
  const int nranks = std::max(1, model::rank_count(problem));

  // My transfers on one side: every pair of a row peer and a column peer.
  auto add_side = [&](Role role, const GridCoord& mine, const MatrixLayout& peers, std::vector<Transfer>& out) {
    auto row_peers = store(index::runs_for(rows, role, mine.row), plan.row_sets);
    auto col_peers = store(index::runs_for(cols, role, mine.col), plan.col_sets);
    for (auto [pc, cs] : col_peers) {
      for (auto [pr, rs] : row_peers) {
        Transfer t;
        t.peer = peers.rank_at(pr, pc);
        // The part I keep is taken once, from the sending side.
        if (t.peer == me && role == Role::receiver) continue;
        t.row_set = rs;
        t.col_set = cs;
        t.count = index::count_in(plan.row_sets[static_cast<std::size_t>(rs)],
                                  plan.col_sets[static_cast<std::size_t>(cs)], plan.trapezoid);
        if (t.count == 0) continue;
        if (t.peer == me) {
          plan.has_self = true;
          plan.self = t;
        } else {
          out.push_back(t);
        }
      }
    }
  };
  if (in_a.member()) add_side(Role::sender, in_a, problem.b, plan.sends);
  if (in_b.member()) add_side(Role::receiver, in_b, problem.a, plan.recvs);
  order_from(plan.sends, me, nranks);
  order_from(plan.recvs, me, nranks);
  for (Transfer& t : plan.sends) {
    t.offset = plan.send_elems;
    plan.send_elems += t.count;
  }
  for (Transfer& t : plan.recvs) {
    t.offset = plan.recv_elems;
    plan.recv_elems += t.count;
  }
  return plan;
}

}  // namespace mr2d::plan

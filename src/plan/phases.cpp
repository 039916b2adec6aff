// SPDX-License-Identifier: BSD-3-Clause
// Two-phase strategies; see phases.hpp.
#include "plan/phases.hpp"

#include "index/cyclic_1d.hpp"
#include "problem/traffic.hpp"

namespace mr2d::plan {

using model::CostModel;
using model::MatrixLayout;
using model::Problem;

namespace {

// Block size of the intermediate along one dimension.
Index middle_block(Index a_block, Index a_procs, Index b_block, Index b_procs, Phases via, Index extent) {
  if (a_procs == 1 || b_procs == 1) return b_block;
  const Index g = gcd(a_block, b_block);
  return via == Phases::gcd ? g : lcm_capped(a_block, b_block, extent + 1);
}

}  // namespace

MatrixLayout middle_layout(const Problem& pb, Phases via) {
  MatrixLayout m = pb.b;
  m.rows = pb.m;
  m.cols = pb.n;
  m.i0 = m.j0 = 0;
  m.row_stride = m.col_stride = 1;
  m.mb = middle_block(pb.a.mb, pb.a.nprow, pb.b.mb, pb.b.nprow, via, pb.m);
  m.nb = middle_block(pb.a.nb, pb.a.npcol, pb.b.nb, pb.b.npcol, via, pb.n);
  // Its first block on the process holding sub(B)'s first element.
  m.rsrc = index::owner(pb.b.i0, pb.b.mb, pb.b.rsrc, pb.b.nprow);
  m.csrc = index::owner(pb.b.j0, pb.b.nb, pb.b.csrc, pb.b.npcol);
  return m;
}

std::vector<Problem> passes_for(const Problem& pb, Phases via) {
  if (via == Phases::one || via == Phases::automatic) return {pb};
  Problem first = pb, second = pb;
  first.b = middle_layout(pb, via);
  second.a = first.b;
  return {first, second};
}

double predicted_seconds(const Problem& pb, Phases via, const CostModel& model) {
  double t = 0;
  for (const Problem& p : passes_for(pb, via))
    t += model::summarize(model::all_traffic(p), p.elem_size, model).predicted_seconds;
  return t;
}

Phases choose_phases(const Problem& pb, const CostModel& model) {
  Phases best = Phases::one;
  double best_t = predicted_seconds(pb, Phases::one, model);
  for (Phases via : {Phases::lcm, Phases::gcd}) {
    const MatrixLayout m = middle_layout(pb, via);
    if (m.mb == pb.b.mb && m.nb == pb.b.nb) continue;  // the first pass would be the whole job
    const double t = predicted_seconds(pb, via, model);
    if (t < best_t) {
      best = via;
      best_t = t;
    }
  }
  return best;
}

}  // namespace mr2d::plan

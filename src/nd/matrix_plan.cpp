// SPDX-License-Identifier: BSD-3-Clause
// N-dimensional plans as plans of a matrix; see matrix_plan.hpp.
#include "nd/matrix_plan.hpp"

#include <algorithm>
#include <memory>

#include "nd/check.hpp"

namespace mr2d::nd {

namespace {

using index::RunSet;
using Shared = std::vector<std::vector<std::shared_ptr<const RunSet>>>;

// Each dimension's run sets of a direction, shared by the products that use them.
Shared shared_sets(const Direction& dir) {
  Shared out(dir.dims.size());
  for (std::size_t d = 0; d < dir.dims.size(); ++d)
    for (const auto& entry : dir.dims[d]) out[d].push_back(std::make_shared<const RunSet>(entry.second));
  return out;
}

// Everything the transfers of one direction share.
struct Sides {
  const Array& a;
  const Array& b;
  const std::vector<int>& perm;
  const std::vector<Index>& a_leading;  ///< by rank (matrix_plan)
};

// Strides of `x` (A where `is_a`) on union rank `rank` at grid coordinates
// `coords` (one per dimension of x): from its leading sizes where known,
// else from its local counts.
std::vector<Index> peer_strides(const Sides& s, bool is_a, Index rank, const std::vector<Index>& coords) {
  const Array& x = is_a ? s.a : s.b;
  const std::size_t n = x.dims.size();
  const bool known = is_a && !s.a_leading.empty();
  return strides_from(n, [&](std::size_t d) {
    return known ? s.a_leading[static_cast<std::size_t>(rank) * n + d] : local_count(x.dims[d], coords[d]);
  });
}

// A partner's coordinates along each dimension of the side it is on (A's
// for a sender, B's for a receiver), from the direction's entries.
std::vector<Index> partner_coords(const Direction& dir, const Partner& p, const std::vector<int>* perm) {
  std::vector<Index> coords(dir.dims.size(), 0);
  for (std::size_t d = 0; d < dir.dims.size(); ++d) {
    const Index c = dir.dims[d][static_cast<std::size_t>(p.at[d])].first;
    coords[perm != nullptr ? static_cast<std::size_t>((*perm)[d]) : d] = c;
  }
  return coords;
}

// The set of A's dimensions `dims` (fastest first) of a transfer: their run
// sets' product, local indices scaled by the sender's strides of A in units
// of `a_unit` and the receiver's of B in units of `b_unit` (one dimension
// with both scales 1: its run set itself; none: a single position).
RunSet product_of(const Sides& s, const Shared& sets, const Partner& p, const std::vector<std::size_t>& dims,
                  const std::vector<Index>& sa, Index a_unit, const std::vector<Index>& sb, Index b_unit) {
  if (dims.empty()) return RunSet({{0, 1, 0, 0}}, 1, 0, 0, 1);
  std::vector<RunSet::Factor> factors;
  for (std::size_t d : dims)
    factors.push_back(
        {sets[d][static_cast<std::size_t>(p.at[d])], sa[d] / a_unit, sb[static_cast<std::size_t>(s.perm[d])] / b_unit});
  if (factors.size() == 1 && factors[0].src_scale == 1 && factors[0].dst_scale == 1) return *factors[0].set;
  return RunSet::product(std::move(factors));
}

// The units of a matrix form on one pair of processes: A's columns count
// in A's stride of the first column dimension (op T) or of dimension 1;
// B's columns in B's stride of dimension 1 (op N) or in elements (op T),
// B's rows (op T) in B's stride of the dimension a row lands along (the
// leading dimension).
struct Shape {
  Index lda = 1, ldb = 1;
  Index row_b_unit = 1, col_b_unit = 1;
};

Shape shape_of(const Sides& s, const MatrixForm& form, const std::vector<Index>& sa, const std::vector<Index>& sb) {
  Shape h;
  if (form.op == 'N') {
    const bool one = sa.size() == 1;
    h.lda = one ? std::max<Index>(s.a.leading.empty() ? 1 : s.a.leading[0], 1) : sa[1];
    h.col_b_unit = h.ldb = one ? std::max<Index>(s.b.leading.empty() ? 1 : s.b.leading[0], 1) : sb[1];
    return h;
  }
  h.lda = form.rows.size() > 1 ? sa[form.cols[0]] : sa[1];
  h.row_b_unit = h.ldb = sb[static_cast<std::size_t>(s.perm[0])];
  return h;
}

// Adds the transfers of one direction to `out` (`sending`: this process is
// the sender); this process's own part is taken once, when sending.
void add_direction(const Sides& s, const MatrixForm& form, const Direction& dir, bool sending, Index me,
                   const std::vector<Index>& my_a, const std::vector<Index>& my_b, plan::Plan& out,
                   std::vector<plan::Transfer>& list) {
  if (!dir.member || dir.partners.empty()) return;
  const Shared sets = shared_sets(dir);
  for (const Partner& p : dir.partners) {
    if (p.rank == me && !sending) continue;
    // The other end's strides (this process's own for its own part).
    const std::vector<Index> peer =
        p.rank == me ? (sending ? my_b : my_a)
                     : peer_strides(s, !sending, p.rank, partner_coords(dir, p, sending ? &s.perm : nullptr));
    const std::vector<Index>& sa = sending ? my_a : peer;
    const std::vector<Index>& sb = sending ? peer : my_b;
    const Shape h = shape_of(s, form, sa, sb);
    plan::Transfer t;
    t.peer = static_cast<int>(p.rank);
    t.row_set = static_cast<int>(out.row_sets.size());
    t.col_set = static_cast<int>(out.col_sets.size());
    t.count = p.elements;
    out.row_sets.push_back(product_of(s, sets, p, form.rows, sa, 1, sb, h.row_b_unit));
    out.col_sets.push_back(product_of(s, sets, p, form.cols, sa, h.lda, sb, h.col_b_unit));
    if (p.rank == me) {
      out.has_self = true;
      out.self = t;
    } else {
      list.push_back(t);
    }
  }
}

}  // namespace

MatrixForm matrix_form(const Array& a, const std::vector<int>& perm) {
  MatrixForm f;
  const std::size_t n = a.dims.size();
  f.rows = {0};
  if (perm[0] == 0) {
    std::size_t next_in_b = 1;
    while (next_in_b < n && perm[next_in_b] != 1) ++next_in_b;
    if (n > 1) f.cols.push_back(1);
    if (next_in_b > 1 && next_in_b < n) f.cols.push_back(next_in_b);
    for (std::size_t d = 2; d < n; ++d)
      if (d != next_in_b) f.cols.push_back(d);
  } else {
    f.op = 'T';
    std::size_t r = 1;
    while (perm[r] != 0) ++r;
    bool in_order = true;
    for (std::size_t d = 1; d < r; ++d) in_order = in_order && perm[d] > perm[0];
    if (in_order)
      for (std::size_t d = 1; d < r; ++d) f.rows.push_back(d);
    f.cols.push_back(r);
    for (std::size_t d = 1; d < n; ++d)
      if (d != r && (d > r || !in_order)) f.cols.push_back(d);
  }
  for (std::size_t d : f.rows) f.m *= a.dims[d].count;
  for (std::size_t d : f.cols) f.n *= a.dims[d].count;
  return f;
}

MatrixPlan matrix_plan(const DimPlan& dims, const Array& a, const Array& b, const std::vector<int>& perm, Index me,
                       Index nranks, Index es, const std::vector<Index>& a_leading) {
  MatrixPlan out;
  const MatrixForm form = matrix_form(a, perm);
  out.op = form.op;
  plan::Plan& p = out.plan;
  p.me = static_cast<int>(me);
  p.elem_size = es;
  const std::vector<Index> sa = strides_of(a), sb = strides_of(b);
  const Sides sides{a, b, perm, a_leading};
  const Shape h = shape_of(sides, form, sa, sb);
  p.lda = h.lda;
  p.ldb = h.ldb;
  p.trapezoid.m = form.m;
  p.trapezoid.n = form.n;
  add_direction(sides, form, dims.send, true, me, sa, sb, p, p.sends);
  add_direction(sides, form, dims.receive, false, me, sa, sb, p, p.recvs);
  plan::order_from(p.sends, p.me, static_cast<int>(nranks));
  plan::order_from(p.recvs, p.me, static_cast<int>(nranks));
  for (plan::Transfer& t : p.sends) {
    t.offset = p.send_elems;
    p.send_elems += t.count;
  }
  for (plan::Transfer& t : p.recvs) {
    t.offset = p.recv_elems;
    p.recv_elems += t.count;
  }
  return out;
}

bool pair_bytes(const Array& a, const Array& b, const std::vector<int>& perm, Index es, Index most,
                std::vector<model::Edge>& out, bool with_own) {
  out.clear();
  struct Pair {
    Index from, to, count;  // grid coordinates along the dimension, elements
  };
  const std::size_t n = a.dims.size();
  std::vector<std::vector<Pair>> pairs(n);
  Index total = 1;
  for (std::size_t d = 0; d < n; ++d) {
    const index::AxisPair axes = axes_of(a, b, perm, static_cast<int>(d));
    for (Index c = 0; c < a.dims[d].procs; ++c) {
      for (const auto& [peer, runs] : index::runs_for(axes, index::Role::sender, c))
        if (runs.count() > 0) pairs[d].push_back({c, peer, runs.count()});
      if (static_cast<Index>(pairs[d].size()) > most) return false;
    }
    if (pairs[d].empty()) return true;
    total *= static_cast<Index>(pairs[d].size());
    if (total > most) return false;
  }
  std::vector<std::size_t> at(n, 0);
  for (;;) {
    Index pa = 0, pb = 0, count = es;
    for (std::size_t d = 0; d < n; ++d) {
      const Pair& x = pairs[d][at[d]];
      pa += x.from * a.dims[d].weight;
      pb += x.to * b.dims[static_cast<std::size_t>(perm[d])].weight;
      count *= x.count;
    }
    const Index from = a.rank_at(pa), to = b.rank_at(pb);
    if (from != to || with_own) out.push_back({static_cast<int>(from), static_cast<int>(to), count});
    std::size_t d = 0;
    while (d < n && ++at[d] == pairs[d].size()) at[d++] = 0;
    if (d == n) break;
  }
  return true;
}

}  // namespace mr2d::nd

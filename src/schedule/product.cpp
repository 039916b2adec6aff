// SPDX-License-Identifier: BSD-3-Clause
// Two-dimensional schedules as products of one-dimensional ones
// (Evers (2025) section 4.2.7): with row
// steps M_1..M_a and column steps N_1..N_b, every M_u x N_v is a matching of
// the 2D graph and every 2D pair lies in exactly one of them. A dimension's
// steps come from the generalized circulant closed form where it applies
// (Evers (2025) section 4.2.6) or from colouring its small graph.
#include "schedule/product.hpp"

#include <algorithm>
#include <unordered_map>

#include "index/cyclic_1d.hpp"
#include "index/runs_1d.hpp"
#include "schedule/bipartite.hpp"

namespace mr2d::schedule {

namespace {

using Pair = std::pair<Index, Index>;  // (source coordinate, destination coordinate)
using Steps1D = std::vector<std::vector<Pair>>;

// Communicating coordinate pairs of one dimension with their volumes.
std::vector<std::pair<Pair, Index>> graph_1d(const index::AxisPair& axes) {
  std::vector<std::pair<Pair, Index>> out;
  for (Index p = 0; p < axes.src.nprocs; ++p)
    for (const auto& [q, runs] : index::runs_for(axes, index::Role::sender, p))
      if (runs.count() > 0) out.push_back({{p, q}, runs.count()});
  return out;
}

Steps1D colour_1d(const std::vector<std::pair<Pair, Index>>& g, Index P, Index Q) {
  std::vector<BipartiteEdge> edges;
  std::vector<std::size_t> order(g.size());
  for (std::size_t k = 0; k < g.size(); ++k) {
    edges.push_back({static_cast<int>(g[k].first.first), static_cast<int>(g[k].first.second)});
    order[k] = k;
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return g[x].second > g[y].second; });
  Steps1D steps;
  for (const auto& cls : colour_edges(edges, static_cast<int>(P), static_cast<int>(Q), order, Index{1} << 40)) {
    steps.emplace_back();
    for (std::size_t k : cls) steps.back().push_back(g[k].first);
  }
  return steps;
}

// Modular inverse of a modulo m (gcd(a, m) = 1), by the extended Euclid algorithm.
Index inverse_mod(Index a, Index m) {
  Index r0 = m, r1 = pos_mod(a, m), s0 = 0, s1 = 1;
  while (r1 != 0) {
    const Index q = r0 / r1;
    r0 = std::exchange(r1, r0 - q * r1);
    s0 = std::exchange(s1, s0 - q * s1);
  }
  return pos_mod(s0, m);
}

// Generalized circulant steps for cyclic(x) on P -> cyclic(kx) on Q, Q >= P,
// not all-to-all, in labels where block B (in units of x, counted from the
// start of the range) lives on B mod P and goes to (B div k) mod Q.
// Returns empty when the problem is all-to-all.
std::vector<std::vector<Index>> circulant_labels(Index P, Index Q, Index k) {
  const Index ls = P * k * Q / gcd(P, k * Q) / P;  // lcm(P, kQ) / P
  if (ls >= Q) return {};
  const Index g1 = gcd(P, k), p1 = P / g1, k1 = k / g1, g2 = gcd(p1, Q), q1 = Q / g2;
  const Index n = p1 == 1 ? 0 : inverse_mod(k1, p1);
  std::vector<std::vector<Index>> steps(static_cast<std::size_t>(ls), std::vector<Index>(static_cast<std::size_t>(P)));
  for (Index i = 0; i < ls; ++i)
    for (Index j = 0; j < P; ++j) {
      const Index i1 = i / q1, i2 = i % q1, j1 = j / g1, j2 = j % g1;
      steps[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
          pos_mod(pos_mod(n * (j1 - i1), p1) + pos_mod(j2 - i2, q1) * p1, Q);
    }
  return steps;
}

// Closed-form steps of one dimension when its block sizes are x and kx (either
// direction), the cyclic(kx) side has at least as many processes, the range
// starts on block boundaries of both sides, and the pattern is not
// all-to-all (then the two-class colouring). Steps are filtered to the pairs that really communicate; empty
// when any condition fails or a real pair is not covered exactly once.
Steps1D closed_form_1d(const index::AxisPair& axes, const std::vector<std::pair<Pair, Index>>& g) {
  const index::Axis& s = axes.src;
  const index::Axis& d = axes.dst;
  const bool grow = d.nb % s.nb == 0;  // x -> kx
  const index::Axis& fine = grow ? s : d;
  const index::Axis& coarse = grow ? d : s;
  if (coarse.nb % fine.nb != 0 || coarse.nprocs < fine.nprocs) return {};
  if (s.stride != 1 || d.stride != 1) return {};
  if (fine.start % fine.nb != 0 || coarse.start % coarse.nb != 0) return {};
  const Index k = coarse.nb / fine.nb;
  const auto labels = circulant_labels(fine.nprocs, coarse.nprocs, k);
  // All-to-all: messages come in two sizes; colouring the large ones first
  // gives Q steps at the cost bound (Evers (2025) section 4.2.6).
  if (labels.empty()) return colour_1d(g, s.nprocs, d.nprocs);
  const Index fine0 = index::owner(fine.start, fine.nb, fine.src, fine.nprocs);
  const Index coarse0 = index::owner(coarse.start, coarse.nb, coarse.src, coarse.nprocs);

  std::unordered_map<Index, Index> real;  // p * Q + q -> 0 (unused) / 1 (covered)
  for (const auto& [pq, vol] : g) real[pq.first * d.nprocs + pq.second] = 0;
  Steps1D steps;
  for (const auto& row : labels) {
    steps.emplace_back();
    for (Index j = 0; j < fine.nprocs; ++j) {
      const Index f = pos_mod(j + fine0, fine.nprocs);
      const Index c = pos_mod(row[static_cast<std::size_t>(j)] + coarse0, coarse.nprocs);
      const Pair pq = grow ? Pair{f, c} : Pair{c, f};
      auto it = real.find(pq.first * d.nprocs + pq.second);
      if (it == real.end()) continue;
      if (it->second++ != 0) return {};
      steps.back().push_back(pq);
    }
  }
  for (const auto& [key, used] : real)
    if (used != 1) return {};
  return steps;
}

Steps1D steps_1d(const index::AxisPair& axes, bool closed_form, bool& used_closed_form) {
  const auto g = graph_1d(axes);
  if (closed_form) {
    Steps1D s = closed_form_1d(axes, g);
    if (!s.empty()) {
      used_closed_form = true;
      return s;
    }
  }
  return colour_1d(g, axes.src.nprocs, axes.dst.nprocs);
}

}  // namespace

ProductResult product(const model::Problem& pb, const std::vector<model::Edge>& edges, bool closed_form) {
  const index::AxisPair rows = row_axes(pb);
  const index::AxisPair cols = col_axes(pb);
  ProductResult out;
  const Steps1D rs = steps_1d(rows, closed_form, out.row_closed_form);
  const Steps1D cs = steps_1d(cols, closed_form, out.col_closed_form);

  std::unordered_map<long long, Index> volume;  // from * nranks + to -> elements
  const long long nranks = model::rank_count(pb);
  for (const model::Edge& e : edges)
    if (e.from != e.to) volume[e.from * nranks + e.to] = e.count;
  for (const auto& rstep : rs)
    for (const auto& cstep : cs) {
      std::vector<model::Edge> step;
      for (const auto& [pr, qr] : rstep)
        for (const auto& [pc, qc] : cstep) {
          const int from = pb.a.rank_at(pr, pc), to = pb.b.rank_at(qr, qc);
          auto it = volume.find(from * nranks + to);
          if (it != volume.end()) step.push_back({from, to, it->second});
        }
      if (!step.empty()) out.schedule.steps.push_back(std::move(step));
    }
  return out;
}

}  // namespace mr2d::schedule

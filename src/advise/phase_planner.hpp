// SPDX-License-Identifier: BSD-3-Clause
// Choosing a distribution per program phase (Lee (1997),
// Algorithms 1 and 1'): a sequence
// of phases, each with a compute cost per candidate layout, and a
// redistribution cost between layouts; find the assignment of least total
// cost, optionally for a sequence that repeats in an outer loop (then the
// move from the last phase's layout back to the first's is paid too). Pure,
// no MPI.
#pragma once

#include <functional>
#include <vector>

namespace mr2d::advise {

/// Exact layered dynamic program over explicit candidates:
/// F(l, d) = compute[l][d] + min_e (F(l-1, e) + move(e, d)), O(phases x K^2)
/// (K^3 for the looped form, one pass per first layout).
struct Assignment {
  std::vector<int> layout;  ///< chosen candidate per phase
  double total = 0;         ///< compute plus moves (plus the wrap-around move when looped)
};

Assignment best_assignment(const std::vector<std::vector<double>>& compute,
                           const std::vector<std::vector<double>>& move, bool looped);

/// Cost of a given assignment under the same rules.
double assignment_cost(const std::vector<int>& layout, const std::vector<std::vector<double>>& compute,
                       const std::vector<std::vector<double>>& move, bool looped);

/// Lee's segment form (Lee Algorithm 1, and 1' when looped): segments
/// L_i..L_{i+j-1} priced by M(i, j) with scheme P(i, j), moves priced by
/// cost(P, P'). Segment (i, j) is 1-based as in Lee (1997).
struct Segment {
  int i, j;
};
struct SegmentPlan {
  std::vector<Segment> segments;
  double total = 0;
};

/// M(i, j) and the move cost between the schemes of two segments.
using SegmentCost = std::function<double(int i, int j)>;
using MoveCost = std::function<double(Segment from, Segment to)>;

/// Ties (within a relative 1e-12) go to the plan with fewer segments.
SegmentPlan best_segments(int phases, const SegmentCost& m, const MoveCost& move, bool looped);

}  // namespace mr2d::advise

// SPDX-License-Identifier: BSD-3-Clause
// Phase planners; see phase_planner.hpp.
#include "advise/phase_planner.hpp"

#include <cmath>
#include <limits>

namespace mr2d::advise {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// a better than b: cheaper beyond rounding, or as cheap with fewer parts.
bool better(double a, std::size_t parts_a, double b, std::size_t parts_b) {
  if (std::isinf(b)) return !std::isinf(a);
  const double tol = 1e-12 * std::max(std::fabs(a), std::fabs(b));
  if (a < b - tol) return true;
  if (a > b + tol) return false;
  return parts_a < parts_b;
}

// Layered DP with the first phase's layout fixed to `first` (-1: free); with
// a first layout the move back to it after the last phase is counted.
Assignment layered(const std::vector<std::vector<double>>& compute, const std::vector<std::vector<double>>& move,
                   int first) {
  const std::size_t phases = compute.size();
  Assignment out;
  if (phases == 0) return out;
  const std::size_t k = compute[0].size();
  std::vector<std::vector<double>> f(phases, std::vector<double>(k, kInf));
  std::vector<std::vector<int>> from(phases, std::vector<int>(k, -1));
  for (std::size_t d = 0; d < k; ++d)
    if (first < 0 || static_cast<int>(d) == first) f[0][d] = compute[0][d];
  for (std::size_t l = 1; l < phases; ++l)
    for (std::size_t d = 0; d < k; ++d)
      for (std::size_t e = 0; e < k; ++e) {
        const double c = f[l - 1][e] + move[e][d] + compute[l][d];
        if (c < f[l][d]) {
          f[l][d] = c;
          from[l][d] = static_cast<int>(e);
        }
      }
  auto closing = [&](std::size_t d) {
    return f[phases - 1][d] + (first >= 0 ? move[d][static_cast<std::size_t>(first)] : 0.0);
  };
  std::size_t last = 0;
  for (std::size_t d = 1; d < k; ++d)
    if (closing(d) < closing(last)) last = d;
  out.layout.assign(phases, 0);
  out.layout[phases - 1] = static_cast<int>(last);
  for (std::size_t l = phases - 1; l > 0; --l) out.layout[l - 1] = from[l][static_cast<std::size_t>(out.layout[l])];
  out.total = closing(last);
  return out;
}

}  // namespace

double assignment_cost(const std::vector<int>& layout, const std::vector<std::vector<double>>& compute,
                       const std::vector<std::vector<double>>& move, bool looped) {
  double t = 0;
  for (std::size_t l = 0; l < layout.size(); ++l) {
    t += compute[l][static_cast<std::size_t>(layout[l])];
    if (l > 0) t += move[static_cast<std::size_t>(layout[l - 1])][static_cast<std::size_t>(layout[l])];
  }
  if (looped && !layout.empty())
    t += move[static_cast<std::size_t>(layout.back())][static_cast<std::size_t>(layout.front())];
  return t;
}

Assignment best_assignment(const std::vector<std::vector<double>>& compute,
                           const std::vector<std::vector<double>>& move, bool looped) {
  if (!looped || compute.empty()) return layered(compute, move, -1);
  // The wrap-around move depends on the first layout: solve once per first layout.
  Assignment best;
  best.total = kInf;
  for (std::size_t first = 0; first < compute[0].size(); ++first) {
    const Assignment a = layered(compute, move, static_cast<int>(first));
    if (a.total < best.total) best = a;
  }
  return best;
}

SegmentPlan best_segments(int s, const SegmentCost& m, const MoveCost& move, bool looped) {
  // t[i][j]: cost of L_1..L_{i+j-1} ending with segment (i, j), and its plan.
  std::vector<std::vector<SegmentPlan>> t(static_cast<std::size_t>(s) + 2,
                                          std::vector<SegmentPlan>(static_cast<std::size_t>(s) + 2));
  auto at = [&](int i, int j) -> SegmentPlan& { return t[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
  for (int j = 1; j <= s; ++j) at(1, j) = {{{1, j}}, m(1, j)};
  for (int i = 2; i <= s; ++i)
    for (int j = 1; j <= s - i + 1; ++j) {
      SegmentPlan best{{}, kInf};
      for (int k = 1; k < i; ++k) {
        const SegmentPlan& prev = at(i - k, k);
        const double c = prev.total + m(i, j) + move({i - k, k}, {i, j});
        if (better(c, prev.segments.size() + 1, best.total, best.segments.size())) {
          best = prev;
          best.segments.push_back({i, j});
          best.total = c;
        }
      }
      at(i, j) = best;
    }
  SegmentPlan answer{{}, kInf};
  for (int k = s; k >= 1; --k) {
    SegmentPlan p = at(s - k + 1, k);
    if (looped) p.total += move(p.segments.back(), p.segments.front());
    if (better(p.total, p.segments.size(), answer.total, answer.segments.size())) answer = p;
  }
  return answer;
}

}  // namespace mr2d::advise

// SPDX-License-Identifier: BSD-3-Clause
// Exact maximum-weight matching; see matching.hpp.
//
// As a minimum-cost assignment: matching row i to column j costs -weight,
// and every row has a private zero-cost column that stands for "unmatched",
// so a perfect assignment always exists and its cost is minus the weight of
// the matching it contains. Kuhn's (1955) dual variables u (rows) and v
// (columns) keep every reduced cost c - u - v >= 0, with equality on the
// assignment, and v = 0 on free columns (so that no free column is preferred
// for its potential); each free row is then assigned along a shortest path of
// reduced costs (Jonker and Volgenant 1987), found by Dijkstra over the
// sparse pairs only. Potentials and distances are 128-bit: weights use up
// to 63 bits and paths add many of them.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <utility>

#include "common/status.hpp"
#include "relabel/matching.hpp"

namespace mr2d::relabel {

namespace {

using Cost = __int128;
constexpr Cost kInfinity = std::numeric_limits<Cost>::max();

std::size_t at(int k) { return static_cast<std::size_t>(k); }

// Pairs grouped by row, the private column of each row last.
struct RowLists {
  std::vector<std::size_t> start;  // row i's entries are [start[i], start[i+1])
  std::vector<int> col;
  std::vector<Cost> cost;

  RowLists(int rows, int cols, const std::vector<Pair>& pairs) : start(at(rows) + 1, 0) {
    for (const Pair& p : pairs)
      if (p.weight > 0) ++start[at(p.row) + 1];
    for (int i = 0; i < rows; ++i) start[at(i) + 1] += start[at(i)] + 1;  // + private column
    col.resize(start.back());
    cost.resize(start.back());
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (const Pair& p : pairs)
      if (p.weight > 0) {
        col[fill[at(p.row)]] = p.col;
        cost[fill[at(p.row)]++] = -static_cast<Cost>(p.weight);
      }
    for (int i = 0; i < rows; ++i) {
      col[fill[at(i)]] = cols + i;
      cost[fill[at(i)]] = 0;
    }
  }
};

class Solver {
 public:
  Solver(int rows, int cols, const std::vector<Pair>& pairs, Index budget)
      : budget_(budget),
        rows_(rows),
        cols_(cols),
        lists_(rows, cols, pairs),
        u_(at(rows), 0),
        v_(at(cols) + at(rows), 0),
        row_of_(at(cols) + at(rows), -1),
        col_of_(at(rows), -1),
        dist_(v_.size(), kInfinity),
        pred_(v_.size(), -1),
        done_(v_.size(), 0),
        drow_(at(rows), 0) {
    initial_assignment();
  }

  std::optional<std::vector<int>> solve() {
    for (int s = 0; s < rows_; ++s)
      if (col_of_[at(s)] < 0 && !augment_from(s)) return std::nullopt;
    std::vector<int> match(at(rows_), -1);
    for (int i = 0; i < rows_; ++i)
      if (col_of_[at(i)] < cols_) match[at(i)] = col_of_[at(i)];
    return match;
  }

 private:
  // Row reduction: u_i = the least cost in row i (v = 0), then each row takes
  // a free column it is tight with. Often assigns most rows at once. Free
  // columns keep v = 0 throughout, the optimality condition for an
  // assignment that leaves columns over.
  void initial_assignment() {
    for (int i = 0; i < rows_; ++i) {
      const std::size_t first = lists_.start[at(i)], last = lists_.start[at(i) + 1];
      u_[at(i)] = *std::min_element(lists_.cost.begin() + static_cast<std::ptrdiff_t>(first),
                                    lists_.cost.begin() + static_cast<std::ptrdiff_t>(last));
      for (std::size_t k = first; k < last; ++k) {
        const int j = lists_.col[k];
        if (lists_.cost[k] == u_[at(i)] && row_of_[at(j)] < 0) {
          row_of_[at(j)] = i;
          col_of_[at(i)] = j;
          break;
        }
      }
    }
  }

  void relax(int i) {
    budget_ -= static_cast<Index>(lists_.start[at(i) + 1] - lists_.start[at(i)]);
    for (std::size_t k = lists_.start[at(i)]; k < lists_.start[at(i) + 1]; ++k) {
      const int j = lists_.col[k];
      if (done_[at(j)]) continue;
      const Cost d = drow_[at(i)] + lists_.cost[k] - u_[at(i)] - v_[at(j)];
      if (d < dist_[at(j)]) {
        if (dist_[at(j)] == kInfinity) touched_.push_back(j);
        dist_[at(j)] = d;
        pred_[at(j)] = i;
        heap_.push_back({d, j});
        std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
      }
    }
  }

  // One shortest augmenting path from free row s; s's private column is
  // always free, so a path exists. False when the budget ran out.
  bool augment_from(int s) {
    reached_.assign(1, s);
    drow_[at(s)] = 0;
    relax(s);
    int sink = -1;
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
      const auto [d, j] = heap_.back();
      heap_.pop_back();
      if (done_[at(j)] || d != dist_[at(j)]) continue;
      done_[at(j)] = 1;
      finished_.push_back(j);
      const int i = row_of_[at(j)];
      if (i < 0) {
        sink = j;
        break;
      }
      drow_[at(i)] = d;  // the assigned pair is tight
      reached_.push_back(i);
      relax(i);
      if (budget_ < 0) return false;
    }
    MR2D_CHECK(sink >= 0);
    // Potentials: reduced costs stay >= 0 and the path becomes tight.
    const Cost total = dist_[at(sink)];
    for (int j : finished_) v_[at(j)] += dist_[at(j)] - total;
    for (int i : reached_) u_[at(i)] += total - drow_[at(i)];
    for (int j = sink;;) {
      const int i = pred_[at(j)];
      const int previous = col_of_[at(i)];
      col_of_[at(i)] = j;
      row_of_[at(j)] = i;
      if (i == s) break;
      j = previous;
    }
    for (int j : touched_) {
      dist_[at(j)] = kInfinity;
      pred_[at(j)] = -1;
      done_[at(j)] = 0;
    }
    touched_.clear();
    finished_.clear();
    heap_.clear();
    return true;
  }

  Index budget_;  // pair visits left
  int rows_, cols_;
  RowLists lists_;
  std::vector<Cost> u_, v_;
  std::vector<int> row_of_, col_of_;
  std::vector<Cost> dist_;
  std::vector<int> pred_;
  std::vector<char> done_;
  std::vector<Cost> drow_;
  std::vector<int> touched_, finished_, reached_;
  std::vector<std::pair<Cost, int>> heap_;  // a min-heap of (distance, column)
};

}  // namespace

std::optional<std::vector<int>> exact_matching(int rows, int cols, const std::vector<Pair>& pairs, Index budget) {
  return Solver(rows, cols, pairs, budget).solve();
}

Index matching_weight(const std::vector<Pair>& pairs, const std::vector<int>& match) {
  Index total = 0;
  for (const Pair& p : pairs)
    if (p.weight > 0 && match[at(p.row)] == p.col) total += p.weight;
  return total;
}

}  // namespace mr2d::relabel

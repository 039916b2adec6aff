// SPDX-License-Identifier: BSD-3-Clause
// Rank relabelling; see relabel.hpp.
#include "relabel/relabel.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "common/status.hpp"
#include "relabel/matching.hpp"

namespace mr2d::relabel {

namespace {

std::size_t at(Index k) { return static_cast<std::size_t>(k); }

// Ranks of A that are not available drop out: their data moves whatever the placement.
std::vector<Pair> pairs_on(const std::vector<Volume>& volumes, const std::vector<int>& ranks) {
  std::vector<std::pair<int, int>> column_of;  // (rank, index in ranks), sorted by rank
  for (std::size_t k = 0; k < ranks.size(); ++k) column_of.push_back({ranks[k], static_cast<int>(k)});
  std::sort(column_of.begin(), column_of.end());
  std::vector<Pair> pairs;
  for (const Volume& v : volumes) {
    auto it = std::lower_bound(column_of.begin(), column_of.end(), std::make_pair(v.rank, 0));
    if (it != column_of.end() && it->first == v.rank) pairs.push_back({v.position, it->second, v.elems});
  }
  return pairs;
}

// Matched positions take their column's rank; the others their default rank
// if still free, then the free ranks in order.
std::vector<int> complete(const std::vector<int>& match, const std::vector<int>& ranks) {
  const std::size_t positions = match.size();
  std::vector<int> column(positions, -1);
  std::vector<char> used(ranks.size(), 0);
  for (std::size_t q = 0; q < positions; ++q)
    if (match[q] >= 0) {
      column[q] = match[q];
      used[at(match[q])] = 1;
    }
  for (std::size_t q = 0; q < positions; ++q)
    if (column[q] < 0 && !used[q]) {
      column[q] = static_cast<int>(q);
      used[q] = 1;
    }
  std::size_t next = 0;
  for (std::size_t q = 0; q < positions; ++q) {
    if (column[q] >= 0) continue;
    while (used[next]) ++next;
    column[q] = static_cast<int>(next);
    used[next] = 1;
  }
  std::vector<int> rank_of(positions);
  for (std::size_t q = 0; q < positions; ++q) rank_of[q] = ranks[at(column[q])];
  return rank_of;
}

}  // namespace

Placement place(const std::vector<Volume>& volumes, int positions, const std::vector<int>& ranks,
                const Settings& settings) {
  MR2D_CHECK(positions >= 0 && ranks.size() >= at(positions));
  Placement out;
  out.total = total_elements(volumes);
  std::vector<int> by_default(ranks.begin(), ranks.begin() + positions);
  out.kept_default = kept_elements(volumes, by_default);

  const std::vector<Pair> pairs = pairs_on(volumes, ranks);
  const int cols = static_cast<int>(ranks.size());
  std::optional<std::vector<int>> exact;
  if (positions <= settings.exact_limit) exact = exact_matching(positions, cols, pairs, settings.exact_budget);
  out.exact = exact.has_value();
  const std::vector<int> match = out.exact ? std::move(*exact) : greedy_matching(positions, cols, pairs);
  out.rank_of = complete(match, ranks);
  out.kept = kept_elements(volumes, out.rank_of);
  MR2D_CHECK(out.kept == matching_weight(pairs, match));
  MR2D_CHECK(!out.exact || out.kept >= out.kept_default);
  if (out.kept <= out.kept_default) {
    out.rank_of = std::move(by_default);
    out.kept = out.kept_default;
  }
  return out;
}

}  // namespace mr2d::relabel

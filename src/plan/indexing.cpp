// SPDX-License-Identifier: BSD-3-Clause
// Indexing modes; see indexing.hpp.
#include "plan/indexing.hpp"

#include <vector>

namespace mr2d::plan {

bool cdc_pays(const index::RunSet& rows, const index::RunSet& cols) {
  // Eq. 17 with L_in = rows.count() and BC_in = one period: the tables of both
  // dimensions against the replays of the inner one over every column.
  return rows.cycles() > 1 && rows.count() + cols.count() < rows.cycles() * cols.count();
}

bool apply_indexing(Plan& plan, Indexing mode) {
  if (mode == Indexing::bbc) return false;
  std::vector<char> expand_rows(plan.row_sets.size(), mode == Indexing::cdc ? 1 : 0);
  if (mode == Indexing::automatic) {
    auto consider = [&](const Transfer& t) {
      if (cdc_pays(plan.rows(t), plan.cols(t))) expand_rows[static_cast<std::size_t>(t.row_set)] = 1;
    };
    for (const Transfer& t : plan.sends) consider(t);
    for (const Transfer& t : plan.recvs) consider(t);
    if (plan.has_self) consider(plan.self);
  }
  bool any = false;
  for (std::size_t k = 0; k < plan.row_sets.size(); ++k)
    if (expand_rows[k] && plan.row_sets[k].cycles() > 1) {
      plan.row_sets[k] = plan.row_sets[k].expanded();
      any = true;
    }
  if (mode == Indexing::cdc)
    for (index::RunSet& cs : plan.col_sets)
      if (cs.cycles() > 1) {
        cs = cs.expanded();
        any = true;
      }
  return any;
}

}  // namespace mr2d::plan

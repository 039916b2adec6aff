// SPDX-License-Identifier: BSD-3-Clause
// Schedule validation; see schedule.hpp.
#include <map>
#include <set>

#include "schedule/schedule.hpp"

namespace mr2d::schedule {

Verdict validate(const std::vector<model::Edge>& edges, const Schedule& schedule) {
  Verdict v;
  v.lower_bound = lower_bound(edges);
  v.steps = static_cast<Index>(schedule.steps.size());
  auto fail = [&](std::string why) {
    if (v.ok) v.problem = std::move(why);
    v.ok = false;
  };
  std::map<std::pair<int, int>, Index> owed;  // pair -> volume, until scheduled
  for (const model::Edge& e : edges)
    if (e.from != e.to) owed[{e.from, e.to}] = e.count;
  if (schedule.kind == Kind::async) return v;  // everything is posted at once

  for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
    std::set<int> senders, receivers;
    for (const model::Edge& e : schedule.steps[s]) {
      const std::string where =
          " in step " + std::to_string(s) + ": " + std::to_string(e.from) + " -> " + std::to_string(e.to);
      if (!senders.insert(e.from).second) fail("a process sends twice" + where);
      if (!receivers.insert(e.to).second) fail("a process receives twice" + where);
      auto it = owed.find({e.from, e.to});
      if (it == owed.end()) {
        fail("pair not owed (absent or already scheduled)" + where);
        continue;
      }
      if (it->second != e.count) fail("wrong volume" + where);
      owed.erase(it);
    }
  }
  if (!owed.empty())
    fail("pair never scheduled: " + std::to_string(owed.begin()->first.first) + " -> " +
         std::to_string(owed.begin()->first.second));
  return v;
}

}  // namespace mr2d::schedule

// SPDX-License-Identifier: BSD-3-Clause
// The kept part's copy strategy; see kept_copy.hpp.
#include "route/kept_copy.hpp"

#include <unordered_map>

#include "kernels/two_sources.hpp"
#include "kernels/two_targets.hpp"

namespace mr2d::route {

KeptCopy kept_copy(const plan::Plan& plan) {
  if (!plan.has_self) return {};
  const index::RunSet& rows = plan.rows(plan.self);
  const index::RunSet& cols = plan.cols(plan.self);
  for (std::size_t k = 0; k < plan.recvs.size(); ++k) {
    const plan::Transfer& t = plan.recvs[k];
    if (kernels::two_sources_fit({nullptr, plan.lda, false, &rows, &cols},
                                 {nullptr, 0, true, &plan.rows(t), &plan.cols(t)}, plan.trapezoid, plan.elem_size, {}))
      return {KeptWith::received, static_cast<std::int32_t>(k)};
  }
  for (std::size_t k = 0; k < plan.sends.size(); ++k) {
    const plan::Transfer& t = plan.sends[k];
    if (kernels::two_targets_fit({nullptr, plan.ldb, false, &rows, &cols},
                                 {nullptr, 0, true, &plan.rows(t), &plan.cols(t)}, plan.trapezoid, plan.elem_size, {}))
      return {KeptWith::sent, static_cast<std::int32_t>(k)};
  }
  return {};
}

std::vector<KeptCopy> kept_copies(const std::vector<const plan::Plan*>& plans) {
  std::vector<KeptCopy> kept;
  kept.reserve(plans.size());
  std::unordered_map<const plan::Plan*, KeptCopy> of;
  for (const plan::Plan* plan : plans) {
    auto [at, fresh] = of.try_emplace(plan);
    if (fresh) at->second = kept_copy(*plan);
    kept.push_back(at->second);
  }
  return kept;
}

}  // namespace mr2d::route

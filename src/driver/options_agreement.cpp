// SPDX-License-Identifier: BSD-3-Clause
// Options agreement; see options_agreement.hpp.
#include "driver/options_agreement.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

#include "common/env.hpp"

#include "mr2d/mr2d.h"
#include "transport/shm_links.hpp"

namespace mr2d::driver {

namespace {

struct Field {
  std::int64_t check::OptionsReport::*value;
  const char* name;
};

constexpr Field kFields[] = {
    {&check::OptionsReport::schedule, "schedule"},
    {&check::OptionsReport::chunk_request, "chunk_bytes (MR2D_CHUNK_BYTES)"},
    {&check::OptionsReport::indexing, "indexing"},
    {&check::OptionsReport::phases, "phases"},
    {&check::OptionsReport::transport, "transport (MR2D_TRANSPORT)"},
    {&check::OptionsReport::node_ranks, "MR2D_NODE_RANKS"},
    {&check::OptionsReport::shm_budget, "shm_budget (MR2D_SHM_BUDGET)"},
    {&check::OptionsReport::timeout_us, "MR2D_TIMEOUT (microseconds)"},
    {&check::OptionsReport::progress, "MR2D_PROGRESS (1: thread, 0: off)"},
};

}  // namespace

check::OptionsReport report_options(const Resolved& options) {
  check::OptionsReport r;
  r.schedule = static_cast<std::int64_t>(options.schedule);
  r.chunk_request = options.chunk_request;
  r.indexing = static_cast<std::int64_t>(options.indexing);
  r.phases = static_cast<std::int64_t>(options.phases);
  r.transport = static_cast<std::int64_t>(options.transport);
  r.node_ranks = transport::node_ranks_override();
  r.shm_budget = options.shm_budget;
  // Settings read from the environment alone: a process with a limit would
  // give up where its peers wait, one with a progress thread step where they
  // do not; both are agreed as the options are. Read once, as where used.
  static const std::int64_t timeout_us = std::llround(positive_env("MR2D_TIMEOUT") * 1e6);
  static const std::int64_t progress = parse_progress(std::getenv("MR2D_PROGRESS")).value_or(false) ? 1 : 0;
  r.timeout_us = timeout_us;
  r.progress = progress;
  return r;
}

Status agree_options(const std::vector<check::OptionsReport>& reports, const char* routine) {
  for (const Field& f : kFields)
    for (std::size_t k = 1; k < reports.size(); ++k)
      if (reports[k].*f.value != reports[0].*f.value)
        return failure(MR2D_ERR_INCONSISTENT, routine,
                       std::string("options: processes resolved different ") + f.name + " (" +
                           std::to_string(reports[0].*f.value) + " on process 0, " +
                           std::to_string(reports[k].*f.value) + " on process " + std::to_string(k) +
                           "); every process of a call must use the same options");
  return {};
}

}  // namespace mr2d::driver

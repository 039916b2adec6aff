// Output of `mr2d plan`: a text report, JSON, and an SVG picture of the
// process-to-process volume matrix. No MPI.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "plan/problem.hpp"
#include "plan/traffic.hpp"

namespace mr2d::cli {

void print_text(std::ostream& out, const plan::Problem& pb, const plan::TrafficSummary& s,
                const plan::CostModel& model);
void print_json(std::ostream& out, const plan::Problem& pb, const plan::TrafficSummary& s,
                const plan::CostModel& model);
/// Writes the volume matrix (senders down, receivers across; processes
/// grouped into at most 128 bins per side) and per-process bars as SVG.
void draw_svg(const std::string& path, const plan::Problem& pb, const std::vector<plan::Edge>& edges,
              const plan::TrafficSummary& s);

}  // namespace mr2d::cli

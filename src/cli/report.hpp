// SPDX-License-Identifier: BSD-3-Clause
// Output of `mr2d plan`: a text report, JSON, and an SVG picture of the
// process-to-process volume matrix. No MPI.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "problem/problem.hpp"
#include "cost/cost_model.hpp"
#include "schedule/schedule.hpp"

namespace mr2d::cli {

/// The schedule the library would use, with its checked step count.
struct ScheduleReport {
  schedule::Kind requested = schedule::Kind::automatic;
  schedule::Schedule schedule;
  Index steps = 0;  ///< 1 for async (everything at once), else schedule steps
  double predicted_seconds = 0;
  double seconds_to_compute = 0;
};

ScheduleReport schedule_report(schedule::Kind requested, const model::Problem& pb,
                               const std::vector<model::Edge>& edges, const model::CostModel& model);
/// The schedule of a call with grid layouts, which the library builds from
/// the pairs alone (schedule::make_for_pairs).
ScheduleReport pairs_schedule_report(schedule::Kind requested, const std::vector<model::Edge>& edges, int nranks,
                                     Index elem_size, const model::CostModel& model);

/// What the report shows for A and B in place of their descriptors (a grid
/// layout's line of text, or its JSON object); empty: the descriptor.
struct SideTexts {
  std::string a, b;
};

void print_text(std::ostream& out, const model::Problem& pb, const model::TrafficSummary& s,
                const ScheduleReport& sched, const model::CostModel& model, const SideTexts& sides = {});
/// `extra_members` (e.g. "\"relabel\": {...}") are added to the object when not empty.
void print_json(std::ostream& out, const model::Problem& pb, const model::TrafficSummary& s,
                const ScheduleReport& sched, const model::CostModel& model, const std::string& extra_members = "",
                const SideTexts& sides = {});
/// The same with members `write_members` streams (reports that grow with
/// the processes are not held in memory twice).
void print_json(std::ostream& out, const model::Problem& pb, const model::TrafficSummary& s,
                const ScheduleReport& sched, const model::CostModel& model,
                const std::function<void(std::ostream&)>& write_members, const SideTexts& sides);
/// Writes as SVG the volume matrix (senders down, receivers across; processes
/// grouped into at most 128 bins per side) and, for a stepped schedule, the
/// steps (senders down, steps across, shaded by message size).
void draw_svg(const std::string& path, const model::Problem& pb, const std::vector<model::Edge>& edges,
              const model::TrafficSummary& s, const ScheduleReport& sched);

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// Reports of `mr2d plan`; see report.hpp.
#include "cli/report.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace mr2d::cli {

namespace {

std::string layout_text(const model::MatrixLayout& l) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%lldx%lld grid, %lldx%lld blocks, source (%lld,%lld), start (%lld,%lld)",
                static_cast<long long>(l.nprow), static_cast<long long>(l.npcol), static_cast<long long>(l.mb),
                static_cast<long long>(l.nb), static_cast<long long>(l.rsrc), static_cast<long long>(l.csrc),
                static_cast<long long>(l.i0 + 1), static_cast<long long>(l.j0 + 1));
  return buf;
}

const char* shape_name(const model::Problem& pb) {
  if (pb.shape == index::Shape::upper) return pb.unit_diag ? "upper, unit diagonal" : "upper";
  if (pb.shape == index::Shape::lower) return pb.unit_diag ? "lower, unit diagonal" : "lower";
  return "general";
}

std::string mb(Index bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f MB", static_cast<double>(bytes) / 1e6);
  return buf;
}

}  // namespace

namespace {

// The report of a schedule `make` builds for `edges` (elements of elem_size bytes).
template <class Make>
ScheduleReport report_of(schedule::Kind requested, const std::vector<model::Edge>& edges, Index elem_size,
                         const model::CostModel& model, Make&& make) {
  ScheduleReport r;
  r.requested = requested;
  const auto t0 = std::chrono::steady_clock::now();
  r.schedule = make();
  r.seconds_to_compute = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const bool any = schedule::lower_bound(edges) > 0;
  r.steps = r.schedule.kind == schedule::Kind::async ? (any ? 1 : 0) : static_cast<Index>(r.schedule.steps.size());
  r.predicted_seconds = schedule::predicted_seconds(r.schedule, edges, elem_size, model);
  return r;
}

}  // namespace

ScheduleReport schedule_report(schedule::Kind requested, const model::Problem& pb,
                               const std::vector<model::Edge>& edges, const model::CostModel& model) {
  return report_of(requested, edges, pb.elem_size, model, [&] { return schedule::make(requested, pb, edges, model); });
}

ScheduleReport pairs_schedule_report(schedule::Kind requested, const std::vector<model::Edge>& edges, int nranks,
                                     Index elem_size, const model::CostModel& model) {
  return report_of(requested, edges, elem_size, model, [&] {
    // The library schedules grid-layout calls over byte counts.
    std::vector<model::Edge> bytes = edges;
    for (model::Edge& e : bytes) e.count *= elem_size;
    return schedule::make_for_pairs(requested, bytes, nranks, model);
  });
}

void print_text(std::ostream& out, const model::Problem& pb, const model::TrafficSummary& s,
                const ScheduleReport& sched, const model::CostModel& model, const SideTexts& sides) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%lld x %lld elements of %lld bytes (%s), %d processes\n",
                static_cast<long long>(pb.m), static_cast<long long>(pb.n), static_cast<long long>(pb.elem_size),
                shape_name(pb), s.processes);
  out << "mr2d plan: " << buf;
  out << "  A: " << (sides.a.empty() ? layout_text(pb.a) : sides.a) << "\n  B"
      << (pb.transposed ? " (transposed: sub(B) = op(sub(A)))" : "") << ": "
      << (sides.b.empty() ? layout_text(pb.b) : sides.b) << "\n";
  out << "  moved between processes: " << mb(s.bytes_moved) << " in " << s.messages << " messages\n";
  out << "  kept by the same process: " << mb(s.bytes_local) << "\n";
  out << "  largest per process: " << mb(s.max_bytes_out) << " out, " << mb(s.max_bytes_in) << " in; "
      << s.max_messages_out << " messages out, " << s.max_messages_in << " in\n";
  out << "  schedule: " << schedule::name_of(sched.requested) << " -> " << schedule::name_of(sched.schedule.kind)
      << ", " << sched.steps
      << (sched.schedule.kind == schedule::Kind::async ? " step (every message posted at once)" : " steps")
      << "; lower bound for one-message-per-step schedules: " << s.steps_lower_bound << "\n";
  if (!sched.schedule.note.empty()) out << "  note: " << sched.schedule.note << "\n";
  std::snprintf(buf, sizeof buf, "  schedule model time: %.6f s\n", sched.predicted_seconds);
  out << buf;
  std::snprintf(
      buf, sizeof buf, "  predicted time: %.6f s (model: %.1f us per message, %.1f GB/s network, %.1f GB/s copy)\n",
      s.predicted_seconds, model.latency_s * 1e6, model.network_bytes_per_s / 1e9, model.copy_bytes_per_s / 1e9);
  out << buf;
}

void print_json(std::ostream& out, const model::Problem& pb, const model::TrafficSummary& s,
                const ScheduleReport& sched, const model::CostModel& model, const std::string& extra_members,
                const SideTexts& sides) {
  const auto write = [&extra_members](std::ostream& o) { o << extra_members; };
  print_json(out, pb, s, sched, model, extra_members.empty() ? std::function<void(std::ostream&)>() : write, sides);
}

void print_json(std::ostream& out, const model::Problem& pb, const model::TrafficSummary& s,
                const ScheduleReport& sched, const model::CostModel& model,
                const std::function<void(std::ostream&)>& write_members, const SideTexts& sides) {
  auto layout = [](const model::MatrixLayout& l) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "{\"grid\": [%lld, %lld], \"blocks\": [%lld, %lld], \"source\": [%lld, %lld], "
                  "\"start\": [%lld, %lld]}",
                  static_cast<long long>(l.nprow), static_cast<long long>(l.npcol), static_cast<long long>(l.mb),
                  static_cast<long long>(l.nb), static_cast<long long>(l.rsrc), static_cast<long long>(l.csrc),
                  static_cast<long long>(l.i0 + 1), static_cast<long long>(l.j0 + 1));
    return std::string(buf);
  };
  char buf[768];
  std::snprintf(buf, sizeof buf,
                "{\"m\": %lld, \"n\": %lld, \"elem_size\": %lld, \"shape\": \"%s\", \"processes\": %d,\n",
                static_cast<long long>(pb.m), static_cast<long long>(pb.n), static_cast<long long>(pb.elem_size),
                shape_name(pb), s.processes);
  out << buf << " \"a\": " << (sides.a.empty() ? layout(pb.a) : sides.a)
      << ",\n \"b\": " << (sides.b.empty() ? layout(pb.b) : sides.b) << ",\n";
  std::snprintf(buf, sizeof buf,
                " \"bytes_moved\": %lld, \"bytes_local\": %lld, \"messages\": %lld,\n"
                " \"max_bytes_out\": %lld, \"max_bytes_in\": %lld, \"max_messages_out\": %lld, "
                "\"max_messages_in\": %lld,\n \"schedule\": \"%s\", \"steps\": %lld, "
                "\"steps_lower_bound\": %lld, \"schedule_seconds\": %.9f,\n"
                " \"predicted_seconds\": %.9f, \"model\": {\"latency_s\": %g, "
                "\"network_bytes_per_s\": %g, \"copy_bytes_per_s\": %g}",
                static_cast<long long>(s.bytes_moved), static_cast<long long>(s.bytes_local),
                static_cast<long long>(s.messages), static_cast<long long>(s.max_bytes_out),
                static_cast<long long>(s.max_bytes_in), static_cast<long long>(s.max_messages_out),
                static_cast<long long>(s.max_messages_in), schedule::name_of(sched.schedule.kind),
                static_cast<long long>(sched.steps), static_cast<long long>(s.steps_lower_bound),
                sched.predicted_seconds, s.predicted_seconds, model.latency_s, model.network_bytes_per_s,
                model.copy_bytes_per_s);
  out << buf;
  if (write_members) {
    out << ",\n ";
    write_members(out);
  }
  out << "}\n";
}

namespace {

// One shaded square panel of cells (rows x cols values, zero cells left
// empty) with a title and axis labels, at horizontal offset x0.
// A panel's title and axis labels.
struct PanelText {
  std::string title, x_label, y_label;
};

void draw_panel(std::ostream& svg, double x0, double y0, int size, int rows, int cols, const std::vector<double>& cell,
                const PanelText& text, bool numbered) {
  const std::string &title = text.title, &x_label = text.x_label, &y_label = text.y_label;
  const double top = *std::max_element(cell.begin(), cell.end());
  const double w = static_cast<double>(size) / cols, h = static_cast<double>(size) / rows;
  svg << "<text x=\"" << x0 << "\" y=\"" << y0 - 22 << "\">" << title << "</text>\n"
      << "<rect x=\"" << x0 << "\" y=\"" << y0 << "\" width=\"" << size << "\" height=\"" << size
      << "\" fill=\"#f4f4f4\" stroke=\"#888\"/>\n";
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const double v = cell[static_cast<std::size_t>(r * cols + c)];
      if (v <= 0) continue;
      // Linear shade; the lightest nonzero shade stays visible against empty cells.
      const int shade = static_cast<int>(215 - 185 * (top > 0 ? v / top : 1.0));
      svg << "<rect x=\"" << x0 + c * w << "\" y=\"" << y0 + r * h << "\" width=\"" << w << "\" height=\"" << h
          << "\" fill=\"rgb(" << shade << "," << shade << ",255)\"><title>" << r << ", " << c << ": "
          << static_cast<long long>(v) << " bytes</title></rect>\n";
    }
  if (numbered) {
    for (int k = 0; k < cols; ++k)
      svg << "<text x=\"" << x0 + (k + 0.5) * w << "\" y=\"" << y0 - 4 << "\" text-anchor=\"middle\">" << k
          << "</text>\n";
    for (int k = 0; k < rows; ++k)
      svg << "<text x=\"" << x0 - 6 << "\" y=\"" << y0 + (k + 0.5) * h + 4 << "\" text-anchor=\"end\">" << k
          << "</text>\n";
  }
  svg << "<text x=\"" << x0 << "\" y=\"" << y0 + size + 20 << "\">" << x_label << "</text>\n"
      << "<text x=\"" << x0 - 45 << "\" y=\"" << y0 + size / 2 << "\" transform=\"rotate(-90 " << x0 - 45 << " "
      << y0 + size / 2 << ")\">" << y_label << "</text>\n";
}

}  // namespace

void draw_svg(const std::string& path, const model::Problem& pb, const std::vector<model::Edge>& edges,
              const model::TrafficSummary& s, const ScheduleReport& sched) {
  const int n = std::max(1, s.processes);
  const int bins = std::min(n, 128);
  auto bin = [&](int rank) { return static_cast<int>(static_cast<long long>(rank) * bins / n); };
  std::vector<double> volume(static_cast<std::size_t>(bins * bins), 0.0);
  for (const model::Edge& e : edges)
    volume[static_cast<std::size_t>(bin(e.from) * bins + bin(e.to))] += static_cast<double>(e.count * pb.elem_size);

  const auto& steps = sched.schedule.steps;
  const bool stepped = !steps.empty();
  const int nsteps = static_cast<int>(steps.size());
  const int step_bins = std::max(1, std::min(nsteps, 128));
  std::vector<double> by_step(static_cast<std::size_t>(bins * step_bins), 0.0);
  for (int k = 0; k < nsteps; ++k)
    for (const model::Edge& e : steps[static_cast<std::size_t>(k)]) {
      double& c =
          by_step[static_cast<std::size_t>(bin(e.from) * step_bins + static_cast<long long>(k) * step_bins / nsteps)];
      c = std::max(c, static_cast<double>(e.count * pb.elem_size));
    }

  const int size = 512, margin = 70;
  const int width = stepped ? 2 * size + 3 * margin : size + 2 * margin;
  std::ofstream svg(path);
  if (!svg) throw std::runtime_error("cannot write " + path);
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << size + 2 * margin + 20
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << margin << "\" y=\"20\">" << s.messages << " messages; schedule "
      << schedule::name_of(sched.schedule.kind) << ": " << sched.steps << " steps, lower bound " << s.steps_lower_bound
      << (bins < n ? "; processes binned" : "") << "</text>\n";
  draw_panel(
      svg, margin, margin + 20, size, bins, bins, volume,
      {"bytes from process (row) to process (column); diagonal = kept locally", "receiving process", "sending process"},
      bins <= 32);
  if (stepped)
    draw_panel(svg, 2 * margin + size, margin + 20, size, bins, step_bins, by_step,
               {"schedule: largest message each process sends in each step",
                step_bins < nsteps ? "step (binned)" : "step", "sending process"},
               bins <= 32 && step_bins <= 32);
  svg << "</svg>\n";
}

}  // namespace mr2d::cli

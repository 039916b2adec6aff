// Reports of `mr2d plan`; see report.hpp.
#include "cli/report.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace mr2d::cli {

namespace {

std::string layout_text(const plan::MatrixLayout& l) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%lldx%lld grid, %lldx%lld blocks, source (%lld,%lld), start (%lld,%lld)",
                static_cast<long long>(l.nprow), static_cast<long long>(l.npcol),
                static_cast<long long>(l.mb), static_cast<long long>(l.nb),
                static_cast<long long>(l.rsrc), static_cast<long long>(l.csrc),
                static_cast<long long>(l.i0 + 1), static_cast<long long>(l.j0 + 1));
  return buf;
}

const char* shape_name(const plan::Problem& pb) {
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

void print_text(std::ostream& out, const plan::Problem& pb, const plan::TrafficSummary& s,
                const plan::CostModel& model) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%lld x %lld elements of %lld bytes (%s), %d processes\n",
                static_cast<long long>(pb.m), static_cast<long long>(pb.n),
                static_cast<long long>(pb.elem_size), shape_name(pb), s.processes);
  out << "mr2d plan: " << buf;
  out << "  A: " << layout_text(pb.a) << "\n  B: " << layout_text(pb.b) << "\n";
  out << "  moved between processes: " << mb(s.bytes_moved) << " in " << s.messages << " messages\n";
  out << "  kept by the same process: " << mb(s.bytes_local) << "\n";
  out << "  largest per process: " << mb(s.max_bytes_out) << " out, " << mb(s.max_bytes_in)
      << " in; " << s.max_messages_out << " messages out, " << s.max_messages_in << " in\n";
  out << "  steps: " << (s.messages > 0 ? 1 : 0)
      << " (every message posted at once); lower bound for one-message-per-step schedules: "
      << s.steps_lower_bound << "\n";
  std::snprintf(buf, sizeof buf,
                "  predicted time: %.6f s (model: %.1f us per message, %.1f GB/s network, %.1f GB/s copy)\n",
                s.predicted_seconds, model.latency_s * 1e6, model.network_bytes_per_s / 1e9,
                model.copy_bytes_per_s / 1e9);
  out << buf;
}

void print_json(std::ostream& out, const plan::Problem& pb, const plan::TrafficSummary& s,
                const plan::CostModel& model) {
  auto layout = [](const plan::MatrixLayout& l) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "{\"grid\": [%lld, %lld], \"blocks\": [%lld, %lld], \"source\": [%lld, %lld], "
                  "\"start\": [%lld, %lld]}",
                  static_cast<long long>(l.nprow), static_cast<long long>(l.npcol),
                  static_cast<long long>(l.mb), static_cast<long long>(l.nb),
                  static_cast<long long>(l.rsrc), static_cast<long long>(l.csrc),
                  static_cast<long long>(l.i0 + 1), static_cast<long long>(l.j0 + 1));
    return std::string(buf);
  };
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{\"m\": %lld, \"n\": %lld, \"elem_size\": %lld, \"shape\": \"%s\", \"processes\": %d,\n"
                " \"a\": %s,\n \"b\": %s,\n",
                static_cast<long long>(pb.m), static_cast<long long>(pb.n),
                static_cast<long long>(pb.elem_size), shape_name(pb), s.processes,
                layout(pb.a).c_str(), layout(pb.b).c_str());
  out << buf;
  std::snprintf(buf, sizeof buf,
                " \"bytes_moved\": %lld, \"bytes_local\": %lld, \"messages\": %lld,\n"
                " \"max_bytes_out\": %lld, \"max_bytes_in\": %lld, \"max_messages_out\": %lld, "
                "\"max_messages_in\": %lld,\n \"steps\": %d, \"steps_lower_bound\": %lld,\n"
                " \"predicted_seconds\": %.9f, \"model\": {\"latency_s\": %g, "
                "\"network_bytes_per_s\": %g, \"copy_bytes_per_s\": %g}}\n",
                static_cast<long long>(s.bytes_moved), static_cast<long long>(s.bytes_local),
                static_cast<long long>(s.messages), static_cast<long long>(s.max_bytes_out),
                static_cast<long long>(s.max_bytes_in), static_cast<long long>(s.max_messages_out),
                static_cast<long long>(s.max_messages_in), s.messages > 0 ? 1 : 0,
                static_cast<long long>(s.steps_lower_bound), s.predicted_seconds, model.latency_s,
                model.network_bytes_per_s, model.copy_bytes_per_s);
  out << buf;
}

void draw_svg(const std::string& path, const plan::Problem& pb, const std::vector<plan::Edge>& edges,
              const plan::TrafficSummary& s) {
  const int n = std::max(1, s.processes);
  const int bins = std::min(n, 128);
  auto bin = [&](int rank) { return static_cast<int>(static_cast<long long>(rank) * bins / n); };
  std::vector<double> cell(static_cast<std::size_t>(bins * bins), 0.0);
  for (const plan::Edge& e : edges)
    cell[static_cast<std::size_t>(bin(e.from) * bins + bin(e.to))] +=
        static_cast<double>(e.count * pb.elem_size);
  const double top = *std::max_element(cell.begin(), cell.end());
  const int size = 512, margin = 60;
  const double step = static_cast<double>(size) / bins;
  std::ofstream svg(path);
  if (!svg) throw std::runtime_error("cannot write " + path);
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << size + 2 * margin << "\" height=\""
      << size + 2 * margin << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << margin << "\" y=\"20\">bytes from process (row) to process (column)"
      << (bins < n ? ", processes binned" : "") << "; diagonal = kept locally</text>\n"
      << "<text x=\"" << margin << "\" y=\"38\">" << s.messages << " messages, lower bound "
      << s.steps_lower_bound << " steps, largest cell " << static_cast<long long>(top) << " bytes</text>\n"
      << "<rect x=\"" << margin << "\" y=\"" << margin << "\" width=\"" << size << "\" height=\"" << size
      << "\" fill=\"#f4f4f4\" stroke=\"#888\"/>\n";
  for (int r = 0; r < bins; ++r)
    for (int c = 0; c < bins; ++c) {
      double v = cell[static_cast<std::size_t>(r * bins + c)];
      if (v <= 0) continue;
      // Linear shade; the lightest nonzero shade stays visible against empty cells.
      double t = top > 0 ? v / top : 1.0;
      int shade = static_cast<int>(215 - 185 * t);
      svg << "<rect x=\"" << margin + c * step << "\" y=\"" << margin + r * step << "\" width=\""
          << step << "\" height=\"" << step << "\" fill=\"rgb(" << shade << "," << shade
          << ",255)\"><title>" << r << " -> " << c << ": " << static_cast<long long>(v)
          << " bytes</title></rect>\n";
    }
  if (bins <= 32) {
    for (int k = 0; k < bins; ++k) {
      const double mid = margin + (k + 0.5) * step;
      svg << "<text x=\"" << mid << "\" y=\"" << margin - 4 << "\" text-anchor=\"middle\">" << k
          << "</text>\n<text x=\"" << margin - 6 << "\" y=\"" << mid + 4
          << "\" text-anchor=\"end\">" << k << "</text>\n";
    }
  }
  svg << "<text x=\"" << margin << "\" y=\"" << size + margin + 20 << "\">receiving process</text>\n"
      << "<text x=\"15\" y=\"" << margin + size / 2 << "\" transform=\"rotate(-90 15 "
      << margin + size / 2 << ")\">sending process</text>\n</svg>\n";
}

}  // namespace mr2d::cli

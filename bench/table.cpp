// SPDX-License-Identifier: BSD-3-Clause
// mr2d_bench_table: turns the benchmark's CSV (results_csv.hpp) into the
// markdown tables and target checks of results.md, and the data of plot.png.
//   mr2d_bench_table results.csv [plot.dat] > results.md
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "program_args.hpp"

namespace {

using Record = std::map<std::string, std::string>;

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string f; std::getline(in, f, ',');) fields.push_back(f);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

std::vector<Record> read_csv(std::istream& in) {
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = split(line);
  std::vector<Record> records;
  while (std::getline(in, line)) {
    if (line.empty() || line.rfind("case,", 0) == 0) continue;
    const std::vector<std::string> fields = split(line);
    Record r;
    for (std::size_t k = 0; k < header.size() && k < fields.size(); ++k) r[header[k]] = fields[k];
    records.push_back(r);
  }
  return records;
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// The q-quantile of `values` (linear between neighbours), -1 for none.
double quantile(std::vector<double> values, double q) {
  if (values.empty()) return -1;
  std::sort(values.begin(), values.end());
  const double at = q * static_cast<double>(values.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(at);
  const std::size_t hi = std::min(lo + 1, values.size() - 1);
  return values[lo] + (at - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

std::string ms(double seconds) { return seconds < 0 ? "-" : format("%.3g", seconds * 1e3); }
std::string ratio(double value) { return value < 0 ? "-" : format(value < 10 ? "%.2f" : "%.0f", value); }

// The rows of one case.
class CaseRows {
 public:
  explicit CaseRows(std::vector<Record> rows) : rows_(std::move(rows)) {}
  const Record& first() const { return rows_.front(); }
  std::string get(const std::string& column) const { return first().at(column); }
  double number(const std::string& column) const { return std::stod(get(column)); }

  /// The variant's rows, one per launch, in launch order.
  std::vector<const Record*> rows_of(const std::string& allocator, const std::string& variant,
                                     const std::string& schedule = "") const {
    std::vector<const Record*> out;
    for (const Record& r : rows_)
      if (r.at("allocator") == allocator && r.at("variant") == variant && r.at("schedule") == schedule)
        out.push_back(&r);
    return out;
  }
  const Record* find(const std::string& allocator, const std::string& variant,
                     const std::string& schedule = "") const {
    const std::vector<const Record*> rows = rows_of(allocator, variant, schedule);
    return rows.empty() ? nullptr : rows.front();
  }
  /// The variant's `column` (median_s, min_s) of each launch that ran it.
  std::vector<double> launches(const std::string& allocator, const std::string& variant,
                               const std::string& schedule = "", const std::string& column = "median_s") const {
    std::vector<double> times;
    for (const Record* r : rows_of(allocator, variant, schedule))
      if (!r->at(column).empty()) times.push_back(std::stod(r->at(column)));
    return times;
  }
  /// Median over the launches of the variant's median; -1 when it has no row or did not run.
  double median(const std::string& allocator, const std::string& variant, const std::string& schedule = "") const {
    return quantile(launches(allocator, variant, schedule), 0.5);
  }
  /// Per launch of mr2d auto (default allocator): its median and the
  /// launch's placement (placement_probe.hpp), in launch order.
  struct Launch {
    double seconds;
    std::string cpus;
    double pingpong_ns;  ///< -1: not probed
  };
  std::vector<Launch> mr2d_launches() const {
    std::vector<Launch> out;
    for (const Record* row : rows_of("default", "mr2d", "auto")) {
      const Record& r = *row;
      if (r.at("median_s").empty()) continue;
      const auto pingpong = r.find("pingpong_ns");
      const auto cpus = r.find("cpus");
      out.push_back({std::stod(r.at("median_s")), cpus == r.end() ? "" : cpus->second,
                     pingpong == r.end() || pingpong->second.empty() ? -1 : std::stod(pingpong->second)});
    }
    return out;
  }
  /// Launches of the case (rows of ScaLAPACK with the default allocator).
  std::size_t launch_count() const { return launches("default", "scalapack").size(); }
  /// "median (min)"; "-" without a row; for a variant that did not run the case
  /// the first word of its reason ("n/a", "failed").
  std::string timing(const std::string& allocator, const std::string& variant,
                     const std::string& schedule = "") const {
    const Record* r = find(allocator, variant, schedule);
    if (!r) return "-";
    if (r->at("median_s").empty()) {
      const std::string& why = r->at("resolved");
      return why.empty() ? "n/a" : why.substr(0, why.find(':'));
    }
    return ms(median(allocator, variant, schedule)) + " (" +
           ms(quantile(launches(allocator, variant, schedule, "min_s"), 0)) + ")";
  }
  /// "yes" when every compared variant matched ScaLAPACK, else the mismatches.
  std::string verified() const {
    long long wrong = 0, compared = 0;
    for (const Record& r : rows_)
      if (!r.at("mismatches").empty()) {
        ++compared;
        wrong += std::stoll(r.at("mismatches"));
      }
    return compared == 0 ? "-" : wrong == 0 ? "yes (" + std::to_string(compared) + ")" : std::to_string(wrong) + " wrong";
  }
  double mr2d() const { return median("default", "mr2d", "auto"); }
  /// Extra memory of mr2d with a variant (default allocator), -1 if not measured.
  double extra_bytes(const std::string& schedule = "auto") const {
    const Record* r = find("default", "mr2d", schedule);
    return r && !r->at("extra_bytes").empty() ? std::stod(r->at("extra_bytes")) : -1;
  }

 private:
  std::vector<Record> rows_;
};

std::vector<CaseRows> group(const std::vector<Record>& records) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<Record>> by_case;
  for (const Record& r : records) {
    if (!by_case.count(r.at("case"))) order.push_back(r.at("case"));
    by_case[r.at("case")].push_back(r);
  }
  std::vector<CaseRows> cases;
  for (const std::string& name : order) cases.emplace_back(by_case[name]);
  return cases;
}

const char* const kSchedules[] = {"caterpillar", "circulant", "optimal", "async", "auto"};

void print_summary(const std::vector<CaseRows>& cases) {
  std::printf(
      "| case | copy | P (cores) | MiB/proc | ScaLAPACK | ScaLAPACK, reuse | mr2d | mr2d, reuse | alltoallv | "
      "copy limit | COSTA | vs ScaLAPACK | vs ScaLAPACK, reuse | vs COSTA | x copy limit | x alltoallv | GB/s | "
      "extra MiB (x local) | verified |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const CaseRows& c : cases) {
    const double mr2d = c.mr2d(), local = c.number("local_bytes");
    std::printf("| %s | %s %s %sx%s, %s -> %s | %s (%s) | %.1f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.2f | %.1f (%.2f) | %s |\n",
                c.get("case").c_str(), c.get("type").c_str(), c.get("routine").c_str(), c.get("m").c_str(),
                c.get("n").c_str(), c.get("a").c_str(), c.get("b").c_str(), c.get("procs").c_str(),
                c.get("cores").c_str(), local / 1048576.0, c.timing("default", "scalapack").c_str(),
                c.timing("reuse", "scalapack").c_str(), c.timing("default", "mr2d", "auto").c_str(),
                c.timing("reuse", "mr2d", "auto").c_str(), c.timing("default", "alltoallv").c_str(),
                c.timing("default", "copy-limit").c_str(), c.timing("default", "costa").c_str(),
                ratio(c.median("default", "scalapack") / mr2d).c_str(),
                ratio(c.median("reuse", "scalapack") / c.median("reuse", "mr2d", "auto")).c_str(),
                ratio(c.median("default", "costa") / mr2d).c_str(),
                ratio(mr2d / c.median("default", "copy-limit")).c_str(),
                ratio(mr2d / c.median("default", "alltoallv")).c_str(), c.number("volume_bytes") / mr2d / 1e9,
                c.extra_bytes() / 1048576.0, c.extra_bytes() / local, c.verified().c_str());
  }
}

// mr2d with each indexing mode and phase strategy (everything else automatic).
void print_tunings(const std::vector<CaseRows>& cases) {
  std::printf("| case | bbc | cdc | one phase | gcd | lcm | auto |\n|---|---|---|---|---|---|---|\n");
  for (const CaseRows& c : cases) {
    std::printf("| %s |", c.get("case").c_str());
    for (const char* s : {"bbc", "cdc", "one", "gcd", "lcm", "auto"}) {
      const Record* r = c.find("default", "mr2d", s);
      const std::string used = r ? " (" + r->at("resolved") + ")" : "";
      std::printf(" %s%s |", ms(c.median("default", "mr2d", s)).c_str(), used.c_str());
    }
    std::printf("\n");
  }
}

// mr2d's time and extra memory per pipelining chunk size (schedule automatic).
void print_pipelining(const std::vector<CaseRows>& cases) {
  std::printf("| case | unpipelined | 64 KiB chunks | 256 KiB chunks (default) | 1 MiB chunks |\n|---|---|---|---|---|\n");
  for (const CaseRows& c : cases) {
    std::printf("| %s |", c.get("case").c_str());
    for (const char* s : {"unpipelined", "chunks-64k", "auto", "chunks-1m"}) {
      const double extra = c.extra_bytes(s);
      std::printf(" %s (%s) |", ms(c.median("default", "mr2d", s)).c_str(),
                  extra < 0 ? "-" : format("%.2f", extra / 1048576.0).c_str());
    }
    std::printf("\n");
  }
}

void print_schedules(const std::vector<CaseRows>& cases) {
  std::printf("| case | caterpillar | circulant | optimal | async | auto | explicit plan | auto / plan | "
              "auto, reuse / default |\n|---|---|---|---|---|---|---|---|---|\n");
  for (const CaseRows& c : cases) {
    std::printf("| %s |", c.get("case").c_str());
    for (const char* s : kSchedules) {
      const Record* r = c.find("default", "mr2d", s);
      const std::string used = r ? " (" + r->at("resolved") + ")" : "";
      std::printf(" %s%s |", ms(c.median("default", "mr2d", s)).c_str(), used.c_str());
    }
    std::printf(" %s | %s | %s |\n", ms(c.median("default", "mr2d-plan", "auto")).c_str(),
                ratio(c.mr2d() / c.median("default", "mr2d-plan", "auto")).c_str(),
                ratio(c.median("reuse", "mr2d", "auto") / c.mr2d()).c_str());
  }
}

// Variant of mr2d with A and B in mr2d_alloc memory (node-local messages
// copied once, straight from the sender's A).
const char* const kAllocVariant = "mr2d-alloc";

// "median [p10, p90]" over the launches, ms.
std::string spread(const std::vector<double>& times) {
  if (times.empty()) return "-";
  return ms(quantile(times, 0.5)) + " [" + ms(quantile(times, 0.1)) + ", " + ms(quantile(times, 0.9)) + "]";
}

// Each case's times as distributions over the launches of the run: a median
// within one launch hides a library whose launches fall into two modes.
void print_launches(const std::vector<CaseRows>& cases) {
  std::printf("| case | launches | ScaLAPACK | ScaLAPACK, reuse | mr2d | mr2d p90 / median | alltoallv | COSTA | "
              "mr2d, mr2d_alloc | mr2d x alltoallv | mr2d_alloc x alltoallv | mr2d x ScaLAPACK, reuse |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const CaseRows& c : cases) {
    const std::vector<double> mr2d = c.launches("default", "mr2d", "auto");
    const double alltoallv = c.median("default", "alltoallv");
    std::printf("| %s | %zu | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c.get("case").c_str(),
                c.launch_count(), spread(c.launches("default", "scalapack")).c_str(),
                spread(c.launches("reuse", "scalapack")).c_str(), spread(mr2d).c_str(),
                ratio(quantile(mr2d, 0.9) / quantile(mr2d, 0.5)).c_str(),
                spread(c.launches("default", "alltoallv")).c_str(), spread(c.launches("default", "costa")).c_str(),
                spread(c.launches("default", kAllocVariant, "auto")).c_str(),
                ratio(c.mr2d() / alltoallv).c_str(),
                ratio(c.median("default", kAllocVariant, "auto") / alltoallv).c_str(),
                ratio(c.mr2d() / c.median("reuse", "scalapack")).c_str());
  }
}

// Launches of mr2d more than 1.25x its median over launches, with their
// placement against that of the others: what separates a slow mode.
void print_slow_launches(const std::vector<CaseRows>& cases) {
  std::printf("| case | launches | ping-pong ns, all launches [min, max] | slow launches: ms, cpus, ping-pong ns |\n"
              "|---|---|---|---|\n");
  for (const CaseRows& c : cases) {
    const std::vector<CaseRows::Launch> all = c.mr2d_launches();
    if (all.size() < 2) continue;
    std::vector<double> times, pings;
    for (const auto& l : all) {
      times.push_back(l.seconds);
      if (l.pingpong_ns >= 0) pings.push_back(l.pingpong_ns);
    }
    const double middle = quantile(times, 0.5);
    std::string slow;
    for (const auto& l : all)
      if (l.seconds > 1.25 * middle)
        slow += (slow.empty() ? "" : "; ") + ms(l.seconds) + ", " + l.cpus + ", " + format("%.0f", l.pingpong_ns);
    const std::string range = pings.empty() ? "-"
                                            : "[" + format("%.0f", *std::min_element(pings.begin(), pings.end())) +
                                                  ", " + format("%.0f", *std::max_element(pings.begin(), pings.end())) + "]";
    std::printf("| %s | %zu | %s | %s |\n", c.get("case").c_str(), all.size(), range.c_str(),
                slow.empty() ? "none" : slow.c_str());
  }
}

// One target: the cases it applies to, the number it judges and the limit.
struct Target {
  const char* text;
  std::function<bool(const CaseRows&)> applies;
  std::function<double(const CaseRows&)> value;
  bool at_least;
  double limit;
};

void print_targets(const std::vector<CaseRows>& cases) {
  auto large = [](const CaseRows& c) { return c.get("class") == "large"; };
  auto large_on_2 = [](const CaseRows& c) { return c.get("class") == "large" && c.get("procs") == "2"; };
  auto large_on_more = [](const CaseRows& c) { return c.get("class") == "large" && c.get("procs") != "2"; };
  auto small = [](const CaseRows& c) { return c.get("class") == "small"; };
  auto every = [](const CaseRows&) { return true; };
  auto on_2 = [](const CaseRows& c) { return c.get("procs") == "2"; };
  auto on_2_launched = [](const CaseRows& c) { return c.get("procs") == "2" && c.launch_count() >= 10; };
  auto on_2_alloc = [](const CaseRows& c) {
    return c.get("procs") == "2" && c.median("default", kAllocVariant, "auto") > 0;
  };
  auto on_more = [](const CaseRows& c) { return c.get("procs") != "2" && c.get("procs") != "1"; };
  auto costa_ran = [](const CaseRows& c) {
    return c.median("default", "costa") > 0 && c.median("reuse", "costa") > 0;
  };
  auto slowest_vs_scalapack = [](const CaseRows& c) {
    return std::max(c.mr2d() / c.median("default", "scalapack"),
                    c.median("reuse", "mr2d", "auto") / c.median("reuse", "scalapack"));
  };
  const Target targets[] = {
      {"large: speedup over ScaLAPACK (default allocator)", large,
       [](const CaseRows& c) { return c.median("default", "scalapack") / c.mr2d(); }, true, 10},
      {"large: speedup over ScaLAPACK (memory reuse)", large,
       [](const CaseRows& c) { return c.median("reuse", "scalapack") / c.median("reuse", "mr2d", "auto"); }, true, 3},
      {"large, 2 processes: mr2d / copy limit", large_on_2,
       [](const CaseRows& c) { return c.mr2d() / c.median("default", "copy-limit"); }, false, 3},
      {"large, 2 processes: mr2d / pre-packed MPI_Alltoallv", large_on_2,
       [](const CaseRows& c) { return c.mr2d() / c.median("default", "alltoallv"); }, false, 1.5},
      {"large, 4 and 8 processes: mr2d / pre-packed MPI_Alltoallv", large_on_more,
       [](const CaseRows& c) { return c.mr2d() / c.median("default", "alltoallv"); }, false, 2},
      {"small: mr2d / faster ScaLAPACK setting", small,
       [](const CaseRows& c) {
         return std::max(c.mr2d(), c.median("reuse", "mr2d", "auto")) /
                std::min(c.median("default", "scalapack"), c.median("reuse", "scalapack"));
       },
       false, 0.5},
      {"every case: mr2d / ScaLAPACK, same allocator setting (worse of the two)", every, slowest_vs_scalapack, false, 1},
      {"2 processes: mr2d / pre-packed MPI_Alltoallv, medians over launches", on_2,
       [](const CaseRows& c) { return c.mr2d() / c.median("default", "alltoallv"); }, false, 1.3},
      {"2 processes: mr2d / ScaLAPACK with memory reuse, medians over launches", on_2,
       [](const CaseRows& c) { return c.mr2d() / c.median("reuse", "scalapack"); }, false, 0.4},
      {"2 processes, 10 launches or more: mr2d p90 / median over launches", on_2_launched,
       [](const CaseRows& c) {
         const std::vector<double> t = c.launches("default", "mr2d", "auto");
         return quantile(t, 0.9) / quantile(t, 0.5);
       },
       false, 1.25},
      {"2 processes, A and B from mr2d_alloc: mr2d / pre-packed MPI_Alltoallv", on_2_alloc,
       [](const CaseRows& c) { return c.median("default", kAllocVariant, "auto") / c.median("default", "alltoallv"); },
       false, 1.0},
      {"4 and 8 processes: mr2d / ScaLAPACK (default allocator)", on_more,
       [](const CaseRows& c) { return c.mr2d() / c.median("default", "scalapack"); }, false, 1},
      {"faster than COSTA on every case COSTA can run: COSTA / mr2d, same allocator setting (worse of the two)",
       costa_ran,
       [](const CaseRows& c) {
         return std::min(c.median("default", "costa") / c.mr2d(),
                         c.median("reuse", "costa") / c.median("reuse", "mr2d", "auto"));
       },
       true, 1},
      {"small: repeated direct call / explicit plan", small,
       [](const CaseRows& c) { return c.mr2d() / c.median("default", "mr2d-plan", "auto"); }, false, 1.2},
      {"every case: mr2d extra memory / largest local array", every,
       [](const CaseRows& c) { return c.extra_bytes() / c.number("local_bytes"); }, false, 1},
      {"every case: mr2d with memory reuse / with default allocator (independence, taken as at most 1.25)", every,
       [](const CaseRows& c) { return c.median("reuse", "mr2d", "auto") / c.mr2d(); }, false, 1.25},
  };
  for (const Target& t : targets) {
    std::string list, missed;
    for (const CaseRows& c : cases) {
      if (!t.applies(c)) continue;
      const double v = t.value(c);
      const bool met = t.at_least ? v >= t.limit : v <= t.limit;
      list += (list.empty() ? "" : ", ") + c.get("case") + " " + ratio(v) + (met ? "" : " (missed)");
      if (!met) missed += " " + c.get("case");
    }
    const char* verdict = list.empty() ? "no case applies" : missed.empty() ? "**met**" : "**missed**";
    std::printf("- %s %s %s: %s%s%s\n", t.text, t.at_least ? ">=" : "<=", ratio(t.limit).c_str(), verdict,
                list.empty() ? "" : ": ", list.c_str());
  }
}

void write_plot_data(const std::vector<CaseRows>& cases, const std::string& path) {
  std::ofstream out(path);
  out << "# case volume_MiB scalapack scalapack_reuse mr2d copy_limit (median seconds)\n";
  for (const CaseRows& c : cases)
    out << c.get("case") << ' ' << c.number("volume_bytes") / 1048576.0 << ' ' << c.median("default", "scalapack")
        << ' ' << c.median("reuse", "scalapack") << ' ' << c.mr2d() << ' ' << c.median("default", "copy-limit")
        << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(
      argc, argv,
      "usage: mr2d_bench_table results.csv [plot.dat]\n"
      "  prints the tables and targets of a benchmark run's results.csv (markdown)\n"
      "  and writes the plot's data to plot.dat. Guide: bench/README.md\n");
  if (args.count() < 1 || args.count() > 2) args.reject("expects results.csv and at most plot.dat");
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "mr2d_bench_table: cannot read %s\n", argv[1]);
    return 2;
  }
  const std::vector<CaseRows> cases = group(read_csv(in));
  if (cases.empty()) {
    std::fprintf(stderr, "mr2d_bench_table: %s holds no results\n", argv[1]);
    return 1;
  }
  std::printf("Times in ms: median (min) over the repetitions, of the slowest process (with several launches: "
              "the median over launches of each launch's median, and the fastest repetition of all); ratios of "
              "medians.\n\n");
  print_summary(cases);
  std::printf("\nmr2d by schedule (ms, median, default allocator; in brackets the schedule a plan used "
              "when it differs):\n\n");
  print_schedules(cases);
  std::printf("\nmr2d by indexing mode and phase strategy (ms, median, default allocator; in brackets "
              "schedule/indexing/phases the plan used)\n\n");
  print_tunings(cases);
  std::printf("\nmr2d by pipelining chunk size (ms, median, default allocator; in brackets the extra "
              "memory of the busiest process in MiB)\n\n");
  print_pipelining(cases);
  bool launched = false;
  for (const CaseRows& c : cases) launched = launched || c.launch_count() > 1;
  if (launched) {
    std::printf("\nLaunch to launch (ms: median [p10, p90] over the launches of each launch's median; "
                "ratios of those medians):\n\n");
    print_launches(cases);
    std::printf("\nSlow launches of mr2d (more than 1.25x its median over launches) and where the processes ran "
                "(cores of each rank; one round trip of a cache line between ranks 0 and 1 at the start of the "
                "launch):\n\n");
    print_slow_launches(cases);
  }
  std::printf("\nPerformance targets:\n\n");
  print_targets(cases);
  if (argc > 2) write_plot_data(cases, argv[2]);
  std::size_t verified = 0;
  for (const CaseRows& c : cases) verified += c.verified().rfind("yes", 0) == 0;
  std::printf("\n%zu cases, %s\n", cases.size(),
              verified == cases.size() ? "all verified against ScaLAPACK" : "SOME NOT VERIFIED");
  return verified == cases.size() ? 0 : 1;
}

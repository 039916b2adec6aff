// SPDX-License-Identifier: BSD-3-Clause
// CSV rows of the benchmark (see results_csv.hpp).
#include "results_csv.hpp"

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace mr2d::bench {

namespace {

const char* const kHeader =
    "case,procs,cores,routine,type,m,n,a,b,class,volume_bytes,local_bytes,allocator,variant,"
    "schedule,resolved,reps,calls_per_rep,min_s,median_s,gbps,extra_bytes,mismatches,cpus,shared_cache,"
    "pingpong_ns";

std::string optional(long long value) { return value < 0 ? std::string() : std::to_string(value); }

}  // namespace

void append_csv(const std::string& path, const Case& c, const CaseFacts& facts, int reps,
                const std::vector<Row>& rows) {
  const bool fresh = !std::ifstream(path) || std::ifstream(path).peek() == EOF;
  std::ofstream out(path, std::ios::app);
  if (!out) throw std::runtime_error("cannot write " + path);
  if (fresh) out << kHeader << '\n';
  for (const Row& r : rows) {
    char times[96] = ",,";
    if (r.timing.median_s > 0)
      std::snprintf(times, sizeof times, "%.9g,%.9g,%.4f", r.timing.min_s, r.timing.median_s,
                    static_cast<double>(facts.volume_bytes) / r.timing.median_s / 1e9);
    out << c.name << ',' << c.procs << ',' << facts.cores << ',' << routine_text(c) << ',' << c.type
        << ',' << c.m << ',' << c.n << ',' << grid_text(c.a) << ',' << grid_text(c.b) << ','
        << facts.size_class << ',' << facts.volume_bytes << ',' << facts.local_bytes << ','
        << r.allocator << ',' << r.variant << ',' << r.schedule << ',' << r.resolved << ','
        << (r.timing.reps > 0 ? r.timing.reps : reps)
        << ',' << r.timing.calls_per_rep << ',' << times << ',' << optional(r.extra_bytes) << ','
        << optional(r.mismatches) << ',' << facts.placement.cpus << ',' << optional(facts.placement.shared_cache)
        << ',' << (facts.placement.pingpong_ns < 0 ? std::string() : std::to_string(facts.placement.pingpong_ns))
        << '\n';
  }
}

}  // namespace mr2d::bench

// SPDX-License-Identifier: BSD-3-Clause
// Parsing of the pipeline driver's command line; see pipeline_args.hpp.
#include "pipeline_args.hpp"

#include <cstdlib>
#include <limits>

#include "mr2d/mr2d.h"

namespace mr2d::scale {

const char* pipeline_name(PipelineKind kind) { return kind == PipelineKind::adi ? "adi" : "fft"; }

bool parse_pipeline_args(int argc, char** argv, PipelineArgs& out, std::string& error) {
  for (int k = 1; k < argc; ++k) {
    const std::string flag = argv[k];
    if (flag == "--check") {
      out.check = true;
      continue;
    }
    if (flag == "--header") {
      out.header = true;
      continue;
    }
    if (k + 1 >= argc) {
      error = flag + " needs a value";
      return false;
    }
    const std::string value = argv[++k];
    if (flag == "--pipeline") {
      if (value != "adi" && value != "fft") {
        error = "--pipeline is adi or fft, not " + value;
        return false;
      }
      out.kind = value == "adi" ? PipelineKind::adi : PipelineKind::fft;
    } else if (flag == "--platform")
      out.platform = value;
    else if (flag == "--m")
      out.m = std::atoll(value.c_str());
    else if (flag == "--n")
      out.n = std::atoll(value.c_str());
    else if (flag == "--units")
      out.units = std::atoi(value.c_str());
    else if (flag == "--steps")
      out.steps = std::atoi(value.c_str());
    else if (flag == "--slices")
      out.slices = std::atoi(value.c_str());
    else if (flag == "--ratio")
      out.ratio = std::atof(value.c_str());
    else if (flag == "--test-cost")
      out.test_cost = std::atof(value.c_str());
    else if (flag == "--schedule") {
      out.schedule = mr2d_schedule_from_name(value.c_str());
      if (out.schedule < 0) {
        error = "unknown schedule " + value;
        return false;
      }
    } else if (flag == "--a" || flag == "--b") {
      if (!parse_grid(value, flag == "--a" ? out.a : out.b)) {
        error = value + " is not PxQ:MBxNB";
        return false;
      }
    } else {
      error = "unknown flag " + flag;
      return false;
    }
  }
  if (out.m <= 0 || out.n <= 0) {
    error = "--m and --n must be positive";
    return false;
  }
  const long long most = std::numeric_limits<mr2d_int>::max();
  if (out.m > most || out.n > most || out.a.mb > most || out.a.nb > most || out.b.mb > most || out.b.nb > most) {
    error = "--m, --n and the block sizes must fit mr2d_int";
    return false;
  }
  if (out.a.text.empty() || out.b.text.empty()) {
    error = "--a and --b are required";
    return false;
  }
  // With one unit, computing unit k + 1 would write the arrays of the move in flight.
  if (out.units < 2) {
    error = "--units must be at least 2";
    return false;
  }
  if (out.steps < 1 || out.slices < 1 || !(out.ratio >= 0) || !(out.test_cost >= 0)) {
    error = "--steps and --slices must be positive, --ratio and --test-cost not negative";
    return false;
  }
  return true;
}

}  // namespace mr2d::scale

// SPDX-License-Identifier: BSD-3-Clause
// Parsing of the driver's command line; see driver_args.hpp.
#include "driver_args.hpp"

#include <cstdlib>
#include <limits>
#include <sstream>

#include "mr2d/mr2d.h"

namespace mr2d::scale {

namespace {

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> words;
  std::istringstream in(list);
  for (std::string w; std::getline(in, w, ',');)
    if (!w.empty()) words.push_back(w);
  return words;
}

}  // namespace

bool parse_grid(const std::string& text, Grid& g) {
  char x1 = 0, colon = 0, x2 = 0;
  std::istringstream in(text);
  g.text = text;
  return static_cast<bool>(in >> g.p >> x1 >> g.q >> colon >> g.mb >> x2 >> g.nb) && x1 == 'x' &&
         colon == ':' && x2 == 'x' && g.p > 0 && g.q > 0 && g.mb > 0 && g.nb > 0 &&
         in.peek() == std::char_traits<char>::eof();
}

bool parse_args(int argc, char** argv, Args& out, std::string& error) {
  out.schedules = {MR2D_SCHEDULE_ASYNC, MR2D_SCHEDULE_CATERPILLAR, MR2D_SCHEDULE_CIRCULANT,
                   MR2D_SCHEDULE_OPTIMAL, MR2D_SCHEDULE_AUTO};
  out.chunks = {-1, 0};
  for (int k = 1; k < argc; ++k) {
    const std::string flag = argv[k];
    if (flag == "--check") { out.check = true; continue; }
    if (flag == "--header") { out.header = true; continue; }
    if (k + 1 >= argc) { error = flag + " needs a value"; return false; }
    const std::string value = argv[++k];
    if (flag == "--name") out.name = value;
    else if (flag == "--platform") out.platform = value;
    else if (flag == "--m") out.m = std::atoll(value.c_str());
    else if (flag == "--n") out.n = std::atoll(value.c_str());
    else if (flag == "--reps") out.reps = std::atoi(value.c_str());
    else if (flag == "--a" || flag == "--b") {
      if (!parse_grid(value, flag == "--a" ? out.a : out.b)) { error = value + " is not PxQ:MBxNB"; return false; }
    } else if (flag == "--schedules") {
      out.schedules.clear();
      for (const std::string& w : split(value)) {
        const int s = mr2d_schedule_from_name(w.c_str());
        if (s < 0) { error = "unknown schedule " + w; return false; }
        out.schedules.push_back(s);
      }
    } else if (flag == "--chunks") {
      out.chunks.clear();
      for (const std::string& w : split(value)) out.chunks.push_back(std::atoll(w.c_str()));
    } else {
      error = "unknown flag " + flag;
      return false;
    }
  }
  if (out.m <= 0 || out.n <= 0) { error = "--m and --n must be positive"; return false; }
  // Descriptor entries are mr2d_int.
  const long long most = std::numeric_limits<mr2d_int>::max();
  if (out.m > most || out.n > most || out.a.mb > most || out.a.nb > most || out.b.mb > most || out.b.nb > most) {
    error = "--m, --n and the block sizes must fit mr2d_int";
    return false;
  }
  if (out.a.text.empty() || out.b.text.empty()) { error = "--a and --b are required"; return false; }
  if (out.reps < 1 || out.schedules.empty() || out.chunks.empty()) { error = "nothing to run"; return false; }
  return true;
}

}  // namespace mr2d::scale

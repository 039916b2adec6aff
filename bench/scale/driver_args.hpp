// SPDX-License-Identifier: BSD-3-Clause
// Command line of the simulation driver (see README.md, "The driver").
#pragma once

#include <string>
#include <vector>

namespace mr2d::scale {

/// A P x Q grid on ranks 0 .. P*Q-1 in row-major order, with MB x NB blocks.
struct Grid {
  int p = 1, q = 1;
  long long mb = 1, nb = 1;
  std::string text;  ///< as given: PxQ:MBxNB
};

struct Args {
  std::string name = "case";
  std::string platform = "-";
  long long m = 0, n = 0;
  Grid a, b;
  std::vector<int> schedules;        ///< mr2d_schedule values, in order
  std::vector<long long> chunks;     ///< chunk_bytes per run: negative = no pipelining
  int reps = 2;
  bool check = false;                ///< fill A, verify B (real memory per process)
  bool header = false;
};

/// Parses PxQ:MBxNB into `g`; false if it is not that.
bool parse_grid(const std::string& text, Grid& g);

/// Parses argv; on error returns false with a message in `error`.
bool parse_args(int argc, char** argv, Args& out, std::string& error);

}  // namespace mr2d::scale

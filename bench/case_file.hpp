// SPDX-License-Identifier: BSD-3-Clause
// Benchmark cases: what one line of a case file describes, and its parser.
// Format (bench/README.md): name procs routine type m n A B [uplo diag], where
// A and B are PxQ:MBxNB (grid and block shape); '#' starts a comment.
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace mr2d::bench {

/// A grid of P x Q processes in row-major order on ranks 0..P*Q-1, and its block shape.
struct GridSpec {
  int prow = 0, pcol = 0, mb = 0, nb = 0;
  int size() const { return prow * pcol; }
};

struct Case {
  std::string name;
  int procs = 0;             ///< processes of the union (the mpirun size)
  bool trapezoidal = false;  ///< trmr2d instead of gemr2d
  char type = 'd';           ///< ScaLAPACK type letter: s d c z i
  int m = 0, n = 0;
  GridSpec a, b;
  char uplo = 'L', diag = 'N';  ///< trmr2d only
};

/// "2x2:128x128"
std::string grid_text(const GridSpec& g);
/// "gemr2d" or "trmr2d-LN"
std::string routine_text(const Case& c);

/// Parses a whole case file; throws std::runtime_error naming the line on bad input.
std::vector<Case> parse_cases(std::istream& in);
/// The cases of the file at `path`; std::invalid_argument where it cannot be read.
std::vector<Case> read_cases(const std::string& path);

}  // namespace mr2d::bench

// SPDX-License-Identifier: BSD-3-Clause
// Command line of the pipeline driver (see README.md, "Overlap: ADI and 2D
// FFT pipelines").
#pragma once

#include <string>

#include "driver_args.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::scale {

enum class PipelineKind { adi, fft };

struct PipelineArgs {
  PipelineKind kind = PipelineKind::adi;
  std::string platform = "-";
  long long m = 0, n = 0;   ///< one unit: a field (ADI) or a panel (FFT)
  Grid a, b;                ///< the rows layout and the columns layout
  int units = 4;            ///< fields (ADI) or panels (FFT) per step, >= 2
  int steps = 4;            ///< time steps (ADI) or 2D transforms (FFT) in one run
  double ratio = 1.0;       ///< compute per unit over the move of one unit alone
  int slices = 2;           ///< slices of each computation, a request test between two
  double test_cost = 5e-7;  ///< simulated seconds of computation charged per request test
  int schedule = MR2D_SCHEDULE_AUTO;
  bool check = false;  ///< real arrays, every moved unit verified
  bool header = false;
};

/// Parses argv; on error returns false with a message in `error`.
bool parse_pipeline_args(int argc, char** argv, PipelineArgs& out, std::string& error);

const char* pipeline_name(PipelineKind kind);

}  // namespace mr2d::scale

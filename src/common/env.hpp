// SPDX-License-Identifier: BSD-3-Clause
// Numeric settings from the environment, read where they are first needed.
#pragma once

#include <cstdlib>

namespace mr2d {

/// The value of environment variable `name` when it is a positive number, else 0.
inline double positive_env(const char* name) {
  const char* text = std::getenv(name);
  const double value = text != nullptr ? std::atof(text) : 0;
  return value > 0 ? value : 0;
}

}  // namespace mr2d

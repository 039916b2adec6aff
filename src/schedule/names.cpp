// SPDX-License-Identifier: BSD-3-Clause
// Schedule names shared by the environment, the C API and the command line.
#include <array>

#include "schedule/schedule.hpp"

namespace mr2d::schedule {

namespace {
constexpr std::array<const char*, 5> kNames = {"auto", "caterpillar", "circulant", "optimal", "async"};
}

const char* name_of(Kind kind) {
  const auto i = static_cast<std::size_t>(kind);
  return i < kNames.size() ? kNames[i] : nullptr;
}

bool parse(const std::string& name, Kind& kind) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (name == kNames[i]) {
      kind = static_cast<Kind>(i);
      return true;
    }
  return false;
}

}  // namespace mr2d::schedule

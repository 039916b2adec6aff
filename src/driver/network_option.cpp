// SPDX-License-Identifier: BSD-3-Clause
// The process-wide network model; see network_option.hpp.
#include "driver/network_option.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/status.hpp"

namespace mr2d::driver {

namespace {

// An invalid MR2D_NETWORK is reported once and ignored, as the other
// environment options are: a typo must not stop a program.
model::Network from_environment() {
  model::Network n;
  const char* text = std::getenv("MR2D_NETWORK");
  if (text == nullptr) return n;
  std::string error;
  if (!model::parse_network(text, n, error))
    std::fprintf(stderr, "%s\n", message_of("", "MR2D_NETWORK ignored: " + error).c_str());
  return n;
}

model::Network& current() {
  static model::Network network = from_environment();
  return network;
}

}  // namespace

model::CostModel cost_model() {
  model::CostModel m;
  m.network = current();
  return m;
}

bool set_network(const char* description, std::string& error) {
  return model::parse_network(description != nullptr ? description : "", current(), error);
}

}  // namespace mr2d::driver

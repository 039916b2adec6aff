// SPDX-License-Identifier: BSD-3-Clause
// mr2d_alloc and mr2d_free; see shared_arrays.hpp.
#include "driver/shared_arrays.hpp"

#include <cstdlib>

#include "common/env.hpp"
#include "driver/redistribute.hpp"
#include "transport/shared_arrays.hpp"

namespace mr2d::driver {

void* alloc_shared(std::size_t bytes) {
  // A setting that does not parse (the memory limit among them) refuses
  // this call as it does every other.
  if (const int k = env_fault(); k >= 0) {
    set_last_error(message_of("mr2d_alloc", "environment: " + env_fault_text(k, std::getenv(kEnvSettings[k].name))));
    return nullptr;
  }
  Status status;
  void* p = transport::shared_array_alloc(bytes, status);
  set_last_error(status.message);
  return p;
}

bool free_shared(void* p) {
  const bool ok = transport::shared_array_free(p);
  set_last_error(ok ? std::string()
                    : message_of("mr2d_free", about_argument(1, "", "is not an array that mr2d_alloc returned")));
  return ok;
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// Which options field is invalid; see option_fault.hpp.
#include "driver/option_fault.hpp"

#include "driver/options.hpp"

namespace mr2d::driver {

int invalid_option_field(const mr2d_options* options, Index& value) {
  if (options == nullptr) return -1;
  const Index fields[] = {options->schedule,  0, options->indexing, options->phases, options->transport,
                          options->shm_budget};
  const bool valid[] = {schedule_name(options->schedule) != nullptr,   true,
                        indexing_name(options->indexing) != nullptr,   phases_name(options->phases) != nullptr,
                        transport_name(options->transport) != nullptr, options->shm_budget >= 0};
  for (int k = 0; k < 6; ++k) {
    if (!valid[k]) {
      value = fields[k];
      return k;
    }
  }
  return -1;
}

}  // namespace mr2d::driver

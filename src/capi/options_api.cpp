// SPDX-License-Identifier: BSD-3-Clause
// The options C API of mr2d.h over api/options.hpp.
#include <string>

#include "driver/network_option.hpp"
#include "driver/options.hpp"
#include "driver/redistribute.hpp"
#include "mr2d/mr2d.h"

extern "C" {

MR2D_API void mr2d_get_options(mr2d_options* options) {
  if (options != nullptr) *options = mr2d::driver::process_options();
}

MR2D_API int mr2d_set_options(const mr2d_options* options) {
  if (options == nullptr || !mr2d::driver::set_process_options(*options)) {
    mr2d::driver::set_last_error(
        mr2d::message_of("mr2d_set_options", mr2d::about_argument(1, "options", "is NULL or has an unknown value")));
    return MR2D_ERR_ARGUMENT;
  }
  return MR2D_SUCCESS;
}

MR2D_API int mr2d_set_network(const char* description) {
  std::string error;
  if (!mr2d::driver::set_network(description, error)) {
    mr2d::driver::set_last_error(
        mr2d::message_of("mr2d_set_network", mr2d::about_argument(1, "description", ": " + error)));
    return MR2D_ERR_ARGUMENT;
  }
  return MR2D_SUCCESS;
}

MR2D_API const char* mr2d_schedule_name(int schedule) { return mr2d::driver::schedule_name(schedule); }

MR2D_API int mr2d_schedule_from_name(const char* name) { return mr2d::driver::schedule_from_name(name); }

MR2D_API const char* mr2d_indexing_name(int indexing) { return mr2d::driver::indexing_name(indexing); }

MR2D_API const char* mr2d_phases_name(int phases) { return mr2d::driver::phases_name(phases); }

MR2D_API const char* mr2d_transport_name(int transport) { return mr2d::driver::transport_name(transport); }

}  // extern "C"

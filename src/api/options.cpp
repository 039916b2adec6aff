// Process-wide options; see options.hpp and mr2d.h.
#include "api/options.hpp"

#include <cstdlib>
#include <string>

#include "abi/entry.hpp"

namespace mr2d::api {

namespace {

constexpr long long kDefaultChunk = 1 << 20;

mr2d_options from_environment() {
  mr2d_options o{MR2D_SCHEDULE_AUTO, 0};
  if (const char* s = std::getenv("MR2D_SCHEDULE")) {
    schedule::Kind kind;
    if (schedule::parse(s, kind)) o.schedule = static_cast<int>(kind);
  }
  if (const char* c = std::getenv("MR2D_CHUNK_BYTES")) o.chunk_bytes = std::atoll(c);
  return o;
}

mr2d_options& current() {
  static mr2d_options options = from_environment();
  return options;
}

bool known(int schedule) { return schedule >= MR2D_SCHEDULE_AUTO && schedule <= MR2D_SCHEDULE_ASYNC; }

}  // namespace

bool resolve(const mr2d_options* given, Resolved& out) {
  const mr2d_options& o = given != nullptr ? *given : current();
  if (!known(o.schedule)) return false;
  out.schedule = static_cast<schedule::Kind>(o.schedule);
  out.chunk_bytes = o.chunk_bytes == 0 ? kDefaultChunk : o.chunk_bytes < 0 ? 0 : o.chunk_bytes;
  return true;
}

}  // namespace mr2d::api

extern "C" {

MR2D_API void mr2d_get_options(mr2d_options* options) {
  if (options != nullptr) *options = mr2d::api::current();
}

MR2D_API int mr2d_set_options(const mr2d_options* options) {
  if (options == nullptr || !mr2d::api::known(options->schedule)) {
    mr2d::api::set_last_error("mr2d: mr2d_set_options: argument 1 (options) has an unknown schedule");
    return MR2D_ERR_ARGUMENT;
  }
  mr2d::api::current() = *options;
  return MR2D_SUCCESS;
}

MR2D_API const char* mr2d_schedule_name(int schedule) {
  return mr2d::api::known(schedule) ? mr2d::schedule::name_of(static_cast<mr2d::schedule::Kind>(schedule))
                                    : nullptr;
}

MR2D_API int mr2d_schedule_from_name(const char* name) {
  mr2d::schedule::Kind kind;
  return name != nullptr && mr2d::schedule::parse(name, kind) ? static_cast<int>(kind) : -1;
}

}  // extern "C"

// SPDX-License-Identifier: BSD-3-Clause
// Process-wide options; see options.hpp and mr2d.h.
#include "driver/options.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <string>

#include "common/env.hpp"
#include "driver/public_enums.hpp"

namespace mr2d::driver {

namespace {

constexpr long long kDefaultChunk = 256 << 10;
// A transposing unpack writes each message column across a row of B, so it
// touches as many pages of B per chunk as the message has rows; fewer, longer
// chunks made 4000 x 4000 transposes 7-15 % faster on 2 and 4 processes
// (bench/README.md, "Transpose"), while plain copies are indifferent.
constexpr long long kDefaultTransposeChunk = 1 << 20;
constexpr std::array<const char*, 3> kIndexingNames = {"auto", "bbc", "cdc"};
constexpr std::array<const char*, 4> kPhasesNames = {"auto", "one", "gcd", "lcm"};
constexpr std::array<const char*, 3> kTransportNames = {"auto", "mpi", "shm"};

template <std::size_t N>
int index_of(const std::array<const char*, N>& names, const char* name) {
  for (std::size_t k = 0; k < N; ++k)
    if (name != nullptr && std::strcmp(name, names[k]) == 0) return static_cast<int>(k);
  return -1;
}

template <std::size_t N>
const char* name_at(const std::array<const char*, N>& names, int k) {
  return k >= 0 && static_cast<std::size_t>(k) < N ? names[static_cast<std::size_t>(k)] : nullptr;
}

mr2d_options from_environment() {
  mr2d_options o{MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0};
  if (const char* s = std::getenv("MR2D_SCHEDULE")) {
    schedule::Kind kind;
    if (schedule::parse(s, kind)) o.schedule = to_public(kind);
  }
  // Sizes that do not parse stay 0 here; every call reports them (env_fault).
  o.chunk_bytes = size_env("MR2D_CHUNK_BYTES");
  if (int k = index_of(kIndexingNames, std::getenv("MR2D_INDEXING")); k >= 0) o.indexing = k;
  if (int k = index_of(kPhasesNames, std::getenv("MR2D_PHASES")); k >= 0) o.phases = k;
  if (int k = index_of(kTransportNames, std::getenv("MR2D_TRANSPORT")); k >= 0) o.transport = k;
  o.shm_budget = size_env("MR2D_SHM_BUDGET");
  return o;
}

mr2d_options& current() {
  static mr2d_options options = from_environment();
  return options;
}

bool valid(const mr2d_options& o) {
  return o.schedule >= MR2D_SCHEDULE_AUTO && o.schedule <= MR2D_SCHEDULE_ASYNC &&
         name_at(kIndexingNames, o.indexing) != nullptr && name_at(kPhasesNames, o.phases) != nullptr &&
         name_at(kTransportNames, o.transport) != nullptr && o.shm_budget >= 0;
}

}  // namespace

bool resolve(const mr2d_options* given, Resolved& out) {
  const mr2d_options& o = given != nullptr ? *given : current();
  if (!valid(o)) return false;
  out.schedule = to_schedule(o.schedule);
  out.chunk_request = o.chunk_bytes;
  out.indexing = to_indexing(o.indexing);
  out.phases = to_phases(o.phases);
  out.transport = to_transport(o.transport);
  out.shm_budget = o.shm_budget;
  return true;
}

Index chunk_bytes_for(const Resolved& options, bool transposed) {
  if (options.chunk_request < 0) return 0;
  if (options.chunk_request > 0) return options.chunk_request;
  return transposed ? kDefaultTransposeChunk : kDefaultChunk;
}

mr2d_options process_options() { return current(); }

bool set_process_options(const mr2d_options& options) {
  if (!valid(options)) return false;
  current() = options;
  return true;
}

const char* schedule_name(int schedule) {
  return schedule >= MR2D_SCHEDULE_AUTO && schedule <= MR2D_SCHEDULE_ASYNC ? schedule::name_of(to_schedule(schedule))
                                                                           : nullptr;
}

int schedule_from_name(const char* name) {
  schedule::Kind kind;
  return name != nullptr && schedule::parse(name, kind) ? to_public(kind) : -1;
}

const char* indexing_name(int indexing) { return name_at(kIndexingNames, indexing); }

const char* phases_name(int phases) { return name_at(kPhasesNames, phases); }

const char* transport_name(int transport) { return name_at(kTransportNames, transport); }

}  // namespace mr2d::driver

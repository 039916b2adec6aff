// SPDX-License-Identifier: BSD-3-Clause
// The public enums of mr2d.h and the internal enums they select, tied value
// for value: every conversion between the two goes through the functions
// below, and the static_asserts beside them fail the build if either side
// changes alone. Callers check that a public value is in range first.
#pragma once

#include "mr2d/mr2d.h"
#include "plan/indexing.hpp"
#include "plan/phases.hpp"
#include "schedule/schedule.hpp"
#include "transport/channel.hpp"

namespace mr2d::driver {

/// Whether an internal enumerator has the value of the public one.
template <class Internal>
constexpr bool same(Internal internal, int value) {
  return static_cast<int>(internal) == value;
}

static_assert(same(schedule::Kind::automatic, MR2D_SCHEDULE_AUTO) &&
              same(schedule::Kind::caterpillar, MR2D_SCHEDULE_CATERPILLAR) &&
              same(schedule::Kind::circulant, MR2D_SCHEDULE_CIRCULANT) &&
              same(schedule::Kind::optimal, MR2D_SCHEDULE_OPTIMAL) && same(schedule::Kind::async, MR2D_SCHEDULE_ASYNC));
inline schedule::Kind to_schedule(int value) { return static_cast<schedule::Kind>(value); }
inline int to_public(schedule::Kind kind) { return static_cast<int>(kind); }

static_assert(same(plan::Indexing::automatic, MR2D_INDEXING_AUTO) && same(plan::Indexing::bbc, MR2D_INDEXING_BBC) &&
              same(plan::Indexing::cdc, MR2D_INDEXING_CDC));
inline plan::Indexing to_indexing(int value) { return static_cast<plan::Indexing>(value); }

static_assert(same(plan::Phases::automatic, MR2D_PHASES_AUTO) && same(plan::Phases::one, MR2D_PHASES_ONE) &&
              same(plan::Phases::gcd, MR2D_PHASES_GCD) && same(plan::Phases::lcm, MR2D_PHASES_LCM));
inline plan::Phases to_phases(int value) { return static_cast<plan::Phases>(value); }
inline int to_public(plan::Phases phases) { return static_cast<int>(phases); }

static_assert(same(transport::Transport::automatic, MR2D_TRANSPORT_AUTO) &&
              same(transport::Transport::mpi, MR2D_TRANSPORT_MPI) &&
              same(transport::Transport::shm, MR2D_TRANSPORT_SHM));
inline transport::Transport to_transport(int value) { return static_cast<transport::Transport>(value); }

}  // namespace mr2d::driver

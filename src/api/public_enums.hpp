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

namespace mr2d::api {

static_assert(static_cast<int>(schedule::Kind::automatic) == MR2D_SCHEDULE_AUTO &&
              static_cast<int>(schedule::Kind::caterpillar) == MR2D_SCHEDULE_CATERPILLAR &&
              static_cast<int>(schedule::Kind::circulant) == MR2D_SCHEDULE_CIRCULANT &&
              static_cast<int>(schedule::Kind::optimal) == MR2D_SCHEDULE_OPTIMAL &&
              static_cast<int>(schedule::Kind::async) == MR2D_SCHEDULE_ASYNC);
inline schedule::Kind to_schedule(int value) { return static_cast<schedule::Kind>(value); }
inline int to_public(schedule::Kind kind) { return static_cast<int>(kind); }

static_assert(static_cast<int>(plan::Indexing::automatic) == MR2D_INDEXING_AUTO &&
              static_cast<int>(plan::Indexing::bbc) == MR2D_INDEXING_BBC &&
              static_cast<int>(plan::Indexing::cdc) == MR2D_INDEXING_CDC);
inline plan::Indexing to_indexing(int value) { return static_cast<plan::Indexing>(value); }

static_assert(static_cast<int>(plan::Phases::automatic) == MR2D_PHASES_AUTO &&
              static_cast<int>(plan::Phases::one) == MR2D_PHASES_ONE &&
              static_cast<int>(plan::Phases::gcd) == MR2D_PHASES_GCD &&
              static_cast<int>(plan::Phases::lcm) == MR2D_PHASES_LCM);
inline plan::Phases to_phases(int value) { return static_cast<plan::Phases>(value); }
inline int to_public(plan::Phases phases) { return static_cast<int>(phases); }

static_assert(static_cast<int>(transport::Transport::automatic) == MR2D_TRANSPORT_AUTO &&
              static_cast<int>(transport::Transport::mpi) == MR2D_TRANSPORT_MPI &&
              static_cast<int>(transport::Transport::shm) == MR2D_TRANSPORT_SHM);
inline transport::Transport to_transport(int value) { return static_cast<transport::Transport>(value); }

}  // namespace mr2d::api

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The front: the one sequence every call takes from its entry point to
// its execution, whatever its door (block-cyclic descriptors, grid layouts,
// N-D arrays): the empty call, the local stage, the key of what this process
// passed, the cache vote, the one agreement and the plan, the execution. A
// door (block_cyclic.hpp, layout_call.hpp, nd_call.hpp) says only what is its
// own:
//   bool empty(const CallSpec&)            the call moves nothing (M or N 0)
//   Status local(const CallSpec&)          its local stage (stage_local and
//                                          its own checks); an error here is
//                                          this process's alone
//   const LocalStage& stage() const        what that stage found
//   void add_key(CallCache::Key&) const    what else this process passed
//   Status plan(const CallSpec&, Execution&)  the agreement, the global
//                                          checks and this process's plans
//   static constexpr std::int64_t kKey     its kind in cache keys
#pragma once

#include <mpi.h>

#include <functional>
#include <utility>
#include <vector>

#include "driver/agreement.hpp"
#include "driver/call_cache.hpp"
#include "driver/call_spec.hpp"
#include "driver/execution.hpp"
#include "driver/options.hpp"
#include "driver/outcome.hpp"
#include "common/status.hpp"
#include "check/call.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/mr2d_comm.h"
#include "transport/channel.hpp"

namespace mr2d::driver {

/// What one process learns without talking to the others.
struct LocalStage {
  check::Call call;
  Resolved options;
  check::Report report{};
  MPI_Comm comm = MPI_COMM_NULL;  ///< the union communicator (BLACS's or the caller's): collectives
  std::shared_ptr<transport::Channel> channel;
  Index lda = 0, ldb = 0;
};

/// The call as the checks see it (grids not yet located).
check::Call local_call_of(const CallSpec& args);

/// The local stage of a call: grids, local checks, this process's report.
/// An error here is this process's alone (no exchange can follow).
Status stage_local(const CallSpec& args, LocalStage& st);

/// What a door exchanges beside the reports (grid layouts: their Word), in
/// the same collective, and checks once every process's is in, before the
/// reports are: the first fault of any word, then `check`.
struct DoorWords {
  const Word* mine = nullptr;
  std::function<Status(const std::vector<Word>&)> check;
};

/// The one collective exchange of reports (with the door's words) and the global checks: fills the
/// execution's channel, serial, transport and grids, and its one part's
/// problem and footprint (not its plans).
Status agree_stage(const CallSpec& args, const LocalStage& st, Execution& out, const DoorWords& door = {});

/// Marks the part of a call: its trapezoid, whether it transforms (and how)
/// and its element type.
void mark_call(const CallSpec& args, Part& out);

/// The empty call (M or N is 0): `out` is one empty part; the status is the
/// error this process finds alone (its type; PBLAS's arguments).
Status empty_call(const CallSpec& args, Execution& out);

/// The head of every cache key: this process's report, its leading
/// dimensions, the trapezoid, the entry, the type and the door.
CallCache::Key call_key(const CallSpec& args, const LocalStage& st, std::int64_t door);

/// A direct call through `door`: a repeated call reuses the execution of
/// the same arguments when every process has it (call_cache.hpp). Every
/// call counts once in the statistics, failed or not.
template <class Door>
Status run_direct(Door& door, const CallSpec& args) {
  const OnePart arrays{args.a_array, args.b_array, args.alpha, args.beta};
  if (door.empty(args)) {
    Execution empty;
    Status s = empty_call(args, empty);
    if (!s.ok()) {
      count_call(args.trapezoidal);
      return s;
    }
    return execute(empty, arrays.operands(), args.routine, false);
  }
  Status s = door.local(args);
  if (!s.ok()) {
    count_call(args.trapezoidal);
    return s;
  }
  CallCache::Key key = call_key(args, door.stage(), Door::kKey);
  door.add_key(key);
  return run_cached(
      door.stage().comm, std::move(key), args.routine, args.trapezoidal,
      [&](Execution& e) { return door.plan(args, e); }, arrays.operands());
}

/// The plan of a call through `door` into `out` (collective; on error `out`
/// is unusable and the status the same everywhere).
template <class Door>
Status plan_through(Door& door, const CallSpec& args, Execution& out) {
  if (door.empty(args)) return empty_call(args, out);
  Status s = door.local(args);
  if (!s.ok()) return s;
  return door.plan(args, out);
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Shared private duplicates; see group_comm.hpp.
//
// Agreement without a process-wide lock held across MPI calls: each process
// proposes what it holds, one reduction over the union communicator tells
// whether all proposed the same, and anything short of unanimity falls back
// to a fresh duplicate. A lock held across a collective would deadlock two
// threads setting up two contexts in different orders on two processes.
#include "transport/group_comm.hpp"

#include <algorithm>
#include <climits>
#include <mutex>
#include <set>
#include <vector>

#include "mr2d/mr2d.h"
#include "transport/bounded_collective.hpp"
#include "transport/errors_return.hpp"

namespace mr2d::transport {

struct GroupEntry {
  // The group outlives the duplicate: another thread may still compare it.
  ~GroupEntry() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized && group != MPI_GROUP_NULL) MPI_Group_free(&group);
  }
  MPI_Group group = MPI_GROUP_NULL;
  MPI_Comm comm = MPI_COMM_NULL;
  long long label = 0;      ///< agreed by all members when created
  long long next_lane = 0;  ///< next proposal (monotone)
  std::set<int> lanes;      ///< lanes in use on this process
};

namespace {

std::mutex g_mutex;
std::vector<std::shared_ptr<GroupEntry>> g_entries;
long long g_next_label = 0;

// The entry of group `g` with the smallest label, or null. MPI is never
// called under the lock: MPI calls our attribute callbacks (which take the
// lock) while holding its own.
std::shared_ptr<GroupEntry> find_entry(MPI_Group g) {
  std::vector<std::shared_ptr<GroupEntry>> entries;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    entries = g_entries;
  }
  std::shared_ptr<GroupEntry> best;
  for (const auto& e : entries) {
    int cmp = MPI_UNEQUAL;
    MPI_Group_compare(e->group, g, &cmp);
    if (cmp == MPI_IDENT && (!best || e->label < best->label)) best = e;
  }
  return best;
}

const Awaited kSetup{nullptr, "set up mr2d's private communicator"};

Status reduce(MPI_Comm comm, long long* values, int n, MPI_Op op) {
  std::vector<long long> in(values, values + n);
  return bounded_allreduce(comm, in.data(), values, n, MPI_LONG_LONG, op, kSetup);
}

// Tries to take a lane of an existing entry all members agree on.
// Sets `out` and returns true on success; false: make a new duplicate.
Status try_existing(MPI_Comm union_comm, MPI_Group g, Lease& out, bool& done) {
  done = false;
  std::shared_ptr<GroupEntry> e;
  // {label, -label}, or {+inf, -inf} for none: after a minimum reduction the
  // two agree only if every process proposed the same entry.
  long long labels[2] = {LLONG_MAX, -LLONG_MAX};
  long long proposal = 0;
  e = find_entry(g);
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    // Its last lane may have been returned meanwhile (the duplicate is gone).
    if (e && std::find(g_entries.begin(), g_entries.end(), e) == g_entries.end()) e.reset();
    if (e) {
      labels[0] = e->label;
      labels[1] = -e->label;
      proposal = e->next_lane++;
    }
  }
  Status s = reduce(union_comm, labels, 2, MPI_MIN);
  if (!s.ok()) return s;
  // min(label) == max(label): every member proposed the same entry.
  if (labels[0] == LLONG_MAX || labels[0] != -labels[1]) return {};
  s = reduce(union_comm, &proposal, 1, MPI_MAX);
  if (!s.ok()) return s;
  const int lane = static_cast<int>(proposal % kLanes);
  long long conflict = 0;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    e->next_lane = std::max(e->next_lane, proposal + 1);
    if (e->lanes.count(lane) != 0)
      conflict = 1;
    else
      e->lanes.insert(lane);
  }
  long long any = conflict;
  s = reduce(union_comm, &any, 1, MPI_MAX);
  if (!s.ok() || any != 0) {
    if (conflict == 0) {
      std::lock_guard<std::mutex> lock(g_mutex);
      e->lanes.erase(lane);
    }
    return s;
  }
  out = Lease{e->comm, lane, e};
  done = true;
  return {};
}

Status make_new(MPI_Comm union_comm, Lease& out) {
  MPI_Comm dup = MPI_COMM_NULL;
  const Status made = bounded_dup(union_comm, dup, kSetup);
  // A timeout leaves the processes out of step: nothing more to agree on.
  if (made.code == MR2D_ERR_TIMEOUT || made.code == MR2D_ERR_CONTEXT) return made;
  long long failed = made.ok() ? 0 : 1;
  Status s = reduce(union_comm, &failed, 1, MPI_MAX);
  if (!s.ok() || failed != 0) {
    if (made.ok()) MPI_Comm_free(&dup);
    if (!s.ok()) return s;
    return !made.ok()
               ? made
               : failure(MR2D_ERR_MPI, "", "MPI_Comm_dup (mr2d's private communicator) failed on another process");
  }
  MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
  long long label = 0;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    label = g_next_label;
  }
  s = reduce(union_comm, &label, 1, MPI_MAX);
  if (!s.ok()) {
    MPI_Comm_free(&dup);
    return s;
  }
  auto e = std::make_shared<GroupEntry>();
  MPI_Comm_group(union_comm, &e->group);
  e->comm = dup;
  e->label = label;
  e->next_lane = 1;
  e->lanes.insert(0);
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_next_label = std::max(g_next_label, label + 1);
    g_entries.push_back(e);
  }
  out = Lease{dup, 0, e};
  return {};
}

}  // namespace

Status lease_private_comm(MPI_Comm union_comm, Lease& out) {
  ErrorsReturn guard(union_comm);
  MPI_Group g = MPI_GROUP_NULL;
  int err = MPI_Comm_group(union_comm, &g);
  if (err != MPI_SUCCESS) return mpi_failure("MPI_Comm_group", err);
  Status s;
  // A few tries: a conflict needs two threads setting up contexts of one group
  // at the same moment, in different orders on different processes.
  for (int attempt = 0; attempt < 3 && s.ok(); ++attempt) {
    bool done = false;
    s = try_existing(union_comm, g, out, done);
    if (s.ok() && done) {
      MPI_Group_free(&g);
      return s;
    }
  }
  if (s.ok()) s = make_new(union_comm, out);
  MPI_Group_free(&g);
  return s;
}

void return_lease(Lease& lease) noexcept {
  if (!lease.entry) return;
  std::shared_ptr<GroupEntry> e = std::move(lease.entry);
  const int lane = lease.lane;
  lease = Lease{};
  bool last = false;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    e->lanes.erase(lane);
    if (e->lanes.empty()) {
      last = true;
      g_entries.erase(std::remove(g_entries.begin(), g_entries.end(), e), g_entries.end());
    }
  }
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (last && !finalized) MPI_Comm_free(&e->comm);
}

}  // namespace mr2d::transport

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Bounded collectives; see bounded_collective.hpp.
#include "transport/bounded_collective.hpp"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "mr2d/mr2d.h"
#include "transport/backoff.hpp"
#include "transport/errors_return.hpp"
#include "transport/started_channels.hpp"

namespace mr2d::transport {

namespace {

// The memory a bounded collective runs in, and, once it timed out, what it
// leaves behind: the request MPI still owns and the buffers it may still
// write when the missing processes arrive, possibly after the communicator
// was freed. So a leftover is never freed (one per timed-out context).
struct Staging {
  MPI_Request request = MPI_REQUEST_NULL;
  std::vector<unsigned char> in, out;
  MPI_Comm dup = MPI_COMM_NULL;
  std::string ending;  ///< how it ended and in which routine, for refusals
};

// The attribute that marks a communicator whose processes are out of step;
// its value is the leftover, which the (empty) delete callback leaves alone.
int leftover_key() {
  static const int key = [] {
    int k = MPI_KEYVAL_INVALID;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &k, nullptr);
    return k;
  }();
  return key;
}

// This thread's staging for its next bounded collective. A timeout hands it
// over to the communicator (MPI holds addresses inside it) and leaves null.
std::unique_ptr<Staging>& spare_slot() {
  thread_local std::unique_ptr<Staging> s;
  return s;
}

Staging& spare() {
  std::unique_ptr<Staging>& s = spare_slot();
  if (!s) s = std::make_unique<Staging>();
  return *s;
}

std::string prefix(const char* routine) { return message_of(routine != nullptr ? routine : "", ""); }

// MR2D_ERR_MPI for `call`, saying what it was for.
Status failure(const Awaited& awaited, const char* call, int err) {
  Status s = mpi_failure((std::string(call) + " (for every process to " + awaited.what + ")").c_str(), err);
  s = named(s, awaited.routine != nullptr ? awaited.routine : "");
  return s;
}

// Set once any collective was left behind: until then no communicator
// carries a leftover, and its attribute need not be looked up.
std::atomic<bool> g_left_behind{false};

// Leaves this thread's staging, which `req` still uses, with `comm`, whose
// later collectives are refused; `how` says how the collective ended.
void leave_with(MPI_Comm comm, MPI_Request req, const std::string& how, const Awaited& awaited) {
  g_left_behind.store(true, std::memory_order_release);
  Staging& staging = spare();
  staging.request = req;
  staging.ending = how + " in " + (awaited.routine != nullptr ? awaited.routine : "the set-up") + " (waiting for " +
                   "every process to " + awaited.what + ")";
  MPI_Comm_set_attr(comm, leftover_key(), spare_slot().release());
}

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  return text;
}

// Waits for `req`, posted by `call` over `comm` on this thread's staging,
// which a timeout leaves with the communicator.
Status await(MPI_Comm comm, MPI_Request& req, const char* call, const Awaited& awaited) {
  // Nothing to step and no limit: MPI's own wait, as cheap as the blocking
  // collective it replaces.
  if (wait_limit_seconds() <= 0 && !any_started()) {
    const int err = MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS) return {};
    leave_with(comm, req, "failed (MPI error)", awaited);
    return failure(awaited, call, err);
  }
  Backoff backoff;
  StallReport stall;
  int rank = 0, size = 0;
  for (;;) {
    int done = 0;
    const int err = MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (err != MPI_SUCCESS) {
      // MPI may or may not be done with the request and the processes'
      // collectives may no longer match: as after a timeout.
      leave_with(comm, req, "failed (MPI error)", awaited);
      return failure(awaited, call, err);
    }
    if (done) return {};
    // Started executions move while this process waits for its peers, who
    // may be waiting for them (started_channels.hpp).
    bool moved = false;
    step_started(nullptr, moved);
    if (moved) {
      backoff.reset();
      stall.progress();
      continue;
    }
    if (size == 0) {
      MPI_Comm_rank(comm, &rank);
      MPI_Comm_size(comm, &size);
    }
    if (stall.check("rank %d, %s: %s waiting for every process of the union context to %s (a process may have "
                    "left this call out, failed before it, or died)",
                    rank, awaited.routine != nullptr ? awaited.routine : "mr2d", call, awaited.what))
      break;
    backoff.wait();
  }
  leave_with(comm, req, "timed out (MR2D_TIMEOUT)", awaited);
  return {MR2D_ERR_TIMEOUT, prefix(awaited.routine) + "timed out after " + seconds_text(wait_limit_seconds()) +
                                " s (MR2D_TIMEOUT) waiting for all " + std::to_string(size) +
                                " processes of the union context to " + awaited.what + " (" + call +
                                "): a process left this call out, failed before it, or died"};
}

// Bytes of `count` elements of `type`.
std::size_t bytes_of(MPI_Datatype type, int count) {
  int size = 0;
  MPI_Type_size(type, &size);
  return static_cast<std::size_t>(size) * static_cast<std::size_t>(count);
}

// This thread's staging holding a copy of `bytes` bytes at `mine`.
Staging& staged(const void* mine, std::size_t bytes) {
  Staging& st = spare();
  const auto* from = static_cast<const unsigned char*>(mine);
  st.in.assign(from, from + bytes);
  return st;
}

// MR2D_ERR_CONTEXT when a bounded collective over `comm` timed out or failed
// earlier.
Status out_of_step(MPI_Comm comm, const char* routine) {
  if (!g_left_behind.load(std::memory_order_acquire)) return {};
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, leftover_key(), &value, &found);
  if (!found) return {};
  return {MR2D_ERR_CONTEXT, prefix(routine) + "an earlier collective over this union context " +
                                static_cast<const Staging*>(value)->ending +
                                ", so its processes are out of step: exit the grid and make a new one"};
}

// Simulated MPI (SimGrid's SMPI) lacks some nonblocking collectives
// (MPI_Comm_idup) and charges simulated time for every test; every simulated
// process runs the same build and settings, so MPI's blocking collectives
// match there.
#ifdef MR2D_SIMULATED_MPI
constexpr bool kBlocking = true;
#else
constexpr bool kBlocking = false;
#endif

// The collective posted by `post(in, out)` with `bytes` of this process's
// data at `mine` and its result into `out`: every process's bytes where
// `gather`, else `bytes`. A union of one process agrees with itself: its
// result is its own data (allgather and every reduction alike). Without a
// limit the wait never gives up, so the collective runs on the caller's
// buffers; with one, on this thread's staging, which a timeout leaves with
// the communicator.
template <class Post>
Status collective(MPI_Comm comm, const void* mine, std::size_t bytes, bool gather, void* out, const char* call,
                  const Awaited& awaited, Post&& post) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  const std::size_t out_bytes = gather ? bytes * static_cast<std::size_t>(size) : bytes;
  if (size == 1) {
    if (bytes > 0) std::memcpy(out, mine, bytes);
    return {};
  }
  Status s = out_of_step(comm, awaited.routine);
  if (!s.ok()) return s;
  const bool staging = wait_limit_seconds() > 0;
  Staging* st = staging ? &staged(mine, bytes) : nullptr;
  if (st != nullptr) st->out.resize(out_bytes);
  MPI_Request req = MPI_REQUEST_NULL;
  const int err = staging ? post(st->in.data(), st->out.data(), &req) : post(mine, out, &req);
  if (err != MPI_SUCCESS) return failure(awaited, call, err);
  s = await(comm, req, call, awaited);
  if (s.ok() && st != nullptr && out_bytes > 0) std::memcpy(out, st->out.data(), out_bytes);
  return s;
}

}  // namespace

Status bounded_allgather(MPI_Comm comm, const void* mine, int count, MPI_Datatype type, void* all,
                         const Awaited& awaited) {
  if (kBlocking) {
    const int err = MPI_Allgather(mine, count, type, all, count, type, comm);
    return err == MPI_SUCCESS ? Status{} : failure(awaited, "MPI_Allgather", err);
  }
  return collective(comm, mine, bytes_of(type, count), true, all, "MPI_Iallgather", awaited,
                    [&](const void* in, void* out, MPI_Request* req) {
                      return MPI_Iallgather(in, count, type, out, count, type, comm, req);
                    });
}

Status bounded_allreduce(MPI_Comm comm, const void* mine, void* out, int count, MPI_Datatype type, MPI_Op op,
                         const Awaited& awaited) {
  if (kBlocking) {
    const int err = MPI_Allreduce(mine, out, count, type, op, comm);
    return err == MPI_SUCCESS ? Status{} : failure(awaited, "MPI_Allreduce", err);
  }
  return collective(comm, mine, bytes_of(type, count), false, out, "MPI_Iallreduce", awaited,
                    [&](const void* in, void* result, MPI_Request* req) {
                      return MPI_Iallreduce(in, result, count, type, op, comm, req);
                    });
}

Status bounded_dup(MPI_Comm comm, MPI_Comm& dup, const Awaited& awaited) {
  dup = MPI_COMM_NULL;
  if (kBlocking) {
    const int err = MPI_Comm_dup(comm, &dup);
    return err == MPI_SUCCESS ? Status{} : failure(awaited, "MPI_Comm_dup", err);
  }
  Status s = out_of_step(comm, awaited.routine);
  if (!s.ok()) return s;
  Staging& st = staged(nullptr, 0);
  st.dup = MPI_COMM_NULL;
  const char* call = "MPI_Comm_idup";
  MPI_Request req = MPI_REQUEST_NULL;
  const int err = MPI_Comm_idup(comm, &st.dup, &req);
  if (err != MPI_SUCCESS) return failure(awaited, call, err);
  s = await(comm, req, call, awaited);
  if (s.ok()) dup = st.dup;
  return s;
}

}  // namespace mr2d::transport

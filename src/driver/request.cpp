// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Started plans; see request.hpp.
#include "driver/request.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/env.hpp"
#include "driver/outcome.hpp"
#include "transport/progress_thread.hpp"
#include "transport/started_channels.hpp"

namespace mr2d::driver {

namespace {

Operands operands_of(const mr2d_request_s& r) {
  return {r.a.data(), r.b.data(), r.alpha.empty() ? nullptr : r.alpha.data(), r.beta.empty() ? nullptr : r.beta.data()};
}

void complete(mr2d_request_s& r, const Status& status) {
  r.over = true;
  r.status = status;
  // Later passes, held, give their places up.
  for (auto& t : r.transfers)
    if (t) t->abandon(status);
  r.transfers.clear();
  r.parts.clear();
  if (r.plan == nullptr) return;
  count_execution(r.plan->execution, r.traffic);
  r.plan->active = nullptr;
  // A completed request needs nothing of its plan, which may be destroyed
  // before the request is tested, waited for or freed.
  r.plan = nullptr;
}

void start_passes(mr2d_request_s& r) {
  const Execution& e = r.plan->execution;
  const std::size_t passes = e.routes.size();
  r.parts.resize(passes);
  r.transfers.resize(passes);
  // Every wait of the library moves it on from now on, over any union.
  transport::track_started(*e.channel);
  for (std::size_t pass = 0; pass < passes; ++pass) {
    pass_parts(e, operands_of(r), r.updates.data(), r.middle, pass, r.parts[pass]);
    r.transfers[pass] =
        std::make_unique<transport::Transfer>(*e.channel, r.parts[pass], e.routes[pass], pass_id(e, pass), e.node_local,
                                              transport::MessageBuffers{&r.plan->send, &r.plan->recv});
    r.transfers[pass]->start(pass > 0);
    if (pass > 0) r.transfers[pass - 1]->then(r.transfers[pass].get());
  }
}

// Moves `r` on without waiting (see transport::Transfer::progress); the next
// pass, released by the transport where one ends, follows.
void step(mr2d_request_s& r, bool may_block, bool* moved) {
  if (r.over) return;
  transport::Transfer& now = *r.transfers[r.pass];
  if (!now.progress(may_block, moved)) return;
  r.traffic += now.traffic();
  const Status st = now.status();
  r.transfers[r.pass].reset();
  if (!st.ok()) return complete(r, st);
  if (++r.pass == r.transfers.size()) complete(r, {});
}

// Frees a completed request, sets the handle to NULL; its status.
Status release(mr2d_request* request) {
  const Status status = (*request)->status;
  delete *request;
  *request = nullptr;
  return status;
}

MPI_Comm progress_comm(const mr2d_request_s& r) {
  return r.over ? MPI_COMM_NULL : r.plan->execution.channel->lease.comm;
}

// The last pass of part k of `e` (-1: it moves nothing here).
int last_pass(const Execution& e, std::size_t k) {
  int last = -1;
  for (const Piece& piece : e.parts[k].pieces) last = std::max(last, static_cast<int>(piece.pass));
  return last;
}

// MR2D_ERR_ARGUMENT naming two entries of `requests` that hold the same
// request (NULL entries are inactive and may repeat).
Status repeated_request(int count, const mr2d_request* requests, const char* routine) {
  std::vector<std::pair<mr2d_request, int>> held;
  for (int k = 0; k < count; ++k)
    if (requests[k] != nullptr) held.emplace_back(requests[k], k);
  std::sort(held.begin(), held.end());
  for (std::size_t k = 1; k < held.size(); ++k)
    if (held[k].first == held[k - 1].first)
      return argument_failure(MR2D_ERR_ARGUMENT, routine, 2, "requests",
                              ": entries " + std::to_string(held[k - 1].second) + " and " +
                                  std::to_string(held[k].second) + " are the same request; none was waited for");
  return {};
}

const char* start_routine(const StartArgs& args) {
  if (args.batch) return args.transform ? "mr2d_plan_start_batch_transform" : "mr2d_plan_start_batch";
  return args.transform ? "mr2d_plan_start_transform" : "mr2d_plan_start";
}

Status null_request(const char* routine, bool transform) {
  return argument_failure(MR2D_ERR_ARGUMENT, routine, transform ? 6 : 4, "request", "is NULL");
}

}  // namespace

namespace {

// MR2D_PROGRESS, read once: whether a progress thread steps started plans.
Status progress_setting(const char* routine, bool& thread) {
  static const char* text = std::getenv("MR2D_PROGRESS");
  static const std::optional<bool> value = parse_progress(text);
  if (!value)
    return failure(MR2D_ERR_ARGUMENT, routine,
                   std::string("environment: MR2D_PROGRESS is \"") + text + "\", not off or thread");
  thread = *value;
  return {};
}

}  // namespace

int start_plan(mr2d_plan plan, const StartArgs& args, mr2d_request* request) noexcept {
  const char* routine = start_routine(args);
  return guarded(routine, true, [&]() -> Status {
    if (plan == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "plan", "is NULL");
    Status active = refuse_active(plan, routine);
    if (!active.ok()) return active;
    bool on_thread = false;
    if (Status st = progress_setting(routine, on_thread); !st.ok()) return give_up(plan->execution, st);
    const Execution& e = plan->execution;
    // From here on a refusal is this process's alone: its peers, which
    // started the same plan, are told instead of waiting (give_up).
    if (e.batch != args.batch)
      return give_up(e, failure(MR2D_ERR_ARGUMENT, routine,
                                e.batch ? "the plan is a batch: start it with mr2d_plan_start_batch"
                                        : "the plan is not a batch (mr2d_plan_create_batch)"));
    if (args.transform && !args.batch && !e.parts.front().transform)
      return give_up(e, failure(MR2D_ERR_ARGUMENT, routine,
                                "the plan was not created by mr2d_plan_create_transform or _trtransform"));
    // Arguments only this process passed: node peers are told instead of waiting.
    const Operands& ops = args.operands;
    if (ops.a == nullptr || ops.b == nullptr)
      return give_up(e, failure(MR2D_ERR_ARGUMENT, routine,
                                std::string("the array of ") + (ops.a == nullptr ? "A" : "B") + " pointers is NULL"));
    if (request == nullptr) return give_up(e, null_request(routine, args.transform));
    auto r = std::make_unique<mr2d_request_s>();
    const std::size_t n = e.parts.size();
    r->plan = plan;
    r->a.assign(ops.a, ops.a + n);
    r->b.assign(ops.b, ops.b + n);
    if (ops.alpha != nullptr) r->alpha.assign(ops.alpha, ops.alpha + n);
    if (ops.beta != nullptr) r->beta.assign(ops.beta, ops.beta + n);
    r->reported.assign(n, false);
    if (e.channel == nullptr || e.routes.empty()) {
      complete(*r, {});
    } else {
      r->updates.resize(n);
      Status s = prepare_execution(e, operands_of(*r), routine, true, plan->middle, r->middle, r->updates.data());
      if (!s.ok()) {
        count_execution(e, {});
        return s;
      }
      plan->active = r.get();
      start_passes(*r);
      if (on_thread) transport::progress_on_thread(*e.channel);
    }
    *request = r.release();
    return {};
  });
}

int test_request(mr2d_request* request, int* done) noexcept {
  const char* routine = "mr2d_request_test";
  return guarded(routine, true, [&]() -> Status {
    if (done != nullptr) *done = 0;
    if (request == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "request", "is NULL");
    if (done == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 2, "done", "is NULL");
    if (*request != nullptr) step(**request, false, nullptr);
    if (*request != nullptr && !(*request)->over) return {};
    *done = 1;
    return *request == nullptr ? Status{} : release(request);
  });
}

int wait_request(mr2d_request* request) noexcept {
  const char* routine = "mr2d_request_wait";
  return guarded(routine, true, [&]() -> Status {
    if (request == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "request", "is NULL");
    if (*request == nullptr) return {};
    mr2d_request_s& r = **request;
    transport::Backoff backoff(progress_comm(r));
    bool moved = false;
    for (step(r, true, &moved); !r.over; step(r, true, &moved)) {
      if (moved)
        backoff.reset();
      else
        backoff.wait();
    }
    return release(request);
  });
}

int wait_all(int count, mr2d_request* requests) noexcept {
  const char* routine = "mr2d_request_waitall";
  return guarded(routine, true, [&]() -> Status {
    if (count < 0) return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "count", "is negative");
    if (count > 0 && requests == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 2, "requests", "is NULL");
    // One request twice would be freed twice: refused before anything moves.
    Status twice = repeated_request(count, requests, routine);
    if (!twice.ok()) return twice;
    // Every request moves on in turn: they may be over different union contexts.
    transport::Backoff backoff;
    for (bool all_over = false; !all_over;) {
      all_over = true;
      bool moved = false;
      for (int k = 0; k < count; ++k) {
        if (requests[k] == nullptr) continue;
        bool this_moved = false;
        step(*requests[k], false, &this_moved);
        moved = moved || this_moved;
        all_over = all_over && requests[k]->over;
      }
      if (all_over) break;
      if (moved)
        backoff.reset();
      else
        backoff.wait();
    }
    Status first;
    for (int k = 0; k < count; ++k) {
      if (requests[k] == nullptr) continue;
      Status st = release(&requests[k]);
      if (first.ok()) first = st;
    }
    return first;
  });
}

int test_some(mr2d_request* request, int* outcount, int* parts) noexcept {
  const char* routine = "mr2d_request_testsome";
  return guarded(routine, true, [&]() -> Status {
    if (outcount != nullptr) *outcount = 0;
    if (request == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "request", "is NULL");
    if (outcount == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 2, "outcount", "is NULL");
    if (parts == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 3, "parts", "is NULL");
    if (*request == nullptr) {
      *outcount = -1;
      return {};
    }
    mr2d_request_s& r = **request;
    step(r, false, nullptr);
    if (r.over && !r.status.ok()) return release(request);
    if (r.over) {  // every part not yet reported; the plan may be gone
      for (std::size_t k = 0; k < r.reported.size(); ++k)
        if (!r.reported[k]) parts[(*outcount)++] = static_cast<int>(k);
      return release(request);
    }
    const Execution& e = r.plan->execution;
    const auto pass = static_cast<std::int32_t>(r.pass);
    const transport::Transfer& now = *r.transfers[r.pass];  // not over: a pass is in flight
    // Parts a progress thread may be writing are read under the channel's lock.
    const transport::StepLock steps(*e.channel);
    std::size_t at = 0;  // the piece's place among the pass's transport parts (pass_parts)
    for (std::size_t k = 0; k < r.reported.size(); ++k) {
      // Complete once the passes that write its B are done, or the one in
      // flight has written every piece of it.
      bool written = true;
      for (const Piece& piece : e.parts[k].pieces)
        if (piece.pass == pass) written = now.part_complete(at++) && written;
      if (r.reported[k]) continue;
      const int last = last_pass(e, k);
      if (last < pass || (last == pass && written)) {
        r.reported[k] = true;
        parts[(*outcount)++] = static_cast<int>(k);
      }
    }
    return {};
  });
}

int free_request(mr2d_request* request) noexcept {
  const char* routine = "mr2d_request_free";
  return guarded(routine, true, [&]() -> Status {
    if (request == nullptr) return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "request", "is NULL");
    if (*request == nullptr) return {};
    // A request whose transfers ended inside other calls completes here.
    step(**request, false, nullptr);
    if (!(*request)->over)
      return argument_failure(MR2D_ERR_ARGUMENT, routine, 1, "request",
                              "is active (its execution is not complete): complete it with "
                              "mr2d_request_wait or _test; it stays valid");
    return release(request);
  });
}

void end_request(mr2d_request request, const Status& why) {
  mr2d_request_s& r = *request;
  if (!r.over) {
    if (r.transfers[r.pass]) r.traffic += r.transfers[r.pass]->traffic();
    complete(r, why);
  }
  r.plan = nullptr;
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// Moves between fixed arrays that the pipelined examples start, then test
// and wait for (mr2d_plan_start*, docs/plans.md), again and again: one plan's,
// a batch plan's, and the hand-written MPI_Ialltoallv baseline's. All three
// offer start(), test() (true once complete) and wait(); a move still
// outstanding when its object goes is waited for, so no array is released
// under a running move.
#pragma once

#include <mpi.h>

#include <memory>
#include <utility>
#include <vector>

#include "block_alltoallv.hpp"
#include "mr2d/mr2d.hpp"

namespace examples {

/// An mr2d request, completed by test() or wait().
class StartedRequest {
 public:
  StartedRequest() = default;
  StartedRequest(const StartedRequest&) = delete;
  StartedRequest& operator=(const StartedRequest&) = delete;
  ~StartedRequest() { finish(); }
  /// Waits for an outstanding request, its status dropped (for destructors).
  void finish() noexcept {
    if (request_ != nullptr) mr2d_request_wait(&request_);
  }
  /// Where mr2d_plan_start* writes the request; the previous one is complete.
  mr2d_request* slot() { return &request_; }
  bool test() {
    int done = 1;
    if (request_ != nullptr) mr2d::check(mr2d_request_test(&request_, &done));
    return done != 0;
  }
  void wait() { mr2d::check(mr2d_request_wait(&request_)); }

 private:
  mr2d_request request_ = nullptr;
};

/// A persistent plan moving a into b.
template <class T>
class PlanMove {
 public:
  PlanMove(const mr2d::Plan<T>& plan, const T* a, T* b) : plan_(plan.handle()), a_(a), b_(b) {}
  void start() { mr2d::check(mr2d_plan_start(plan_, a_, b_, request_.slot())); }
  bool test() { return request_.test(); }
  void wait() { request_.wait(); }

 private:
  mr2d_plan plan_;
  const T* a_;
  T* b_;
  StartedRequest request_;
};

/// A batch plan of `parts` (mr2d_plan_create_batch), part k moving a[k] into b[k].
class BatchMove {
 public:
  BatchMove(const std::vector<mr2d_plan>& parts, std::vector<const void*> a, std::vector<void*> b)
      : a_(std::move(a)), b_(std::move(b)) {
    mr2d::check(mr2d_plan_create_batch(&plan_, static_cast<int>(parts.size()), parts.data(), nullptr));
  }
  BatchMove(const BatchMove&) = delete;
  BatchMove& operator=(const BatchMove&) = delete;
  ~BatchMove() {
    request_.finish();  // before the plan goes
    mr2d_plan_destroy(&plan_);
  }
  void start() { mr2d::check(mr2d_plan_start_batch(plan_, a_.data(), b_.data(), request_.slot())); }
  bool test() { return request_.test(); }
  void wait() { request_.wait(); }
  void execute() const { mr2d::check(mr2d_plan_execute_batch(plan_, a_.data(), b_.data())); }

 private:
  mr2d_plan plan_ = nullptr;
  std::vector<const void*> a_;
  std::vector<void*> b_;
  StartedRequest request_;
};

/// The hand-written move: pack, MPI_Ialltoallv, unpack (block_alltoallv.hpp).
template <class T>
class HandMove {
 public:
  HandMove(const Block& source, const T* a, const Block& target, T* b, MPI_Comm comm)
      : exchange_(source, target, comm), a_(a), b_(b) {}
  void start() { exchange_.start(a_, b_); }
  bool test() { return exchange_.test(); }
  void wait() { exchange_.wait(); }
  void execute() { exchange_.execute(a_, b_); }

 private:
  BlockAlltoallv<T> exchange_;
  const T* a_;
  T* b_;
};

}  // namespace examples

// SPDX-License-Identifier: BSD-3-Clause
// Moves between fixed arrays that the pipelined examples start, then test
// and wait for, again and again: one mr2d plan's and one mr2d batch's
// (plan.start, docs/plans.md), and the hand-written MPI_Ialltoallv
// baseline's. All three offer start(), test() (true once complete) and
// wait(); a move still outstanding when its object goes is waited for, so no
// array is released under a running move.
#pragma once

#include <mpi.h>

#include <utility>
#include <vector>

#include "block_alltoallv.hpp"
#include "mr2d/mr2d.hpp"

namespace examples {

/// A persistent plan moving a into b.
template <class T>
class PlanMove {
 public:
  PlanMove(const mr2d::Plan<T>& plan, const T* a, T* b) : plan_(plan), a_(a), b_(b) {}
  void start() { request_ = plan_.start(a_, b_); }
  bool test() { return request_.test(); }
  void wait() { request_.wait(); }

 private:
  const mr2d::Plan<T>& plan_;
  const T* a_;
  T* b_;
  mr2d::Request request_;
};

/// A batch of `parts`, part k moving a[k] into b[k].
class BatchMove {
 public:
  BatchMove(const std::vector<mr2d_plan>& parts, std::vector<const void*> a, std::vector<void*> b)
      : batch_(parts), a_(std::move(a)), b_(std::move(b)) {}
  void start() { request_ = batch_.start(a_, b_); }
  bool test() { return request_.test(); }
  void wait() { request_.wait(); }

 private:
  mr2d::Batch batch_;
  std::vector<const void*> a_;
  std::vector<void*> b_;
  mr2d::Request request_;  // after batch_: goes first
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

 private:
  BlockAlltoallv<T> exchange_;
  const T* a_;
  T* b_;
};

}  // namespace examples

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) A cache of prepared calls kept on a union communicator as an MPI
// attribute, so that it disappears with the communicator and can never
// outlive it: one per kind of prepared call.
#pragma once

#include <mpi.h>

#include "plan/plan_cache.hpp"

namespace mr2d::driver {

/// Frees a cache when its communicator goes.
template <class Value>
int free_comm_cache(MPI_Comm, int, void* value, void*) {
  delete static_cast<plan::PlanCache<Value>*>(value);
  return MPI_SUCCESS;
}

/// The cache of `Value`s on `comm`, made on first use.
template <class Value>
plan::PlanCache<Value>& comm_cache(MPI_Comm comm) {
  static int key = MPI_KEYVAL_INVALID;
  if (key == MPI_KEYVAL_INVALID) MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_comm_cache<Value>, &key, nullptr);
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, key, &value, &found);
  if (found) return *static_cast<plan::PlanCache<Value>*>(value);
  auto* cache = new plan::PlanCache<Value>();
  MPI_Comm_set_attr(comm, key, cache);
  return *cache;
}

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) One description of a call as its entry point received it, whatever
// the entry: the union, two sides (each a descriptor, a strided section, a
// grid-layout matrix or an N-D array), the window, the operation, the
// element type and the options. Its MPI-free part is the check::Call the
// checks read. Entry points fill it field by field; everything after them
// reads only this.
#pragma once

#include <mpi.h>

#include "check/call.hpp"
#include "common/index_types.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/mr2d_comm.h"
#include "mr2d/mr2d_layout.h"
#include "mr2d/mr2d_nd.h"

namespace mr2d::driver {

/// Where the union of processes comes from: a BLACS context (grids from the
/// descriptors' CTXT_), MPI_COMM_WORLD (ScaLAPACK's p?gemr2do), or a
/// communicator with described grids (mr2d_comm.h).
enum class Union { context, world, comm };

/// A ScaLAPACK or PBLAS name of the drop-in library: on error it stops the
/// job as they do (on_error.hpp), unless MR2D_ON_ERROR=return.
enum class DropIn { none, scalapack, pblas };

/// What describes one side (A or B) as passed; its window's start and
/// strides are the check::Call's (ia, ja, sa, ta; ib, jb, sb, tb).
struct Side {
  const mr2d_int* desc = nullptr;   ///< a descriptor side
  const mr2d_grid* grid = nullptr;  ///< Union::comm: its grid within the communicator
  /// Grid-layout entries (mr2d_layout.h): the side as passed, a descriptor
  /// with its grid (also in desc and grid) or a grid layout (neither).
  const mr2d_matrix* matrix = nullptr;
  const mr2d_nd_array* nd = nullptr;  ///< N-D entries (mr2d_nd.h): the side's description
  bool pblas_type2 = false;           ///< DESC was PBLAS's type 2 descriptor (IMB_, INB_)
};

/// A side of a grid-layout entry that is a grid layout: it gives a layout and
/// no descriptor (a NULL side counts as one, and its check reports it). A side
/// giving neither is a descriptor side whose grid this process is outside of,
/// as a NULL descriptor in mr2d_comm.h (or CTXT_ = -1): the others describe it.
inline bool is_grid_layout(const mr2d_matrix* m) {
  return m == nullptr || (m->desc == nullptr && m->layout != nullptr);
}

/// The call: what the checks read (check::Call, filled by the entry point's
/// setters) and what needs MPI or points into the caller's memory.
struct CallSpec : check::Call {
  DropIn dropin = DropIn::none;
  Union scope = Union::context;
  mr2d_int ictxt = -1;            ///< Union::context: the union context
  MPI_Comm comm = MPI_COMM_NULL;  ///< Union::comm: the union
  Side a, b;
  bool nd = false;            ///< an N-D entry (mr2d_nd.h): the sides are Side::nd
  const int* perm = nullptr;  ///< N-D entries: A's dimension d becomes B's perm[d]
  const void* a_array = nullptr;
  void* b_array = nullptr;
  bool deferred_arrays = false;  ///< plan creation: A and B come at execution
  /// B := alpha * op(A) + beta * B for transform entries (null alpha: 1, beta: 0).
  const void* alpha = nullptr;
  const void* beta = nullptr;
  const mr2d_options* options = nullptr;  ///< null: the process-wide options
};

}  // namespace mr2d::driver

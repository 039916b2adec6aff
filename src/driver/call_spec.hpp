// SPDX-License-Identifier: BSD-3-Clause
// (MPI) One description of a call as its entry point received it, whatever
// the entry: the union, two sides (each a descriptor, a strided section or
// a grid-layout matrix), the window, the operation, the element type and
// the options. Entry points fill it field by field; everything after them
// reads only this.
#pragma once

#include <mpi.h>

#include "check/call.hpp"
#include "common/index_types.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/mr2d_comm.h"
#include "mr2d/mr2d_layout.h"

namespace mr2d::driver {

/// Where the union of processes comes from: a BLACS context (grids from the
/// descriptors' CTXT_), MPI_COMM_WORLD (ScaLAPACK's p?gemr2do), or a
/// communicator with described grids (mr2d_comm.h).
enum class Union { context, world, comm };

/// A ScaLAPACK or PBLAS name of the drop-in library: on error it stops the
/// job as they do (on_error.hpp), unless MR2D_ON_ERROR=return.
enum class DropIn { none, scalapack, pblas };

/// One side (A or B) as passed: where the window starts (1-based), its
/// strides, and what describes the distribution.
struct Side {
  mr2d_int i = 1, j = 1;
  mr2d_int row_stride = 1, col_stride = 1;  ///< a strided section (mr2d_gemr2d_strided)
  const mr2d_int* desc = nullptr;           ///< a descriptor side
  const mr2d_grid* grid = nullptr;          ///< Union::comm: its grid within the communicator
  /// Grid-layout entries (mr2d_layout.h): the side as passed, a descriptor
  /// with its grid (also in desc and grid) or a grid layout (neither).
  const mr2d_matrix* matrix = nullptr;
  bool pblas_type2 = false;  ///< DESC was PBLAS's type 2 descriptor (IMB_, INB_)
};

/// A side of a grid-layout entry that is a grid layout: it gives a layout and
/// no descriptor (a NULL side counts as one, and its check reports it). A side
/// giving neither is a descriptor side whose grid this process is outside of,
/// as a NULL descriptor in mr2d_comm.h (or CTXT_ = -1): the others describe it.
inline bool is_grid_layout(const mr2d_matrix* m) {
  return m == nullptr || (m->desc == nullptr && m->layout != nullptr);
}

struct CallSpec {
  const char* routine = "";  ///< the name messages give
  check::ArgList args;       ///< the entry point's argument list (positions and names in messages)
  check::Entry entry = check::Entry::redistribute;
  DropIn dropin = DropIn::none;
  Union scope = Union::context;
  mr2d_int ictxt = -1;            ///< Union::context: the union context
  MPI_Comm comm = MPI_COMM_NULL;  ///< Union::comm: the union
  bool layout = false;            ///< sides are mr2d_matrix (mr2d_layout.h): Side::matrix
  bool strided = false;           ///< strides are arguments (mr2d_gemr2d_strided)
  mr2d_int m = 0, n = 0;          ///< sub(B)'s dimensions
  Side a, b;
  const void* a_array = nullptr;
  void* b_array = nullptr;
  bool deferred_arrays = false;  ///< plan creation: A and B come at execution
  bool plan_out_null = false;    ///< plan creation with nowhere to put the plan
  /// B := alpha * op(A) + beta * B for transform entries (null alpha: 1, beta: 0).
  char op = 'N';
  const void* alpha = nullptr;
  const void* beta = nullptr;
  bool trapezoidal = false;
  const char* uplo = nullptr;  ///< only [0] is read
  const char* diag = nullptr;
  check::Letters letters = check::Letters::strict;
  int type = -1;                          ///< mr2d_type of the elements
  Index elem_size = 0;                    ///< of `type`, 0 for a code that is none
  int type_position = 0;                  ///< of the type argument; 0: the routine's name fixes it
  const mr2d_options* options = nullptr;  ///< null: the process-wide options
  /// A fault found in the arguments before the checks (a PBLAS descriptor),
  /// reported with theirs.
  Fault fault;
};

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Redistributions whose sides are grid layouts or descriptors
// (mr2d_layout.h): checks agreed by every process, the tiling of the problem
// into block-cyclic tiles (layout/), one plan per tile this process takes
// part in, and one route over all of them, executed like a batch.
#pragma once

#include <mpi.h>

#include <utility>
#include <vector>

#include "driver/redistribute.hpp"
#include "common/status.hpp"
#include "layout/tables.hpp"
#include "kernels/transform.hpp"
#include "layout/tile_plans.hpp"
#include "problem/edges.hpp"
#include "mr2d/mr2d_layout.h"
#include "plan/plan.hpp"
#include "route/route.hpp"
#include "transport/part.hpp"

namespace mr2d::driver {

/// The arguments of a grid-layout entry as passed.
struct LayoutArguments {
  const char* routine = "";
  Union scope = Union::context;  ///< context (ictxt) or comm
  int type = -1;
  Index elem_size = 0;  ///< of `type`, 0 for a code that is none
  int type_position = 0;
  const char* trans = nullptr;  ///< null: "N"
  mr2d_int m = 0, n = 0;
  const void* alpha = nullptr;
  const void* a = nullptr;
  mr2d_int ia = 1, ja = 1;
  const mr2d_matrix* ma = nullptr;
  const void* beta = nullptr;
  void* b = nullptr;
  mr2d_int ib = 1, jb = 1;
  const mr2d_matrix* mb = nullptr;
  mr2d_int ictxt = -1;
  MPI_Comm comm = MPI_COMM_NULL;
  const mr2d_options* options = nullptr;
  bool plan = false;           ///< plan creation: the arrays come at execution
  bool plan_out_null = false;  ///< plan creation with nowhere to put the plan
};

/// Where a tile's plan finds A or B on this process.
enum : int {
  kCallArray = -1,  ///< the array of the call (a block-cyclic side)
  kNowhere = -2,    ///< this process holds nothing of it
};

/// One side as this process holds it: a grid layout's tables and its blocks
/// (sorted by column, then row), or nothing for a descriptor.
struct LayoutSide {
  bool grid = false;
  layout::Tables tables;
  std::vector<layout::Block> blocks;
  std::vector<int> index_of;  ///< by block (r + c * block rows): its index in blocks, or kNowhere
};

/// A checked grid-layout call on this process.
struct LayoutPrepared {
  Prepared call;  ///< channel, serial, transport, grids, type and op; no passes
  LayoutSide a, b;
  layout::TilePlans tiled;                ///< the plans of the tiles this process takes part in
  std::vector<std::pair<int, int>> ends;  ///< per tile: A's and B's block index, or kCallArray / kNowhere
  route::Route route;
  std::vector<model::Edge> edges;  ///< bytes between each pair of processes (all tiles)
  int nranks = 0;                  ///< processes of the union
  Index tiles = 0;                 ///< tiles of the whole problem
};

/// Checks the call collectively and plans it. On error the status is the
/// same on every process.
Status prepare_layout(const LayoutArguments& args, LayoutPrepared& out);

/// Moves the data with the arrays `a` and `b` (the base of blocks given by
/// offset, and the local arrays of descriptor sides). `check`: a plan's
/// execution, whose arrays were not seen at creation.
Status execute_layout(const LayoutPrepared& p, const void* a, void* b, const void* alpha, const void* beta,
                      const char* routine, bool check);

/// The plan of each of this process's tiles, in tile order (tiles alike
/// share one).
std::vector<const plan::Plan*> layout_plans(const LayoutPrepared& p);

/// The arrays of an execution of `p` on this process (which creation did not
/// see): NULL where this process holds part of a descriptor side or blocks
/// given by offset from it, or A and B sharing memory, is an argument error
/// of `routine` (`part`: the batch part's index, or -1).
Status check_layout_arrays(const LayoutPrepared& p, const void* a, const void* b, const char* routine, int part = -1);

/// Appends the tiles of `p` with arrays `a` and `b` to `parts`.
void add_layout_parts(const LayoutPrepared& p, const void* a, void* b, const kernels::Update* how, bool stream,
                      transport::Parts& parts);

/// Bytes an execution of `p` writes into this process's B.
Index layout_bytes_into_b(const LayoutPrepared& p);

/// A direct call; never throws.
int layout_transform(const LayoutArguments& args) noexcept;

/// A persistent plan of a grid-layout call; never throws.
int create_layout_plan(mr2d_plan* out, const LayoutArguments& args) noexcept;

/// The summary mr2d_plan_query returns for a grid-layout plan.
mr2d_plan_info describe_layout(const LayoutPrepared& p);

}  // namespace mr2d::driver

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The one execution type: everything a call, a persistent plan or a
// batch moves on this process, planned once. A direct call is an execution
// of one part, a grid-layout call an execution whose part has one piece per
// tile, a plan a stored execution, a batch an execution of its plans' parts.
// A blocking execution runs through execute(), a started one pass by pass
// (request.hpp) over the same preparation and transport parts
// (prepare_execution, pass_parts); describe() sums up either.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "check/footprint.hpp"
#include "kernels/transform.hpp"
#include "layout/tables.hpp"
#include "layout/tiles.hpp"
#include "mr2d/mr2d.h"
#include "plan/plan.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"
#include "route/route.hpp"
#include "transport/buffers.hpp"
#include "transport/channel.hpp"
#include "transport/exchange.hpp"
#include "transport/part.hpp"

namespace mr2d::driver {

/// Flags that turn false when a grid of A or B (where this process is in it)
/// is exited: a plan outliving its grids fails instead of running.
using GridFlags = std::vector<std::shared_ptr<const std::atomic<bool>>>;

/// Whether no grid of `grids` was exited.
bool grids_alive(const GridFlags& grids);

/// Where this process reads A and writes B in its local arrays (block-cyclic
/// sides; a grid-layout side's blocks are its own).
struct Footprint {
  check::LocalWindow a, b;
  Index lda = 0, ldb = 0, elem_size = 0;
};

/// Where a piece reads A or writes B: a block of a grid-layout side (its
/// index, >= 0) or one of these.
enum : int {
  kCallArray = -1,  ///< the array of the call (a block-cyclic side)
  kNowhere = -2,    ///< this process holds nothing of it
  kMiddle = -3,     ///< the intermediate matrix between two passes
};

/// One grid-layout side as this process holds it: its tables and its blocks
/// (sorted by column, then row); nothing for a descriptor side.
struct LayoutSide {
  bool grid = false;
  layout::Tables tables;
  std::vector<layout::Block> blocks;
  std::vector<int> index_of;  ///< by block (r + c * block rows): its index in blocks, or kNowhere
};

/// One plan's share of a part: the whole matrix, one tile of a grid-layout
/// call, or one pass through the intermediate matrix.
struct Piece {
  std::int32_t plan = 0;  ///< index in Part::plans
  std::int32_t pass = 0;  ///< the route it travels on (Execution::routes)
  int a = kCallArray, b = kCallArray;
  Index a_shift = 0, b_shift = 0;  ///< elements from where `a` and `b` point
};

/// What one call (one matrix) moves on this process and how B is updated.
struct Part {
  bool empty = false;  ///< M or N is 0: moves nothing
  bool trapezoidal = false;
  bool transform = false;  ///< alpha, beta and op apply (a transform entry)
  bool tradd = false;      ///< PBLAS's p?tradd arithmetic (kernels::Update::tradd)
  int type = -1;           ///< mr2d_type of a transform
  char op = 'N';
  bool cdc = false;  ///< some run table is in complete-dimension form
  bool nd = false;   ///< an N-D call: `pairs` holds its pairs, as for grid layouts
  /// `pairs` holds only this process's (too many pairs to schedule): its
  /// messages go all at once.
  bool own_pairs = false;
  int phases = MR2D_PHASES_ONE;
  /// The agreed problem of block-cyclic sides, and the problem of each pass
  /// (two through an intermediate matrix); none for grid layouts.
  model::Problem problem;
  std::vector<model::Problem> passes;
  std::vector<plan::Plan> plans;  ///< tiles alike share one
  std::vector<Piece> pieces;      ///< in route order within each pass
  LayoutSide a, b;
  std::vector<model::Edge> pairs;  ///< grid layouts: bytes between each pair of processes
  int nranks = 0;                  ///< processes of the union (grid layouts)
  Index middle_elems = 0;          ///< this process's part of the intermediate matrix
  Footprint arrays;                ///< for the checks of the arrays given at execution
  bool layout() const { return a.grid || b.grid; }
};

/// A planned execution over one union context.
struct Execution {
  std::shared_ptr<transport::Channel> channel;  ///< null: no part moves anything
  std::uint64_t serial = 0;                     ///< among the channel's executions, the same on every process
  bool node_local = true;                       ///< node peers exchange through shared memory
  bool batch = false;                           ///< parts come with arrays of pointers (mr2d_plan_create_batch)
  GridFlags grids;                              ///< of A's and B's grids where this process is in them
  std::vector<Part> parts;                      ///< in the caller's order
  std::vector<route::Route> routes;             ///< one per pass
  /// Kernel choice made at planning: B is written around the caches (the
  /// execution writes enough of it here, kernels::streaming_pays).
  bool stream = false;
  std::size_t pieces = 0;  ///< of all parts (transport parts per execution at most)
};

/// The arrays of one execution, one entry per part: A, B, and alpha and beta
/// of transform parts (null arrays or entries: 1 and 0).
struct Operands {
  const void* const* a = nullptr;
  void* const* b = nullptr;
  const void* const* alpha = nullptr;
  const void* const* beta = nullptr;
};

/// The arrays of a call or a plan of one part, held where Operands point.
struct OnePart {
  const void* a = nullptr;
  void* b = nullptr;
  const void* alpha = nullptr;
  const void* beta = nullptr;
  Operands operands() const { return {&a, &b, &alpha, &beta}; }
};

/// Counts one call in the statistics (execute() counts its parts; a call
/// that fails before it has none).
void count_call(bool trapezoidal);

/// The plans of pass `pass` in route order.
std::vector<const plan::Plan*> pass_plans(const Execution& e, int pass);

/// Bytes an execution writes into this process's B's.
Index bytes_into_b(const Execution& e);

/// Moves the data of `e`; collective over the processes it talks to. The
/// liveness of its grids, the arrays (where `check`: a plan's, which
/// creation did not see), the update of each part, the transport and the
/// traffic count all happen here. Errors name `routine`.
Status execute(const Execution& e, const Operands& operands, const char* routine, bool check);

/// Pass `pass` of execution `e`, as its messages name it: 2 serial + pass,
/// unique per channel and the same on every process.
inline std::uint64_t pass_id(const Execution& e, std::size_t pass) { return 2 * e.serial + pass; }

/// What execute() does before moving data (the channel is not null): the
/// grids' liveness, the arrays (where `check`; an error gives the execution
/// up, give_up), the intermediate matrix (`middle`, from `middle_pool`) and
/// each transform part's update into `updates` (one per part).
Status prepare_execution(const Execution& e, const Operands& operands, const char* routine, bool check,
                         transport::BufferPool& middle_pool, const void*& middle, kernels::Update* updates);

/// The transport parts of pass `pass` of `e` with these arrays, into `parts`.
void pass_parts(const Execution& e, const Operands& operands, const kernels::Update* updates, const void* middle,
                std::size_t pass, transport::Parts& parts);

/// Adds an execution of `e` that moved `traffic` to the statistics.
void count_execution(const Execution& e, const transport::Traffic& traffic);

/// Gives up an execution of `e` that this process cannot run (`why`, an
/// argument only it can check): node peers return `why` instead of waiting
/// for its messages (transport::abandon). Returns `why`.
Status give_up(const Execution& e, const Status& why);

/// The summary mr2d_plan_query returns for `e`.
mr2d_plan_info describe(const Execution& e);

}  // namespace mr2d::driver

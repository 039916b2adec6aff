// SPDX-License-Identifier: BSD-3-Clause
// make_plan: what one process sends, receives and copies locally for a
// problem. Rows and columns are independent 1D problems; the transfer set of
// a process pair is the Cartesian product of a row run set and a column run
// set (Chung and Hsu (1998) section 3, Lemma 1), trimmed column by
// column to the trapezoid for trmr2d. Pure, no MPI: any process's plan can be
// built anywhere, which is how the tests simulate large process counts.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"
#include "problem/problem.hpp"

namespace mr2d::plan {

/// Data exchanged with one peer (or copied to itself). The message holds, for
/// each column of `cols` in increasing order, the rows of `rows` in
/// increasing order (clipped to the trapezoid): sender and receiver enumerate
/// the same positions in the same order, so messages carry data only.
struct Transfer {
  int peer = -1;     ///< union rank of the other process
  int row_set = -1;  ///< index into Plan::row_sets
  int col_set = -1;  ///< index into Plan::col_sets
  Index count = 0;   ///< elements
  Index offset = 0;  ///< element offset of this message in the send or receive buffer
};

struct Plan {
  int me = -1;
  Index elem_size = 0;
  Index lda = 0, ldb = 0;  ///< this process's local leading dimensions
  index::Trapezoid trapezoid;
  std::vector<index::RunSet> row_sets;
  std::vector<index::RunSet> col_sets;
  std::vector<Transfer> sends;  ///< to other processes
  std::vector<Transfer> recvs;  ///< from other processes
  bool has_self = false;
  Transfer self;         ///< my part of A that lands in my part of B
  Index send_elems = 0;  ///< sum of send counts
  Index recv_elems = 0;  ///< sum of receive counts

  /// Bytes an execution writes into this process's part of B.
  Index bytes_into_b() const { return (recv_elems + self.count) * elem_size; }

  const index::RunSet& rows(const Transfer& t) const { return row_sets[static_cast<std::size_t>(t.row_set)]; }
  const index::RunSet& cols(const Transfer& t) const { return col_sets[static_cast<std::size_t>(t.col_set)]; }
};

/// Grid coordinates of a process in one matrix, or (-1, -1) if not a member.
struct GridCoord {
  Index row = -1, col = -1;
  bool member() const { return row >= 0; }
};

/// Coordinates of union rank `rank` in a layout's grid (linear search).
GridCoord coord_of(const model::MatrixLayout& layout, int rank);

/// Orders transfers by peer starting after `me` (of `nranks`), so that the
/// processes do not all talk to the same peer first.
void order_from(std::vector<Transfer>& list, int me, int nranks);

/// Builds the plan of union rank `me`, with local leading dimensions lda/ldb
/// (ignored where `me` is not a member).
Plan make_plan(const model::Problem& problem, int me, Index lda, Index ldb);

}  // namespace mr2d::plan

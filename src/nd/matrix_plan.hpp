// SPDX-License-Identifier: BSD-3-Clause
// A per-dimension plan (dim_plan.hpp) as the engine's plan of a matrix
// (plan::Plan), so that N-dimensional arrays run on the same routes,
// kernels and transports as matrices. Rows are A's dimension 0, contiguous
// in A. Columns are the product of the other dimensions' run sets
// (index::RunSet::product), each dimension's local indices scaled by its
// stride. Where dimension 0 stays B's first, B holds the same matrix (op
// N; column indices count B's leading size of dimension 0); otherwise B
// holds its transpose (op T): a row of A lands along B's dimension perm[0],
// whose stride is B's leading dimension, and the column indices count B's
// elements. The plan's size is the per-dimension plan's plus one product
// per partner, whatever the array's. Pure, no MPI.
#pragma once

#include <vector>

#include "nd/array.hpp"
#include "nd/dim_plan.hpp"
#include "plan/plan.hpp"
#include "problem/edges.hpp"

namespace mr2d::nd {

/// How A's dimensions make a matrix (the same at both ends of every
/// message: it depends on the permutation only). Rows start with A's
/// dimension 0, contiguous in A. For op N (B keeps A's fastest dimension)
/// the rows are dimension 0 alone and the columns the others: A's
/// dimension 1 first, then the one that becomes B's dimension 1, then the
/// rest in A's order, so that a run of message columns (a chunk) holds
/// whole tiles of the two dimensions a local copy walks together
/// (index/tiled_walk.hpp) and writes B a page at a time. For op T the
/// columns start with A's dimension r that becomes B's fastest, so that
/// columns adjacent in B come one after the other (the transposing kernels
/// write them in blocks); the rows are dimensions 0 .. r-1 where B keeps
/// their order (a row of A stays a run along B's columns), else dimension
/// 0 alone.
struct MatrixForm {
  char op = 'N';
  std::vector<std::size_t> rows, cols;  ///< A's dimensions, fastest first
  Index m = 1, n = 1;                   ///< the window's rows and columns
};
MatrixForm matrix_form(const Array& a, const std::vector<int>& perm);

struct MatrixPlan {
  plan::Plan plan;
  char op = 'N';  ///< 'T': B holds the transpose
};

/// The plan of union rank `me` (of `nranks`) from its per-dimension plan
/// `dims` of a into b (perm between them, as plan_by_dimension took them),
/// `es` bytes per element. Receive transfers name the senders' elements as
/// the senders store A (the one-copy path reads them there):
/// `a_leading` holds every rank's leading sizes of A, a.ndims() per rank
/// in Fortran order; empty: each sender's local counts.
MatrixPlan matrix_plan(const DimPlan& dims, const Array& a, const Array& b, const std::vector<int>& perm, Index me,
                       Index nranks, Index es, const std::vector<Index>& a_leading);

/// Bytes between every two processes that exchange data (a process's own
/// part left out unless `with_own`), from the per-dimension tables of
/// coordinate pairs, into `out`; false, `out` empty, where there are more
/// than `most` pairs. Work: the pairs of each dimension plus the pairs.
bool pair_bytes(const Array& a, const Array& b, const std::vector<int>& perm, Index es, Index most,
                std::vector<model::Edge>& out, bool with_own = false);

}  // namespace mr2d::nd

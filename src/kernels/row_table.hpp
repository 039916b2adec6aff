// SPDX-License-Identifier: BSD-3-Clause
// The row runs of one transfer as a flat table over the whole local extent:
// the period replay is done once per kernel call instead of once per column,
// and runs that are adjacent on the walked side(s) merge into one segment, so
// every column is a plain loop over (from, to, len). Pure, no MPI.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"

namespace mr2d::kernels {

/// Which kernel the table serves; it decides what `from` and `to` count and
/// which adjacency merges runs.
enum class Walk {
  pack,    ///< from: source row, to: message position (merge on the source side)
  unpack,  ///< from: message position, to: destination row (merge on the destination side)
  copy,    ///< from: source row, to: destination row (merge where both are adjacent)
};

/// `len` elements that are contiguous on both sides of one column.
struct Segment {
  Index from;
  Index to;
  Index len;
};

class RowTable {
 public:
  /// Rebuilds the table for `rows`, keeping the storage of earlier builds.
  void build(const index::RunSet& rows, Walk walk);

  const std::vector<Segment>& segments() const { return segments_; }
  std::size_t size() const { return segments_.size(); }
  /// Message position of segment k's first element; start(size()) is the total.
  Index start(std::size_t k) const { return starts_[k]; }
  Index total() const { return starts_.back(); }

  /// Segments all `uniform_len()` long, `from` and `to` advancing by constant
  /// strides (0 when they are not).
  Index uniform_len() const { return uniform_len_; }
  Index from_stride() const { return from_stride_; }
  Index to_stride() const { return to_stride_; }

  /// Segments all `woven_len()` long but the last, which may be shorter,
  /// `from` and `to` advancing by constant strides (0 when they are not):
  /// what two tables need to alternate (weave.hpp), a short last run being
  /// a dimension that ends in a partial block.
  Index woven_len() const { return woven_len_; }
  Index woven_from_stride() const { return woven_from_stride_; }
  Index woven_to_stride() const { return woven_to_stride_; }
  /// The last segment's length (0 without segments).
  Index last_len() const { return segments_.empty() ? 0 : segments_.back().len; }

  /// Segments [first, last) holding message positions [lo, hi), 0 <= lo < hi <= total().
  std::pair<std::size_t, std::size_t> covering(Index lo, Index hi) const;

 private:
  void find_uniform_stride();

  std::vector<Segment> segments_;
  std::vector<Index> starts_{0};
  Index uniform_len_ = 0;
  Index from_stride_ = 0;
  Index to_stride_ = 0;
  Index woven_len_ = 0;
  Index woven_from_stride_ = 0;
  Index woven_to_stride_ = 0;
};

}  // namespace mr2d::kernels

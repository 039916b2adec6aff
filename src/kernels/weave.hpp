// SPDX-License-Identifier: BSD-3-Clause
// Two row tables whose runs alternate on one side of a column: B's rows
// filled from two sources (two_sources.hpp), or A's rows split between two
// targets (two_targets.hpp). Both tables are uniform (equal runs at one
// stride on each side; the last run of all may be shorter, where a
// dimension ends in a partial block) with the same run length and the same
// stride on the alternating side, and one table's runs lie between the
// other's. Pure, no MPI.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"
#include "kernels/pack.hpp"
#include "kernels/row_table.hpp"

namespace mr2d::kernels {

/// The side of the tables on which their runs alternate.
enum class WeaveSide {
  to,    ///< destination rows (one column filled from two sources)
  from,  ///< source rows (one column split between two targets)
};

/// How two tables alternate: on the woven side, runs of `len` of the table
/// that starts first at `lead`, the other's `gap` after each of them, pairs
/// `step` apart; on the other side each table's runs start at other0[k] and
/// advance by other_step[k] (k = 0: the first, 1: the second). `extra`: the
/// first has one run more than the `pairs` of the second.
struct Weave {
  bool first_is_one = true;
  Index lead = 0;
  Index gap = 0;
  Index step = 0;
  Index len = 0;
  Index pairs = 0;
  bool extra = false;
  /// The length of the last run of all (the first's extra run where there
  /// is one, else the second's last), at most `len`: a partial last block.
  Index tail = 0;
  /// Pairs of two full runs: all, or all but the last where the second's
  /// last run is the short tail.
  Index full_pairs() const { return !extra && tail < len ? pairs - 1 : pairs; }
  Index other_step[2] = {0, 0};
  Index other0[2] = {0, 0};

  /// The runs of both cover the woven side from `lead` on without a gap.
  bool gapless() const { return gap == len && step == 2 * len; }
  /// The same weave with every position and length in bytes.
  Weave in_bytes(Index es) const;
};

/// Whether tables `one` and `two` alternate on `side` (each of at least two
/// runs); fills `w` where they do.
bool weave_of(const RowTable& one, const RowTable& two, WeaveSide side, Weave& w);

/// Elements a two-source or two-target copy moved on each side.
struct TwoSourceCount {
  Index first = 0;  ///< the side named first in the call
  Index second = 0;
};

/// The two sides of a two-source or two-target copy: each one's row and
/// column run sets, and the walk its row table is built for.
struct WovenSides {
  const index::RunSet* rows[2] = {nullptr, nullptr};
  const index::RunSet* cols[2] = {nullptr, nullptr};
  Walk walk[2] = {Walk::copy, Walk::copy};
};

/// Whether the sides alternate on `side` and may be copied in one pass: a
/// full trapezoid, an element size of 4, 8 or 16 bytes, tables that
/// alternate (weave_of), and the same copied columns inside `window`, by
/// position and by the column of the woven side's array (B's for `to`,
/// A's for `from`).
bool woven_fit(const WovenSides& sides, WeaveSide side, const index::Trapezoid& trapezoid, Index elem_size,
               Window window);

/// What a column loop over `window` needs, for sides that woven_fit: the
/// weave in bytes, the elements of a column on the first and second (in
/// the weave's order), and for the k-th column of the window the woven
/// side's array column (shared[k]) and each side's other column
/// (other[0][k] for the first, other[1][k] for the second).
struct WovenColumns {
  Weave bytes;
  bool first_is_one = true;
  Index per_column[2] = {0, 0};
  std::vector<Index> shared;
  std::vector<Index> other[2];

  Index columns() const { return static_cast<Index>(shared.size()); }
  /// The elements copied, in the order the sides were named.
  TwoSourceCount counts() const;
};

/// One side of a two-source or two-target copy: an array (column c of its
/// local array starts c * ld elements in), or a message (the copied columns
/// of the window follow each other, each rows.count() elements long: pack's
/// order). `Void` is const void for a source, void for a target.
template <class Void>
struct WovenSide {
  Void* base = nullptr;
  Index ld = 0;  ///< leading dimension of an array (unused for a message)
  bool message = false;
  const index::RunSet* rows = nullptr;
  const index::RunSet* cols = nullptr;

  /// Where the k-th column of the window starts (`column`: the array's
  /// column), `per_column` elements of `es` bytes per message column.
  auto* column_start(Index column, Index k, Index per_column, Index es) const {
    using Byte = std::conditional_t<std::is_const_v<Void>, const unsigned char, unsigned char>;
    auto* bytes = static_cast<Byte*>(base);
    return message ? bytes + k * per_column * es : bytes + column * ld * es;
  }
};

/// The WovenSides of two kernel sides (TwoSourceSide or TwoTargetSide): a
/// message side's table is built for `message_walk`, an array's for copy.
template <class Side>
WovenSides woven_sides(const Side& one, const Side& two, Walk message_walk) {
  WovenSides s;
  const Side* side[2] = {&one, &two};
  for (int k = 0; k < 2; ++k) {
    s.rows[k] = side[k]->rows;
    s.cols[k] = side[k]->cols;
    s.walk[k] = side[k]->message ? message_walk : Walk::copy;
  }
  return s;
}

/// Calls f(std::integral_constant<std::size_t, ES>) for the element sizes
/// woven_fit admits (4, 8, 16).
template <class F>
void with_woven_size(Index es, F&& f) {
  if (es == 4)
    f(std::integral_constant<std::size_t, 4>{});
  else if (es == 8)
    f(std::integral_constant<std::size_t, 8>{});
  else
    f(std::integral_constant<std::size_t, 16>{});
}

/// Calls f(ES, shared, first, second) for the k-th column of `c`'s window,
/// every k in order: ES the element size as a constant (with_woven_size),
/// `shared` the woven side's array column, `first` and `second` where the
/// column starts on the two sides in the weave's order (`one` and `two`
/// as the copy names them).
template <class Side, class F>
void for_each_woven_column(const WovenColumns& c, const Side& one, const Side& two, Index es, F&& f) {
  const Side& first = c.first_is_one ? one : two;
  const Side& second = c.first_is_one ? two : one;
  with_woven_size(es, [&](auto size) {
    for (Index k = 0; k < c.columns(); ++k) {
      const auto at = static_cast<std::size_t>(k);
      f(size, c.shared[at], first.column_start(c.other[0][at], k, c.per_column[0], es),
        second.column_start(c.other[1][at], k, c.per_column[1], es));
    }
  });
}

/// The calling thread's WovenColumns for `sides`, rebuilt by each call.
const WovenColumns& woven_columns(const WovenSides& sides, WeaveSide side, Index elem_size, Window window);

}  // namespace mr2d::kernels

// SPDX-License-Identifier: BSD-3-Clause
// One-dimensional block-cyclic maps (ScaLAPACK NUMROC/INDXG2P/INDXG2L) and
// the origin shift that turns a submatrix start into a fresh layout.
// Pure functions, no MPI.
#pragma once

#include "common/index_types.hpp"

namespace mr2d::index {

/// Number of the `extent` global indices that process `p` owns
/// (block size nb, nprocs processes, first block on `src`); ScaLAPACK NUMROC.
inline Index numroc(Index extent, Index nb, Index p, Index src, Index nprocs) {
  Index d = pos_mod(p - src, nprocs);
  Index nblocks = extent / nb;
  Index count = (nblocks / nprocs) * nb;
  Index extra = nblocks % nprocs;
  if (d < extra)
    count += nb;
  else if (d == extra)
    count += extent % nb;
  return count;
}

/// Owner of global index g.
inline Index owner(Index g, Index nb, Index src, Index nprocs) { return pos_mod(g / nb + src, nprocs); }

/// Local index of global index g on its owner.
inline Index local_index(Index g, Index nb, Index nprocs) { return (g / (nb * nprocs)) * nb + g % nb; }

/// One dimension of one matrix: block size, process count, first process and
/// the 0-based start of the copied range.
struct Axis {
  Index nb;
  Index nprocs;
  Index src;
  Index start;
  Index stride = 1;  ///< position t of the copied range is global index start + t * stride
};

/// The copied range seen as a fresh block-cyclic vector: position t of the
/// range is owned by ((t + offset) / nb + first) mod nprocs and sits at local
/// index base(p) + ((t + offset) / (nb*nprocs))*nb + (t + offset) mod nb.
struct ShiftedAxis {
  Index nb;  ///< block size used for the walk (see shift_origin)
  Index nprocs;
  Index first;        ///< process owning position 0
  Index offset;       ///< position 0 is `offset` elements into its block
  Index start_block;  ///< start / nb of the original layout
  Index src;

  Index owner_of(Index t) const { return pos_mod((t + offset) / nb + first, nprocs); }
  /// Local rows of process p that lie before the copied range.
  Index base(Index p) const {
    Index before = start_block / nprocs + (pos_mod(p - src, nprocs) < start_block % nprocs ? 1 : 0);
    return nb * before;
  }
  Index local_of(Index t, Index base_p) const {
    Index v = t + offset;
    return base_p + (v / (nb * nprocs)) * nb + v % nb;
  }
  /// Length of one cycle of this layout, nb * nprocs.
  Index cycle() const { return nb * nprocs; }
};

/// Shift the origin of `axis` to its start. `walk_nb` replaces the block size
/// when the axis has a single process: any block size describes that layout
/// exactly (local index = global index), so the caller picks one that keeps
/// runs long and periods short.
inline ShiftedAxis shift_origin(const Axis& axis, Index walk_nb) {
  ShiftedAxis s{};
  s.nprocs = axis.nprocs;
  s.nb = axis.nprocs == 1 ? walk_nb : axis.nb;
  s.src = axis.nprocs == 1 ? 0 : axis.src;
  s.start_block = axis.start / s.nb;
  s.offset = axis.start % s.nb;
  s.first = pos_mod(s.start_block + s.src, s.nprocs);
  return s;
}

}  // namespace mr2d::index

// SPDX-License-Identifier: BSD-3-Clause
// The move as an application writes it without mr2d: for every peer the local
// offsets of the elements it gets (both sides list them in the same order:
// global column, then global row), packed, one MPI_Alltoallv, unpacked.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <vector>

#include "dist_matrix.hpp"

namespace uneven_rows {

/// Local offsets per peer (world rank) of the elements exchanged with it.
using PeerOffsets = std::vector<std::vector<std::size_t>>;

/// Both sides of rows <-> block-cyclic: `rows_side[q]`, offsets into this
/// rank's row block (rows splits[me] .. splits[me+1]-1, ld = its row count)
/// of what grid process q holds; `grid_side[p]`, offsets into this rank's
/// block-cyclic local array of what rows-rank p holds.
struct HandExchange {
  PeerOffsets rows_side, grid_side;
};

/// The offsets for `n` columns, rows split at `splits` over the world ranks,
/// `bc` the block-cyclic matrix; `grid_row[q]`, `grid_col[q]` are world rank
/// q's grid coordinates.
template <class Allocator>
HandExchange hand_exchange(int n, const std::vector<int>& splits,
                                  const examples::DistMatrix<double, Allocator>& bc,
                                  const std::vector<int>& grid_row, const std::vector<int>& grid_col,
                                  int me) {
  const int nprocs = static_cast<int>(grid_row.size());
  const int mb = bc.desc[4], nb = bc.desc[5], pr = bc.grid.nprow, pc = bc.grid.npcol;
  const auto owner_row = [&](int i) { return i / mb % pr; };
  const auto owner_col = [&](int j) { return j / nb % pc; };
  const auto local_row = [&](int i) { return i / (mb * pr) * mb + i % mb; };
  const auto local_col = [&](int j) { return j / (nb * pc) * nb + j % nb; };
  const auto first_row = [&](int p) { return splits[static_cast<std::size_t>(p)]; };
  const int my_first = first_row(me), my_end = first_row(me + 1);
  const std::size_t my_rows = static_cast<std::size_t>(my_end - my_first);
  HandExchange x{PeerOffsets(static_cast<std::size_t>(nprocs)),
                 PeerOffsets(static_cast<std::size_t>(nprocs))};
  for (int q = 0; q < nprocs; ++q) {
    auto& to_q = x.rows_side[static_cast<std::size_t>(q)];
    for (int j = 0; j < n; ++j) {
      if (owner_col(j) != grid_col[static_cast<std::size_t>(q)]) continue;
      for (int i = my_first; i < my_end; ++i)
        if (owner_row(i) == grid_row[static_cast<std::size_t>(q)])
          to_q.push_back(static_cast<std::size_t>(i - my_first) +
                         static_cast<std::size_t>(j) * my_rows);
    }
  }
  for (int p = 0; bc.grid.member() && p < nprocs; ++p) {
    auto& from_p = x.grid_side[static_cast<std::size_t>(p)];
    for (int j = 0; j < n; ++j) {
      if (owner_col(j) != bc.grid.mycol) continue;
      for (int i = first_row(p); i < first_row(p + 1); ++i)
        if (owner_row(i) == bc.grid.myrow)
          from_p.push_back(static_cast<std::size_t>(local_row(i)) +
                           static_cast<std::size_t>(local_col(j)) * static_cast<std::size_t>(bc.ld()));
    }
  }
  return x;
}

/// dst[recv[p][k]] on this rank := src[send[q][k]] on rank p, for every peer:
/// pack per destination, one MPI_Alltoallv, unpack.
inline void hand_move(const double* src, const PeerOffsets& send, double* dst,
                      const PeerOffsets& recv, MPI_Comm comm) {
  const std::size_t peers = send.size();
  std::vector<int> scount(peers), sdispl(peers), rcount(peers), rdispl(peers);
  int stotal = 0, rtotal = 0;
  for (std::size_t q = 0; q < peers; ++q) {
    sdispl[q] = stotal;
    rdispl[q] = rtotal;
    scount[q] = static_cast<int>(send[q].size());
    rcount[q] = static_cast<int>(recv[q].size());
    stotal += scount[q];
    rtotal += rcount[q];
  }
  std::vector<double> out(static_cast<std::size_t>(stotal)), in(static_cast<std::size_t>(rtotal));
  std::size_t k = 0;
  for (const auto& offsets : send)
    for (const std::size_t at : offsets) out[k++] = src[at];
  MPI_Alltoallv(out.data(), scount.data(), sdispl.data(), MPI_DOUBLE, in.data(), rcount.data(),
                rdispl.data(), MPI_DOUBLE, comm);
  k = 0;
  for (const auto& offsets : recv)
    for (const std::size_t at : offsets) dst[at] = in[k++];
}

}  // namespace uneven_rows

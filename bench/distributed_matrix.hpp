// SPDX-License-Identifier: BSD-3-Clause
// One process's share of a block-cyclic matrix on a BLACS grid that occupies
// the first P*Q ranks in row-major order (what Cblacs_gridinit "R" builds).
#pragma once

#include <cstddef>
#include <vector>

#include "case_file.hpp"
#include "mr2d/mr2d.h"

namespace mr2d::bench {

struct DistributedMatrix {
  GridSpec grid;
  int ctxt = -1;  ///< -1 on processes outside the grid, as BLACS reports it
  int myrow = -1, mycol = -1;
  int rows = 0, cols = 0;  ///< local extent; the leading dimension is max(1, rows)
  std::size_t elem_size = 0;
  mr2d_int desc[9] = {};
  std::vector<unsigned char> bytes;

  bool member() const { return ctxt >= 0; }
  int global_row(int local) const { return global_index(local, grid.mb, myrow, grid.prow); }
  int global_col(int local) const { return global_index(local, grid.nb, mycol, grid.pcol); }
  unsigned char* at(int i, int j) {
    return bytes.data() + (static_cast<std::size_t>(j) * static_cast<std::size_t>(ld()) +
                           static_cast<std::size_t>(i)) * elem_size;
  }
  int ld() const { return rows > 0 ? rows : 1; }

 private:
  static int global_index(int l, int nb, int p, int np) { return (l / nb * np + p) * nb + l % nb; }
};

/// Collective over all processes: builds the grid context and the local array (zeros).
DistributedMatrix make_matrix(const GridSpec& grid, int m, int n, std::size_t elem_size);
/// A 1 x procs grid over all processes: the union context of a call.
int make_union_context(int procs);
/// Exits a grid made above (collective over its processes) and sets ctxt to -1;
/// nothing on processes outside it (ctxt -1).
void release_context(int& ctxt);

/// Whether relative element (i, j) of an m x n submatrix belongs to the copied
/// part: always for gemr2d, the trapezoid of mr2d.h's mr2d_trmr2d otherwise.
bool copied(const Case& c, int i, int j);

}  // namespace mr2d::bench

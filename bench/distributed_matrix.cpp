// SPDX-License-Identifier: BSD-3-Clause
// Grids, descriptors and local arrays of the benchmark's matrices.
#include "distributed_matrix.hpp"

#include <algorithm>

#include "mr2d/blacs.h"

namespace mr2d::bench {

DistributedMatrix make_matrix(const GridSpec& grid, int m, int n, std::size_t elem_size) {
  DistributedMatrix d;
  d.grid = grid;
  d.elem_size = elem_size;
  Cblacs_get(0, 0, &d.ctxt);
  Cblacs_gridinit(&d.ctxt, "R", grid.prow, grid.pcol);
  if (d.member()) {
    int nprow = 0, npcol = 0;
    Cblacs_gridinfo(d.ctxt, &nprow, &npcol, &d.myrow, &d.mycol);
    const int zero = 0;
    d.rows = numroc_(&m, &grid.mb, &d.myrow, &zero, &grid.prow);
    d.cols = numroc_(&n, &grid.nb, &d.mycol, &zero, &grid.pcol);
  }
  const mr2d_int desc[9] = {1, d.ctxt, m, n, grid.mb, grid.nb, 0, 0, d.ld()};
  std::copy(desc, desc + 9, d.desc);
  d.bytes.assign(static_cast<std::size_t>(d.ld()) * static_cast<std::size_t>(d.cols) * elem_size, 0);
  return d;
}

int make_union_context(int procs) {
  int ctxt = -1;
  Cblacs_get(0, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", 1, procs);
  return ctxt;
}

void release_context(int& ctxt) {
  if (ctxt >= 0) Cblacs_gridexit(ctxt);
  ctxt = -1;
}

bool copied(const Case& c, int i, int j) {
  if (!c.trapezoidal) return true;
  const int unit = c.diag == 'U' ? 1 : 0;
  if (c.uplo == 'U') return i <= j + std::max(c.m - c.n, 0) - unit;
  return i >= j - std::max(c.n - c.m, 0) + unit;
}

}  // namespace mr2d::bench

// SPDX-License-Identifier: BSD-3-Clause
// See tradd_band.hpp. Built with -ffp-contract=off like the transform kernels.
#include "kernels/tradd_band.hpp"

#include <algorithm>

#include "mr2d/mr2d.h"

namespace mr2d::kernels {

namespace {

// `parts` reals per element (2 for complex): each gets + 0 on its own, as
// complex addition of (0, 0) does.
template <class R>
Index add_zero(bool upper, Index m, Index n, Index kb, const LocalC& at, int parts) {
  const index::Axis &rows = at.rows, &cols = at.cols;
  R* const c = static_cast<R*>(at.c);
  const Index ldc = at.ldc;
  const Index mn = std::min(m, n);
  Index added = 0;
  for (Index k = 0; k < mn; k += kb) {
    const Index end = std::min(k + kb, mn);
    for (Index j = k; j < end; ++j) {
      const Index gj = cols.start + j;
      if (index::owner(gj, cols.nb, cols.src, cols.nprocs) != at.mycol) continue;
      R* column = c + index::local_index(gj, cols.nb, cols.nprocs) * ldc * parts;
      // Strictly below the diagonal (upper) or strictly above it (lower).
      const Index lo = upper ? j + 1 : k, hi = upper ? end : j;
      for (Index i = lo; i < hi; ++i) {
        const Index gi = rows.start + i;
        if (index::owner(gi, rows.nb, rows.src, rows.nprocs) != at.myrow) continue;
        R* y = column + index::local_index(gi, rows.nb, rows.nprocs) * parts;
        for (int p = 0; p < parts; ++p) y[p] = y[p] + R(0);
        ++added;
      }
    }
  }
  return added;
}

}  // namespace

Index tradd_band(int type, bool upper, Index m, Index n, Index kb, const LocalC& at) {
  switch (type) {
    case MR2D_S:
      return add_zero<float>(upper, m, n, kb, at, 1);
    case MR2D_D:
      return add_zero<double>(upper, m, n, kb, at, 1);
    case MR2D_C:
      return add_zero<float>(upper, m, n, kb, at, 2);
    case MR2D_Z:
      return add_zero<double>(upper, m, n, kb, at, 2);
    default:
      return 0;
  }
}

}  // namespace mr2d::kernels

// SPDX-License-Identifier: BSD-3-Clause
// Local parts of block-cyclic matrices; see local_matrix.hpp.
#include "local_matrix.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdlib>

namespace mr2d::scale {

namespace {

long long global_index(long long local, long long nb, int coord, int procs) {
  return (local / nb * procs + coord) * nb + local % nb;
}

// Code of element (i, j): exact in a double for any matrix we simulate.
double code(const Local& l, long long i, long long j) { return static_cast<double>(i + j * l.m + 1); }

}  // namespace

long long numroc(long long n, long long nb, int iproc, int nprocs) {
  const long long blocks = n / nb, extra = n % nb;
  long long count = (blocks / nprocs) * nb;
  const long long rest = blocks % nprocs;
  if (iproc < rest)
    count += nb;
  else if (iproc == rest)
    count += extra;
  return count;
}

Local make_local(long long m, long long n, const Grid& g, int rank, bool shared) {
  Local l;
  if (rank >= g.p * g.q) return l;
  l.member = true;
  l.m = m;
  l.n = n;
  l.row = rank / g.q;
  l.col = rank % g.q;
  l.rows = numroc(m, g.mb, l.row, g.p);
  l.cols = numroc(n, g.nb, l.col, g.q);
  auto i = [](long long v) { return static_cast<mr2d_int>(v); };  // sizes checked by the argument parsers
  const mr2d_int d[9] = {1, 0, i(m), i(n), i(g.mb), i(g.nb), 0, 0, i(std::max<long long>(l.rows, 1))};
  std::copy(d, d + 9, l.desc);
  const size_t bytes = static_cast<size_t>(std::max<long long>(l.rows * l.cols, 1)) * sizeof(double);
#ifdef SMPI_SHARED_MALLOC
  l.shared = shared;
  l.data = static_cast<double*>(shared ? SMPI_SHARED_MALLOC(bytes) : std::malloc(bytes));
#else
  (void)shared;
  l.data = static_cast<double*>(std::malloc(bytes));
#endif
  return l;
}

void free_local(Local& l) {
  if (!l.member) return;
#ifdef SMPI_SHARED_FREE
  if (l.shared) {
    SMPI_SHARED_FREE(l.data);
    l.data = nullptr;
    return;
  }
#endif
  std::free(l.data);
  l.data = nullptr;
}

void fill_codes(const Local& l, const Grid& g, double offset) {
  for (long long c = 0; c < l.cols; ++c)
    for (long long r = 0; r < l.rows; ++r)
      l.data[r + c * l.rows] = code(l, global_index(r, g.mb, l.row, g.p), global_index(c, g.nb, l.col, g.q)) + offset;
}

long long wrong_codes(const Local& l, const Grid& g, double offset) {
  long long wrong = 0;
  for (long long c = 0; c < l.cols; ++c)
    for (long long r = 0; r < l.rows; ++r)
      wrong += l.data[r + c * l.rows] !=
               code(l, global_index(r, g.mb, l.row, g.p), global_index(c, g.nb, l.col, g.q)) + offset;
  return wrong;
}

}  // namespace mr2d::scale

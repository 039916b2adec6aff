// SPDX-License-Identifier: BSD-3-Clause
// Random parts of batches and started plans: every type; general and
// trapezoidal copies and transforms; sides on any of the test grids; some
// copies planned through an intermediate matrix. Each rank builds its local
// arrays (element codes or the sentinel, padding included) and the plan.
#pragma once

#include <mpi.h>

#include <cstring>
#include <random>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.h"

namespace mr2d_test {

using Bytes = std::vector<unsigned char>;

inline int elem_size(int type) {
  return with_element_type(type, [](auto t) { return static_cast<int>(sizeof t); });
}

struct Side {
  int grid = 0;
  int M = 0, N = 0, mb = 1, nb = 1, rsrc = 0, csrc = 0, i = 1, j = 1, pad = 0;
};

enum class Kind { gemr2d, trmr2d, transform };

struct Part {
  int type = MR2D_D;
  Kind kind = Kind::gemr2d;
  char uplo = 'U', diag = 'N', op = 'N';
  int m = 0, n = 0;
  Side a, b;
  mr2d_options options{};
};

// The local array of one side on this process (empty outside the grid):
// element codes, or the sentinel everywhere.
inline Bytes local_array(const Part& p, const Side& s, const Grid& g, bool codes, int& lld) {
  lld = 1;
  if (!g.member()) return {};
  return with_element_type(p.type, [&](auto tag) {
    using T = decltype(tag);
    LocalArray<T> arr;
    if (codes)
      fill_codes<T>(arr, s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, g.myrow, g.nprow, g.mycol, g.npcol, s.pad);
    else
      arr = sentinel_array<T>(s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, g.myrow, g.nprow, g.mycol, g.npcol, s.pad);
    lld = arr.lld;
    Bytes out(arr.data.size() * sizeof(T));
    if (!out.empty()) std::memcpy(out.data(), arr.data.data(), out.size());
    return out;
  });
}

inline void descriptor(const Side& s, const Grid& g, int lld, int d[9]) {
  const int v[9] = {1, g.member() ? g.ctxt : -1, s.M, s.N, s.mb, s.nb, s.rsrc, s.csrc, lld};
  std::memcpy(d, v, sizeof v);
}

inline Side random_side(std::mt19937_64& rng, int grids, int rows, int cols) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Side s;
  s.grid = pick(0, grids - 1);
  s.i = pick(1, 4);
  s.j = pick(1, 4);
  s.M = s.i - 1 + rows + pick(0, 5);
  s.N = s.j - 1 + cols + pick(0, 5);
  s.mb = pick(1, 9);
  s.nb = pick(1, 9);
  s.rsrc = 0;
  s.csrc = 0;
  s.pad = pick(0, 2);
  return s;
}

inline Part random_part(std::mt19937_64& rng, const std::vector<Grid>& grids) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Part p;
  p.type = pick(0, 4);
  p.kind = static_cast<Kind>(pick(0, 2));
  p.uplo = pick(0, 1) ? 'U' : 'L';
  p.diag = pick(0, 1) ? 'U' : 'N';
  p.op = p.kind == Kind::transform ? "NTC"[pick(0, 2)] : 'N';
  p.m = pick(1, 40);
  p.n = pick(1, 40);
  const bool t = p.op != 'N';
  p.a = random_side(rng, static_cast<int>(grids.size()), t ? p.n : p.m, t ? p.m : p.n);
  p.b = random_side(rng, static_cast<int>(grids.size()), p.m, p.n);
  const Grid& ga = grids[static_cast<std::size_t>(p.a.grid)];
  const Grid& gb = grids[static_cast<std::size_t>(p.b.grid)];
  p.a.rsrc = pick(0, ga.nprow - 1);
  p.a.csrc = pick(0, ga.npcol - 1);
  p.b.rsrc = pick(0, gb.nprow - 1);
  p.b.csrc = pick(0, gb.npcol - 1);
  // Some copies go through an intermediate matrix when planned alone.
  const int phases[] = {MR2D_PHASES_AUTO, MR2D_PHASES_ONE, MR2D_PHASES_GCD, MR2D_PHASES_LCM};
  if (p.kind != Kind::transform) p.options.phases = phases[pick(0, 3)];
  return p;
}

inline mr2d_plan create(const Part& p, const int* desca, const int* descb, int ictxt) {
  mr2d_plan plan = nullptr;
  const char u[2] = {p.uplo, 0}, d[2] = {p.diag, 0}, t[2] = {p.op, 0};
  int status = MR2D_ERR_INTERNAL;
  switch (p.kind) {
    case Kind::gemr2d:
      status =
          mr2d_plan_create_gemr2d(&plan, p.type, p.m, p.n, p.a.i, p.a.j, desca, p.b.i, p.b.j, descb, ictxt, &p.options);
      break;
    case Kind::trmr2d:
      status = mr2d_plan_create_trmr2d(&plan, p.type, u, d, p.m, p.n, p.a.i, p.a.j, desca, p.b.i, p.b.j, descb, ictxt,
                                       &p.options);
      break;
    case Kind::transform:
      // A unit diagonal letter picks the general transform here, for variety.
      status = p.diag == 'U' ? mr2d_plan_create_transform(&plan, p.type, t, p.m, p.n, p.a.i, p.a.j, desca, p.b.i, p.b.j,
                                                          descb, ictxt, &p.options)
                             : mr2d_plan_create_trtransform(&plan, p.type, u, d, t, p.m, p.n, p.a.i, p.a.j, desca,
                                                            p.b.i, p.b.j, descb, ictxt, &p.options);
      break;
  }
  return status == MR2D_SUCCESS ? plan : nullptr;
}

// alpha and beta of a part: values of its type, the same on every process.
/// Part p's local arrays on this process (A with element codes; B with
/// values for a transform, which adds to it, else the sentinel), their
/// descriptors, and its plan over `ictxt` (null if creation failed).
inline mr2d_plan prepare_part(const Part& p, const std::vector<Grid>& grids, int ictxt, Bytes& a, Bytes& b,
                              int desca[9], int descb[9]) {
  const Grid& ga = grids[static_cast<std::size_t>(p.a.grid)];
  const Grid& gb = grids[static_cast<std::size_t>(p.b.grid)];
  int lda = 1, ldb = 1;
  a = local_array(p, p.a, ga, true, lda);
  b = local_array(p, p.b, gb, p.kind == Kind::transform, ldb);
  descriptor(p.a, ga, lda, desca);
  descriptor(p.b, gb, ldb, descb);
  return create(p, desca, descb, ictxt);
}

struct Scalars {
  unsigned char alpha[16] = {}, beta[16] = {};
};

inline Scalars scalars_of(int type, int k) {
  Scalars s;
  with_element_type(type, [&](auto tag) {
    using T = decltype(tag);
    const T alpha = code_of<T>(0, k + 1), beta = code_of<T>(1, k);
    std::memcpy(s.alpha, &alpha, sizeof alpha);
    std::memcpy(s.beta, &beta, sizeof beta);
    return 0;
  });
  return s;
}

}  // namespace mr2d_test

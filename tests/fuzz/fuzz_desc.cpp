// SPDX-License-Identifier: BSD-3-Clause
// Fuzz target: the MPI-free argument checks of src/desc. One call's arguments
// come from the input; a union of up to 8 simulated processes then passes
// them, each from its own grid position and some with changed values, as
// the exchange of the library would, and every process's report goes through
// agree(). Checks that a verdict always comes with a message and that an
// accepted problem is one the library can plan.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "check/validate.hpp"
#include "fuzz_bytes.hpp"

namespace {

using mr2d::Index;
using namespace mr2d::check;

void require(bool ok) {
  if (!ok) std::abort();
}

Call call_from(mr2d::fuzz::Bytes& in) {
  Call call;
  const unsigned kind = in.below(3);
  call.trapezoidal = kind == 1;
  call.strided = kind == 2;
  call.routine = kind == 0 ? "PDGEMR2D" : kind == 1 ? "PDTRMR2D" : "mr2d_gemr2d_strided";
  call.letters = in.below(2) ? Letters::scalapack : Letters::strict;
  call.uplo = static_cast<char>(in.byte());
  call.diag = static_cast<char>(in.byte());
  call.m = in.value();
  call.n = in.value();
  for (Index* v : {&call.ia, &call.ja, &call.ib, &call.jb}) *v = in.value();
  if (call.strided)
    for (Index* v : {&call.sa, &call.ta, &call.sb, &call.tb}) *v = in.value();
  for (auto* d : {&call.found.desca, &call.found.descb})
    for (Index& v : *d) v = in.value();
  call.elem_size = 8;
  call.type = MR2D_D;
  return call;
}

// Grid position of process k in a p x q grid: row-major, then outside.
GridInfo position(Index k, Index p, Index q) {
  if (k < p * q) return {p, q, k / q, k % q};
  return {-1, -1, -1, -1};
}

// What one process passes: the common call, possibly with one value of its own.
Call process_call(const Call& common, mr2d::fuzz::Bytes& in, Index k, Index pa, Index qa, Index pb, Index qb) {
  Call c = common;
  c.found.grid_a = position(k, pa, qa);
  c.found.grid_b = position(k, pb, qb);
  switch (in.below(8)) {
    case 1:
      c.found.desca[in.below(DESC_LEN)] = in.value();
      break;
    case 2:
      c.found.descb[in.below(DESC_LEN)] = in.value();
      break;
    case 3:
      c.m = in.value();
      break;
    case 4:
      c.ia = in.value();
      break;
    case 5:
      c.found.grid_a.myrow = c.found.grid_a.member() ? static_cast<Index>(in.below(4)) % pa : -1;
      break;
    case 6:
      c.found.a_null = true;
      c.found.b_null = in.below(2) == 1;
      break;
    case 7:
      c.found.grid_b = {pb + 1, qb, 0, 0};
      break;
    default:
      break;
  }
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mr2d::fuzz::Bytes in(data, size);
  const Call common = call_from(in);
  const Index pa = 1 + in.below(3), qa = 1 + in.below(3), pb = 1 + in.below(3), qb = 1 + in.below(3);
  const Index nprocs = 1 + in.below(8);
  std::vector<Report> reports;
  for (Index k = 0; k < nprocs; ++k) {
    const Call c = process_call(common, in, k, pa, qa, pb, qb);
    reports.push_back(make_report(c));
    if (reports.back().error.code != 0) require(!local_error(c, reports.back(), static_cast<int>(k)).message.empty());
  }
  mr2d::model::Problem problem;
  const mr2d::Status status = agree(reports, common, problem);
  require(status.ok() == status.message.empty());
  if (status.ok()) {
    // Every grid position has a process, and each window lies in its matrix.
    for (const mr2d::model::MatrixLayout* l : {&problem.a, &problem.b}) {
      require(static_cast<Index>(l->rank_of.size()) == l->nprow * l->npcol);
      for (int r : l->rank_of) require(r >= 0 && r < nprocs);
      require(l->mb >= 1 && l->nb >= 1 && l->i0 >= 0 && l->j0 >= 0);
      require(l->i0 <= l->rows && l->j0 <= l->cols);
    }
    require(problem.m >= 0 && problem.n >= 0);
  }
  return 0;
}

// SPDX-License-Identifier: BSD-3-Clause
// (MPI) See pblas_add.hpp.
#include "driver/pblas_add.hpp"

#include <array>
#include <cstring>

#include "check/pblas_desc.hpp"
#include "check/validate.hpp"
#include "grid/blacs.hpp"
#include "index/cyclic_1d.hpp"
#include "kernels/tradd_band.hpp"
#include "driver/dispatch.hpp"
#include "check/reasons.hpp"

namespace mr2d::driver {

namespace {

// Whether every part of a value of `type` (s d c z) is zero, as PBLAS tests
// alpha (-0.0 is zero); a null value means 1.
template <class R>
bool parts_zero(const void* v, int parts) {
  R x[2];
  std::memcpy(x, v, sizeof(R) * static_cast<std::size_t>(parts));
  for (int p = 0; p < parts; ++p)
    if (x[p] != R(0)) return false;
  return true;
}

bool is_zero(int type, const void* v) {
  if (v == nullptr) return false;
  switch (type) {
    case MR2D_S:
      return parts_zero<float>(v, 1);
    case MR2D_D:
      return parts_zero<double>(v, 1);
    case MR2D_C:
      return parts_zero<float>(v, 2);
    case MR2D_Z:
      return parts_zero<double>(v, 2);
    default:
      return false;
  }
}

// p?tradd with alpha not 0 adds its panels' diagonal blocks whole: +0 outside
// the trapezoid. With alpha 0 it only scales or sets the trapezoid.
void tradd_band(const CallSpec& args) {
  if (args.m <= 0 || args.n <= 0 || is_zero(args.type, args.alpha)) return;
  const mr2d_int* descc = args.b.desc;
  const check::GridInfo g = grid::grid_info(descc[check::CTXT]);
  if (!g.member()) return;
  const index::Axis rows{descc[check::MB], g.nprow, descc[check::RSRC], args.ib - 1};
  const index::Axis cols{descc[check::NB], g.npcol, descc[check::CSRC], args.jb - 1};
  const bool upper = args.uplo == 'U' || args.uplo == 'u';
  kernels::tradd_band(args.type, upper, args.m, args.n, kernels::kTraddPanel,
                      {args.b_array, descc[check::LLD], rows, cols, g.myrow, g.mycol});
}

}  // namespace

int pblas_add(const CallSpec& given) noexcept {
  // PBLAS's descriptors as ScaLAPACK's; what PBLAS finds wrong in their type
  // and first blocks, or in a C outside A's context, is reported with the
  // other checks.
  CallSpec args = given;
  std::array<mr2d_int, check::DESC_LEN> da{}, dc{};
  const std::int64_t desca = check::arg_position(given.args, "DESCA"), descb = check::arg_position(given.args, "DESCB");
  Fault fault;
  if (given.a.desc != nullptr) {
    fault = check::read_pblas_desc(given.a.desc, desca, da, args.a.pblas_type2);
    args.a.desc = da.data();
  }
  if (given.b.desc != nullptr) {
    const Fault in_c = check::read_pblas_desc(given.b.desc, descb, dc, args.b.pblas_type2);
    if (fault.ok()) fault = in_c;
    if (fault.ok() && given.a.desc != nullptr && dc[check::CTXT] != da[check::CTXT])
      fault = Fault::of(MR2D_ERR_ARGUMENT, Reason::other_context, dc[check::CTXT], da[check::CTXT])
                  .named(descb, check::CTXT + 1);
    args.b.desc = dc.data();
  }
  args.fault = fault;
  const int code = redistribute(args, true);
  if (code == MR2D_SUCCESS && args.entry == check::Entry::pblas_tradd) tradd_band(args);
  return code;
}

}  // namespace mr2d::driver

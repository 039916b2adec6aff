// SPDX-License-Identifier: BSD-3-Clause
// The checks of a grid-layout call's sides: a grid-layout side is in no
// grid, every process checks its window against the layout's extent, and
// the agreement builds no grid for it (a descriptor side keeps its own).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "check/validate.hpp"
#include "mr2d/mr2d.h"

using namespace mr2d;
using check::Call;
using check::SideKind;

namespace {

// mr2d_layout_transform of a 4 x 3 window (B's) from a grid-layout A of
// 6 x 5 to a descriptor B of 7 x 8 on a 1 x 1 grid of process 0, as
// process `rank` of `size` passes it.
Call layout_call(int rank) {
  Call call;
  call.routine = "mr2d_layout_transform";
  call.entry = check::Entry::transform;
  call.layout = true;
  call.type = MR2D_D;
  call.elem_size = 8;
  call.m = 4;
  call.n = 3;
  call.found.kind_a = SideKind::grid_layout;
  call.found.extent_a = {6, 5};
  call.found.descb = {1, 0, 7, 8, 2, 2, 0, 0, 7};
  if (rank == 0) call.found.grid_b = {1, 1, 0, 0};
  return call;
}

std::string text_of(const Call& call, int rank) {
  return check::local_error(call, check::make_report(call), rank).message;
}

// `call` passes the checks on process `rank`; `broken` makes it fail there
// with the message `what`.
void expect_fails_once_broken(Call call, int rank, const std::function<void(Call&)>& broken, const std::string& what) {
  EXPECT_EQ(check::make_report(call).error.code, 0);
  broken(call);
  EXPECT_EQ(text_of(call, rank), "mr2d: mr2d_layout_transform: " + what + " [detected on process " +
                                     std::to_string(rank) + " of the union context]");
}

}  // namespace

TEST(LayoutSideChecks, WindowBeyondTheExtentOnEveryProcess) {
  for (int rank = 0; rank < 3; ++rank) {
    Call call = layout_call(rank);
    call.ia = 4;  // rows 4 .. 7 of 6
    const check::Report report = check::make_report(call);
    EXPECT_EQ(report.error.code, MR2D_ERR_ARGUMENT);
    EXPECT_EQ(report.error.arg, check::arg_position(call, "IA"));
    EXPECT_EQ(report.error.why<Reason>(), Reason::beyond_matrix);
    EXPECT_EQ(text_of(call, rank),
              "mr2d: mr2d_layout_transform: argument 6 (IA) makes the submatrix end at 7, "
              "beyond the matrix extent 6 [detected on process " +
                  std::to_string(rank) + " of the union context]");
  }
}

TEST(LayoutSideChecks, TransposedWindowReadsColumnsOfTheExtent) {
  Call call = layout_call(1);
  call.op = 'T';  // sub(A) is 3 x 4: columns 2 .. 5 of 5 fit, 3 .. 6 do not
  call.ja = 2;
  expect_fails_once_broken(
      call, 1, [](Call& c) { c.ja = 3; }, "argument 7 (JA) makes the submatrix end at 6, beyond the matrix extent 5");
}

TEST(LayoutSideChecks, StartBelowOneOfAGridLayoutB) {
  Call call = layout_call(2);
  call.found.kind_b = SideKind::grid_layout;
  call.found.extent_b = {4, 3};
  call.found.grid_b = {};
  expect_fails_once_broken(
      call, 2, [](Call& c) { c.jb = 0; }, "argument 12 (JB) is 0, must be >= 1");
}

TEST(LayoutSideChecks, AgreementBuildsNoGridForALayoutSide) {
  for (char op : {'N', 'T'}) {
    std::vector<check::Report> reports;
    for (int rank = 0; rank < 3; ++rank) {
      Call call = layout_call(rank);
      call.op = op;
      reports.push_back(check::make_report(call));
      EXPECT_EQ(reports.back().a.row, -1) << "a grid-layout side is in no grid";
    }
    Call call = layout_call(1);
    call.op = op;
    model::Problem problem;
    ASSERT_TRUE(check::agree(reports, call, problem).ok()) << op;
    EXPECT_EQ(problem.a.processes(), 0);
    EXPECT_TRUE(problem.a.rank_of.empty());
    EXPECT_EQ(problem.b.rank_of, std::vector<int>{0});
    EXPECT_EQ(problem.transposed, op == 'T');
  }
}

TEST(LayoutSideChecks, ADescriptorSideStillNeedsAMember) {
  std::vector<check::Report> reports;
  for (int rank = 1; rank < 3; ++rank) reports.push_back(check::make_report(layout_call(rank)));
  model::Problem problem;
  const Status s = check::agree(reports, layout_call(1), problem);
  EXPECT_EQ(s.code, MR2D_ERR_CONTEXT);
  EXPECT_NE(s.message.find("(MB(CTXT_)) holds no process"), std::string::npos) << s.message;
}

// SPDX-License-Identifier: BSD-3-Clause
// The one formatter of fault records (check/message.hpp): whole messages for
// records of each kind of finder, the detecting-process suffixes, and a text
// for every reason.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "check/message.hpp"
#include "driver/reason_words.hpp"
#include "driver/reasons.hpp"
#include "layout/reason_words.hpp"
#include "layout/reasons.hpp"
#include "nd/reason_words.hpp"
#include "nd/reasons.hpp"
#include "relabel/reason_words.hpp"
#include "relabel/reasons.hpp"
#include "mr2d/mr2d.h"

using namespace mr2d;

namespace {

check::Wording wording(const char* routine, check::ArgList args) {
  check::Wording w;
  w.routine = routine;
  w.args = args;
  return w;
}

template <class R>
Fault argument(R why, std::int64_t value = 0, std::int64_t limit = 0) {
  return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit);
}

}  // namespace

TEST(FaultMessage, DescriptorEntryAndRoutineName) {
  // ScaLAPACK's names in upper case; the entry after the argument's name.
  const Fault f = argument(Reason::src_out_of_grid, 3, 2).named(6, 7).in(0, 0).found_by(1);
  EXPECT_EQ(check::message_text(f, wording("pdgemr2d", check::list_of(check::kGemr2d))),
            "mr2d: PDGEMR2D: argument 6 (DESCA(RSRC_)) is 3, must be a process row in [0, 2) "
            "[detected on process 1 of the union context]");
  const Fault col = argument(Reason::src_out_of_grid, 3, 2).named(10, 8).in(1, 0);
  EXPECT_EQ(check::message_text(col, wording("mr2d_gemr2d", check::list_of(check::kGemr2d))),
            "mr2d: mr2d_gemr2d: argument 10 (DESCB(CSRC_)) is 3, must be a process column in [0, 2)");
}

TEST(FaultMessage, DetectingProcess) {
  check::Wording w = wording("mr2d_gemr2d_comm", check::list_of(check::kCommGemr2d));
  w.scope = check::Scope::communicator;
  const Fault hole = Fault::of(MR2D_ERR_CONTEXT, Reason::grid_hole, 1, 0).named(8).found_by(kEveryProcess);
  EXPECT_EQ(check::message_text(hole, w),
            "mr2d: mr2d_gemr2d_comm: argument 8 (GRIDA) has grid position (1,0) without a process of the "
            "communicator (do all processes pass the same grid?) [detected on every process of the communicator]");
  w.world_rank = true;
  const Fault own = argument(Reason::negative, -1).named(2).found_by(5);
  EXPECT_EQ(check::message_text(own, w),
            "mr2d: mr2d_gemr2d_comm: argument 2 (M) is -1, must be >= 0 [detected on process 5 of MPI_COMM_WORLD]");
  const Status s = check::status_of(own, w);
  EXPECT_EQ(s.code, MR2D_ERR_ARGUMENT);
  EXPECT_EQ(s.arg, 2);
  EXPECT_EQ(s.entry, 0);
}

TEST(FaultMessage, BatchAndOptionsWordedAlike) {
  const check::Wording batch = driver::worded(wording("mr2d_plan_create_batch", check::list_of(check::kCreateBatch)));
  EXPECT_EQ(check::message_text(argument(driver::DriverReason::null_part).named(3).in(0, 1).found_by(1), batch),
            "mr2d: mr2d_plan_create_batch: argument 3 (parts): entry 1 is NULL or a batch plan "
            "[detected on process 1 of the union context]");
  // An invalid options field: of the batch's options argument, or of the
  // process-wide options a call uses (no argument).
  const Fault schedule = argument(Reason::bad_option, 99).in(0, 0);
  EXPECT_EQ(check::message_text(schedule.named(4), batch),
            "mr2d: mr2d_plan_create_batch: argument 4 (options): schedule is 99, not one of its values");
  EXPECT_EQ(check::message_text(schedule, wording("mr2d_gemr2d", check::list_of(check::kGemr2d))),
            "mr2d: mr2d_gemr2d: options: schedule is 99, not one of its values");
}

TEST(FaultMessage, LayoutAndRelabelFaults) {
  const Fault split = argument(layout::LayoutReason::split_order, 3, 2).in(0, 1).named(8).found_by(0);
  EXPECT_EQ(check::message_text(split, driver::worded(wording("mr2d_layout_transform", check::list_of(check::kLayout)))),
            "mr2d: mr2d_layout_transform: argument 8 (MA) has row_splits[1] = 3 below row_splits[0] = 2 "
            "(splits must not decrease) [detected on process 0 of the union context]");
  // What the mr2d command quotes after an option's value.
  EXPECT_EQ(layout::words_of(split).text, "has row_splits[1] = 3 below row_splits[0] = 2 (splits must not decrease)");
  check::Wording relabel = wording("mr2d_relabel_trmr2d", check::list_of(check::kRelabelTrmr2d));
  relabel.layout_fields = true;
  relabel.words = relabel::words_of;
  EXPECT_EQ(check::message_text(argument(Reason::not_positive, 0).named(6, 5), relabel),
            "mr2d: mr2d_relabel_trmr2d: argument 6 (a->mb) is 0, must be >= 1");
  // A letter argument names the letters it accepts, whichever entry point.
  EXPECT_EQ(check::message_text(argument(Reason::bad_letter, 'X').named(2), relabel),
            "mr2d: mr2d_relabel_trmr2d: argument 2 (uplo) is 'X', not one of U, L");
  EXPECT_EQ(check::message_text(argument(Reason::bad_letter, 'X').named(2), wording("pdtrmr2d", check::list_of(check::kTrmr2d))),
            "mr2d: PDTRMR2D: argument 2 (DIAG) is 'X', not one of N, U");
  EXPECT_EQ(check::message_text(argument(relabel::RelabelReason::pair_limit, 9, 3), relabel),
            "mr2d: mr2d_relabel_trmr2d: a, b: up to 9 pairs of A and B positions share data, more than the 3 a "
            "relabelling lists");
}

TEST(FaultMessage, ArraysAtExecution) {
  // Named as the matrices they hold, of a batch part where there is one.
  const check::Wording w = driver::worded(wording("mr2d_plan_execute_batch", {}));
  EXPECT_EQ(check::message_text(argument(driver::DriverReason::array_null, 1).in(0, 0), w),
            "mr2d: mr2d_plan_execute_batch: B of part 0 is NULL although this process holds part of sub(B)");
  EXPECT_EQ(check::message_text(argument(driver::DriverReason::offset_array_null, 0).in(0, -1), w),
            "mr2d: mr2d_plan_execute_batch: A is NULL although blocks of this process are given by offset from it");
}

namespace {

// Every reason from `first` to `last` of one layer has a text of its own
// under `w`.
template <class R>
void expect_worded(R first, R last, const check::Wording& w) {
  for (auto r = static_cast<std::int64_t>(first); r <= static_cast<std::int64_t>(last); ++r) {
    const Fault f = argument(static_cast<R>(r), 1, 2).named(1);
    const std::string text = check::message_text(f, w);
    EXPECT_EQ(text.find("is illegal"), std::string::npos) << "reason " << r << ": " << text;
    EXPECT_EQ(text.rfind(std::string("mr2d: ") + w.routine + ": ", 0), 0u) << text;
  }
}

}  // namespace

TEST(FaultMessage, EveryReasonHasItsText) {
  const check::Wording w = driver::worded(wording("mr2d_gemr2d", check::list_of(check::kGemr2d)));
  expect_worded(Reason::negative, Reason::start_differs, w);
  expect_worded(layout::LayoutReason::null_side, layout::LayoutReason::kind_differs, w);
  expect_worded(nd::NdReason::nd_dims, nd::NdReason::nd_differs, w);
  expect_worded(driver::DriverReason::null_part, driver::DriverReason::offset_array_null, w);
  check::Wording relabel = wording("mr2d_relabel_trmr2d", check::list_of(check::kRelabelTrmr2d));
  relabel.words = relabel::words_of;
  expect_worded(relabel::RelabelReason::grid_over_limit, relabel::RelabelReason::trapezoid_limit, relabel);
}

TEST(FaultMessage, FamiliesAreDistinct) {
  // A reason's number names its layer: no two layers share a family, and a
  // formatter without the words of a layer says "is illegal" of its reasons
  // rather than take them for another layer's.
  const std::int64_t families[] = {kArgumentFamily, layout::kLayoutFamily, relabel::kRelabelFamily, nd::kNdFamily,
                                   driver::kDriverFamily};
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = i + 1; j < 5; ++j) EXPECT_NE(families[i], families[j]);
  EXPECT_EQ(Fault::of(MR2D_ERR_ARGUMENT, nd::NdReason::nd_below).family(), nd::kNdFamily);
  const check::Wording bare = wording("mr2d_gemr2d", check::list_of(check::kGemr2d));
  EXPECT_NE(check::message_text(argument(layout::LayoutReason::split_order, 3, 2).named(1), bare).find("is illegal"),
            std::string::npos);
}

TEST(FaultMessage, RecordTravelsAsWords) {
  const Fault f = argument(layout::LayoutReason::block_twice, 1, 0).named(8).in(3, 5).found_by(2);
  std::int64_t words[kFaultWords];
  std::memcpy(words, &f, sizeof words);
  EXPECT_EQ(words[0], MR2D_ERR_ARGUMENT);
  EXPECT_EQ(words[1], 8);
  EXPECT_EQ(words[3], static_cast<std::int64_t>(layout::LayoutReason::block_twice));
  EXPECT_EQ(words[4], 3);
  EXPECT_EQ(words[5], 5);
  EXPECT_EQ(words[8], 2);
}

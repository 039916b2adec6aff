// SPDX-License-Identifier: BSD-3-Clause
// The one formatter of fault records (check/message.hpp): whole messages for
// records of each kind of finder, the detecting-process suffixes, and a text
// for every reason.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "check/message.hpp"
#include "mr2d/mr2d.h"

using namespace mr2d;

namespace {

check::Wording wording(const char* routine, check::ArgList args) {
  check::Wording w;
  w.routine = routine;
  w.args = args;
  return w;
}

Fault argument(Reason why, std::int64_t value = 0, std::int64_t limit = 0) {
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
  const check::Wording batch = wording("mr2d_plan_create_batch", check::list_of(check::kCreateBatch));
  EXPECT_EQ(check::message_text(argument(Reason::null_part).named(3).in(0, 1).found_by(1), batch),
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
  const Fault split = argument(Reason::split_order, 3, 2).in(0, 1).named(8).found_by(0);
  EXPECT_EQ(check::message_text(split, wording("mr2d_layout_transform", check::list_of(check::kLayout))),
            "mr2d: mr2d_layout_transform: argument 8 (MA) has row_splits[1] = 3 below row_splits[0] = 2 "
            "(splits must not decrease) [detected on process 0 of the union context]");
  // What the mr2d command quotes after an option's value.
  EXPECT_EQ(check::reason_text(split), "has row_splits[1] = 3 below row_splits[0] = 2 (splits must not decrease)");
  check::Wording relabel = wording("mr2d_relabel_trmr2d", check::list_of(check::kRelabelTrmr2d));
  relabel.layout_fields = true;
  EXPECT_EQ(check::message_text(argument(Reason::not_positive, 0).named(6, 5), relabel),
            "mr2d: mr2d_relabel_trmr2d: argument 6 (a->mb) is 0, must be >= 1");
  // A letter argument names the letters it accepts, whichever entry point.
  EXPECT_EQ(check::message_text(argument(Reason::bad_letter, 'X').named(2), relabel),
            "mr2d: mr2d_relabel_trmr2d: argument 2 (uplo) is 'X', not one of U, L");
  EXPECT_EQ(check::message_text(argument(Reason::bad_letter, 'X').named(2), wording("pdtrmr2d", check::list_of(check::kTrmr2d))),
            "mr2d: PDTRMR2D: argument 2 (DIAG) is 'X', not one of N, U");
  EXPECT_EQ(check::message_text(argument(Reason::pair_limit, 9, 3), relabel),
            "mr2d: mr2d_relabel_trmr2d: a, b: up to 9 pairs of A and B positions share data, more than the 3 a "
            "relabelling lists");
}

TEST(FaultMessage, ArraysAtExecution) {
  // Named as the matrices they hold, of a batch part where there is one.
  const check::Wording w = wording("mr2d_plan_execute_batch", {});
  EXPECT_EQ(check::message_text(argument(Reason::array_null, 1).in(0, 0), w),
            "mr2d: mr2d_plan_execute_batch: B of part 0 is NULL although this process holds part of sub(B)");
  EXPECT_EQ(check::message_text(argument(Reason::offset_array_null, 0).in(0, -1), w),
            "mr2d: mr2d_plan_execute_batch: A is NULL although blocks of this process are given by offset from it");
}

TEST(FaultMessage, EveryReasonHasItsText) {
  const check::Wording w = wording("mr2d_gemr2d", check::list_of(check::kGemr2d));
  for (auto r = static_cast<std::int64_t>(Reason::negative); r <= static_cast<std::int64_t>(Reason::offset_array_null);
       ++r) {
    const Fault f = argument(static_cast<Reason>(r), 1, 2).named(1);
    const std::string text = check::message_text(f, w);
    EXPECT_EQ(text.find("is illegal"), std::string::npos) << "reason " << r << ": " << text;
    EXPECT_EQ(text.rfind("mr2d: mr2d_gemr2d: ", 0), 0u) << text;
  }
}

TEST(FaultMessage, RecordTravelsAsWords) {
  const Fault f = argument(Reason::block_twice, 1, 0).named(8).in(3, 5).found_by(2);
  std::int64_t words[kFaultWords];
  std::memcpy(words, &f, sizeof words);
  EXPECT_EQ(words[0], MR2D_ERR_ARGUMENT);
  EXPECT_EQ(words[1], 8);
  EXPECT_EQ(words[3], static_cast<std::int64_t>(Reason::block_twice));
  EXPECT_EQ(words[4], 3);
  EXPECT_EQ(words[5], 5);
  EXPECT_EQ(words[8], 2);
}

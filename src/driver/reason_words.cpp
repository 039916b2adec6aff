// SPDX-License-Identifier: BSD-3-Clause
// Wording by the layer that owns a reason; see reason_words.hpp.
#include "driver/reason_words.hpp"

#include <string>

#include "driver/reasons.hpp"
#include "layout/reason_words.hpp"
#include "layout/reasons.hpp"
#include "nd/reason_words.hpp"
#include "nd/reasons.hpp"

namespace mr2d::driver {

namespace {

std::string s(std::int64_t v) { return std::to_string(v); }

// Arrays given at execution, named as the matrices they hold (of a batch
// part where the record names one).
std::string execution_text(const Fault& f) {
  const char* const array = f.value == 0 ? "A" : "B";
  const std::string named = array + (f.index >= 0 ? " of part " + s(f.index) : std::string());
  switch (f.why<DriverReason>()) {
    case DriverReason::array_null:
      return named + " is NULL although this process holds part of sub(" + array + ")";
    case DriverReason::offset_array_null:
      return named + " is NULL although blocks of this process are given by offset from it";
    default:
      break;
  }
  return named + " shares memory with A on this process (sub(A) and sub(B) must not overlap)";
}

// Reasons of a batch's parts, after the argument's name.
std::string batch_text(const Fault& f) {
  if (f.why<DriverReason>() == DriverReason::null_part) return ": entry " + s(f.index) + " is NULL or a batch plan";
  return ": entry " + s(f.index) + " was planned over another union context than the earlier parts";
}

}  // namespace

FaultWords words_of(const Fault& fault) {
  switch (fault.family()) {
    case layout::kLayoutFamily:
      return layout::words_of(fault);
    case nd::kNdFamily:
      return nd::words_of(fault);
    case kDriverFamily: {
      const auto why = fault.why<DriverReason>();
      if (why == DriverReason::null_part || why == DriverReason::other_union) return {batch_text(fault)};
      return {execution_text(fault), true};
    }
    default:
      break;
  }
  return {"is illegal"};
}

}  // namespace mr2d::driver

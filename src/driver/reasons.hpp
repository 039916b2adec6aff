// SPDX-License-Identifier: BSD-3-Clause
// Why a batch's parts or the arrays given at execution are illegal,
// worded in driver/reason_words.cpp.
#pragma once

#include <cstdint>

#include "common/fault.hpp"

namespace mr2d::driver {

/// The reason family of batches and executions.
inline constexpr std::int64_t kDriverFamily = 5;

/// Batches: `index` the part.
enum class DriverReason : std::int64_t {
  null_part = kDriverFamily * kReasonFamilySpan,  ///< parts[index] is NULL or a batch plan
  other_union,  ///< parts[index] was planned over another union than the earlier parts
  // Arrays given at execution: `value` 0 for A, 1 for B; `index` the batch
  // part, or -1.
  array_null,         ///< the array is NULL though this process holds part of its submatrix
  arrays_overlap,     ///< B shares memory with A on this process
  offset_array_null,  ///< the array is NULL though blocks of this process are given by offset from it
};

}  // namespace mr2d::driver

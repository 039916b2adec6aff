// SPDX-License-Identifier: BSD-3-Clause
// Numeric settings from the environment, parsed strictly: a value that is not
// a number of the variable's kind is a configuration error that every call
// reports (naming the variable and the value), never a silent 0 or 1.
// Sizes take binary units: 64k = 64K = 64KiB = 64kB = 65536 bytes, likewise
// M, G, T; plain digits are bytes. Pure, no MPI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/index_types.hpp"

namespace mr2d {

/// A size in bytes: digits with an optional unit k, M, G or T (any case),
/// itself optionally followed by "iB" or "B", all powers of 1024; a leading
/// '-' only where `allow_negative`. Nothing where the text is anything else
/// or the value does not fit in 63 bits.
std::optional<Index> parse_size(std::string_view text, bool allow_negative = false);
/// A whole number >= 0, digits only.
std::optional<Index> parse_count(std::string_view text);
/// Seconds >= 0: digits with an optional fraction ("2", "0.5").
std::optional<double> parse_seconds(std::string_view text);

/// MR2D_PROGRESS: true for "thread", false for "off" (unset or empty: off),
/// nothing for anything else.
std::optional<bool> parse_progress(const char* text);

/// What a numeric variable holds.
enum class EnvKind { size, signed_size, count, seconds };

struct EnvVariable {
  const char* name;
  EnvKind kind;
};

/// Every numeric MR2D_* variable the library reads.
inline constexpr EnvVariable kNumericEnv[] = {
    {"MR2D_SHM_BUDGET", EnvKind::size},         {"MR2D_CHUNK_BYTES", EnvKind::signed_size},
    {"MR2D_NODE_RANKS", EnvKind::count},        {"MR2D_TIMEOUT", EnvKind::seconds},
    {"MR2D_TEST_MEMORY_LIMIT", EnvKind::size},  {"MR2D_TEST_EPOCH_START", EnvKind::count},
    {"MR2D_TEST_REFUSE_DIRECT", EnvKind::count}};
inline constexpr int kNumericEnvCount = static_cast<int>(sizeof kNumericEnv / sizeof kNumericEnv[0]);

/// The first numeric variable (its index in kNumericEnv) set to a value that
/// does not parse, or -1. Set but empty counts as unset.
int env_fault();
/// What a variable of `kind` accepts, for messages.
const char* env_expects(EnvKind kind);
/// The message for a variable `k` (index in kNumericEnv) set to `value`.
std::string env_fault_text(int k, const std::string& value);

/// The value of `name` as a size (unset, empty or invalid: 0; env_fault()
/// reports the invalid).
Index size_env(const char* name);
/// The value of `name` as a count (unset, empty or invalid: `fallback`).
Index count_env(const char* name, Index fallback = 0);
/// The value of `name` in seconds when positive, else 0.
double positive_env(const char* name);

/// The first 7 bytes of `text` in one integer, with a mark where there is
/// more (for the fixed-size agreement report), and back: longer text ends
/// in "...".
std::int64_t text_word(std::string_view text);
std::string word_text(std::int64_t word);

}  // namespace mr2d

// SPDX-License-Identifier: BSD-3-Clause
// Settings from the environment, parsed strictly: a value that is not a
// number of the variable's kind, or not one of its words, is a configuration
// error that every call reports (naming the variable and the value), never a
// silent default. Sizes take binary units: 64k = 64K = 64KiB = 64KB = 65536
// bytes, likewise M, G, T; plain digits are bytes; "b" (bits) is no unit.
// Pure, no MPI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/index_types.hpp"

namespace mr2d {

/// A size in bytes: digits with an optional unit k, M, G or T (any case),
/// itself optionally followed by "iB" or "B" (upper case), all powers of 1024; a leading
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

/// What a variable holds.
enum class EnvKind { size, signed_size, count, seconds, word };

struct EnvVariable {
  const char* name;
  EnvKind kind;
  const char* words = nullptr;  ///< a word variable's values, separated by spaces
};

/// Every MR2D_* setting the library reads, but MR2D_NETWORK (a description
/// with a grammar of its own, refused by its own parser).
inline constexpr EnvVariable kEnvSettings[] = {
    {"MR2D_SHM_BUDGET", EnvKind::size},
    {"MR2D_CHUNK_BYTES", EnvKind::signed_size},
    {"MR2D_NODE_RANKS", EnvKind::count},
    {"MR2D_TIMEOUT", EnvKind::seconds},
    {"MR2D_TEST_MEMORY_LIMIT", EnvKind::size},
    {"MR2D_TEST_EPOCH_START", EnvKind::count},
    {"MR2D_TEST_REFUSE_DIRECT", EnvKind::count},
    {"MR2D_TEST_PAIRS_LIMIT", EnvKind::count},
    {"MR2D_SCHEDULE", EnvKind::word, "auto caterpillar circulant optimal async"},
    {"MR2D_INDEXING", EnvKind::word, "auto bbc cdc"},
    {"MR2D_PHASES", EnvKind::word, "auto one gcd lcm"},
    {"MR2D_TRANSPORT", EnvKind::word, "auto mpi shm"},
    {"MR2D_PROGRESS", EnvKind::word, "off thread"},
    {"MR2D_ON_ERROR", EnvKind::word, "abort return"},
    {"MR2D_STATS", EnvKind::word, "0 1 detail"},
    {"MR2D_STRICT", EnvKind::word, "0 1"}};
inline constexpr int kEnvSettingsCount = static_cast<int>(sizeof kEnvSettings / sizeof kEnvSettings[0]);

/// Whether `text` is one of the space-separated `words`.
bool is_one_of(std::string_view text, std::string_view words);

/// The first variable (its index in kEnvSettings) set to a value that does
/// not parse, or -1. Set but empty counts as unset.
int env_fault();
/// What variable `k` (index in kEnvSettings) accepts, for messages.
std::string env_expects(int k);
/// The message for a variable `k` (index in kEnvSettings) set to `value`.
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

// SPDX-License-Identifier: BSD-3-Clause
// Strict parsing of numeric environment variables; see env.hpp.
#include "common/env.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace mr2d {

namespace {

constexpr Index kIndexMax = std::numeric_limits<Index>::max();

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Leading digits of `text` as a value (consumed from `text`); nothing
// without digits or above kIndexMax.
std::optional<Index> take_digits(std::string_view& text) {
  std::size_t k = 0;
  Index value = 0;
  for (; k < text.size() && is_digit(text[k]); ++k) {
    const Index d = text[k] - '0';
    if (value > (kIndexMax - d) / 10) return std::nullopt;
    value = value * 10 + d;
  }
  if (k == 0) return std::nullopt;
  text.remove_prefix(k);
  return value;
}

// log2 of a unit letter's factor, or -1.
int unit_shift(char c) {
  switch (c) {
    case 'k':
    case 'K':
      return 10;
    case 'm':
    case 'M':
      return 20;
    case 'g':
    case 'G':
      return 30;
    case 't':
    case 'T':
      return 40;
    default:
      return -1;
  }
}

// Bytes, never bits: "B" and "iB" only.
bool is_byte_suffix(std::string_view rest) { return rest.empty() || rest == "B" || rest == "iB"; }

const char* raw(int k) {
  const char* text = std::getenv(kEnvSettings[k].name);
  return text != nullptr && *text != 0 ? text : nullptr;
}

bool parses(const EnvVariable& v, std::string_view text) {
  switch (v.kind) {
    case EnvKind::size:
      return parse_size(text).has_value();
    case EnvKind::signed_size:
      return parse_size(text, true).has_value();
    case EnvKind::count:
      return parse_count(text).has_value();
    case EnvKind::seconds:
      return parse_seconds(text).has_value();
    case EnvKind::word:
      return is_one_of(text, v.words);
  }
  return false;
}

int index_of(const char* name) {
  for (int k = 0; k < kEnvSettingsCount; ++k)
    if (std::strcmp(kEnvSettings[k].name, name) == 0) return k;
  return -1;
}

}  // namespace

std::optional<Index> parse_size(std::string_view text, bool allow_negative) {
  const bool negative = allow_negative && !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  const std::optional<Index> digits = take_digits(text);
  if (!digits) return std::nullopt;
  int shift = 0;
  if (!text.empty() && unit_shift(text.front()) >= 0) {
    shift = unit_shift(text.front());
    text.remove_prefix(1);
  } else if (text == "iB") {
    return std::nullopt;  // "iB" only after a unit
  }
  if (!is_byte_suffix(text)) return std::nullopt;
  if (*digits > (kIndexMax >> shift)) return std::nullopt;
  const Index value = *digits << shift;
  return negative ? -value : value;
}

std::optional<Index> parse_count(std::string_view text) {
  const std::optional<Index> value = take_digits(text);
  return value && text.empty() ? value : std::nullopt;
}

std::optional<bool> parse_progress(const char* text) {
  if (text == nullptr || *text == '\0' || std::strcmp(text, "off") == 0) return false;
  if (std::strcmp(text, "thread") == 0) return true;
  return std::nullopt;
}

std::optional<double> parse_seconds(std::string_view text) {
  std::string_view rest = text;
  const std::optional<Index> whole = take_digits(rest);
  if (!whole) return std::nullopt;
  double value = static_cast<double>(*whole);
  if (!rest.empty() && rest.front() == '.') {
    rest.remove_prefix(1);
    double scale = 0.1;
    std::size_t k = 0;
    for (; k < rest.size() && is_digit(rest[k]); ++k, scale /= 10) value += (rest[k] - '0') * scale;
    if (k == 0) return std::nullopt;
    rest.remove_prefix(k);
  }
  return rest.empty() ? std::optional<double>(value) : std::nullopt;
}

namespace {

// Calls f(word, last) for each word of the space-separated `words`.
template <class F>
void each_word(std::string_view words, F&& f) {
  while (!words.empty()) {
    const std::size_t end = std::min(words.find(' '), words.size());
    f(words.substr(0, end), end == words.size());
    words.remove_prefix(std::min(end + 1, words.size()));
  }
}

}  // namespace

bool is_one_of(std::string_view text, std::string_view words) {
  bool found = false;
  each_word(words, [&](std::string_view w, bool) { found = found || w == text; });
  return found;
}

int env_fault() {
  for (int k = 0; k < kEnvSettingsCount; ++k)
    if (const char* text = raw(k); text != nullptr && !parses(kEnvSettings[k], text)) return k;
  return -1;
}

std::string env_expects(int k) {
  const EnvVariable& v = kEnvSettings[k];
  switch (v.kind) {
    case EnvKind::size:
      return "a size in bytes: digits, optionally with k, M, G or T (binary: 4M = 4MiB = 4194304)";
    case EnvKind::signed_size:
      return "a size in bytes: digits, optionally with k, M, G or T (binary: 4M = 4MiB = 4194304), or negative";
    case EnvKind::count:
      return "a whole number >= 0";
    case EnvKind::seconds:
      return "seconds >= 0, such as 30 or 2.5";
    case EnvKind::word: {
      std::string list;
      each_word(v.words, [&](std::string_view w, bool last) {
        if (!list.empty()) list += last ? " or " : ", ";
        list += w;
      });
      return list;
    }
  }
  return "a number";
}

std::string env_fault_text(int k, const std::string& value) {
  if (k < 0 || k >= kEnvSettingsCount) return "an environment variable has a value that is not valid";
  return std::string(kEnvSettings[k].name) + " is \"" + value + "\", not " + env_expects(k);
}

Index size_env(const char* name) {
  const int k = index_of(name);
  const char* text = k >= 0 ? raw(k) : nullptr;
  if (text == nullptr) return 0;
  return parse_size(text, kEnvSettings[k].kind == EnvKind::signed_size).value_or(0);
}

Index count_env(const char* name, Index fallback) {
  const int k = index_of(name);
  const char* text = k >= 0 ? raw(k) : nullptr;
  return text != nullptr ? parse_count(text).value_or(fallback) : fallback;
}

double positive_env(const char* name) {
  const int k = index_of(name);
  const char* text = k >= 0 ? raw(k) : nullptr;
  if (text == nullptr) return 0;
  const EnvKind kind = kEnvSettings[k].kind;
  if (kind == EnvKind::seconds) return parse_seconds(text).value_or(0);
  const std::optional<Index> value = kind == EnvKind::count ? parse_count(text) : parse_size(text);
  return value ? static_cast<double>(*value) : 0;
}

std::int64_t text_word(std::string_view text) {
  unsigned char bytes[8] = {};
  const std::size_t n = text.size() < 7 ? text.size() : 7;
  std::memcpy(bytes, text.data(), n);
  bytes[7] = text.size() > 7 ? 1 : 0;
  std::int64_t word = 0;
  std::memcpy(&word, bytes, sizeof word);
  return word;
}

std::string word_text(std::int64_t word) {
  unsigned char bytes[8];
  std::memcpy(bytes, &word, sizeof bytes);
  std::string text;
  for (int k = 0; k < 7 && bytes[k] != 0; ++k) text += static_cast<char>(bytes[k]);
  if (bytes[7] != 0) text += "...";
  return text;
}

}  // namespace mr2d

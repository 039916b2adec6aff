// SPDX-License-Identifier: BSD-3-Clause
// Strict parsing of environment settings (common/env.hpp): units, garbage
// refused rather than read as a prefix, overflow refused, words checked.
#include <gtest/gtest.h>

#include <cstdlib>
#include <limits>

#include "common/env.hpp"

namespace {

using mr2d::Index;
using mr2d::parse_count;
using mr2d::parse_seconds;
using mr2d::parse_size;

TEST(Env, SizesTakeBinaryUnits) {
  EXPECT_EQ(parse_size("65536"), Index{65536});
  EXPECT_EQ(parse_size("0"), Index{0});
  EXPECT_EQ(parse_size("512B"), Index{512});
  for (const char* k : {"64k", "64K", "64KiB", "64kB", "64KB", "64kiB"}) EXPECT_EQ(parse_size(k), Index{65536}) << k;
  EXPECT_EQ(parse_size("4MiB"), Index{4} << 20);
  EXPECT_EQ(parse_size("4M"), Index{4} << 20);
  EXPECT_EQ(parse_size("1G"), Index{1} << 30);
  EXPECT_EQ(parse_size("2TiB"), Index{2} << 40);
}

TEST(Env, SizesRefuseGarbage) {
  // What atoll read as 1 and 4, and other near misses.
  for (const char* bad : {"1e15",  "4MiBx", "",     "k",  "-1",  "+5",  " 5",  "5 ",   "0x10", "1.5G", "4iB",
                          "4 MiB", "4Mi",   "4MB5", "4P", "ten", "--1", "4Mb", "4Mib", "512b", "4mib"})
    EXPECT_FALSE(parse_size(bad).has_value()) << '"' << bad << '"';
}

TEST(Env, SizesRefuseOverflow) {
  EXPECT_EQ(parse_size("9223372036854775807"), std::numeric_limits<Index>::max());
  EXPECT_FALSE(parse_size("9223372036854775808").has_value());
  EXPECT_FALSE(parse_size("8388608T").has_value());  // 2^63
  EXPECT_EQ(parse_size("8388607T"), Index{8388607} << 40);
  EXPECT_FALSE(parse_size("99999999999999999999999").has_value());
}

TEST(Env, SignedSizesForChunks) {
  EXPECT_EQ(parse_size("-1", true), Index{-1});
  EXPECT_EQ(parse_size("-64k", true), Index{-65536});
  EXPECT_FALSE(parse_size("-", true).has_value());
  EXPECT_FALSE(parse_size("--1", true).has_value());
}

TEST(Env, CountsAndSeconds) {
  EXPECT_EQ(parse_count("4"), Index{4});
  EXPECT_FALSE(parse_count("4k").has_value());
  EXPECT_FALSE(parse_count("-1").has_value());
  EXPECT_FALSE(parse_count("").has_value());
  EXPECT_EQ(parse_seconds("3"), 3.0);
  EXPECT_DOUBLE_EQ(*parse_seconds("2.5"), 2.5);
  for (const char* bad : {"1e3", "2.", ".5", "-1", "3s", "inf", "nan", ""})
    EXPECT_FALSE(parse_seconds(bad).has_value()) << bad;
}

TEST(Env, FaultNamesTheVariableAndTheValue) {
  ASSERT_EQ(setenv("MR2D_SHM_BUDGET", "1e15", 1), 0);
  const int k = mr2d::env_fault();
  ASSERT_GE(k, 0);
  const std::string text = mr2d::env_fault_text(k, "1e15");
  EXPECT_NE(text.find("MR2D_SHM_BUDGET"), std::string::npos) << text;
  EXPECT_NE(text.find("\"1e15\""), std::string::npos) << text;
  EXPECT_EQ(mr2d::size_env("MR2D_SHM_BUDGET"), 0);
  ASSERT_EQ(setenv("MR2D_SHM_BUDGET", "64KiB", 1), 0);
  EXPECT_EQ(mr2d::env_fault(), -1);
  EXPECT_EQ(mr2d::size_env("MR2D_SHM_BUDGET"), 65536);
  ASSERT_EQ(setenv("MR2D_SHM_BUDGET", "", 1), 0);  // empty: unset
  EXPECT_EQ(mr2d::env_fault(), -1);
  unsetenv("MR2D_SHM_BUDGET");
}

TEST(Env, WordsAreOneOfTheirValues) {
  EXPECT_TRUE(mr2d::is_one_of("thread", "off thread"));
  EXPECT_TRUE(mr2d::is_one_of("off", "off thread"));
  for (const char* bad : {"threads", "of", "", "off thread", "Thread", " off"})
    EXPECT_FALSE(mr2d::is_one_of(bad, "off thread")) << '"' << bad << '"';
  for (const char* name : {"MR2D_PROGRESS", "MR2D_ON_ERROR", "MR2D_TRANSPORT", "MR2D_SCHEDULE"}) {
    ASSERT_EQ(setenv(name, "garbage", 1), 0);
    const int k = mr2d::env_fault();
    ASSERT_GE(k, 0) << name;
    const std::string text = mr2d::env_fault_text(k, "garbage");
    EXPECT_NE(text.find(name), std::string::npos) << text;
    EXPECT_NE(text.find(" or "), std::string::npos) << text;  // the values it takes
    unsetenv(name);
  }
  ASSERT_EQ(setenv("MR2D_PROGRESS", "thread", 1), 0);
  EXPECT_EQ(mr2d::env_fault(), -1);
  unsetenv("MR2D_PROGRESS");
  ASSERT_EQ(setenv("MR2D_TEST_MEMORY_LIMIT", "abc", 1), 0);
  EXPECT_GE(mr2d::env_fault(), 0);
  unsetenv("MR2D_TEST_MEMORY_LIMIT");
}

TEST(Env, ValueTravelsInOneWord) {
  EXPECT_EQ(mr2d::word_text(mr2d::text_word("1e15")), "1e15");
  EXPECT_EQ(mr2d::word_text(mr2d::text_word("4MiBx")), "4MiBx");
  EXPECT_EQ(mr2d::word_text(mr2d::text_word("1234567")), "1234567");
  EXPECT_EQ(mr2d::word_text(mr2d::text_word("12345678")), "1234567...");
  EXPECT_EQ(mr2d::word_text(mr2d::text_word("")), "");
}

}  // namespace

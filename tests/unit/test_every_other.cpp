// SPDX-License-Identifier: BSD-3-Clause
// copy_every_other_8 (kernels/every_other.hpp): every count around its
// four-element steps, every alignment of source and destination, bytes
// moved unchanged, nothing written past the destination, and nothing read
// past the last source element (which ends at an inaccessible page).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <random>
#include <vector>

#include "kernels/every_other.hpp"
#include "kernels/streamed_stores.hpp"

namespace {

// Two pages, the second inaccessible: a read past the first faults.
class GuardedPage {
 public:
  GuardedPage() : page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
    void* p = mmap(nullptr, 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    base_ = static_cast<unsigned char*>(p);
    if (mprotect(base_ + page_, page_, PROT_NONE) != 0) {
      munmap(base_, 2 * page_);
      base_ = nullptr;
    }
  }
  ~GuardedPage() {
    if (base_ != nullptr) munmap(base_, 2 * page_);
  }
  GuardedPage(const GuardedPage&) = delete;
  GuardedPage& operator=(const GuardedPage&) = delete;
  /// The first byte after which `bytes` bytes end at the inaccessible page.
  unsigned char* ending_at_guard(std::size_t bytes) const { return base_ + page_ - bytes; }
  bool ok() const { return base_ != nullptr; }
  std::size_t page() const { return page_; }

 private:
  std::size_t page_;
  unsigned char* base_ = nullptr;
};

}  // namespace

TEST(EveryOther, EveryCountAndAlignment) {
  GuardedPage guarded;
  ASSERT_TRUE(guarded.ok());
  std::mt19937_64 rng(7);
  for (std::size_t count = 0; count <= 41; ++count) {
    // Source: elements 0 .. 2(count-1), its last byte the page's last.
    const std::size_t span = count == 0 ? 0 : 16 * (count - 1) + 8;
    ASSERT_LE(span, guarded.page());
    unsigned char* from = guarded.ending_at_guard(span);
    for (std::size_t k = 0; k < span; ++k) from[k] = static_cast<unsigned char>(rng());
    for (std::size_t to_off = 0; to_off < 16; ++to_off) {
      const std::size_t guard = 24;
      std::vector<unsigned char> to(to_off + 8 * count + guard, 0x5A);
      mr2d::kernels::copy_every_other_8(to.data() + to_off, from, count);
      for (std::size_t k = 0; k < count; ++k)
        ASSERT_EQ(std::memcmp(to.data() + to_off + 8 * k, from + 16 * k, 8), 0)
            << "count " << count << ", destination offset " << to_off << ", element " << k;
      for (std::size_t k = 0; k < to_off; ++k) ASSERT_EQ(to[k], 0x5A) << "wrote before the destination";
      for (std::size_t k = to_off + 8 * count; k < to.size(); ++k)
        ASSERT_EQ(to[k], 0x5A) << "wrote past the destination, count " << count;
    }
  }
}

// Sources at every byte alignment, with bytes that are not valid doubles
// (signalling NaN patterns) that must arrive unchanged.
TEST(EveryOther, SourceAlignmentAndRawBytes) {
  const std::size_t count = 37;
  std::vector<unsigned char> src(16 * count + 16);
  for (std::size_t from_off = 0; from_off < 16; ++from_off) {
    for (std::size_t k = 0; k < src.size(); ++k) src[k] = static_cast<unsigned char>(k * 37 + from_off);
    for (std::size_t k = 0; k < count; ++k) {
      const unsigned char snan[8] = {1, 0, 0, 0, 0, 0, 0xF4, 0x7F};
      if (k % 3 == 0) std::memcpy(src.data() + from_off + 16 * k, snan, 8);
    }
    std::vector<unsigned char> to(8 * count);
    mr2d::kernels::copy_every_other_8(to.data(), src.data() + from_off, count);
    for (std::size_t k = 0; k < count; ++k)
      ASSERT_EQ(std::memcmp(to.data() + 8 * k, src.data() + from_off + 16 * k, 8), 0)
          << "source offset " << from_off << ", element " << k;
  }
}

// Streamed stores (runs of kStreamRunMin bytes and more): the same bytes at
// every destination offset (8-byte multiples stream, others must not), and
// nothing written outside; counts around the threshold and the four-step.
TEST(EveryOther, StreamedMatchesCached) {
  std::mt19937_64 rng(11);
  const std::size_t first = mr2d::kernels::kStreamRunMin / 8 - 2;
  for (std::size_t count = first; count <= first + 9; ++count) {
    std::vector<unsigned char> src(16 * count);
    for (auto& x : src) x = static_cast<unsigned char>(rng());
    for (std::size_t to_off = 0; to_off < 16; ++to_off) {
      const std::size_t guard = 40;
      std::vector<unsigned char> cached(to_off + 8 * count + guard, 0x5A), streamed = cached;
      mr2d::kernels::copy_every_other_8(cached.data() + to_off, src.data(), count);
      mr2d::kernels::copy_every_other_8(streamed.data() + to_off, src.data(), count, true);
      mr2d::kernels::stream_fence();
      ASSERT_TRUE(streamed == cached) << "count " << count << ", destination offset " << to_off;
      for (std::size_t k = 0; k < count; ++k)
        ASSERT_EQ(std::memcmp(cached.data() + to_off + 8 * k, src.data() + 16 * k, 8), 0);
    }
  }
}

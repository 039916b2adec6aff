// SPDX-License-Identifier: BSD-3-Clause
// A small bounded cache of prepared calls keyed on everything one process
// passed (its parameter report and local leading dimensions). Local entries
// are only candidates: the caller intersects the candidate generations of all
// processes (one bitwise-and reduction) and uses an entry only when every
// process holds the same generation, so a plan is never used after any
// process changed anything. Pure, no MPI.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace mr2d::plan {

template <class Value>
class PlanCache {
 public:
  using Key = std::vector<std::int64_t>;
  explicit PlanCache(std::size_t capacity = 16) : capacity_(capacity) {}

  /// Generations of the entries stored under `key`, as a mask relative to the
  /// next generation: bit k stands for generation next_generation() - 1 - k
  /// (the 64 most recent). A process keeps one entry per global configuration
  /// it took part in, so one key can carry several generations.
  std::uint64_t candidates(const Key& key) const {
    std::uint64_t mask = 0;
    for (const Entry& e : entries_) {
      const std::int64_t age = generation_ - 1 - e.generation;
      if (e.key == key && age >= 0 && age < 64) mask |= std::uint64_t{1} << age;
    }
    return mask;
  }

  /// The entry of `key` with the newest generation in `mask` (as produced by
  /// candidates), or null.
  std::shared_ptr<const Value> take(const Key& key, std::uint64_t mask) {
    if (mask == 0) return nullptr;
    int age = 0;
    while (((mask >> age) & 1u) == 0) ++age;
    const std::int64_t generation = generation_ - 1 - age;
    for (Entry& e : entries_) {
      if (e.key == key && e.generation == generation) {
        e.last_use = ++clock_;
        return e.value;
      }
    }
    return nullptr;
  }

  /// Generation number for the next insertion; processes that prepare calls
  /// in the same order (collectively) draw the same numbers.
  std::int64_t next_generation() { return generation_++; }

  void insert(Key key, std::shared_ptr<const Value> value, std::int64_t generation) {
    if (capacity_ == 0) return;
    if (entries_.size() >= capacity_) {
      auto oldest = entries_.begin();
      for (auto it = entries_.begin(); it != entries_.end(); ++it)
        if (it->last_use < oldest->last_use) oldest = it;
      entries_.erase(oldest);
    }
    entries_.push_back({std::move(key), std::move(value), generation, ++clock_});
  }

  std::size_t size() const { return entries_.size(); }

  /// Drops the entries whose value satisfies `stale`.
  template <class Pred>
  void erase_if(Pred stale) {
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return stale(*e.value); }),
                   entries_.end());
  }

 private:
  struct Entry {
    Key key;
    std::shared_ptr<const Value> value;
    std::int64_t generation;
    std::uint64_t last_use;
  };
  std::vector<Entry> entries_;
  std::size_t capacity_;
  std::int64_t generation_ = 0;
  std::uint64_t clock_ = 0;
};

}  // namespace mr2d::plan

// SPDX-License-Identifier: BSD-3-Clause
// The per-thread row-table cache; see table_cache.hpp.
#include "kernels/table_cache.hpp"

#include <array>
#include <cstdint>

namespace mr2d::kernels {

namespace {

// Run sets of more runs than this per period are compared, and their tables
// kept, in one slot only: a layout's expanded run sets hold millions of runs.
constexpr std::size_t kLargePeriod = std::size_t{1} << 16;

struct Entry {
  index::RunSet rows;
  Walk walk = Walk::copy;
  bool keyed = false;  // `rows` names the table (false: empty, or a large set)
  RowTable table;
  std::uint64_t used = 0;
};

struct Cache {
  std::array<Entry, kTableCacheSize> entries;
  std::uint64_t clock = 0;
};

}  // namespace

const RowTable& cached_table(const index::RunSet& rows, Walk walk) {
  thread_local Cache cache;
  ++cache.clock;
  Entry* oldest = &cache.entries[0];
  for (Entry& e : cache.entries) {
    if (e.keyed && e.walk == walk && e.rows == rows) {
      e.used = cache.clock;
      return e.table;
    }
    if (e.used < oldest->used) oldest = &e;
  }
  oldest->walk = walk;
  // A large run set is not kept as a key (it would be copied and compared
  // at every call); its table is rebuilt each time in the slot it takes.
  oldest->keyed = rows.period_runs().size() <= kLargePeriod;
  oldest->rows = oldest->keyed ? rows : index::RunSet();
  oldest->table.build(rows, walk);
  oldest->used = cache.clock;
  return oldest->table;
}

}  // namespace mr2d::kernels

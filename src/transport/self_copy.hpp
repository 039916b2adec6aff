// SPDX-License-Identifier: BSD-3-Clause
// The part of A a process keeps for itself, copied into B column window by
// column window: just before the received data of the same columns is
// unpacked, so a line of B that both fill is written twice while in cache
// instead of being fetched from memory twice. One window per part.
// Where the kept part shares its columns of A with an outgoing message and
// none of B's with an incoming one (rows of A dealt alternately to this
// process and another, e.g. single rows onto a 2 x 1 grid), the lines worth
// sharing are A's: there the kept columns follow the packing instead, so one
// pass over A's columns reads each line from memory once for both.
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "route/route.hpp"
#include "transport/part.hpp"

namespace mr2d::transport {

struct Traffic;

class SelfCopies {
 public:
  SelfCopies(const Parts& parts, Traffic& traffic);
  /// Copies, for each part of `chunk`, the kept columns below the chunk's end.
  void before(const route::Chunk& chunk);
  /// After `chunk` of an outgoing message is packed: copies the kept columns
  /// below its end for the parts whose kept copy follows the packing.
  void after_packing(const route::Chunk& chunk);
  /// Copies a little more while waiting: up to the end of `next` (the chunk
  /// expected next; null if none), else the rest of one part.
  void advance(const route::Chunk* next);
  void finish();
  bool finished() const { return unfinished_ == 0; }

 private:
  // Copies part p's kept columns below `column`; whether anything was new.
  bool upto(std::size_t p, Index column);

  const Parts& parts_;
  Traffic& traffic_;
  std::vector<Index> done_;    // per part: every kept column below this one is copied
  std::vector<Index> copied_;  // per part: elements copied
  std::vector<bool> follows_sends_;  // per part: kept columns are A's columns of a send, of no receive's B
  std::size_t unfinished_ = 0;
};

}  // namespace mr2d::transport

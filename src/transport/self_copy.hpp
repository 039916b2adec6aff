// SPDX-License-Identifier: BSD-3-Clause
// The part of A a process keeps for itself, copied into B column window by
// column window: just before the received data of the same columns is
// unpacked, so a line of B that both fill is written twice while in cache
// instead of being fetched from memory twice. One window per part. Where
// planning paired the kept part with a received or sent transfer
// (route::KeptCopy), the window is copied by the same pass over B or A as
// that transfer's (together, with_packed), on the shared-memory and the MPI
// path alike (pack, unpack).
#pragma once

#include <vector>

#include "common/index_types.hpp"
#include "kernels/two_sources.hpp"
#include "route/kept_copy.hpp"
#include "route/route.hpp"
#include "transport/part.hpp"

namespace mr2d::transport {

struct Traffic;

class SelfCopies {
 public:
  /// Pairs each part's kept copy as planned (Part::kept), except where B
  /// is updated (a transform): the one-pass kernels copy only.
  SelfCopies(const Parts& parts, Traffic& traffic);
  /// Packs `chunk` of a message into `dst` (the chunk's start), the kept
  /// columns paired with its sections along (with_packed).
  void pack(const route::Chunk& chunk, unsigned char* dst);
  /// Unpacks `chunk` of a message at `src` (the chunk's start) into B, the
  /// kept columns paired with its sections along (together) and the others
  /// of the same windows just before (before).
  void unpack(const route::Chunk& chunk, const unsigned char* src);
  /// Copies every kept part that goes with no transfer.
  void copy_unpaired();
  /// Copies the kept columns below the end of section `s` only (unless
  /// they go with the packing of a sent transfer, with_packed).
  void before(const route::Section& s);
  /// The sent messages are not packed (their receivers read A in place):
  /// kept columns paired with them are copied as any others.
  void unpair_sent();
  /// Copies section `s`, received from `received` (a peer's A in place, or
  /// the message), together with the kept columns of the same window where
  /// the two fill B's columns alternately (kernels::copy_two_sources), each
  /// line of B written once. Returns the received elements copied, or -1
  /// (nothing copied) where the section's transfer is not the part's
  /// paired one, or the kept columns of the window are already copied.
  Index together(const route::Section& s, const kernels::TwoSourceSide& received);
  /// Packs section `s` of a message into `message` (the section's start)
  /// together with the kept columns of the same window where the two take
  /// A's rows alternately (kernels::split_two_ways), each line of A read
  /// once. Returns the elements packed, or -1 (nothing copied) where the
  /// section's transfer is not the part's paired one, or the kept columns
  /// of the window are already copied.
  Index with_packed(const route::Section& s, const plan::Transfer& sent, void* message);
  /// Copies a little more while waiting: up to the end of `next` (the chunk
  /// expected next; null if none), else the rest of one part. Leaves alone
  /// the parts whose kept columns go with the received ones (together).
  /// Returns whether it copied anything.
  bool advance(const route::Chunk* next);
  void finish();
  bool finished() const { return unfinished_ == 0; }
  /// Books section `s` of a received transfer as written into B (unpacked
  /// or read in place); unpack() books its own.
  void received(const route::Section& s);
  /// Whether every element of part p's B (kept and received) is written.
  bool part_complete(std::size_t p) const { return state_[p].missing == 0; }
  /// Whether every part's is.
  bool all_complete() const { return incomplete_ == 0; }

 private:
  // Copies part p's kept columns below `column`; whether anything was new.
  bool upto(std::size_t p, Index column);
  // Books part p's kept columns of section s as copied by a one-pass
  // kernel that returned `n`; gives the count of the other side.
  Index copied_in_one_pass(std::size_t p, const route::Section& s, kernels::TwoSourceCount n);
  // Books n more elements of part p's B as written.
  void written(std::size_t p, Index n);

  const Parts& parts_;
  Traffic& traffic_;
  std::size_t incomplete_ = 0;  // parts with some missing
  std::size_t unfinished_ = 0;
  // Per part: its kept columns go with those of one received transfer or
  // one sent transfer (Part::kept), so waiting does not copy them alone;
  // only that transfer's sections take them along.
  struct Pair {
    route::KeptWith with = route::KeptWith::alone;
    Index transfer = -1;  // in the plan's recvs or sends
    int in_place = 0;     // received: whether the sender's A read in place fits too (0: not checked yet)
  };
  // Per part, in one allocation (an execution makes one of these).
  struct State {
    Index done = INT64_MAX;  // every kept column below this one is copied
    Index copied = 0;        // elements copied
    Index missing = 0;       // elements of B not written yet (kept and received)
    Pair pair;
  };
  std::vector<State> state_;
  std::size_t paired_ = 0;                  // parts paired at construction
  std::size_t next_unpaired_ = 0;           // advance(): parts below it are copied or paired
  std::size_t first_open_ = 0;              // parts below it are all copied (a layout has millions)
  const route::Chunk* advanced_ = nullptr;  // the chunk advance() last copied up to
};

}  // namespace mr2d::transport

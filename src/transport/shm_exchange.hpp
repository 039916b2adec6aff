// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) The node-local part of an execution: each chunk of a
// message to a node peer is packed into this process's pool wherever there
// is room (at most kRingChunks chunks of a message at once) and published in
// the link's slot; the peer unpacks each chunk as it is published and hands
// it back. A small pool keeps a message's data in cache from one copy to the
// next (a whole-message buffer made both copies go through memory and was no
// faster than MPI's own copy).
//
// Both sides check each other: a slot names the plan, so processes that
// execute plans in different orders get MR2D_ERR_INCONSISTENT on both sides
// (a sender finishes only once its receiver has read the message), and a
// process that gives up a message (an error, a timeout, a peer that failed)
// says so in the slot, with its status, so that its peer stops waiting and
// returns the same status.
#pragma once

#include <mpi.h>

#include <array>
#include <cstdint>
#include <vector>

#include "common/status.hpp"
#include "route/route.hpp"
#include "transport/part.hpp"
#include "transport/self_copy.hpp"
#include "transport/shm_links.hpp"

namespace mr2d::transport {

struct Traffic;

class ShmExchange {
 public:
  /// `self` copies the kept parts along with the received columns; waits
  /// keep MPI progressing on `progress_comm` (backoff.hpp).
  ShmExchange(ShmLinks& links, const Parts& parts, const route::Route& route, std::uint64_t plan_id, SelfCopies& self,
              MPI_Comm progress_comm);

  /// Whether message k of route.sends / route.recvs goes through shared memory.
  bool send_on_node(std::size_t k) const { return route_.sends[k].node_local; }
  bool recv_on_node(std::size_t k) const { return route_.recvs[k].node_local; }

  /// Waits until the earlier executions' data was read, then announces this
  /// execution's messages (alone). An error (a peer that failed, a timeout)
  /// leaves nothing announced.
  Status start();
  /// Without waiting: whether this execution may announce its messages,
  /// else the union rank of a node peer it waits for in `waiting`; an error
  /// where one failed. `alone`: no earlier execution of this process is
  /// under way on the links, and every node peer must have read every
  /// earlier epoch (the pool starts afresh); otherwise only the link slots
  /// this execution takes must have been read at their previous use.
  Status ready(bool alone, bool& ready, int& waiting) const;
  /// Announces this execution's messages; once ready(alone).
  void announce(bool alone);
  /// Packs the next chunk of each outgoing message that has room, unpacks
  /// the chunks that have arrived (packing for receivers that have run out
  /// between two), and checks on the peers; `progressed` tells whether
  /// anything was done.
  void step(Traffic& traffic, bool& progressed);
  bool done() const { return sends_left_ == 0 && recvs_left_ == 0; }
  /// A failure that ended some node-local messages early (a peer that gave
  /// up or executes another plan). The execution goes on with everything
  /// else, so that no peer waits forever, and then fails.
  const Status& failure() const { return failure_; }
  bool receiving() const { return recvs_left_ > 0; }
  /// The next chunk some peer has not delivered yet (null if none): the kept
  /// parts are worth copying up to its end while waiting.
  const route::Chunk* next_expected() const;
  /// Gives up every unfinished message, publishing `why` to its peer.
  void give_up(const Status& why);
  /// A union rank this process still waits for (-1 if none): for messages.
  int waiting_for() const;

 private:
  struct Out {
    std::size_t k;  // index into route.sends
    int link;       // receiver's local index
    std::uint64_t epoch;
    std::size_t next = 0;                 // next chunk to pack
    std::size_t freed = 0;                // chunks read by the receiver, their space given back
    std::array<Index, kRingChunks> at{};  // pool offsets of chunks freed .. next - 1
    bool accepted = false;                // the receiver took the message as its own
    bool offered = false;                 // A offered in place: nothing packed before the receiver answers
    bool direct = false;                  // the receiver reads A in place
    bool done = false;
    Index table = -1;  // pool offset of its offer table
  };
  struct In {
    std::size_t k;  // index into route.recvs
    int link;       // sender's local index
    std::uint64_t epoch;
    std::size_t next = 0;  // next chunk to unpack
    bool accepted = false;
    bool direct = false;  // read from the sender's A in place
    bool done = false;
  };
  // Packs the next chunk of each outgoing message with fewer than `below`
  // chunks in its ring, where the pool has room.
  void pack_round(Traffic& traffic, bool& progressed, std::size_t below);
  // Sender: notes where each part's A lies in mr2d_alloc memory (offers_);
  // false where no part's does.
  bool collect_offers();
  // Sender: the offers of every node-local message's table together.
  Index offer_entries() const;
  // Sender: the most this execution places in the pool (its node-local
  // chunks and `tables` offers, in PoolSpace granules); counting stops past `cap`.
  Index placed_bytes(Index cap, Index tables) const;
  // Sender: writes every message's table of offers into the pool; the first
  // table's offset, or -1 where the pool has no room.
  Index publish_offers(Index tables);
  // Whether every part of send message k has its A on offer.
  bool offerable(std::size_t k) const;
  // Receiver: maps the sender's arrays for message `in` (into src_ and
  // src_ld_); false where some part cannot be read in place.
  bool map_offers(const In& in, const ShmSlot& slot);
  // Receiver: copies message `in` from the sender's A into B.
  void copy_direct(const In& in, Traffic& traffic);
  // Reads the receiver's side of `o`: gives back space of chunks it read,
  // notes acceptance, and ends `o` if the receiver gave it up.
  void watch_receiver(Out& o, Traffic& traffic, bool& progressed);
  void finish(Out& o);
  std::size_t busy_index(const Out& o) const {
    return static_cast<std::size_t>(o.link) * kLinkSlots + o.epoch % kLinkSlots;
  }
  // Gives up message `in`, publishing `why` to its sender.
  void abandon(In& in, const Status& why);
  void unpack_ready(Traffic& traffic, bool& progressed);
  void note(const Status& why) {
    if (failure_.ok()) failure_ = why;
  }

  ShmLinks& links_;
  const Parts& parts_;
  const route::Route& route_;
  std::uint64_t plan_id_;
  SelfCopies& self_;
  MPI_Comm progress_comm_;
  PoolSpace& space_;  // the pool's free space (kept by the links: no allocation per execution)
  std::vector<Out> outs_;
  std::vector<In> ins_;
  std::vector<DirectOffer> offers_;        // sender: per part, where its A lies (empty: none on offer)
  Index table_at_ = -1, table_bytes_ = 0;  // sender: the offer tables' place in the pool
  std::vector<const unsigned char*> src_;  // receiver: per part, the sender's A mapped here
  std::vector<Index> src_ld_;              // receiver: per part, its leading dimension
  std::size_t cursor_ = 0;                 // round robin over outs_
  std::size_t sends_left_ = 0, recvs_left_ = 0;
  Status failure_;
};

/// A status as a peer publishes it in a slot, and back.
std::uint64_t status_word(const Status& status);
Status peer_status(std::uint64_t word, int peer_rank, bool peer_sent);
/// MR2D_ERR_TIMEOUT: node peer `rank` did not read the previous execution's data.
Status previous_unread(int rank);

}  // namespace mr2d::transport

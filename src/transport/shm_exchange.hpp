// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) The node-local part of an execution: each message to a node
// peer is packed chunk by chunk into a ring of kShmSlots chunk slots in this
// process's outbox and published in the link's slot; the peer unpacks each
// chunk as it is published and hands its slot back. The ring keeps a message's
// data in cache from one copy to the next (a whole-message outbox made both
// copies go through memory and was no faster than MPI's own copy). A slot also names the
// plan, so processes that execute plans in different orders get an error,
// never each other's data.
#pragma once

#include <mpi.h>

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
  ShmExchange(ShmLinks& links, const Parts& parts, const route::Route& route,
              std::uint64_t plan_id, SelfCopies& self, MPI_Comm progress_comm);

  /// Whether message k of route.sends / route.recvs goes through shared memory.
  bool send_on_node(std::size_t k) const { return send_link_[k] >= 0; }
  bool recv_on_node(std::size_t k) const { return recv_link_[k] >= 0; }

  /// Waits until the previous execution's data was read, then claims the
  /// outbox and announces this execution's messages.
  Status start();
  /// Packs one chunk (false when all are packed), then unpacks whatever
  /// chunks have arrived; `progressed` tells whether anything was done.
  Status step(Traffic& traffic, bool& progressed);
  bool done() const { return sends_left_ == 0 && recvs_left_ == 0; }
  /// A failure that ended some node-local messages early (no shared memory
  /// for an outbox, or a peer's that cannot be mapped). The execution goes on
  /// with everything else, so that no peer waits forever, and then fails.
  const Status& failure() const { return failure_; }
  bool receiving() const { return recvs_left_ > 0; }
  /// The next chunk some peer has not delivered yet (null if none): the kept
  /// parts are worth copying up to its end while waiting.
  const route::Chunk* next_expected() const;

 private:
  struct Out {
    std::size_t k;            // index into route.sends
    int link;                 // receiver's local index
    std::uint64_t epoch;
    Index byte_offset;        // of the message's ring in the outbox
    route::ChunkSlots slots;
    std::size_t next = 0;     // next chunk to pack
  };
  struct In {
    std::size_t k;            // index into route.recvs
    int link;                 // sender's local index
    std::uint64_t epoch;
    route::ChunkSlots slots;
    const unsigned char* base = nullptr;  // the message's ring in the sender's outbox
    std::size_t next = 0;     // next chunk to unpack
  };
  // Byte offset of chunk `k` in a message's ring.
  static Index place(const route::ChunkSlots& slots, const route::Chunk& chunk, std::size_t k);
  // Whether chunk o.next may be packed: its slot was handed back.
  bool slot_free(const Out& o) const;
  Status pack_one(Traffic& traffic, bool& progressed);
  // Gives up message `in`: records `why` and tells its sender it was read.
  void abandon(In& in, ShmSlot& slot, Status why);
  Status unpack_ready(Traffic& traffic, bool& progressed);

  ShmLinks& links_;
  const Parts& parts_;
  const route::Route& route_;
  std::uint64_t plan_id_;
  SelfCopies& self_;
  MPI_Comm progress_comm_;
  std::vector<int> send_link_, recv_link_;
  std::vector<Out> outs_;
  std::vector<In> ins_;
  unsigned char* outbox_ = nullptr;
  std::size_t cursor_ = 0;  // round robin over outs_
  std::size_t sends_left_ = 0, recvs_left_ = 0;
  Status failure_;
};

/// Chunk slots per message ring.
constexpr Index kShmSlots = 4;

/// Plan id a sender publishes when it could not provide its outbox.
constexpr std::uint64_t kFailedPlan = ~std::uint64_t{0};

}  // namespace mr2d::transport

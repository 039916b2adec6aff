// SPDX-License-Identifier: BSD-3-Clause
// (MPI) One execution of a route in steps, so that it can stay in flight
// between calls: start() posts the first stage's MPI messages, progress()
// moves whatever can move without waiting (MPI requests tested, node-local
// chunks packed and unpacked, kept parts copied, the next stage posted once
// one completes) and tells when it is over.
//
// Several transfers may be in flight on one channel (on different plans:
// their MPI messages have different tags). The channel's shared-memory links
// carry up to kLinkSlots executions per pair of processes at once: a
// transfer announces its node-local messages once every transfer started
// before it on the channel has announced its own (start order, the same on
// every process) and the link slots it takes were read at their previous
// use, so a receiver may read several started executions in one wait. Any
// step of any transfer on a channel steps all of them, so node-local
// messages progress inside every call on the channel.
//
// A transfer left unfinished (destroyed, abandoned or failed) takes back its
// posted receives, gives up its node-local messages (its node peers return
// its status), sends its MPI peers a give-up notice (give_up_notice.hpp) and
// marks the channel broken; sends MPI may still read keep their buffer
// (abandoned, not freed). An idle transfer looks for its MPI peers' notices.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "common/status.hpp"
#include "route/route.hpp"
#include "transport/backoff.hpp"
#include "transport/buffers.hpp"
#include "transport/channel.hpp"
#include "transport/exchange.hpp"
#include "transport/mpi_stages.hpp"
#include "transport/part.hpp"
#include "transport/self_copy.hpp"
#include "transport/shm_exchange.hpp"
#include "transport/started_channels.hpp"

namespace mr2d::transport {

/// The buffers an execution's MPI messages go through: the channel's for a
/// blocking execution, a plan's own for a started one (several may be in
/// flight on one channel).
struct MessageBuffers {
  BufferPool* send = nullptr;
  BufferPool* recv = nullptr;
};

class Transfer {
 public:
  /// `parts` and `route` must outlive the transfer; see execute() for the rest.
  Transfer(Channel& channel, const Parts& parts, const route::Route& route, std::uint64_t plan_id, bool node_local,
           MessageBuffers buffers);
  ~Transfer();
  Transfer(const Transfer&) = delete;
  Transfer& operator=(const Transfer&) = delete;

  /// Checks the channel, joins its transfers and posts the first stage. An
  /// error ends the transfer (status()). A `held` transfer takes its place
  /// among the channel's (its node-local messages after those of every
  /// transfer started before it, before those of any started after) but
  /// moves nothing until release(): the second pass of an execution through
  /// an intermediate matrix, whose data the first pass has yet to bring.
  Status start(bool held = false);
  /// Releases `next` (held) as soon as this transfer completes without error,
  /// inside whichever call steps the channel then (at once if it has).
  void then(Transfer* next);
  /// One step of every transfer on the channel, without waiting; true once
  /// this one is over (done or failed). Past MR2D_TIMEOUT without progress
  /// it fails with MR2D_ERR_TIMEOUT. With `may_block` a simulated MPI may
  /// wait for MPI messages (the caller would wait anyway). `moved`, where
  /// given, tells whether anything moved.
  bool progress(bool may_block = false, bool* moved = nullptr);
  /// Steps until the transfer is over, waiting politely between steps.
  Status wait();
  bool over() const { return over_; }
  const Status& status() const { return status_; }
  const Traffic& traffic() const { return traffic_; }
  /// Whether part p's B is complete (every section it receives and its
  /// kept part written), possibly before the transfer is over.
  bool part_complete(std::size_t p) const { return self_.part_complete(p); }
  /// Ends an unfinished transfer with `why` (see above); nothing if over.
  void abandon(const Status& why);
  /// The progress thread's step (the caller holds channel.steps): moves
  /// the node-local messages and kept parts of every transfer on `channel`,
  /// calling no MPI; what ends a transfer (done or failed) is left to the
  /// next progress() of the thread that owns it.
  static void step_node(Channel& channel, bool& moved);
  /// Another thread's or another union's step (the caller holds
  /// channel.steps, started_channels.hpp): steps every transfer on
  /// `channel`; one that throws ends them all with MR2D_ERR_INTERNAL.
  static void step_channel(Channel& channel, bool& moved);

 private:
  friend Status wait_for_links(Channel& channel);
  // Steps every transfer in flight on `channel`; one that ends leaves the list.
  static void step_all(Channel& channel, bool& moved);
  // Moves this transfer alone as far as it goes without waiting.
  void advance(bool& moved, bool may_block);
  void advance_mpi(bool& moved, bool may_block);
  void advance_node(bool& moved);
  // Whether a message of `stage` goes through MPI (node-local ones do not).
  bool through_mpi(const route::Stage& stage) const;
  // Whether its node-local messages still hold the channel's links.
  bool holds_links() const { return shm_ && !(shm_started_ && shm_->done()); }
  // Whether every transfer started before this one has announced its
  // node-local messages; `alone`: none of them still holds the links.
  bool links_free(bool& alone) const;
  void finish(const Status& status);
  // finish(), or on the progress thread kept for the owner's next progress().
  void fail(const Status& status);
  void leave_channel();
  Status stalled() const;
  // Its peers through MPI (give_up_notice.hpp), found at first use.
  const std::vector<int>& mpi_peers();

  Channel& channel_;
  const Parts& parts_;
  const route::Route& route_;
  std::uint64_t plan_id_;
  MessageBuffers buffers_;
  Traffic traffic_;
  SelfCopies self_;
  std::optional<ShmExchange> shm_;
  bool shm_started_ = false;
  int shm_waiting_ = -1;  // a node peer that has not read the previous execution's data
  std::size_t stage_ = 0;
  std::optional<StageRunner> runner_;
  bool joined_ = false;
  bool held_ = false;
  Transfer* next_ = nullptr;  // released when this one completes
  bool over_ = false;
  Status status_;
  StallReport stall_;
  unsigned idle_ = 0;       // progress() calls that moved nothing
  bool on_thread_ = false;  // inside step_node()
  Status deferred_;         // a failure step_node() found
  std::vector<int> mpi_peers_;
  bool peers_known_ = false;
};

/// Steps the transfers in flight on `channel` until none holds its
/// node-local links (as before giving up an execution); MR2D_ERR_TIMEOUT
/// past MR2D_TIMEOUT.
Status wait_for_links(Channel& channel);

}  // namespace mr2d::transport

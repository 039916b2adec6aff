// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The MPI path; see mpi_stages.hpp.
#include "transport/mpi_stages.hpp"

#include <algorithm>
#include <string>

#include "mr2d/mr2d.h"
#include "transport/errors_return.hpp"
#include "transport/exchange.hpp"
#include "transport/give_up_notice.hpp"
#include "transport/self_copy.hpp"

namespace mr2d::transport {

namespace {

// Chunks travel in pieces. MPI counts are int, so no piece exceeds 1 GiB.
// Mid-sized chunks go as pieces small enough for MPI's eager protocol: each
// then lands without the request/acknowledge round trip of the rendezvous
// protocol, which otherwise dominates a small redistribution.
constexpr Index kEagerPiece = 4000;
constexpr Index kEagerMessageLimit = 64 * 1024;
constexpr Index kMaxPiece = Index{1} << 30;

#ifdef MR2D_SIMULATED_MPI
// SMPI models the eager protocol itself; pieces would only multiply the flows
// its network solver shares bandwidth between.
Index piece_size(Index) { return kMaxPiece; }
#else
Index piece_size(Index bytes) { return bytes <= kEagerMessageLimit ? kEagerPiece : kMaxPiece; }
#endif

}  // namespace

StageRunner::~StageRunner() {
  if (active_ == 0) return;
  // Left early: take back every posted request before the buffers are reused.
  for (std::size_t i = 0; i < reqs_.size(); ++i) {
    if (reqs_[i] == MPI_REQUEST_NULL) continue;
    if (messages_[owner_[i].first].receiving) {
      MPI_Cancel(&reqs_[i]);
      MPI_Wait(&reqs_[i], MPI_STATUS_IGNORE);
    } else {
      // A send cannot be cancelled reliably: release it; the channel, marked
      // broken by the caller, keeps the buffer it may still read.
      MPI_Request_free(&reqs_[i]);
    }
  }
}

void StageRunner::add(bool receiving, const route::Message& message, unsigned char* region) {
  Message m;
  m.receiving = receiving;
  m.message = &message;
  m.region = region;
  m.slots = route::chunk_slots(message, window_);
  const auto slots = static_cast<std::size_t>(std::min<Index>(window_, static_cast<Index>(message.chunks.size())));
  m.pieces_left.assign(slots, 0);
  m.chunk_in.assign(slots, 0);
  messages_.push_back(std::move(m));
}

Status StageRunner::post_first(Traffic& traffic) {
  for (std::size_t c = 0; c < messages_.size(); ++c)
    for (std::size_t s = 0; s < messages_[c].pieces_left.size(); ++s) {
      Status st = post_next(c, s, traffic);
      if (!st.ok()) return st;
    }
  return {};
}

Status StageRunner::test(Traffic& traffic, bool& progressed, bool may_block) {
  while (active_ > 0) {
    int which = MPI_UNDEFINED, done = 0;
    MPI_Status status;
#ifdef MR2D_SIMULATED_MPI
    // Simulated MPI (SimGrid's SMPI, bench/scale) charges simulated time for
    // every unsuccessful test, which would round the measured time up to
    // multiples of it: block until a request completes instead.
    if (may_block) {
      int err = MPI_Waitany(static_cast<int>(reqs_.size()), reqs_.data(), &which, &status);
      if (err != MPI_SUCCESS) return mpi_failure("MPI_Waitany", err);
      done = 1;
    } else {
      int err = MPI_Testany(static_cast<int>(reqs_.size()), reqs_.data(), &which, &done, &status);
      if (err != MPI_SUCCESS) return mpi_failure("MPI_Testany", err);
    }
#else
    (void)may_block;
    int err = MPI_Testany(static_cast<int>(reqs_.size()), reqs_.data(), &which, &done, &status);
    if (err != MPI_SUCCESS) return mpi_failure("MPI_Testany", err);
#endif
    if (!done) return {};
    progressed = true;
    if (which == MPI_UNDEFINED) break;
    Status st = complete(static_cast<std::size_t>(which), status, traffic);
    if (!st.ok()) return st;
  }
  return {};
}

Status StageRunner::complete(std::size_t which, const MPI_Status& status, Traffic& traffic) {
  --active_;
  free_.push_back(which);
  const auto [c, slot] = owner_[which];
  Message& m = messages_[c];
  if (m.receiving) {
    int count = -1;
    MPI_Get_count(&status, MPI_BYTE, &count);
    if (count == 0) return peer_gave_up(m.message->peer);
  }
  if (--m.pieces_left[slot] > 0) return {};
  if (m.receiving) {
    const route::Chunk& chunk = m.message->chunks[m.chunk_in[slot]];
    self_.unpack(chunk, m.place(slot, chunk));
    traffic.bytes_received += chunk.payload;
  }
  if (m.next < m.message->chunks.size()) return post_next(c, slot, traffic);
  return {};
}

bool StageRunner::sending() const {
  for (std::size_t i = 0; i < reqs_.size(); ++i)
    if (reqs_[i] != MPI_REQUEST_NULL && !messages_[owner_[i].first].receiving) return true;
  return false;
}

Status StageRunner::timed_out() const {
  for (std::size_t i = 0; i < reqs_.size(); ++i) {
    if (reqs_[i] == MPI_REQUEST_NULL) continue;
    const Message& m = messages_[owner_[i].first];
    return {MR2D_ERR_TIMEOUT, message_of("", "timed out (MR2D_TIMEOUT) waiting for rank ") +
                                  std::to_string(m.message->peer) + " to " +
                                  (m.receiving ? "send its data" : "receive this process's data")};
  }
  return failure(MR2D_ERR_TIMEOUT, "", "timed out (MR2D_TIMEOUT) waiting for MPI transfers");
}

Status StageRunner::post_next(std::size_t c, std::size_t slot, Traffic& traffic) {
  Message& m = messages_[c];
  const std::size_t k = m.next++;
  m.chunk_in[slot] = k;
  const route::Chunk& chunk = m.message->chunks[k];
  unsigned char* base = m.place(slot, chunk);
  const Index bytes = chunk.bytes;
  if (!m.receiving) {
    self_.pack(chunk, base);
    traffic.bytes_sent += chunk.payload;
    if (k == 0) traffic.messages_sent += 1;
  }
  const Index piece = piece_size(bytes);
  for (Index off = 0; off < bytes; off += piece) {
    const int count = static_cast<int>(std::min(piece, bytes - off));
    MPI_Request req;
    int err = m.receiving ? MPI_Irecv(base + off, count, MPI_BYTE, m.message->peer, tag_, comm_, &req)
                          : MPI_Isend(base + off, count, MPI_BYTE, m.message->peer, tag_, comm_, &req);
    if (err != MPI_SUCCESS) return mpi_failure(m.receiving ? "MPI_Irecv" : "MPI_Isend", err);
    track(req, c, slot);
    ++m.pieces_left[slot];
  }
  return {};
}

void StageRunner::track(MPI_Request req, std::size_t c, std::size_t slot) {
  ++active_;
  if (!free_.empty()) {
    const std::size_t i = free_.back();
    free_.pop_back();
    reqs_[i] = req;
    owner_[i] = {c, slot};
    return;
  }
  reqs_.push_back(req);
  owner_.push_back({c, slot});
}

}  // namespace mr2d::transport

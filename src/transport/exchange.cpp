// (MPI) Plan execution; see exchange.hpp.
#include "transport/exchange.hpp"

#include <algorithm>
#include <vector>

#include "kernels/pack.hpp"
#include "mr2d/mr2d.h"
#include "transport/buffers.hpp"

namespace mr2d::transport {

namespace {

constexpr int kTag = 2718;

// Chunks travel in pieces. MPI counts are int, so no piece exceeds 1 GiB.
// Mid-sized chunks go as pieces small enough for MPI's eager protocol: each
// then lands without the request/acknowledge round trip of the rendezvous
// protocol, which otherwise dominates a small redistribution.
constexpr Index kEagerPiece = 4000;
constexpr Index kEagerMessageLimit = 64 * 1024;
constexpr Index kMaxPiece = Index{1} << 30;

Index piece_size(Index bytes) { return bytes <= kEagerMessageLimit ? kEagerPiece : kMaxPiece; }

Status mpi_error(const char* what, int err) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(err, text, &len);
  return {MR2D_ERR_MPI, std::string("mr2d: ") + what + " failed: " + std::string(text, static_cast<std::size_t>(len))};
}

// One message of a stage in flight: its chunks go through `window` slots of
// its buffer region. A freed slot takes the next chunk; chunks are posted in
// order on both sides, so MPI's ordering matches them whatever slot they use.
struct Channel {
  bool receiving = false;
  const plan::Transfer* transfer = nullptr;
  const std::vector<plan::Chunk>* chunks = nullptr;
  unsigned char* region = nullptr;  // window slots of slot_bytes each
  Index slot_bytes = 0;
  std::size_t next = 0;              // next chunk to post
  std::vector<int> pieces_left;      // per slot, pieces of its chunk still pending
  std::vector<std::size_t> chunk_in; // per slot, the chunk it holds
  bool direct = false;               // every chunk at its message offset, no slot reuse
  unsigned char* place(std::size_t slot, const plan::Chunk& chunk, Index es) const {
    return direct ? region + chunk.offset * es : region + static_cast<Index>(slot) * slot_bytes;
  }
};

// Runs the messages of one stage to completion, keeping at most `window`
// chunks per message in flight: a finished receive chunk is unpacked and its
// slot reposted, a finished send chunk's slot is packed with the next chunk.
class StageRunner {
 public:
  StageRunner(const plan::Plan& plan, const void* a, void* b, MPI_Comm comm, Index window)
      : plan_(plan), a_(a), b_(b), comm_(comm), window_(window) {}

  void add(bool receiving, const plan::Transfer& t, const std::vector<plan::Chunk>& chunks,
           unsigned char* region) {
    Channel ch;
    ch.receiving = receiving;
    ch.transfer = &t;
    ch.chunks = &chunks;
    ch.region = region;
    // At most `window` chunks: each has its own place at its message offset.
    ch.direct = static_cast<Index>(chunks.size()) <= window_;
    Index largest = 0;
    for (const plan::Chunk& c : chunks) largest = std::max(largest, c.count);
    ch.slot_bytes = largest * plan_.elem_size;
    const auto slots = static_cast<std::size_t>(std::min<Index>(window_, static_cast<Index>(chunks.size())));
    ch.pieces_left.assign(slots, 0);
    ch.chunk_in.assign(slots, 0);
    channels_.push_back(std::move(ch));
  }

  // Posts every channel's first chunks, runs `meanwhile`, then completes the stage.
  template <class F>
  Status run(F&& meanwhile, Traffic& traffic) {
    for (std::size_t c = 0; c < channels_.size(); ++c)
      for (std::size_t s = 0; s < channels_[c].pieces_left.size(); ++s) {
        Status st = post_next(c, s, traffic);
        if (!st.ok()) return st;
      }
    meanwhile();
    while (active_ > 0) {
      int which = MPI_UNDEFINED;
      int err = MPI_Waitany(static_cast<int>(reqs_.size()), reqs_.data(), &which, MPI_STATUS_IGNORE);
      if (err != MPI_SUCCESS) return mpi_error("MPI_Waitany", err);
      if (which == MPI_UNDEFINED) break;
      --active_;
      free_.push_back(static_cast<std::size_t>(which));
      const auto [c, slot] = owner_[static_cast<std::size_t>(which)];
      Channel& ch = channels_[c];
      if (--ch.pieces_left[slot] > 0) continue;
      if (ch.receiving) {
        const plan::Chunk& chunk = (*ch.chunks)[ch.chunk_in[slot]];
        Index n = kernels::unpack(ch.place(slot, chunk, plan_.elem_size), plan_.rows(*ch.transfer),
                                  plan_.cols(*ch.transfer), plan_.trapezoid, plan_.elem_size, b_,
                                  plan_.ldb, {chunk.col_lo, chunk.col_hi});
        MR2D_CHECK(n == chunk.count);
        traffic.bytes_received += n * plan_.elem_size;
      }
      if (ch.next < ch.chunks->size()) {
        Status st = post_next(c, slot, traffic);
        if (!st.ok()) return st;
      }
    }
    return {};
  }

 private:
  // Posts chunk ch.next of channel c into a free slot.
  Status post_next(std::size_t c, std::size_t slot, Traffic& traffic) {
    Channel& ch = channels_[c];
    const std::size_t k = ch.next++;
    ch.chunk_in[slot] = k;
    const plan::Chunk& chunk = (*ch.chunks)[k];
    const Index es = plan_.elem_size;
    unsigned char* base = ch.place(slot, chunk, es);
    const Index bytes = chunk.count * es;
    if (!ch.receiving) {
      Index n = kernels::pack(a_, plan_.lda, plan_.rows(*ch.transfer), plan_.cols(*ch.transfer),
                              plan_.trapezoid, es, base, {chunk.col_lo, chunk.col_hi});
      MR2D_CHECK(n == chunk.count);
      traffic.bytes_sent += bytes;
      if (k == 0) traffic.messages_sent += 1;
    }
    const Index piece = piece_size(bytes);
    for (Index off = 0; off < bytes; off += piece) {
      const int count = static_cast<int>(std::min(piece, bytes - off));
      MPI_Request req;
      int err = ch.receiving ? MPI_Irecv(base + off, count, MPI_BYTE, ch.transfer->peer, kTag, comm_, &req)
                             : MPI_Isend(base + off, count, MPI_BYTE, ch.transfer->peer, kTag, comm_, &req);
      if (err != MPI_SUCCESS) return mpi_error(ch.receiving ? "MPI_Irecv" : "MPI_Isend", err);
      track(req, c, slot);
      ++ch.pieces_left[slot];
    }
    return {};
  }

  void track(MPI_Request req, std::size_t c, std::size_t slot) {
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

  const plan::Plan& plan_;
  const void* a_;
  void* b_;
  MPI_Comm comm_;
  Index window_;
  std::vector<Channel> channels_;
  std::vector<MPI_Request> reqs_;
  std::vector<std::pair<std::size_t, std::size_t>> owner_;  // request -> (channel, slot)
  std::vector<std::size_t> free_;
  long long active_ = 0;
};

}  // namespace

Status execute(const plan::Plan& plan, const plan::Route& route, const void* a, void* b,
               MPI_Comm comm, Traffic& traffic) {
  const Index es = plan.elem_size;
  auto* sendbuf = static_cast<unsigned char*>(
      send_pool().get(static_cast<std::size_t>(std::max<Index>(route.send_buffer_elems * es, 1))));
  auto* recvbuf = static_cast<unsigned char*>(
      recv_pool().get(static_cast<std::size_t>(std::max<Index>(route.recv_buffer_elems * es, 1))));
  if (sendbuf == nullptr || recvbuf == nullptr)
    return {MR2D_ERR_MEMORY, "mr2d: out of memory for message buffers"};

  bool self_done = !plan.has_self;
  auto copy_self = [&] {
    if (self_done) return;
    self_done = true;
    Index copied = kernels::copy_local(a, plan.lda, b, plan.ldb, plan.rows(plan.self),
                                       plan.cols(plan.self), plan.trapezoid, es);
    MR2D_CHECK(copied == plan.self.count);
    traffic.bytes_local += copied * es;
  };

  for (const plan::Stage& stage : route.stages) {
    StageRunner runner(plan, a, b, comm, route.window);
    // Receives first, so every message finds its buffer.
    Index off = 0;
    for (int k : stage.recvs) {
      const auto& chunks = route.recv_chunks[static_cast<std::size_t>(k)];
      runner.add(true, plan.recvs[static_cast<std::size_t>(k)], chunks, recvbuf + off * es);
      off += plan::slot_elems(chunks, route.window);
    }
    off = 0;
    for (int k : stage.sends) {
      const auto& chunks = route.send_chunks[static_cast<std::size_t>(k)];
      runner.add(false, plan.sends[static_cast<std::size_t>(k)], chunks, sendbuf + off * es);
      off += plan::slot_elems(chunks, route.window);
    }
    Status st = runner.run(copy_self, traffic);
    if (!st.ok()) return st;
  }
  copy_self();
  return {};
}

}  // namespace mr2d::transport

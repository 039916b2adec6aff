// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The MPI path of an execution: messages to processes without a shared-
// memory link, stage by stage along the route, receives posted first, each
// message cut into chunks with a bounded window in flight, chunks unpacked in
// arrival order. A stage runs in steps (post_first, then test until done), so
// that an execution can be left in flight between calls. The runner owns its requests: whatever way it is left (an
// MPI error, an internal check), posted receives are cancelled and completed
// and sends released before the buffers can be reused.
#pragma once

#include <mpi.h>

#include <utility>
#include <vector>

#include "common/status.hpp"
#include "route/route.hpp"
#include "transport/part.hpp"

namespace mr2d::transport {

class SelfCopies;
struct Traffic;

class StageRunner {
 public:
  /// `parts`: the plans whose data the messages carry, with their arrays;
  /// `self`: their kept parts, packed and unpacked along where paired.
  StageRunner(const Parts& parts, SelfCopies& self, MPI_Comm comm, int tag, Index window)
      : parts_(parts), self_(self), comm_(comm), tag_(tag), window_(window) {}
  ~StageRunner();
  StageRunner(const StageRunner&) = delete;
  StageRunner& operator=(const StageRunner&) = delete;

  /// Adds one message; `region` holds its window slots.
  void add(bool receiving, const route::Message& message, unsigned char* region);
  /// Posts every message's first chunks.
  Status post_first(Traffic& traffic);
  /// Handles every request that has completed (unpacks arrived chunks,
  /// posts the next ones) without waiting; `progressed` is set where any
  /// had. With `may_block` under simulated MPI it waits for the stage
  /// instead (every unsuccessful test costs simulated time there).
  Status test(Traffic& traffic, bool& progressed, bool may_block);
  /// Whether every message of the stage is complete.
  bool done() const { return active_ == 0; }
  /// Whether sends are in flight: a runner left now releases them, and
  /// their buffer must outlive what MPI may still read.
  bool sending() const;
  /// MR2D_ERR_TIMEOUT naming a peer of a pending transfer.
  Status timed_out() const;

 private:
  // One message of a stage in flight: its chunks go through `window` slots of
  // its buffer region. A freed slot takes the next chunk; chunks are posted in
  // order on both sides, so MPI's ordering matches them whatever slot they use.
  struct Message {
    bool receiving = false;
    const route::Message* message = nullptr;
    unsigned char* region = nullptr;  // window slots, or the whole message
    route::ChunkSlots slots;
    std::size_t next = 0;               // next chunk to post
    std::vector<int> pieces_left;       // per slot, pieces of its chunk still pending
    std::vector<std::size_t> chunk_in;  // per slot, the chunk it holds
    unsigned char* place(std::size_t slot, const route::Chunk& chunk) const {
      return region + slots.offset(chunk, static_cast<Index>(slot));
    }
  };
  Status post_next(std::size_t c, std::size_t slot, Traffic& traffic);
  // Request `which` completed: its chunk is unpacked once all its pieces
  // are in, and its slot takes the message's next chunk.
  // An empty piece received is a peer's give-up notice (give_up_notice.hpp).
  Status complete(std::size_t which, const MPI_Status& status, Traffic& traffic);
  void track(MPI_Request req, std::size_t c, std::size_t slot);

  const Parts& parts_;
  SelfCopies& self_;
  MPI_Comm comm_;
  int tag_;
  Index window_;
  std::vector<Message> messages_;
  std::vector<MPI_Request> reqs_;
  std::vector<std::pair<std::size_t, std::size_t>> owner_;  // request -> (message, slot)
  std::vector<std::size_t> free_;
  long long active_ = 0;
};

}  // namespace mr2d::transport

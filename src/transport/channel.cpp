// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Per-context channels; see channel.hpp.
#include "transport/channel.hpp"

#include "mr2d/mr2d.h"
#include "transport/errors_return.hpp"
#include "transport/progress_thread.hpp"
#include "transport/started_channels.hpp"
#include "transport/transfer.hpp"

namespace mr2d::transport {

namespace {

// A value owned by a communicator attribute: `on_free` runs when MPI frees
// the communicator (BLACS exiting the grid), then the holder is deleted.
template <class T>
struct Holder {
  std::shared_ptr<T> value;
};

template <class T, void (*OnFree)(T&)>
int release_holder(MPI_Comm, int, void* attr, void*) {
  auto* h = static_cast<Holder<T>*>(attr);
  OnFree(*h->value);
  delete h;
  return MPI_SUCCESS;
}

void close_channel(Channel& c) { c.close(); }
void clear_flag(std::atomic<bool>& f) { f = false; }

template <class T, void (*OnFree)(T&)>
int keyval() {
  static const int key = [] {
    int k = MPI_KEYVAL_INVALID;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, release_holder<T, OnFree>, &k, nullptr);
    return k;
  }();
  return key;
}

template <class T, void (*OnFree)(T&)>
std::shared_ptr<T> attached(MPI_Comm comm) {
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, keyval<T, OnFree>(), &value, &found);
  return found ? static_cast<Holder<T>*>(value)->value : nullptr;
}

template <class T, void (*OnFree)(T&)>
void attach(MPI_Comm comm, std::shared_ptr<T> value) {
  MPI_Comm_set_attr(comm, keyval<T, OnFree>(), new Holder<T>{std::move(value)});
}

int tag_bits_of(MPI_Comm comm) {
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, MPI_TAG_UB, &value, &found);
  const long long ub = found ? *static_cast<int*>(value) : 32767;
  int bits = 0;
  while (bits < 31 && (1LL << (bits + 1)) - 1 <= ub) ++bits;
  return bits;
}

}  // namespace

Channel::~Channel() {
  forget_started(*this);
  forget_progress(*this);
  close();
}

int Channel::tag(std::uint64_t serial) const {
  const int lane_bits = 8;  // kLanes
  static_assert(kLanes == 1 << 8, "lane bits");
  const int serial_bits = tag_bits - lane_bits;
  const std::uint64_t s = serial & ((std::uint64_t{1} << serial_bits) - 1);
  return static_cast<int>((static_cast<std::uint64_t>(lease.lane) << serial_bits) | s);
}

void Channel::close() noexcept {
  const StepLock hold(*this);
  alive = false;
  while (!transfers.empty())
    transfers.front()->abandon(
        failure(MR2D_ERR_CONTEXT, "",
                "the union context was exited (blacs_gridexit) while an execution over it was in flight"));
  shm.reset();
  // Requests of a failed transfer may still reference the buffers: keep them.
  if (broken) {
    send.abandon();
    recv.abandon();
    middle.abandon();
  }
  return_lease(lease);
}

Status channel_for(MPI_Comm union_comm, std::shared_ptr<Channel>& out) {
  out = attached<Channel, close_channel>(union_comm);
  if (out) return {};
  auto c = std::make_shared<Channel>();
  c->union_comm = union_comm;
  Status s = lease_private_comm(union_comm, c->lease);
  if (!s.ok()) return s;
  c->tag_bits = tag_bits_of(c->lease.comm);
  attach<Channel, close_channel>(union_comm, c);
  out = std::move(c);
  return {};
}

Status prepare_transport(Channel& channel, Transport transport, Index shm_budget) {
  if (transport == Transport::mpi) return {};
  if (!channel.shm_tried) {
    Status s;
    channel.shm = ShmLinks::open(channel.union_comm, shm_budget, s, channel.shm_unavailable);
    channel.shm_tried = true;
    if (!s.ok()) return s;
  }
  if (transport == Transport::shm && !channel.shm)
    return {MR2D_ERR_ARGUMENT,
            message_of("", "transport shm: shared memory is not available between these processes: ") +
                channel.shm_unavailable};
  return {};
}

std::shared_ptr<const std::atomic<bool>> liveness(MPI_Comm comm) {
  auto flag = attached<std::atomic<bool>, clear_flag>(comm);
  if (!flag) {
    flag = std::make_shared<std::atomic<bool>>(true);
    attach<std::atomic<bool>, clear_flag>(comm, flag);
  }
  return flag;
}

}  // namespace mr2d::transport

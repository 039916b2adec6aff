// SPDX-License-Identifier: BSD-3-Clause
// (MPI for setup only) Shared-memory links; see shm_links.hpp.
#include "transport/shm_links.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <limits>
#include <random>

#include "common/env.hpp"
#include "mr2d/mr2d.h"
#include "transport/bounded_collective.hpp"
#include "transport/errors_return.hpp"
#include "transport/memory_room.hpp"

namespace mr2d::transport {

namespace {

const Awaited kSetup{nullptr, "set up shared memory"};

// Bytes of the segments this process created and still maps (stats).
std::atomic<Index> g_bytes_held{0};

// Links ids: a per-process random part and a counter. Names also carry the
// process id, but a process killed during a set-up leaves its names behind,
// and a later process can get the same id.
long long next_uid() {
  static std::atomic<long long> counter{0};
  static const long long token = [] {
    std::random_device rd;
    return static_cast<long long>(rd() & 0x7fffffffu);
  }();
  return (token << 24) | (counter++ & 0xffffff);
}

// Union ranks of the processes sharing my node. MPI_Comm_split_type has no
// nonblocking form: a bounded collective first makes sure every process is
// there to enter it.
std::vector<int> node_members(MPI_Comm union_comm, int rank, Status& status, int& err) {
  std::vector<int> ranks;
  long long here = 1, all = 0;
  status = bounded_allreduce(union_comm, &here, &all, 1, MPI_LONG_LONG, MPI_MIN, kSetup);
  if (!status.ok()) return ranks;
  MPI_Comm node = MPI_COMM_NULL;
  err = MPI_Comm_split_type(union_comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  if (err != MPI_SUCCESS) return ranks;
  MPI_Group ng, ug;
  int nsize = 0;
  MPI_Comm_size(node, &nsize);
  std::vector<int> seq(static_cast<std::size_t>(nsize));
  for (int k = 0; k < nsize; ++k) seq[static_cast<std::size_t>(k)] = k;
  ranks.resize(seq.size());
  MPI_Comm_group(node, &ng);
  MPI_Comm_group(union_comm, &ug);
  MPI_Group_translate_ranks(ng, nsize, seq.data(), ug, ranks.data());
  MPI_Group_free(&ng);
  MPI_Group_free(&ug);
  MPI_Comm_free(&node);
  return ranks;
}

// My block of k consecutive node members (a virtual node).
std::vector<int> virtual_node(const std::vector<int>& members, int rank, int k) {
  if (k <= 0 || members.empty()) return members;
  const auto pos = static_cast<std::size_t>(std::find(members.begin(), members.end(), rank) - members.begin());
  const std::size_t first = pos / static_cast<std::size_t>(k) * static_cast<std::size_t>(k);
  const std::size_t last = std::min(members.size(), first + static_cast<std::size_t>(k));
  return {members.begin() + static_cast<long>(first), members.begin() + static_cast<long>(last)};
}

std::uint64_t epoch_start() { return static_cast<std::uint64_t>(count_env("MR2D_TEST_EPOCH_START")); }

// A header: kLinkSlots slots for each process of the union.
std::size_t header_bytes(std::size_t processes) { return sizeof(ShmSlot) * processes * kLinkSlots; }

// Where the slot of peer `k` at `epoch` lies in a header, in slots.
std::size_t slot_index(int k, std::uint64_t epoch) {
  return static_cast<std::size_t>(k) * kLinkSlots + static_cast<std::size_t>(epoch % kLinkSlots);
}

}  // namespace

int node_ranks_override() {
  // Read once: every call reports it to the agreement.
  static const int k = static_cast<int>(std::min<Index>(count_env("MR2D_NODE_RANKS"), 1 << 30));
  return k;
}

Index shm_bytes_held() { return g_bytes_held.load(std::memory_order_relaxed); }

Segment::~Segment() { reset(); }

void Segment::reset() {
  if (base_ != nullptr) munmap(base_, size_);
  if (created_) g_bytes_held -= static_cast<Index>(size_);
  created_ = false;
  base_ = nullptr;
  size_ = 0;
  unlink();
}

void Segment::unlink() {
  if (name_.empty()) return;
  shm_unlink(name_.c_str());
  name_.clear();
}

bool Segment::create(const std::string& name, std::size_t bytes) {
  reset();
  const int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
  if (fd < 0) return false;
  void* p = MAP_FAILED;
  // posix_fallocate reserves every page now: on a full tmpfs a mapping made
  // with ftruncate alone succeeds and its first touch raises SIGBUS.
  if (ftruncate(fd, static_cast<off_t>(bytes)) == 0 && posix_fallocate(fd, 0, static_cast<off_t>(bytes)) == 0)
    p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) {
    shm_unlink(name.c_str());
    return false;
  }
  name_ = name;
  base_ = p;
  size_ = bytes;
  created_ = true;
  g_bytes_held += static_cast<Index>(bytes);
  return true;
}

void Segment::shrink(std::size_t bytes) {
  if (!created_ || name_.empty() || bytes >= size_) return;
  const int fd = shm_open(name_.c_str(), O_RDWR, 0);
  if (fd < 0) return;
  if (ftruncate(fd, static_cast<off_t>(bytes)) == 0) {
    munmap(static_cast<unsigned char*>(base_) + bytes, size_ - bytes);
    g_bytes_held -= static_cast<Index>(size_ - bytes);
    size_ = bytes;
  }
  close(fd);
}

bool Segment::open(const std::string& name, std::size_t bytes, bool writable) {
  reset();
  const int fd = shm_open(name.c_str(), writable ? O_RDWR : O_RDONLY, 0);
  if (fd < 0) return false;
  struct stat st {};
  void* p = MAP_FAILED;
  if (fstat(fd, &st) == 0 && static_cast<std::size_t>(st.st_size) >= bytes && bytes > 0)
    p = mmap(nullptr, bytes, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return false;
  base_ = p;
  size_ = bytes;
  return true;
}

std::string ShmLinks::name_of(int local, const char* what) const {
  const auto k = static_cast<std::size_t>(local);
  return "/mr2d-" + std::to_string(pid_[k]) + "-" + std::to_string(uid_[k]) + "-" + what;
}

std::unique_ptr<ShmLinks> ShmLinks::open(MPI_Comm union_comm, Index budget, Status& status, std::string& why_not) {
  status = {};
  ErrorsReturn guard(union_comm);
  int rank = 0, size = 1;
  MPI_Comm_rank(union_comm, &rank);
  MPI_Comm_size(union_comm, &size);

  int err = MPI_SUCCESS;
  const std::vector<int> members = node_members(union_comm, rank, status, err);
  if (!status.ok()) return nullptr;
  const std::vector<int> node = virtual_node(members, rank, node_ranks_override());
  std::unique_ptr<ShmLinks> links(new ShmLinks());
  links->local_of_.assign(static_cast<std::size_t>(size), -1);
  links->peers_ = node;
  for (std::size_t k = 0; k < node.size(); ++k) {
    links->local_of_[static_cast<std::size_t>(node[k])] = static_cast<int>(k);
    if (node[k] == rank) links->me_ = static_cast<int>(k);
  }
  const int n = static_cast<int>(node.size());
  const auto un = static_cast<std::size_t>(n);
  links->pid_.assign(un, 0);
  links->uid_.assign(un, 0);
  if (links->me_ >= 0) {
    links->pid_[static_cast<std::size_t>(links->me_)] = getpid();
    links->uid_[static_cast<std::size_t>(links->me_)] = next_uid();
  }

  // The pool this process can afford (the budget is shared by the whole real
  // node's processes), with its segments created and reserved; a process
  // alone on its node needs none and constrains nobody.
  Index afford = 0;
  PoolChoice choice;
  if (err != MPI_SUCCESS || links->me_ < 0) {
    why_not = "the node's processes cannot be found";
  } else if (n == 1) {
    afford = std::numeric_limits<Index>::max();
  } else {
    choice = choose_pool({budget, shm_free_bytes(), memory_room().bytes, static_cast<Index>(members.size()),
                          static_cast<Index>(header_bytes(un)), shm_bytes_held()});
    afford = choice.pool;
    if (afford > 0 && (!links->own_header_.create(links->name_of(links->me_, "h"), header_bytes(un)) ||
                       !links->own_pool_.create(links->name_of(links->me_, "p"), static_cast<std::size_t>(afford)))) {
      why_not = "shared memory segments cannot be created (/dev/shm full or not permitted)";
      afford = 0;
      links->own_header_.reset();
      links->own_pool_.reset();
    } else if (afford > 0) {
      // Both sides of a link start from the same epoch (a test hook moves it
      // near the wrap of the 32-bit epochs in the slot words).
      for (std::size_t r = 0; r < un * kLinkSlots; ++r) {
        auto* slot = new (links->own_header_.data() + sizeof(ShmSlot) * r) ShmSlot();
        slot->ready.store(link_word(epoch_start(), 0), std::memory_order_relaxed);
        slot->taken.store(link_word(epoch_start(), 0), std::memory_order_relaxed);
        slot->consumed.store(epoch_start(), std::memory_order_relaxed);
      }
    }
  }

  // Everyone's pool, process id, links id, and what limited it; the pool is
  // the smallest, and where one gets none every process names why.
  constexpr int kWords = 6;
  long long mine[kWords] = {afford,
                            static_cast<long long>(getpid()),
                            links->me_ >= 0 ? links->uid_[static_cast<std::size_t>(links->me_)] : 0,
                            static_cast<long long>(choice.limit),
                            choice.cap,
                            static_cast<long long>(members.size())};
  std::vector<long long> all(static_cast<std::size_t>(kWords * size));
  status = bounded_allgather(union_comm, mine, kWords, MPI_LONG_LONG, all.data(), kSetup);
  if (!status.ok()) return nullptr;
  Index pool = std::numeric_limits<Index>::max();
  int poorest = 0;
  for (int r = 0; r < size; ++r)
    if (all[static_cast<std::size_t>(kWords * r)] < pool) {
      pool = all[static_cast<std::size_t>(kWords * r)];
      poorest = r;
    }
  if (pool <= 0) {
    const auto at = static_cast<std::size_t>(kWords * poorest);
    const auto limit = static_cast<PoolLimit>(all[at + 3]);
    if (limit != PoolLimit::none)
      why_not = "process " + std::to_string(poorest) + ": " + pool_limit_text(limit, all[at + 4], all[at + 5]);
    else if (why_not.empty() || poorest != rank)
      why_not = "process " + std::to_string(poorest) +
                " cannot set up shared memory (its node's processes cannot be found, or its segments cannot be "
                "created: /dev/shm full or not permitted)";
    return nullptr;
  }
  links->pool_bytes_ = pool;
  links->own_pool_.shrink(static_cast<std::size_t>(pool));
  bool ok = true;
  if (n > 1) {
    links->headers_.resize(un);
    links->pools_.resize(un);
    for (int k = 0; k < n; ++k) {
      const auto r = static_cast<std::size_t>(node[static_cast<std::size_t>(k)]);
      links->pid_[static_cast<std::size_t>(k)] = all[kWords * r + 1];
      links->uid_[static_cast<std::size_t>(k)] = all[kWords * r + 2];
      if (k == links->me_ || !ok) continue;
      links->headers_[static_cast<std::size_t>(k)] = std::make_unique<Segment>();
      links->pools_[static_cast<std::size_t>(k)] = std::make_unique<Segment>();
      ok = links->headers_[static_cast<std::size_t>(k)]->open(links->name_of(k, "h"), header_bytes(un), true) &&
           links->pools_[static_cast<std::size_t>(k)]->open(links->name_of(k, "p"), static_cast<std::size_t>(pool),
                                                            false);
    }
  }
  long long every = ok ? 1 : 0;
  long long in = every;
  status = bounded_allreduce(union_comm, &in, &every, 1, MPI_LONG_LONG, MPI_MIN, kSetup);
  // Every peer has mapped my segments (or given up): their names go now.
  links->own_header_.unlink();
  links->own_pool_.unlink();
  if (!status.ok()) return nullptr;
  if (every == 0) {
    why_not = "a node peer's shared memory cannot be mapped";
    return nullptr;
  }
  links->epoch_out.assign(un, epoch_start());
  links->epoch_in.assign(un, epoch_start());
  links->out_busy.assign(static_cast<std::size_t>(links->node_size()) * kLinkSlots, 0);
  return links;
}

ShmLinks::~ShmLinks() = default;

Index ShmLinks::bytes_held() const { return static_cast<Index>(own_header_.size() + own_pool_.size()); }

void ShmLinks::mark_failed() {
  if (failed_) return;
  failed_ = true;
  for (int k = 0; k < node_size(); ++k) {
    if (k == me_) continue;
    for (std::uint64_t e = 0; e < kLinkSlots; ++e) {
      out_slot(k, e).sender_dead.store(1, std::memory_order_release);
      in_slot(k, e).receiver_dead.store(1, std::memory_order_release);
    }
  }
}

ShmSlot& ShmLinks::out_slot(int r, std::uint64_t epoch) const {
  return *reinterpret_cast<ShmSlot*>(own_header_.data() + sizeof(ShmSlot) * slot_index(r, epoch));
}

ShmSlot& ShmLinks::in_slot(int s, std::uint64_t epoch) const {
  return *reinterpret_cast<ShmSlot*>(headers_[static_cast<std::size_t>(s)]->data() +
                                     sizeof(ShmSlot) * slot_index(me_, epoch));
}

}  // namespace mr2d::transport

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
#include <mutex>
#include <random>
#include <set>

#include "mr2d/mr2d.h"
#include "transport/backoff.hpp"
#include "transport/errors_return.hpp"

namespace mr2d::transport {

namespace {

// How long closing links waits for node peers still reading my messages
// (they are in the same redistribution, so normally microseconds); a peer
// that never comes gets an error instead of a hang here.
constexpr double kDrainSeconds = 10;

// Names this process still owns, removed at exit so that a program that
// never exits its grids leaves nothing in /dev/shm; and the links still open,
// drained first so that a peer still reading can map what it reads.
// Never destroyed: the exit handler below may run after static destructors.
std::mutex g_names_mutex;
std::set<std::string>& owned_names() {
  static auto* names = new std::set<std::string>();
  return *names;
}
std::set<const ShmLinks*>& open_links() {
  static auto* links = new std::set<const ShmLinks*>();
  return *links;
}
void unlink_owned_names() {
  std::lock_guard<std::mutex> lock(g_names_mutex);
  for (const ShmLinks* l : open_links()) l->drain();
  for (const std::string& n : owned_names()) shm_unlink(n.c_str());
  owned_names().clear();
}
void register_exit_handler() {
  static const bool registered = std::atexit(unlink_owned_names) == 0;
  (void)registered;
}
void own_name(const std::string& name, bool owned) {
  register_exit_handler();
  std::lock_guard<std::mutex> lock(g_names_mutex);
  if (owned) owned_names().insert(name);
  else owned_names().erase(name);
}
void track_links(const ShmLinks* links, bool open) {
  register_exit_handler();
  std::lock_guard<std::mutex> lock(g_names_mutex);
  if (open) open_links().insert(links);
  else open_links().erase(links);
}

// Links ids: a per-process random part and a counter. Names also carry the
// process id, but a process killed by a signal leaves its names behind, and
// a later process can get the same id.
long long next_uid() {
  static std::atomic<long long> counter{0};
  static const long long token = [] {
    std::random_device rd;
    return static_cast<long long>(rd() & 0x7fffffffu);
  }();
  return (token << 24) | (counter++ & 0xffffff);
}

int ranks_per_node_override() {
  const char* env = std::getenv("MR2D_NODE_RANKS");
  const int k = env != nullptr ? std::atoi(env) : 0;
  return k > 0 ? k : 0;
}

}  // namespace

Segment::~Segment() { reset(); }

void Segment::reset() {
  if (base_ != nullptr) munmap(base_, size_);
  base_ = nullptr;
  size_ = 0;
  unlink();
}

void Segment::unlink() {
  if (name_.empty()) return;
  shm_unlink(name_.c_str());
  own_name(name_, false);
  name_.clear();
}

bool Segment::create(const std::string& name, std::size_t bytes) {
  reset();
  const int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
  if (fd < 0) return false;
  own_name(name, true);
  name_ = name;
  void* p = MAP_FAILED;
  if (ftruncate(fd, static_cast<off_t>(bytes)) == 0)
    p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) {
    unlink();
    return false;
  }
  base_ = p;
  size_ = bytes;
  return true;
}

bool Segment::open(const std::string& name, bool writable) {
  reset();
  const int fd = shm_open(name.c_str(), writable ? O_RDWR : O_RDONLY, 0);
  if (fd < 0) return false;
  struct stat st {};
  void* p = MAP_FAILED;
  if (fstat(fd, &st) == 0 && st.st_size > 0)
    p = mmap(nullptr, static_cast<std::size_t>(st.st_size), writable ? PROT_READ | PROT_WRITE : PROT_READ,
             MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return false;
  base_ = p;
  size_ = static_cast<std::size_t>(st.st_size);
  return true;
}

std::string ShmLinks::name_of(int local, const char* what, std::uint64_t generation) const {
  const auto k = static_cast<std::size_t>(local);
  return "/mr2d-" + std::to_string(pid_[k]) + "-" + std::to_string(uid_[k]) + "-" + what +
         std::to_string(generation);
}

std::unique_ptr<ShmLinks> ShmLinks::open(MPI_Comm union_comm, Status& status) {
  status = {};
  ErrorsReturn guard(union_comm);
  int rank = 0, size = 1;
  MPI_Comm_rank(union_comm, &rank);
  MPI_Comm_size(union_comm, &size);

  // Node membership: the shared-memory split, as union ranks.
  MPI_Comm node = MPI_COMM_NULL;
  int err = MPI_Comm_split_type(union_comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  std::vector<int> node_ranks;
  if (err == MPI_SUCCESS) {
    MPI_Group ng, ug;
    int nsize = 0;
    MPI_Comm_size(node, &nsize);
    std::vector<int> seq(static_cast<std::size_t>(nsize));
    for (int k = 0; k < nsize; ++k) seq[static_cast<std::size_t>(k)] = k;
    node_ranks.resize(seq.size());
    MPI_Comm_group(node, &ng);
    MPI_Comm_group(union_comm, &ug);
    MPI_Group_translate_ranks(ng, nsize, seq.data(), ug, node_ranks.data());
    MPI_Group_free(&ng);
    MPI_Group_free(&ug);
    MPI_Comm_free(&node);
  }
  // A virtual node: my block of k consecutive node members.
  if (const int k = ranks_per_node_override(); k > 0 && !node_ranks.empty()) {
    const auto pos = static_cast<std::size_t>(
        std::find(node_ranks.begin(), node_ranks.end(), rank) - node_ranks.begin());
    const std::size_t first = pos / static_cast<std::size_t>(k) * static_cast<std::size_t>(k);
    const std::size_t last = std::min(node_ranks.size(), first + static_cast<std::size_t>(k));
    node_ranks = std::vector<int>(node_ranks.begin() + static_cast<long>(first),
                                  node_ranks.begin() + static_cast<long>(last));
  }

  std::unique_ptr<ShmLinks> links(new ShmLinks());
  links->local_of_.assign(static_cast<std::size_t>(size), -1);
  for (std::size_t k = 0; k < node_ranks.size(); ++k) {
    links->local_of_[static_cast<std::size_t>(node_ranks[k])] = static_cast<int>(k);
    if (node_ranks[k] == rank) links->me_ = static_cast<int>(k);
  }
  const int n = static_cast<int>(node_ranks.size());
  const long long my_uid = next_uid();
  bool ok = err == MPI_SUCCESS && links->me_ >= 0;
  if (ok) {
    links->pid_.assign(static_cast<std::size_t>(n), 0);
    links->uid_.assign(static_cast<std::size_t>(n), 0);
    links->pid_[static_cast<std::size_t>(links->me_)] = getpid();
    links->uid_[static_cast<std::size_t>(links->me_)] = my_uid;
    ok = links->own_header_.create(links->name_of(links->me_, "h", 0),
                                   sizeof(ShmSlot) * static_cast<std::size_t>(n));
    if (ok) for (int r = 0; r < n; ++r) new (links->own_header_.data() + sizeof(ShmSlot) * static_cast<std::size_t>(r)) ShmSlot();
  }

  // Everyone's process id and links id, then every node peer's header.
  long long mine[3] = {ok ? 1 : 0, static_cast<long long>(getpid()), my_uid};
  std::vector<long long> all(static_cast<std::size_t>(3 * size));
  err = MPI_Allgather(mine, 3, MPI_LONG_LONG, all.data(), 3, MPI_LONG_LONG, union_comm);
  if (err != MPI_SUCCESS) {
    status = mpi_failure("MPI_Allgather (shared-memory setup)", err);
    return nullptr;
  }
  if (ok) {
    links->headers_.resize(static_cast<std::size_t>(n));
    for (int k = 0; k < n && ok; ++k) {
      const auto r = static_cast<std::size_t>(node_ranks[static_cast<std::size_t>(k)]);
      ok = all[3 * r] == 1;
      links->pid_[static_cast<std::size_t>(k)] = all[3 * r + 1];
      links->uid_[static_cast<std::size_t>(k)] = all[3 * r + 2];
      if (!ok || k == links->me_) continue;
      links->headers_[static_cast<std::size_t>(k)] = std::make_unique<Segment>();
      ok = links->headers_[static_cast<std::size_t>(k)]->open(links->name_of(k, "h", 0), true) &&
           links->headers_[static_cast<std::size_t>(k)]->size() >= sizeof(ShmSlot) * static_cast<std::size_t>(n);
    }
  }
  long long every = ok ? 1 : 0;
  long long in = every;
  err = MPI_Allreduce(&in, &every, 1, MPI_LONG_LONG, MPI_MIN, union_comm);
  if (err != MPI_SUCCESS) {
    status = mpi_failure("MPI_Allreduce (shared-memory setup)", err);
    return nullptr;
  }
  // Every peer has mapped my header (or given up): its name is no longer needed.
  links->own_header_.unlink();
  if (every == 0) return nullptr;
  links->epoch_out.assign(static_cast<std::size_t>(n), 0);
  links->epoch_in.assign(static_cast<std::size_t>(n), 0);
  links->inboxes_.resize(static_cast<std::size_t>(n));
  links->inbox_generation_.assign(static_cast<std::size_t>(n), 0);
  track_links(links.get(), true);
  return links;
}

ShmLinks::~ShmLinks() { track_links(this, false); }

void ShmLinks::drain() const {
  if (failed_) return;
  const double deadline = monotonic_seconds() + kDrainSeconds;
  Backoff backoff;
  for (std::size_t r = 0; r < epoch_out.size(); ++r) {
    const std::uint64_t last = epoch_out[r];
    if (last == 0) continue;
    const ShmSlot& slot = out_slot(static_cast<int>(r));
    while (slot.consumed.load(std::memory_order_acquire) < last) {
      if (monotonic_seconds() > deadline) return;
      backoff.wait();
    }
  }
}

ShmSlot& ShmLinks::out_slot(int r) const {
  return *reinterpret_cast<ShmSlot*>(own_header_.data() + sizeof(ShmSlot) * static_cast<std::size_t>(r));
}

ShmSlot& ShmLinks::in_slot(int s) const {
  return *reinterpret_cast<ShmSlot*>(headers_[static_cast<std::size_t>(s)]->data() +
                                     sizeof(ShmSlot) * static_cast<std::size_t>(me_));
}

unsigned char* ShmLinks::outbox(std::size_t bytes, std::uint64_t& generation) {
  if (bytes > outbox_.size()) {
    // 64 KiB granules and a quarter of slack: slowly growing plans do not
    // create a segment every call, and small ones stay small.
    constexpr std::size_t granule = std::size_t{64} << 10;
    const std::size_t want = (bytes + bytes / 4 + granule - 1) / granule * granule;
    // A name left behind by a killed process is skipped, not fatal.
    bool created = false;
    for (int attempt = 0; attempt < 8 && !created; ++attempt)
      created = outbox_.create(name_of(me_, "d", ++outbox_generation_), want);
    if (!created) return nullptr;
  }
  generation = outbox_generation_;
  return outbox_.data();
}

const unsigned char* ShmLinks::inbox(int s, std::uint64_t generation) {
  const auto k = static_cast<std::size_t>(s);
  if (!inboxes_[k] || inbox_generation_[k] != generation) {
    if (!inboxes_[k]) inboxes_[k] = std::make_unique<Segment>();
    if (!inboxes_[k]->open(name_of(s, "d", generation), false)) return nullptr;
    inbox_generation_[k] = generation;
  }
  return inboxes_[k]->data();
}

}  // namespace mr2d::transport

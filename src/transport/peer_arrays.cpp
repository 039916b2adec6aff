// SPDX-License-Identifier: BSD-3-Clause
// (Shared memory) Node peers' arrays mapped in place; see peer_arrays.hpp.
#include "transport/peer_arrays.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

namespace mr2d::transport {

namespace {

// The file of process `pid` announced as `file`, mapped read-only, or null.
void* map_peer_file(long long pid, const PeerFile& file) {
  const std::string path = "/proc/" + std::to_string(pid) + "/fd/" + std::to_string(file.fd);
  const int f = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (f < 0) return nullptr;
  struct stat st {};
  void* p = MAP_FAILED;
  const auto bytes = static_cast<std::size_t>(file.bytes);
  // The number may name another file by now (the program closed ours and
  // opened or dup2'd another): only the announced identity is the array.
  // The file must also hold every announced byte: a read past its end
  // would SIGBUS.
  if (fstat(f, &st) == 0 && static_cast<std::uint64_t>(st.st_dev) == file.dev &&
      static_cast<std::uint64_t>(st.st_ino) == file.ino && st.st_size >= 0 &&
      static_cast<std::size_t>(st.st_size) >= bytes)
    p = mmap(nullptr, bytes, PROT_READ, MAP_SHARED, f, 0);
  close(f);
  return p == MAP_FAILED ? nullptr : p;
}

}  // namespace

PeerArrays::~PeerArrays() {
  for (const Mapping& m : maps_)
    if (m.base != nullptr) munmap(m.base, m.bytes);
}

void PeerArrays::drop(int peer) {
  std::size_t kept = 0;
  for (const Mapping& m : maps_) {
    if (m.peer != peer) {
      maps_[kept++] = m;
    } else if (m.base != nullptr) {
      munmap(m.base, m.bytes);
    }
  }
  maps_.resize(kept);
}

const unsigned char* PeerArrays::map(int peer, long long pid, std::uint64_t frees, const PeerFile& file) {
  if (peer < 0 || file.bytes <= 0 || file.fd < 0) return nullptr;
  const auto p = static_cast<std::size_t>(peer);
  if (frees_.size() <= p) frees_.resize(p + 1, 0);
  if (frees_[p] != frees) {
    drop(peer);
    frees_[p] = frees;
  }
  const auto size = static_cast<std::size_t>(file.bytes);
  for (const Mapping& m : maps_)
    if (m.peer == peer && m.id == file.id)
      return m.dev == file.dev && m.ino == file.ino && m.bytes >= size ? static_cast<const unsigned char*>(m.base)
                                                                       : nullptr;
  maps_.push_back(Mapping{peer, file.id, file.dev, file.ino, map_peer_file(pid, file), size});
  return static_cast<const unsigned char*>(maps_.back().base);
}

std::size_t PeerArrays::mapped() const {
  std::size_t n = 0;
  for (const Mapping& m : maps_) n += m.base != nullptr ? 1 : 0;
  return n;
}

}  // namespace mr2d::transport

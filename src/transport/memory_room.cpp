// SPDX-License-Identifier: BSD-3-Clause
// Memory this process may take; see memory_room.hpp.
#include "transport/memory_room.hpp"

#include <sys/statvfs.h>

#include <fstream>
#include <limits>
#include <optional>
#include <algorithm>

#include "common/env.hpp"

namespace mr2d::transport {

namespace {

constexpr Index kUnknown = std::numeric_limits<Index>::max();

// MemAvailable of /proc/meminfo in bytes.
std::optional<Index> mem_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  Index kib = 0;
  std::string unit;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

// A number from a cgroup file ("max" or unreadable: nothing).
std::optional<Index> cgroup_number(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text)) return std::nullopt;
  return parse_count(text);
}

// The cgroup v2 path of this process ("0::/path" in /proc/self/cgroup).
std::optional<std::string> cgroup_path() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("0::", 0) == 0) return line.substr(3);
  return std::nullopt;
}

// The least memory.max - memory.current over this process's cgroup v2 and
// its parents, where one sets a limit.
std::optional<Index> cgroup_room() {
  std::optional<std::string> path = cgroup_path();
  if (!path) return std::nullopt;
  std::optional<Index> room;
  for (const char* mount : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
    std::string p = *path;
    while (true) {
      const std::string dir = std::string(mount) + (p == "/" ? "" : p);
      const std::optional<Index> max = cgroup_number(dir + "/memory.max");
      const std::optional<Index> current = cgroup_number(dir + "/memory.current");
      if (max && current) {
        const Index left = *max > *current ? *max - *current : 0;
        if (!room || left < *room) room = left;
      }
      if (p.empty() || p == "/") break;
      const std::size_t slash = p.find_last_of('/');
      p = slash == 0 || slash == std::string::npos ? "/" : p.substr(0, slash);
    }
    if (room) break;
  }
  return room;
}

void consider(MemoryRoom& room, const char* name, std::optional<Index> bytes) {
  if (!bytes) return;
  room.bytes = std::min(room.bytes, *bytes);
  room.where += std::string(room.where.empty() ? "" : ", ") + name + " " + std::to_string(*bytes);
}

}  // namespace

MemoryRoom memory_room() {
  MemoryRoom room{kUnknown, ""};
  consider(room, "MemAvailable", mem_available());
  consider(room, "cgroup memory.max - memory.current", cgroup_room());
  const Index hook = size_env("MR2D_TEST_MEMORY_LIMIT");
  consider(room, "MR2D_TEST_MEMORY_LIMIT", hook > 0 ? std::optional<Index>(hook) : std::nullopt);
  return room;
}

Index shm_free_bytes() {
  struct statvfs fs {};
  if (statvfs("/dev/shm", &fs) != 0) return kUnknown;
  return static_cast<Index>(fs.f_bavail) * static_cast<Index>(fs.f_frsize);
}

}  // namespace mr2d::transport

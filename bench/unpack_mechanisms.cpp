// SPDX-License-Identifier: BSD-3-Clause
// Which mechanism should a receiver use to scatter a packed message from a
// peer process on the same node into its local array? Times, for runs of L
// doubles written at stride 2L (64 MiB in all), (a) a user-space copy loop
// from a shared mapping of the sender's buffer, the mechanism mr2d uses, and
// (b) process_vm_readv from the sender's contiguous buffer into one local
// iovec per run (cross-memory attach), where the system permits it.
//   mr2d_unpack_mechanisms [L ...]      (default: 1 5 36 128 4000)
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "program_args.hpp"

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(
      argc, argv,
      "usage: mr2d_unpack_mechanisms [L ...]\n"
      "  times scattering 64 MiB into runs of L doubles (default 1 5 36 128 4000) from\n"
      "  a shared mapping against process_vm_readv. No MPI. Guide: docs/transport.md\n");
  std::vector<std::size_t> lengths;
  for (int k = 1; k <= args.count(); ++k)
    lengths.push_back(static_cast<std::size_t>(args.integer(args.at(k), "L", 1, 1 << 22)));
  if (lengths.empty()) lengths = {1, 5, 36, 128, 4000};
  const std::size_t n = (std::size_t{64} << 20) / sizeof(double);
  auto* packed = static_cast<double*>(mmap(nullptr, n * sizeof(double), PROT_READ | PROT_WRITE,
                                           MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  if (packed == MAP_FAILED) return 1;
  for (std::size_t i = 0; i < n; ++i) packed[i] = static_cast<double>(i);
  std::vector<double> local(2 * n);
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return 1;
  const pid_t peer = fork();  // the sender: same mapping at the same address
  if (peer == 0) {
    char c;
    (void)!read(pipe_fds[0], &c, 1);
    _exit(0);
  }
  for (std::size_t len : lengths) {
    const std::size_t runs = n / len;
    std::vector<double> shared_ms, cma_ms;
    bool cma_ok = true;
    for (int rep = 0; rep < 7; ++rep) {
      double t0 = now();
      for (std::size_t r = 0; r < runs; ++r)
        std::memcpy(&local[2 * len * r], packed + len * r, len * sizeof(double));
      double t1 = now();
      std::vector<iovec> iov(1024);
      for (std::size_t done = 0; done < runs && cma_ok;) {
        const std::size_t k = std::min<std::size_t>(iov.size(), runs - done);
        for (std::size_t i = 0; i < k; ++i) iov[i] = {&local[2 * len * (done + i)], len * sizeof(double)};
        iovec remote = {packed + len * done, k * len * sizeof(double)};
        cma_ok = process_vm_readv(peer, iov.data(), k, &remote, 1, 0) >= 0;
        done += k;
      }
      double t2 = now();
      shared_ms.push_back((t1 - t0) * 1e3);
      cma_ms.push_back((t2 - t1) * 1e3);
    }
    if (cma_ok)
      std::printf("runs of %5zu doubles: shared mapping + copy loop %7.1f ms, process_vm_readv %7.1f ms\n", len,
                  median(shared_ms), median(cma_ms));
    else
      std::printf("runs of %5zu doubles: shared mapping + copy loop %7.1f ms, process_vm_readv not permitted\n",
                  len, median(shared_ms));
  }
  (void)!write(pipe_fds[1], "x", 1);
  waitpid(peer, nullptr, 0);
  return 0;
}

// SPDX-License-Identifier: BSD-3-Clause
// mr2d_alloc memory and the shared-memory set-up where the program or the
// machine does not play along; every redistribution checked against
// ScaLAPACK's Cpdgemr2d over the whole local arrays (padding included):
//   identity  every process closes its array's descriptor behind mr2d's
//             back and dup2s another file of the same size (other values)
//             to that number: peers must not read that file
//   fork      rank 0 forks a child that writes to its mr2d_alloc A: the
//             child gets no mapping (it dies of SIGSEGV), the parent's A
//             keeps its values and its next redistribution is right
//   memory    (MR2D_TEST_MEMORY_LIMIT=1MiB) mr2d_alloc beyond the limit is
//             NULL with the numbers, below it works; a pool for which the
//             limit leaves too little: transport shm fails naming memory,
//             auto goes through MPI
//   memory-cap  (MR2D_TEST_MEMORY_LIMIT=16MiB, MR2D_SHM_BUDGET=64MiB) the
//             pool stays within its share of memory whatever the budget
//   budget    a budget of exactly 65536 works under transport shm, 65535
//             fails naming the budget
//   garbage   MR2D_SHM_BUDGET=1e15 on rank 1 only: every process returns
//             MR2D_ERR_ARGUMENT naming the variable and the value, B untouched
#include <fcntl.h>
#include <mpi.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

int g_rank = 0, g_world = 1;
int g_failures = 0;

void fail(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "rank %d: %s %s\n", g_rank, what, detail.c_str());
  ++g_failures;
}

void check_status(int got, int want, const char* what) {
  if (got != want)
    fail(what, std::string("returned ") + mr2d_status_name(got) + ", expected " + mr2d_status_name(want) + ": " +
                   mr2d_last_error());
}

void expect_in(const std::string& text, const char* part, const char* what) {
  if (text.find(part) == std::string::npos) fail(what, "does not say \"" + std::string(part) + "\": " + text);
}

mr2d_options options(int transport, long long budget) {
  return {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, transport, budget};
}

// m x n in 36 x 36 blocks on a 1 x P grid to 128 x 128 blocks on a P x 1
// grid (every process exchanges with every other), over a union context of
// its own, with A also in mr2d_alloc memory and ScaLAPACK's result.
struct Case {
  int m, n;
  Grid u, ga, gb;
  int desca[9] = {}, descb[9] = {};
  LocalArray<double> a, b, ref, fresh;
  double* shared = nullptr;  // A in mr2d_alloc memory
  std::size_t shared_bytes = 0;

  Case(int m_, int n_, bool in_shared) : m(m_), n(n_) {
    u = make_grid(1, g_world, "R", {});
    ga = make_grid(1, g_world, "R", {});
    gb = make_grid(g_world, 1, "C", {});
    fill_codes(a, m, n, 36, 36, 0, 0, ga.myrow, ga.nprow, ga.mycol, ga.npcol);
    fresh = sentinel_array<double>(m, n, 128, 128, 0, 0, gb.myrow, gb.nprow, gb.mycol, gb.npcol, 3);
    const int da[9] = {1, ga.ctxt, m, n, 36, 36, 0, 0, a.lld};
    const int db[9] = {1, gb.ctxt, m, n, 128, 128, 0, 0, fresh.lld};
    std::memcpy(desca, da, sizeof da);
    std::memcpy(descb, db, sizeof db);
    if (in_shared && !a.data.empty()) {
      shared_bytes = a.data.size() * sizeof(double);
      shared = static_cast<double*>(mr2d_alloc(shared_bytes));
      if (shared == nullptr) fail("mr2d_alloc:", mr2d_last_error());
      else std::memcpy(shared, a.data.data(), shared_bytes);
    }
    ref = fresh;
    Cpdgemr2d(m, n, a.ptr(), 1, 1, desca, ref.ptr(), 1, 1, descb, u.ctxt);
    b = fresh;
  }
  ~Case() {
    if (shared != nullptr) mr2d_free(shared);
    for (Grid* g : {&u, &ga, &gb})
      if (g->member()) Cblacs_gridexit(g->ctxt);
  }
  Case(const Case&) = delete;
  Case& operator=(const Case&) = delete;

  double* pa() { return shared != nullptr ? shared : a.ptr(); }
  // A direct call with the process-wide options (o null), else a plan with `o`.
  int run(const mr2d_options* o) {
    b = fresh;
    if (o == nullptr) return mr2d_gemr2d(MR2D_D, m, n, pa(), 1, 1, desca, b.ptr(), 1, 1, descb, u.ctxt);
    mr2d_plan plan = nullptr;
    const int made = mr2d_plan_create_gemr2d(&plan, MR2D_D, m, n, 1, 1, desca, 1, 1, descb, u.ctxt, o);
    if (made != MR2D_SUCCESS) return made;
    const int got = mr2d_plan_execute(plan, pa(), b.ptr());
    mr2d_plan_destroy(&plan);
    return got;
  }
  static bool same(const LocalArray<double>& x, const LocalArray<double>& y) {
    return x.data.size() == y.data.size() &&
           (x.data.empty() || std::memcmp(x.data.data(), y.data.data(), x.data.size() * sizeof(double)) == 0);
  }
  bool right() const { return same(b, ref); }
  bool untouched() const { return same(b, fresh); }
};

// The descriptor number of this process's one mr2d_alloc memory file.
int memory_file_fd() {
  for (int fd = 3; fd < 1024; ++fd) {
    char link[256] = {};
    const std::string path = "/proc/self/fd/" + std::to_string(fd);
    const ssize_t len = readlink(path.c_str(), link, sizeof link - 1);
    if (len > 0 && std::strstr(link, "memfd:mr2d-array") != nullptr) return fd;
  }
  return -1;
}

int identity() {
  Case c(900, 700, true);
  const int fd = memory_file_fd();
  if (c.shared != nullptr && fd < 0) fail("identity: no mr2d_alloc memory file among the descriptors");
  if (fd >= 0) {
    // Another file of the same size (mr2d_alloc's, in whole pages), other
    // values, under the same number.
    const long page = sysconf(_SC_PAGESIZE);
    const auto size = static_cast<off_t>((static_cast<long>(c.shared_bytes) + page - 1) / page * page);
    const int decoy = memfd_create("decoy", MFD_CLOEXEC);
    if (decoy < 0 || ftruncate(decoy, size) != 0) fail("identity: the decoy file");
    std::vector<double> other(c.shared_bytes / sizeof(double), -7.0);
    if (pwrite(decoy, other.data(), c.shared_bytes, 0) != static_cast<ssize_t>(c.shared_bytes))
      fail("identity: writing the decoy");
    close(fd);
    if (dup2(decoy, fd) != fd) fail("identity: dup2");
    close(decoy);
  }
  const mr2d_options o = options(MR2D_TRANSPORT_SHM, 0);
  for (int k = 0; k < 2; ++k) {
    check_status(c.run(&o), MR2D_SUCCESS, "identity: mr2d_gemr2d");
    if (!c.right()) fail("identity: B differs from ScaLAPACK's (a peer read the file behind the reused number)");
  }
  return 0;
}

int forked() {
  Case c(800, 600, true);
  const mr2d_options o = options(MR2D_TRANSPORT_SHM, 0);
  check_status(c.run(&o), MR2D_SUCCESS, "fork: before the fork");
  if (!c.right()) fail("fork: B differs from ScaLAPACK's before the fork");
  if (g_rank == 0 && c.shared != nullptr) {
    const pid_t child = fork();
    if (child == 0) {
      const rlimit no_core{0, 0};
      setrlimit(RLIMIT_CORE, &no_core);
      // The default action, so that a sanitizer's own SIGSEGV handler (which
      // exits instead) does not hide how the child ended.
      std::signal(SIGSEGV, SIG_DFL);
      // What the child believes is its copy of A.
      for (std::size_t k = 0; k < c.shared_bytes / sizeof(double); ++k) c.shared[k] = -1.0;
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSEGV)
      fail("fork: the writing child did not die of SIGSEGV: status", std::to_string(status));
    if (std::memcmp(c.shared, c.a.data.data(), c.shared_bytes) != 0)
      fail("fork: the child's writes reached the parent's A");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  for (int k = 0; k < 2; ++k) {
    check_status(c.run(&o), MR2D_SUCCESS, "fork: after the fork");
    if (!c.right()) fail("fork: B differs from ScaLAPACK's after the fork");
  }
  return 0;
}

int memory() {
  // MR2D_TEST_MEMORY_LIMIT=1MiB: 2 MiB refused with the numbers, 64 KiB granted.
  void* big = mr2d_alloc(2u << 20);
  const std::string why = mr2d_last_error();
  if (big != nullptr) {
    fail("memory: mr2d_alloc of 2 MiB under a 1 MiB limit succeeded");
    mr2d_free(big);
  }
  expect_in(why, "2097152", "memory: the refusal");
  expect_in(why, "1048576", "memory: the refusal");
  expect_in(why, "MR2D_TEST_MEMORY_LIMIT", "memory: the refusal");
  void* small = mr2d_alloc(64u << 10);
  if (small == nullptr) fail("memory: mr2d_alloc of 64 KiB under a 1 MiB limit:", mr2d_last_error());
  mr2d_free(small);
  // A pool needs 64 KiB of a 16th of the memory over the node's processes.
  {
    Case c(300, 200, false);
    const mr2d_options shm = options(MR2D_TRANSPORT_SHM, 0);
    check_status(c.run(&shm), MR2D_ERR_ARGUMENT, "memory: transport shm");
    expect_in(mr2d_last_error(), "memory", "memory: transport shm's error");
    if (!c.untouched()) fail("memory: B changed by a failed call");
  }
  {
    Case c(300, 200, false);
    const mr2d_options any = options(MR2D_TRANSPORT_AUTO, 0);
    check_status(c.run(&any), MR2D_SUCCESS, "memory: transport auto");
    if (!c.right()) fail("memory: B differs from ScaLAPACK's through MPI");
  }
  mr2d_stats stats;
  mr2d_get_stats(&stats);
  if (stats.shm_bytes != 0) fail("memory: shared memory held:", std::to_string(stats.shm_bytes));
  return 0;
}

int memory_cap() {
  // MR2D_TEST_MEMORY_LIMIT=16MiB, MR2D_SHM_BUDGET=64MiB: the pool is at most
  // a 16th of 16 MiB over the node's processes.
  Case c(900, 700, false);
  check_status(c.run(nullptr), MR2D_SUCCESS, "memory-cap: mr2d_gemr2d");
  if (!c.right()) fail("memory-cap: B differs from ScaLAPACK's");
  mr2d_stats stats;
  mr2d_get_stats(&stats);
  const long long share = (16LL << 20) / (16LL * g_world);
  if (stats.shm_bytes <= 0 || stats.shm_bytes > share + 4096)
    fail("memory-cap: shared memory held is not within the memory share:",
         std::to_string(stats.shm_bytes) + " > " + std::to_string(share));
  return 0;
}

int budget() {
  {
    // Exactly the documented minimum, on a union context of its own.
    Case c(300, 200, false);
    const mr2d_options o = options(MR2D_TRANSPORT_SHM, 65536);
    check_status(c.run(&o), MR2D_SUCCESS, "budget: exactly 65536 under transport shm");
    if (!c.right()) fail("budget: B differs from ScaLAPACK's with a budget of 65536");
  }
  {
    Case c(300, 200, false);
    const mr2d_options o = options(MR2D_TRANSPORT_SHM, 65535);
    check_status(c.run(&o), MR2D_ERR_ARGUMENT, "budget: 65535 under transport shm");
    expect_in(mr2d_last_error(), "budget", "budget: 65535's message");
    expect_in(mr2d_last_error(), "65535", "budget: 65535's message");
    if (!c.untouched()) fail("budget: B changed by a refused call");
  }
  return 0;
}

int garbage() {
  // Garbage on rank 1 alone (what atoll read as 1), before the library first
  // reads its variables; from then on every call fails, on every process.
  if (g_rank == 1) setenv("MR2D_SHM_BUDGET", "1e15", 1);
  for (int k = 0; k < 2; ++k) {
    Case c(300, 200, false);
    check_status(c.run(nullptr), MR2D_ERR_ARGUMENT, "budget: garbage on rank 1");
    expect_in(mr2d_last_error(), "MR2D_SHM_BUDGET", "budget: the message");
    expect_in(mr2d_last_error(), "\"1e15\"", "budget: the message");
    if (!c.untouched()) fail("budget: B changed by a refused call");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_world);
  const std::string scenario = argc > 1 ? argv[1] : "";
  if (!world_fits(g_world >= 2, "at least 2", g_world, g_rank, "test_shm_trust")) {
    MPI_Finalize();
    return 1;
  }
  arm_hang_alarm("test_shm_trust", 240);
  if (scenario == "identity") identity();
  else if (scenario == "fork") forked();
  else if (scenario == "memory") memory();
  else if (scenario == "memory-cap") memory_cap();
  else if (scenario == "budget") budget();
  else if (scenario == "garbage") garbage();
  else fail("unknown scenario", scenario);
  alarm(0);
  int all = 0;
  MPI_Allreduce(&g_failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (g_rank == 0)
    std::printf("test_shm_trust %s: %d processes, %s\n", scenario.c_str(), g_world, all == 0 ? "passed" : "FAILED");
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

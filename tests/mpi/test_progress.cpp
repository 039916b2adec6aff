// SPDX-License-Identifier: BSD-3-Clause
// A process that enters mr2d with its own MPI send still in flight must not
// deadlock with the receiver of that send. BLACS leaves such sends after
// ScaLAPACK routines; with an MPI that advances a large send only while the
// sender is inside MPI (the tests run OpenMPI without single-copy transfers),
// the receiver's MPI_Recv waits for the sender, and the sender, inside mr2d,
// waits for the receiver's shared-memory data. mr2d's shared-memory waits
// must keep MPI moving. Each round, the first process of every pair sends
// 16 MiB with MPI_Isend and then executes a redistribution whose data it
// exchanges with its partner; the partner receives first, then executes.
// Every B is compared with ScaLAPACK's Cpdgemr2d over the whole local array.
// An even number of processes.
#include <mpi.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

const int M = 900, N = 700;

void on_alarm(int) {
  const char msg[] = "test_progress: no progress for 120 s (deadlock between MPI and mr2d's waits)\n";
  (void)!write(2, msg, sizeof msg - 1);
  _exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  if (!world_fits(world % 2 == 0, "an even number of", world, rank, "test_progress")) {
    MPI_Finalize();
    return 1;
  }
  std::signal(SIGALRM, on_alarm);
  alarm(120);

  // 36 x 36 blocks on a 1 x P grid to 128 x 128 blocks on the same grid:
  // every process exchanges columns with every other (node peers here).
  const Grid g = make_grid(1, world, "R", {});
  LocalArray<double> a, b, ref;
  fill_codes(a, M, N, 36, 36, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol);
  b = sentinel_array<double>(M, N, 128, 128, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, 3);
  ref = b;
  int desca[9] = {1, g.ctxt, M, N, 36, 36, 0, 0, a.lld};
  int descb[9] = {1, g.ctxt, M, N, 128, 128, 0, 0, b.lld};
  Cpdgemr2d(M, N, a.ptr(), 1, 1, desca, ref.ptr(), 1, 1, descb, g.ctxt);

  mr2d_plan plan = nullptr;
  int failures = 0;
  if (mr2d_plan_create_gemr2d(&plan, MR2D_D, M, N, 1, 1, desca, 1, 1, descb, g.ctxt, nullptr) != MR2D_SUCCESS) {
    std::fprintf(stderr, "rank %d: mr2d_plan_create_gemr2d: %s\n", rank, mr2d_last_error());
    ++failures;
  }
  // One execution first: the shared-memory links are set up (collectively,
  // which would drive MPI by itself) before the rounds.
  if (plan != nullptr && mr2d_plan_execute(plan, a.ptr(), b.ptr()) != MR2D_SUCCESS) ++failures;

  const std::size_t count = std::size_t{2} << 20;  // 16 MiB of doubles
  std::vector<double> out(count), in(count);
  const int partner = rank ^ 1;
  // Element k of the message `from` sends in `round`.
  auto value = [](std::size_t k, int round, int from) {
    return static_cast<double>(k + static_cast<std::size_t>(round) * 7 + static_cast<std::size_t>(from));
  };
  for (int round = 0; round < 6 && plan != nullptr; ++round) {
    const bool sender = (rank % 2) == (round % 2);
    for (std::size_t k = 0; k < count; ++k) out[k] = value(k, round, rank);
    std::fill(b.data.begin(), b.data.end(), sentinel<double>());
    MPI_Request request = MPI_REQUEST_NULL;
    if (sender) {
      MPI_Isend(out.data(), static_cast<int>(count), MPI_DOUBLE, partner, round, MPI_COMM_WORLD, &request);
    } else {
      MPI_Recv(in.data(), static_cast<int>(count), MPI_DOUBLE, partner, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (std::size_t k = 0; k < count; ++k)
        if (in[k] != value(k, round, partner)) {
          std::fprintf(stderr, "rank %d round %d: the MPI message is wrong at %zu\n", rank, round, k);
          ++failures;
          break;
        }
    }
    if (mr2d_plan_execute(plan, a.ptr(), b.ptr()) != MR2D_SUCCESS) {
      std::fprintf(stderr, "rank %d round %d: mr2d_plan_execute: %s\n", rank, round, mr2d_last_error());
      ++failures;
    }
    if (sender) MPI_Wait(&request, MPI_STATUS_IGNORE);
    if (std::memcmp(b.ptr(), ref.ptr(), b.data.size() * sizeof(double)) != 0) {
      std::fprintf(stderr, "rank %d round %d: B differs from ScaLAPACK's\n", rank, round);
      ++failures;
    }
  }
  alarm(0);
  mr2d_plan_destroy(&plan);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("test_progress: %d processes, %s\n", world, all == 0 ? "passed" : "FAILED");
  Cblacs_gridexit(g.ctxt);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// Simulation driver: one redistribution between two grids of MPI_COMM_WORLD
// (mr2d_comm.h, no BLACS), timed under every requested schedule and chunk
// size. Under SMPI, MPI_Wtime is simulated time, so each row is what the
// simulated platform would take. One CSV row per (schedule, chunk size) on
// rank 0; see README.md for the columns.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "driver_args.hpp"
#include "driver_start.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d_comm.h"

namespace {

using mr2d::scale::Args;
using mr2d::scale::Grid;
using mr2d::scale::Local;

struct Row {
  mr2d_plan_info info{};
  double seconds = 0;
  long long wrong = -1;  ///< -1: not checked
};

int run_one(const Args& args, Local& a, Local& b, int schedule, long long chunk, Row& row) {
  const mr2d_grid ga{args.a.p, args.a.q, nullptr}, gb{args.b.p, args.b.q, nullptr};
  const mr2d_options opts{schedule, chunk, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_MPI, 0};
  mr2d_plan plan = nullptr;
  int err = mr2d_plan_create_comm_gemr2d(&plan, MPI_COMM_WORLD, MR2D_D, args.m, args.n, 1, 1,
                                         a.member ? a.desc : nullptr, &ga, 1, 1,
                                         b.member ? b.desc : nullptr, &gb, &opts);
  if (err != MR2D_SUCCESS) return err;
  mr2d_plan_query(plan, &row.info);
  const void* src = a.member ? a.data : nullptr;
  void* dst = b.member ? b.data : nullptr;
  if (args.check && b.member) std::fill(b.data, b.data + b.rows * b.cols, 0.0);
  // Checked runs execute once more first. Timed runs need no warm-up: with
  // computation not simulated, allocating buffers takes no simulated time.
  if (args.check) err = mr2d_plan_execute(plan, src, dst);
  if (err == MR2D_SUCCESS && args.check) {
    long long wrong = b.member ? mr2d::scale::wrong_codes(b, args.b, 0) : 0;
    MPI_Allreduce(&wrong, &row.wrong, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  }
  row.seconds = 1e300;
  for (int r = 0; r < args.reps && err == MR2D_SUCCESS; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    err = mr2d_plan_execute(plan, src, dst);
    double mine = MPI_Wtime() - t0, slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    row.seconds = std::min(row.seconds, slowest);
  }
  mr2d_plan_destroy(&plan);
  return err;
}

const char* schedule_name(int s) { return mr2d_schedule_name(s); }

}  // namespace

int main(int argc, char** argv) {
  int rank = 0, size = 1;
  Args args;
  if (!mr2d::scale::start_driver("scale_driver", argc, argv, mr2d::scale::parse_args, args, rank, size)) return 2;
  Local a = mr2d::scale::make_local(args.m, args.n, args.a, rank, !args.check);
  Local b = mr2d::scale::make_local(args.m, args.n, args.b, rank, !args.check);
  if (a.member) mr2d::scale::fill_codes(a, args.a, 0);
  if (rank == 0 && args.header)
    std::printf("platform,procs,case,m,n,a,b,schedule,pipelining,chunk_bytes,used,steps,steps_lower_bound,"
                "predicted_s,sim_s,wrong\n");
  int status = 0;
  for (long long chunk : args.chunks)
    for (int schedule : args.schedules) {
      Row row;
      const int err = run_one(args, a, b, schedule, chunk, row);
      if (err != MR2D_SUCCESS || row.wrong > 0) status = 1;
      if (rank != 0) continue;
      if (err != MR2D_SUCCESS) {
        std::fprintf(stderr, "scale_driver: %s %s: %s\n", args.name.c_str(), schedule_name(schedule),
                     mr2d_last_error());
        continue;
      }
      std::printf("%s,%d,%s,%lld,%lld,%s,%s,%s,%s,%lld,%s,%lld,%lld,%.6e,%.6e,%lld\n", args.platform.c_str(),
                  size, args.name.c_str(), args.m, args.n, args.a.text.c_str(), args.b.text.c_str(),
                  schedule_name(schedule), chunk < 0 ? "off" : "on", chunk, schedule_name(row.info.schedule),
                  row.info.steps, row.info.steps_lower_bound, row.info.predicted_seconds, row.seconds, row.wrong);
      std::fflush(stdout);
    }
  mr2d::scale::free_local(a);
  mr2d::scale::free_local(b);
  MPI_Finalize();
  return status;
}

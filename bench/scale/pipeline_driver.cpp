// SPDX-License-Identifier: BSD-3-Clause
// Simulation driver of the overlap pipelines (README.md, "Overlap: ADI and 2D
// FFT pipelines"): F units (fields or panels) per step, each computed (time
// modelled with smpi_execute_flops) and moved between a rows layout (grid A)
// and a columns layout (grid B) by persistent mr2d plans over MPI_COMM_WORLD
// (mr2d_comm.h, transport mpi). Four runs, each timed on the slowest process
// in simulated time: the moves alone (which set the compute per unit), the
// compute alone, blocking (each move executed right away), one step each,
// and overlapped (the move of unit k started, unit k + 1 computed, then k
// waited for), --steps steps in one pipeline. One CSV row on rank 0.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <simgrid/host.h>

#include "driver_start.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d_comm.h"
#include "pipeline_args.hpp"

namespace {

using mr2d::scale::Grid;
using mr2d::scale::Local;
using mr2d::scale::PipelineArgs;
using mr2d::scale::PipelineKind;

enum class Mode { moves_only, compute_only, blocking, overlapped };

// The items of a run, in order. ADI item k: the sweep of field k % F, then
// its move, rows -> columns in the first half of a time step and back in the
// second (the next half's sweep of a field needs only that field's move).
// FFT item k: the row FFTs of panel k % F, its transposition (rows ->
// columns), then its column FFTs. Successive steps continue the same
// pipeline: the next step's first unit overlaps the last move of this one.
class Pipeline {
 public:
  Pipeline(const PipelineArgs& args, int rank) : args_(args) {
    const bool shared = !args.check;
    for (int f = 0; f < args.units; ++f)
      units_.push_back({mr2d::scale::make_local(args.m, args.n, args.a, rank, shared),
                        mr2d::scale::make_local(args.m, args.n, args.b, rank, shared)});
  }
  ~Pipeline() {
    mr2d_plan_destroy(&to_cols_);
    mr2d_plan_destroy(&to_rows_);
    for (Unit& u : units_) {
      mr2d::scale::free_local(u.rows);
      mr2d::scale::free_local(u.cols);
    }
  }
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  int create_plans() {
    const Unit& u = units_.front();
    int err = create(args_.a, u.rows, args_.b, u.cols, &to_cols_);
    if (err == MR2D_SUCCESS && adi()) err = create(args_.b, u.cols, args_.a, u.rows, &to_rows_);
    return err;
  }
  const char* schedule_used() const {
    mr2d_plan_info info{};
    mr2d_plan_query(to_cols_, &info);
    return mr2d_schedule_name(info.schedule);
  }
  int per_step() const { return adi() ? 2 * args_.units : args_.units; }
  /// Simulated seconds per step of the moves to the columns layout, or back,
  /// in the last run of moves alone.
  double moves(bool to_cols) const { return moves_[to_cols]; }
  /// Simulated seconds of computation per item moving to the columns layout
  /// (`to_cols`) or back.
  void set_compute(bool to_cols, double seconds_per_item) { compute_[to_cols] = seconds_per_item; }

  /// Runs `steps` steps in `mode`; the slowest process's simulated seconds
  /// per step. Errors and wrong elements are kept (status(), wrong()).
  double run(Mode mode, int steps) {
    steps_ = steps;
    verify_ = args_.check && (mode == Mode::blocking || mode == Mode::overlapped);
    if (verify_) reset();
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    if (mode == Mode::overlapped)
      run_overlapped();
    else
      run_in_turn(mode);
    double mine = MPI_Wtime() - t0, slowest = 0;
    if (mode == Mode::moves_only) split_moves(t0);
    if (verify_ && adi()) {  // the last half's moves: no later sweep looks at them
      for (int k = items() - args_.units; k < items(); ++k) expect(destination(k), to_cols(k), k);
    }
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return slowest / steps;
  }
  int status() const { return status_; }
  long long wrong() const { return wrong_; }

 private:
  struct Unit {
    Local rows, cols;
  };

  bool adi() const { return args_.kind == PipelineKind::adi; }
  int items() const { return steps_ * per_step(); }
  bool to_cols(int k) const { return !adi() || (k / args_.units) % 2 == 0; }
  Unit& unit(int k) { return units_[static_cast<std::size_t>(k % args_.units)]; }
  Local& source(int k) { return to_cols(k) ? unit(k).rows : unit(k).cols; }
  Local& destination(int k) { return to_cols(k) ? unit(k).cols : unit(k).rows; }
  mr2d_plan plan(int k) const { return to_cols(k) ? to_cols_ : to_rows_; }
  const Grid& grid(bool cols) const { return cols ? args_.b : args_.a; }
  static const void* in(const Local& l) { return l.member ? l.data : nullptr; }
  static void* out(Local& l) { return l.member ? l.data : nullptr; }
  // Contents written before item k's move: unique per item (0: the initial rows).
  double tag(int k) const { return static_cast<double>(k + 1) * static_cast<double>(args_.m * args_.n); }

  int create(const Grid& ga, const Local& a, const Grid& gb, const Local& b, mr2d_plan* plan) {
    const mr2d_grid from{ga.p, ga.q, nullptr}, to{gb.p, gb.q, nullptr};
    // No pipelining: every message is posted when the move starts.
    const mr2d_options opts{args_.schedule, -1, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_MPI, 0};
    return mr2d_plan_create_comm_gemr2d(plan, MPI_COMM_WORLD, MR2D_D, args_.m, args_.n, 1, 1,
                                        a.member ? a.desc : nullptr, &from, 1, 1, b.member ? b.desc : nullptr, &to,
                                        &opts);
  }

  void keep(int err) {
    if (status_ == MR2D_SUCCESS && err != MR2D_SUCCESS) {
      status_ = err;
      std::fprintf(stderr, "pipeline_driver: %s\n", mr2d_last_error());
    }
  }
  void expect(const Local& l, bool cols, int k) {
    if (l.member) wrong_ += mr2d::scale::wrong_codes(l, grid(cols), k < 0 ? 0 : tag(k));
  }

  // Check runs: every unit's rows hold the initial codes, its columns zeros.
  void reset() {
    for (Unit& u : units_) {
      if (u.rows.member) mr2d::scale::fill_codes(u.rows, args_.a, 0);
      if (u.cols.member) std::fill(u.cols.data, u.cols.data + u.cols.rows * u.cols.cols, 0.0);
    }
  }

  // `seconds` of simulated computation in slices; between two, one test of
  // the move in flight, charged --test-cost of computation (SMPI's own
  // charge per unsuccessful test grows with a count shared by all simulated
  // processes, so the runs set it to 0: see README.md).
  void compute(double seconds, mr2d_request* pending) {
    if (seconds <= 0) return;
    for (int s = 0; s < args_.slices; ++s) {
      smpi_execute_flops(seconds / args_.slices * speed_);
      if (pending != nullptr && *pending != nullptr && s + 1 < args_.slices) {
        int done = 0;
        keep(mr2d_request_test(pending, &done));
        if (args_.test_cost > 0) smpi_execute_flops(args_.test_cost * speed_);
      }
    }
  }

  // What item k computes before its move: ADI's whole sweep, FFT's row FFTs.
  // A check run reads what the previous move of this unit left (ADI) and
  // writes item k's contents, as a real sweep would.
  void before(int k, mr2d_request* pending) {
    const double c = compute_[to_cols(k)];
    compute(adi() ? c : c / 2, pending);
    if (!verify_) return;
    if (adi()) expect(source(k), !to_cols(k), k < args_.units ? -1 : k - args_.units);
    if (source(k).member) mr2d::scale::fill_codes(source(k), grid(!to_cols(k)), tag(k));
  }
  // What item k computes after its move: FFT's column FFTs, on the columns it moved.
  void after(int k, mr2d_request* pending) {
    if (adi()) return;
    compute(compute_[to_cols(k)] / 2, pending);
    if (verify_) expect(destination(k), true, k);
  }

  void run_in_turn(Mode mode) {
    item_end_.assign(static_cast<std::size_t>(items()), 0);
    for (int k = 0; k < items(); ++k) {
      if (mode != Mode::moves_only) before(k, nullptr);
      if (mode != Mode::compute_only) keep(mr2d_plan_execute(plan(k), in(source(k)), out(destination(k))));
      item_end_[static_cast<std::size_t>(k)] = MPI_Wtime();
      if (mode != Mode::moves_only) after(k, nullptr);
    }
  }

  // Start k, compute what does not need it (the next unit's sweep or row
  // FFTs, the previous unit's column FFTs), then wait for k before the next
  // start: one request in flight, so one plan per direction serves every unit.
  // Simulated time is one clock for all processes: item k of a run of moves
  // alone took from the end of item k - 1 on the last process to finish it
  // to its own end there.
  void split_moves(double t0) {
    std::vector<double> last(item_end_.size());
    double start = 0;
    MPI_Allreduce(item_end_.data(), last.data(), static_cast<int>(last.size()), MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&t0, &start, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    moves_[0] = moves_[1] = 0;
    for (int k = 0; k < items(); ++k) {
      const double begin = k == 0 ? start : last[static_cast<std::size_t>(k - 1)];
      moves_[to_cols(k)] += (last[static_cast<std::size_t>(k)] - begin) / steps_;
    }
  }

  void run_overlapped() {
    mr2d_request pending = nullptr;
    for (int k = 0; k < items(); ++k) {
      before(k, &pending);
      keep(mr2d_request_wait(&pending));
      keep(mr2d_plan_start(plan(k), in(source(k)), out(destination(k)), &pending));
      if (k > 0) after(k - 1, &pending);
    }
    keep(mr2d_request_wait(&pending));
    after(items() - 1, nullptr);
  }

  const PipelineArgs& args_;
  std::vector<Unit> units_;
  mr2d_plan to_cols_ = nullptr, to_rows_ = nullptr;
  // Moves alone: when each item ended here; per step, the moves to the
  // columns layout ([1]) and back ([0]).
  std::vector<double> item_end_;
  int steps_ = 1;  // of the current run
  double moves_[2] = {0, 0};
  double compute_[2] = {0, 0};  // simulated seconds of computation per item: [to_cols(k)]
  // This host's flop rate (smpi_execute converts seconds with SMPI's own
  // reference speed, not the platform's).
  const double speed_ = sg_host_get_speed(sg_host_self());
  bool verify_ = false;
  int status_ = MR2D_SUCCESS;
  long long wrong_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int rank = 0, size = 1;
  PipelineArgs args;
  if (!mr2d::scale::start_driver("pipeline_driver", argc, argv, mr2d::scale::parse_pipeline_args, args, rank, size))
    return 2;
  int status = 0;
  {
    Pipeline pipeline(args, rank);
    const int err = pipeline.create_plans();
    if (err != MR2D_SUCCESS) {
      if (rank == 0) std::fprintf(stderr, "pipeline_driver: plan: %s\n", mr2d_last_error());
      MPI_Finalize();
      return 1;
    }
    // The moves alone first: they set the compute per unit, ratio x one
    // move in the same direction (ADI's two directions take different times
    // on some platforms; an item's computation overlaps one move).
    // Runs in turn repeat the same step (a step of the overlapped pipeline
    // starts where the last one left), so one step of them is measured.
    const double moves = pipeline.run(Mode::moves_only, 1);
    for (bool to_cols : {false, true}) pipeline.set_compute(to_cols, args.ratio * pipeline.moves(to_cols) / args.units);
    const double compute = pipeline.run(Mode::compute_only, 1);
    const double blocking = pipeline.run(Mode::blocking, 1);
    const double overlapped = pipeline.run(Mode::overlapped, args.steps);
    const double ideal = std::max(compute, moves);
    long long wrong = args.check ? pipeline.wrong() : -1, total_wrong = 0;
    int failed = pipeline.status() != MR2D_SUCCESS, any_failed = 0;
    MPI_Allreduce(&wrong, &total_wrong, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (args.check) wrong = total_wrong;
    status = any_failed || wrong > 0;
    if (rank == 0) {
      if (args.header)
        std::printf(
            "platform,procs,pipeline,m,n,a,b,units,steps,slices,ratio,schedule,moves_s,compute_s,ideal_s,"
            "blocking_s,overlapped_s,overlapped_over_ideal,blocking_over_overlapped,wrong,failed\n");
      std::printf("%s,%d,%s,%lld,%lld,%s,%s,%d,%d,%d,%.2f,%s,%.6e,%.6e,%.6e,%.6e,%.6e,%.3f,%.3f,%lld,%d\n",
                  args.platform.c_str(), size, mr2d::scale::pipeline_name(args.kind), args.m, args.n,
                  args.a.text.c_str(), args.b.text.c_str(), args.units, args.steps, args.slices, args.ratio,
                  pipeline.schedule_used(), moves, compute, ideal, blocking, overlapped, overlapped / ideal,
                  blocking / overlapped, wrong, any_failed);
      std::fflush(stdout);
    }
  }
  MPI_Finalize();
  return status;
}

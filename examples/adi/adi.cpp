// SPDX-License-Identifier: BSD-3-Clause
// The ADI example: Peaceman-Rachford steps of the 2D heat equation for
// several independent fields on P processes (see peaceman_rachford.hpp). Each
// U lives in whole columns (1xP grid); every step moves the fields'
// right-hand sides to whole rows (Px1 grid) and back. By default the moves
// overlap the sweeps (overlapped_steps.hpp): every field's move is started
// once its sweep is done and completed when the next half step needs it,
// through persistent mr2d plans started per field and through a hand-written
// pack + MPI_Ialltoallv + unpack. With --blocking they run between the
// sweeps three ways: all fields through one mr2d batch (one message per pair
// of processes for all fields), the fields' persistent mr2d plans one after
// the other, and ScaLAPACK's pdgemr2d per field. Every result is checked
// against a serial run on rank 0 and against the closed form of
// heat_modes.hpp (field f starts as f + 1 times its initial condition).
//   mr2d_adi [--blocking] [N [STEPS [FIELDS]]]
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dist_matrix.hpp"
#include "heat_modes.hpp"
#include "mr2d/mr2d.hpp"
#include "overlapped_steps.hpp"
#include "peaceman_rachford.hpp"
#include "program.hpp"
#include "started_move.hpp"
#include "timing.hpp"

using examples::DistMatrix;
using examples::Grid;

namespace {

constexpr double t_end = 0.05;

/// This process's pieces of one field's U and right-hand sides in both layouts.
struct Field {
  DistMatrix<double> u_cols, r_cols, r_rows, s_rows;
  Field(const Grid& cols, const Grid& rows, int n, int block)
      : u_cols(cols, n, n, n, block), r_cols(cols, n, n, n, block),
        r_rows(rows, n, n, block, n), s_rows(rows, n, n, block, n) {}
  adi::Buffers buffers() {
    return {u_cols.desc[2], u_cols.data(), r_cols.data(), u_cols.cols,
            r_rows.data(),  s_rows.data(), r_rows.rows,   r_rows.ld()};
  }
};

using Fields = std::vector<std::unique_ptr<Field>>;

/// Slowest process's seconds: whole run, computing, waiting, redistributing.
struct RunTimes {
  double total, compute, wait, redistribution;
};

template <class ToRows, class ToCols>
RunTimes timed_run(Fields& fields, double c, int steps, ToRows&& to_rows, ToCols&& to_cols) {
  std::vector<adi::Buffers> buffers;
  for (auto& f : fields) buffers.push_back(f->buffers());
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  const adi::Split split = adi::advance(buffers, c, steps, MPI_COMM_WORLD, to_rows, to_cols);
  return {examples::slowest(MPI_Wtime() - t0), examples::slowest(split.compute),
          examples::slowest(split.wait), examples::slowest(split.redistribution)};
}

/// The same with the moves overlapping the sweeps (overlapped_steps.hpp).
template <class Moves>
RunTimes timed_overlapped_run(Fields& fields, double c, int steps, Moves& to_rows, Moves& to_cols) {
  std::vector<adi::Buffers> buffers;
  for (auto& f : fields) buffers.push_back(f->buffers());
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  const adi::Split split = adi::advance_overlapped(buffers, c, steps, to_rows, to_cols);
  return {examples::slowest(MPI_Wtime() - t0), examples::slowest(split.compute), 0,
          examples::slowest(split.redistribution)};
}

/// Starts and completes every move once, so that no timed run pays for
/// first-touched buffers and shared-memory outboxes that the others reuse.
template <class Moves>
void warm_up(Moves& moves) {
  for (auto& m : moves) m.start();
  for (auto& m : moves) m.wait();
}

void print_times(const char* label, const RunTimes& t) {
  std::printf("  %-36s total %.3f s, compute %.3f s, wait %.3f s, redistribution %.3f s\n", label,
              t.total, t.compute, t.wait, t.redistribution);
}

/// Largest difference over all fields.
double max_difference(const std::vector<std::vector<double>>& a,
                      const std::vector<std::vector<double>>& b) {
  double d = 0;
  for (std::size_t f = 0; f < a.size(); ++f)
    for (std::size_t k = 0; k < a[f].size(); ++k) d = std::max(d, std::fabs(a[f][k] - b[f][k]));
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(
      argc, argv,
      "usage: mr2d_adi [--blocking] [N [STEPS [FIELDS]]]\n"
      "  Peaceman-Rachford steps of the 2D heat equation on an N x N grid (default\n"
      "  1000), STEPS steps (default 20), FIELDS fields at once (default 4), moved\n"
      "  between whole rows and whole columns by mr2d; checked against a serial run\n"
      "  and the closed-form solution. Each field's move overlaps the next field's\n"
      "  sweep (started mr2d plans, and a hand-written MPI_Ialltoallv pipeline);\n"
      "  --blocking moves all fields between the sweeps (an mr2d batch, the plans\n"
      "  one by one, ScaLAPACK); --quick with it runs the batch alone.\n"
      "  Any process count (mpirun -np P). Guide: docs/examples.md\n",
      {"N", "STEPS", "FIELDS"}, 46340, {"--blocking", "--quick"});
  const int rank = program.rank, nprocs = program.nprocs;
  const bool blocking = program.switched("--blocking");
  // For benchmark launches that alternate the two modes (bench/overlap_examples.sh).
  const bool batch_only = blocking && program.switched("--quick");
  const int n = program.arg(1, 1000), steps = program.arg(2, 20);
  const int nfields = std::max(1, program.arg(3, 4));
  const double dt = t_end / steps, h = 1.0 / (n + 1), c = dt / 2 / (h * h);
  const int block = (n + nprocs - 1) / nprocs;

  // The 1xP grid holds every process, so it also serves as the union context.
  const Grid cols = examples::make_grid(1, nprocs);
  const Grid rows = examples::make_grid(nprocs, 1);
  const int ctxt_union = cols.ctxt;
  Fields fields;
  for (int f = 0; f < nfields; ++f) fields.push_back(std::make_unique<Field>(cols, rows, n, block));
  DistMatrix<double> on_rank0(examples::make_grid(1, 1), n, n, n, n);

  auto start = [&] {
    for (int f = 0; f < nfields; ++f)
      fields[static_cast<std::size_t>(f)]->u_cols.for_each(
          [&](double& u, int i, int j) { u = (f + 1) * adi::exact_value(i, j, n, 0, dt); });
  };
  auto result_on_rank0 = [&] {
    std::vector<std::vector<double>> u;
    for (auto& f : fields) {
      mr2d::gemr2d(n, n, f->u_cols.data(), 1, 1, f->u_cols.desc, on_rank0.data(), 1, 1,
                   on_rank0.desc, ctxt_union);
      u.emplace_back(on_rank0.local.begin(), on_rank0.local.end());
    }
    return u;
  };

  // Every field has the same layouts: one plan per direction serves them all
  // when they move between the sweeps, and a batch lists it once per field.
  // Moves that overlap need a plan per field: a plan runs one move at a time.
  // (Planning is timed with the batches or with the plans per field.)
  Field& first = *fields.front();
  double t0 = MPI_Wtime();
  const mr2d::Plan<double> to_rows(n, n, 1, 1, first.r_cols.desc, 1, 1, first.r_rows.desc, ctxt_union);
  const mr2d::Plan<double> to_cols(n, n, 1, 1, first.s_rows.desc, 1, 1, first.u_cols.desc, ctxt_union);
  std::deque<mr2d::Plan<double>> field_to_rows, field_to_cols;
  std::optional<mr2d::Batch> all_to_rows, all_to_cols;
  if (blocking) {
    all_to_rows.emplace(std::vector<mr2d_plan>(fields.size(), to_rows.handle()));
    all_to_cols.emplace(std::vector<mr2d_plan>(fields.size(), to_cols.handle()));
  } else {
    for (int f = 1; f < nfields; ++f) {
      field_to_rows.emplace_back(n, n, 1, 1, first.r_cols.desc, 1, 1, first.r_rows.desc, ctxt_union);
      field_to_cols.emplace_back(n, n, 1, 1, first.s_rows.desc, 1, 1, first.u_cols.desc, ctxt_union);
    }
  }
  const double plan_seconds = examples::slowest(MPI_Wtime() - t0);

  // Each run's result on rank 0, under the label its error is printed with.
  std::vector<std::pair<std::string, std::vector<std::vector<double>>>> results;
  std::vector<std::pair<std::string, RunTimes>> times;
  if (blocking) {
    std::vector<const void*> r_cols, s_rows;
    std::vector<void*> r_rows, u_cols;
    for (auto& f : fields) {
      r_cols.push_back(f->r_cols.data());
      r_rows.push_back(f->r_rows.data());
      s_rows.push_back(f->s_rows.data());
      u_cols.push_back(f->u_cols.data());
    }
    // One move each beforehand, so that no timed run pays for first-touched
    // buffers and shared-memory outboxes that the others then reuse.
    all_to_rows->execute(r_cols, r_rows);
    all_to_cols->execute(s_rows, u_cols);
    to_rows.execute(first.r_cols.data(), first.r_rows.data());
    to_cols.execute(first.s_rows.data(), first.u_cols.data());

    start();
    char label[80];
    std::snprintf(label, sizeof label, "with one mr2d batch (made in %.4f s):", plan_seconds);
    times.emplace_back(label, timed_run(
                                  fields, c, steps, [&] { all_to_rows->execute(r_cols, r_rows); },
                                  [&] { all_to_cols->execute(s_rows, u_cols); }));
    results.emplace_back("batch", result_on_rank0());
  }
  if (blocking && !batch_only) {
    // to_rows and to_cols already moved every field once, through the batch.
    start();
    times.emplace_back("with the mr2d plans one by one:",
                       timed_run(
                           fields, c, steps,
                           [&] {
                             for (auto& f : fields) to_rows.execute(f->r_cols.data(), f->r_rows.data());
                           },
                           [&] {
                             for (auto& f : fields) to_cols.execute(f->s_rows.data(), f->u_cols.data());
                           }));
    results.emplace_back("plans", result_on_rank0());

    start();
    times.emplace_back(
        "with ScaLAPACK pdgemr2d per field:",
        timed_run(
            fields, c, steps,
            [&] {
              for (auto& f : fields)
                Cpdgemr2d(n, n, f->r_cols.data(), 1, 1, f->r_cols.desc, f->r_rows.data(), 1, 1, f->r_rows.desc,
                          ctxt_union);
            },
            [&] {
              for (auto& f : fields)
                Cpdgemr2d(n, n, f->s_rows.data(), 1, 1, f->s_rows.desc, f->u_cols.data(), 1, 1, f->u_cols.desc,
                          ctxt_union);
            }));
    results.emplace_back("ScaLAPACK", result_on_rank0());
  }
  if (!blocking) {
    std::deque<examples::PlanMove<double>> plan_to_rows, plan_to_cols;
    std::deque<examples::HandMove<double>> hand_to_rows, hand_to_cols;
    for (std::size_t f = 0; f < fields.size(); ++f) {
      Field& x = *fields[f];
      // Field 0 moves with the shared plans, field f with the (f-1)st of its own.
      plan_to_rows.emplace_back(f == 0 ? to_rows : field_to_rows[f - 1], x.r_cols.data(), x.r_rows.data());
      plan_to_cols.emplace_back(f == 0 ? to_cols : field_to_cols[f - 1], x.s_rows.data(), x.u_cols.data());
      // This process's columns and rows of the matrix, as the hand-written move sees them.
      const examples::Block in_cols{0, n, cols.mycol * block, x.u_cols.cols, n};
      const examples::Block in_rows{rows.myrow * block, x.r_rows.rows, 0, n, x.r_rows.ld()};
      hand_to_rows.emplace_back(in_cols, x.r_cols.data(), in_rows, x.r_rows.data(), MPI_COMM_WORLD);
      hand_to_cols.emplace_back(in_rows, x.s_rows.data(), in_cols, x.u_cols.data(), MPI_COMM_WORLD);
    }
    warm_up(plan_to_rows);
    warm_up(plan_to_cols);
    warm_up(hand_to_rows);
    warm_up(hand_to_cols);

    start();
    char label[80];
    std::snprintf(label, sizeof label, "with mr2d plans started per field (made in %.4f s):", plan_seconds);
    times.emplace_back(label, timed_overlapped_run(fields, c, steps, plan_to_rows, plan_to_cols));
    results.emplace_back("mr2d", result_on_rank0());

    start();
    times.emplace_back("with hand-written MPI_Ialltoallv per field:",
                       timed_overlapped_run(fields, c, steps, hand_to_rows, hand_to_cols));
    results.emplace_back("hand-written", result_on_rank0());
  }

  bool passed = true;
  if (rank == 0) {
    // Serial: one process holds whole rows and whole columns at once, so both
    // layouts are the full matrix and nothing moves.
    const std::size_t size = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    std::vector<std::vector<double>> u(fields.size(), std::vector<double>(size)), r = u;
    std::vector<std::vector<double>> closed = u;
    std::vector<adi::Buffers> serial;
    for (std::size_t f = 0; f < fields.size(); ++f) {
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
          const std::size_t at = static_cast<std::size_t>(i + j * n);
          u[f][at] = static_cast<double>(f + 1) * adi::exact_value(i, j, n, 0, dt);
          closed[f][at] = static_cast<double>(f + 1) * adi::exact_value(i, j, n, steps, dt);
        }
      serial.push_back(adi::Buffers{n, u[f].data(), r[f].data(), n, r[f].data(), u[f].data(), n, n});
    }
    adi::advance(serial, c, steps, MPI_COMM_SELF, [] {}, [] {});
    std::string errors;
    for (const auto& [name, result] : results) {
      const double d = max_difference(result, u);
      passed = passed && d <= 1e-12;
      char one[64];
      std::snprintf(one, sizeof one, "%s%.2e %s", errors.empty() ? "" : ", ", d, name.c_str());
      errors += one;
    }
    const double d_closed = max_difference(results.front().second, closed);
    passed = passed && d_closed <= 1e-10 * nfields;

    const double mbytes = 8.0 * n * n / 1e6;
    std::printf("mr2d ADI: %d fields of %d x %d interior points, %d Peaceman-Rachford steps of dt = %g, "
                "%d processes\n", nfields, n, n, steps, dt, nprocs);
    std::printf("  U in whole columns (1x%d grid, %dx%d blocks); each step moves every field's right-hand side\n"
                "  to whole rows (%dx1 grid, %dx%d blocks) and back: %d moves of %d x %.1f MB\n",
                nprocs, n, block, nprocs, block, n, 2 * steps, nfields, mbytes);
    if (blocking) {
      std::printf("  blocking: every field moves between the sweeps\n");
      std::printf("  messages from rank 0 per move: %lld with the batch, %lld with the plans one by one\n",
                  all_to_rows->info().messages_sent,
                  static_cast<long long>(nfields) * to_rows.info().messages_sent);
    } else {
      std::printf("  overlapped: each field's move starts after its sweep and is completed when the next\n"
                  "  half step reaches that field\n");
    }
    for (const auto& [label, t] : times) print_times(label.c_str(), t);
    if (blocking && batch_only) {
      std::printf("  (slowest process for each figure; wait: barrier before each move, load imbalance)\n");
    } else if (blocking) {
      std::printf("  (slowest process for each figure; wait: barrier before each move, load imbalance);\n"
                  "  redistribution speedup of the batch: %.2fx the plans one by one, %.1fx pdgemr2d\n",
                  times[1].second.redistribution / times[0].second.redistribution,
                  times[2].second.redistribution / times[0].second.redistribution);
    } else {
      std::printf("  (slowest process for each figure; redistribution: inside start, test and wait)\n");
    }
    std::printf("  max |U - serial U|: %s (limit 1e-12)\n", errors.c_str());
    mr2d_stats stats;
    mr2d_get_stats(&stats);
    std::printf("  matrices in mr2d_alloc memory: rank 0 read %.1f MB of its %.1f MB received in place from node peers\n",
                stats.bytes_direct / 1e6, stats.bytes_received / 1e6);
    std::printf("  max |U - closed form|: %.2e (limit %g)\n", d_closed, 1e-10 * nfields);
    std::printf("verification: %s\n", passed ? "passed" : "FAILED");
  }
  return program.finish(passed);
}

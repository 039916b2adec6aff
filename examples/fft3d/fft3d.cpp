// SPDX-License-Identifier: BSD-3-Clause
// The 3D FFT example: an NX x NY x NZ complex array on a P1 x P2 grid of
// processes in pencils (pencil_fft.hpp). FFTs along x on x-pencils, one mr2d
// N-D redistribution with an axis permutation to y-pencils stored (y, z, x),
// FFTs along y, another to z-pencils stored (z, x, y), FFTs along z; both
// moves are persistent plans made once. Timed beside the same pipeline with
// hand-written pack + MPI_Alltoallv moves and, when built with libfftw3-mpi,
// FFTW's own slab-decomposed 3D transform; every result is checked against
// FFTW's serial 3D transform when the array is small enough for each process
// to hold it whole.
//   mr2d_fft3d [--quick] [--reps R] [NX [NY [NZ [P1]]]]
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "mr2d/mr2d.hpp"
#include "mr2d/shared_allocator.hpp"
#include "pencil_alltoallv.hpp"
#include "pencil_fft.hpp"
#include "pencils.hpp"
#include "program.hpp"
#include "reference.hpp"
#include "timing.hpp"
#ifdef MR2D_HAVE_FFTW_MPI
#include "fftw_mpi_3d.hpp"
#endif

using examples::Pencils;
using fft3d::zdouble;

namespace {

/// Largest array every process transforms serially for the check (128^3).
constexpr long long kLargestChecked = 1LL << 21;

/// Median seconds over the repetitions (slowest process each): the whole
/// transform, and its FFTs and moves where the variant tells them apart.
struct Timing {
  double total = 0, ffts = 0, moves = 0;
  bool split = false;
};

double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/// One warm-up, then `reps` timed runs of run() (returning an fft3d::Split),
/// each after an untimed fill().
template <class Run, class Fill>
Timing timed(int reps, bool split, Run&& run, Fill&& fill) {
  fill();
  run();
  std::vector<double> total, ffts, moves;
  for (int r = 0; r < reps; ++r) {
    fill();
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    const fft3d::Split s = run();
    total.push_back(examples::slowest(MPI_Wtime() - t0));
    ffts.push_back(examples::slowest(s.ffts));
    moves.push_back(examples::slowest(s.moves));
  }
  return {median(total), median(ffts), median(moves), split};
}

/// Plans, times and checks every variant; whether all results passed (true
/// where the array is too large to check). Every mr2d plan and communicator
/// is freed before it returns, ahead of MPI_Finalize.
bool compare(int rank, int nprocs, int reps, int n1, int n2, int n3, int p1) {
  const std::array<int, 3> n{n1, n2, n3};
  const examples::PencilGrid grid(p1, nprocs / p1, rank);
  const Pencils xp(examples::kX, n, grid), yp(examples::kY, n, grid), zp(examples::kZ, n, grid);

  // x-pencils and then z-pencils in u, y-pencils in v, in mr2d_alloc memory
  // as for the other examples (node peers do not read it in place for N-D
  // calls: see the README).
  std::vector<zdouble, mr2d::SharedAllocator<zdouble>> u(std::max<std::size_t>({1, xp.elements(), zp.elements()})),
      v(std::max<std::size_t>(1, yp.elements()));
  const fft3d::PencilFft fft(xp, yp, zp, u.data(), v.data());
  const mr2d::Plan<zdouble> to_y = examples::pencil_plan<zdouble>(xp, yp, MPI_COMM_WORLD);
  const mr2d::Plan<zdouble> to_z = examples::pencil_plan<zdouble>(yp, zp, MPI_COMM_WORLD);
  // x -> y: the processes of one P1 column exchange (same p2); y -> z: one P2 row (same p1).
  MPI_Comm along_p1, along_p2;
  MPI_Comm_split(MPI_COMM_WORLD, grid.my2, grid.my1, &along_p1);
  MPI_Comm_split(MPI_COMM_WORLD, grid.my1, grid.my2, &along_p2);
  examples::PencilAlltoallv<zdouble> hand_y(xp, yp, along_p1), hand_z(yp, zp, along_p2);
#ifdef MR2D_HAVE_FFTW_MPI
  fft3d::FftwMpi3d fftw_mpi(n);
#endif

  const bool check = static_cast<long long>(n1) * n2 * n3 <= kLargestChecked;
  std::unique_ptr<fft3d::Reference> reference;
  if (check) reference = std::make_unique<fft3d::Reference>(n);
  auto fill = [&] { xp.for_each([&](std::size_t at, int x, int y, int z) { u[at] = fft3d::input(x, y, z); }); };
  auto pencil_error = [&] {
    return reference->relative_error(
        [&](auto&& f) { zp.for_each([&](std::size_t at, int x, int y, int z) { f(u[at], x, y, z); }); });
  };

  struct Row {
    std::string label;
    Timing time;
    double error;
  };
  std::vector<Row> rows;
  const Timing t_mr2d = timed(
      reps, true,
      [&] {
        return fft.run([&](const zdouble* a, zdouble* b) { to_y.execute(a, b); },
                       [&](const zdouble* a, zdouble* b) { to_z.execute(a, b); });
      },
      fill);
  rows.push_back({"mr2d pencils (2 N-D plans)", t_mr2d, check ? pencil_error() : 0});
  // Too large for the serial check: the two pencil pipelines run the same
  // FFT plans, so their results must be identical.
  std::vector<zdouble> mr2d_result;
  if (!check) mr2d_result.assign(u.begin(), u.begin() + static_cast<std::ptrdiff_t>(zp.elements()));
  const Timing t_hand = timed(
      reps, true,
      [&] {
        return fft.run([&](const zdouble* a, zdouble* b) { hand_y.execute(a, b); },
                       [&](const zdouble* a, zdouble* b) { hand_z.execute(a, b); });
      },
      fill);
  rows.push_back({"hand-written pencils (pack + MPI_Alltoallv)", t_hand, check ? pencil_error() : 0});
  long long differ = 0;
  for (std::size_t k = 0; k < mr2d_result.size(); ++k) differ += mr2d_result[k] != u[k];
  MPI_Allreduce(MPI_IN_PLACE, &differ, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
#ifdef MR2D_HAVE_FFTW_MPI
  const Timing t_fftw = timed(
      reps, false,
      [&] {
        fftw_mpi.execute();
        return fft3d::Split{};
      },
      [&] { fftw_mpi.fill(fft3d::input); });
  double fftw_error = 0;
  if (check) fftw_error = reference->relative_error([&](auto&& f) { fftw_mpi.for_each_result(f); });
  rows.push_back({"FFTW MPI 3D, slabs (transposed out)", t_fftw, fftw_error});
#endif
  const mr2d_plan_info info_y = to_y.info(), info_z = to_z.info();
  MPI_Comm_free(&along_p1);
  MPI_Comm_free(&along_p2);

  bool passed = differ == 0;
  for (const Row& r : rows) passed = passed && (!check || r.error <= 1e-10);
  if (rank == 0) {
    std::printf("mr2d fft3d: %d x %d x %d complex doubles on %d processes, %d x %d pencil grid\n", n1, n2, n3, nprocs,
                grid.p1, grid.p2);
    std::printf("  rank 0 holds x-pencils %d x %d x %d, y-pencils %d x %d x %d, z-pencils %d x %d x %d\n", xp.count(0),
                xp.count(1), xp.count(2), yp.count(0), yp.count(1), yp.count(2), zp.count(0), zp.count(1), zp.count(2));
    std::printf("  times: median of %d transforms after one warm-up, slowest process; FFTW plans: FFTW_MEASURE\n",
                reps);
    std::printf("  %-45s %10s %10s %10s\n", "variant", "total (s)", "FFTs (s)", "moves (s)");
    for (const Row& r : rows) {
      if (r.time.split)
        std::printf("  %-45s %10.4f %10.4f %10.4f\n", r.label.c_str(), r.time.total, r.time.ffts, r.time.moves);
      else
        std::printf("  %-45s %10.4f %10s %10s\n", r.label.c_str(), r.time.total, "-", "-");
    }
#ifndef MR2D_HAVE_FFTW_MPI
    std::printf("  FFTW MPI comparison skipped: built without libfftw3-mpi\n");
#endif
    std::printf(
        "  mr2d plans on rank 0: to y-pencils %.1f MB sent, %.1f MB kept; to z-pencils %.1f MB sent, %.1f MB kept\n",
        info_y.bytes_sent / 1e6, info_y.bytes_local / 1e6, info_z.bytes_sent / 1e6, info_z.bytes_local / 1e6);
    if (check) {
      std::printf("  relative error vs serial FFTW 3D:");
      for (const Row& r : rows) std::printf(" %.2e (%s)", r.error, r.label.substr(0, r.label.find(' ')).c_str());
      std::printf(", limit 1e-10\n");
      std::printf("verification: %s\n", passed ? "passed" : "FAILED");
    } else {
      std::printf("  mr2d and hand-written results: %lld elements differ (must be 0)\n", differ);
      std::printf("verification: skipped (%lld elements; the serial check holds at most %lld)\n",
                  static_cast<long long>(n1) * n2 * n3, kLargestChecked);
    }
  }
  return passed;
}

}  // namespace

int main(int argc, char** argv) {
  const examples::Program program(argc, argv,
                                  "usage: mr2d_fft3d [--quick] [--reps R] [NX [NY [NZ [P1]]]]\n"
                                  "  3D FFT of an NX x NY x NZ complex array (default 64^3; NY, NZ default to\n"
                                  "  NX) in pencils on a P1 x P2 process grid (P1 divides the process count P;\n"
                                  "  default the largest divisor <= sqrt(P)): FFTs along x, one mr2d N-D\n"
                                  "  redistribution to y-pencils, FFTs along y, another to z-pencils, FFTs\n"
                                  "  along z; timed (median of R transforms, default 10) beside the same\n"
                                  "  pipeline with hand-written MPI_Alltoallv moves and FFTW MPI's 3D\n"
                                  "  transform; checked against FFTW's serial 3D transform up to 2^21 elements.\n"
                                  "  --quick: default size 32^3 and 3 repetitions.\n",
                                  {"NX", "NY", "NZ", "P1"}, 46340, {"--quick"}, {"--reps"});
#ifdef MR2D_HAVE_FFTW_MPI
  fftw_mpi_init();
#endif
  const int rank = program.rank, nprocs = program.nprocs;
  const bool quick = program.switched("--quick");
  const int reps = program.option("--reps", quick ? 3 : 10);
  const int n1 = program.arg(1, quick ? 32 : 64), n2 = program.arg(2, n1), n3 = program.arg(3, n2);
  const int p1 = program.arg(4, examples::PencilGrid::default_p1(nprocs));
  if (nprocs % p1 != 0) return program.usage_error("P1 must divide the process count");
  return program.finish(compare(rank, nprocs, reps, n1, n2, n3, p1));
}

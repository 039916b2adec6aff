// SPDX-License-Identifier: BSD-3-Clause
// Benchmark of grid layouts (bench/README.md, "Uneven rows"): an N x N matrix
// of doubles split by rows as PETSc splits N rows over P processes (N/P each,
// one more on the first N%P, each rank's rows one column-major block) moves
// to a block-cyclic grid of all processes (the squarest, row-major, NB x NB
// blocks) and back, timed in one run for
//   mr2d-plan   a grid-layout plan executed (mr2d_plan_create_layout_transform)
//   mr2d        mr2d_layout_transform (the plan cache)
//   alltoallv   the move written by hand: pack per peer, MPI_Alltoallv, unpack
//   pdgemr2d    ScaLAPACK, where N % P == 0 makes the rows a P x 1 block-cyclic matrix
//   costa       COSTA's custom_layout -> block_cyclic_layout (with -DMR2D_BENCH_COSTA=ON)
// Each time is the slowest process's, median of --reps rounds in which the
// variants take turns (timing.hpp, interleaved_medians). Every variant's
// result is compared bit for bit with the hand-written move's first.
//   mr2d_layout_bench [--n N] [--nb NB] [--reps R]
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dist_matrix.hpp"
#include "hand_alltoallv.hpp"
#include "mr2d/mr2d_layout.hpp"
#include "program_args.hpp"
#include "timing.hpp"

#ifdef MR2D_BENCH_WITH_COSTA
#include <costa/grid2grid/transform.hpp>
#include <costa/layout.hpp>
#endif

namespace {

int rank = 0;

void fail(const std::string& what) {
  std::fprintf(stderr, "mr2d_layout_bench: rank %d: %s\n", rank, what.c_str());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/// True on every process when x and y are equal on every process.
bool same_everywhere(const std::vector<double>& x, const std::vector<double>& y) {
  int equal = x == y ? 1 : 0, all = 0;
  MPI_Allreduce(&equal, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

/// One direction: its variants (in the order of the table's columns, absent
/// ones empty) and the check each must pass before it is timed.
struct Direction {
  const char* name;
  std::vector<std::function<void()>> variants;
  std::function<bool()> matches_hand;  // the destination equals the hand-written move's
  std::function<void()> clear;         // the destination set to a sentinel
};

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(
      argc, argv,
      "usage: mr2d_layout_bench [--n N] [--nb NB] [--reps R]\n"
      "  times an N x N matrix of doubles (default 4000) split by rows over the processes\n"
      "  as PETSc splits it, to a block-cyclic grid of NB x NB blocks (default 64) and back:\n"
      "  mr2d's grid-layout plan and direct call, MPI_Alltoallv by hand, pdgemr2d where\n"
      "  P divides N (and COSTA when built with it), median of R rounds (default 7).\n"
      "  Run under mpirun. Guide: bench/README.md, \"Uneven rows\"\n");
  int n = 4000, nb = 64, reps = 7;
  args.options([&](const std::string& name, const char* value) {
    if (name == "--n") n = static_cast<int>(args.integer(value, name, 1, 46340));
    else if (name == "--nb") nb = static_cast<int>(args.integer(value, name, 1, 46340));
    else if (name == "--reps") reps = static_cast<int>(args.integer(value, name, 1, 1000000));
    else return false;
    return true;
  });
  MPI_Init(&argc, &argv);
  int world = 1;
  Cblacs_pinfo(&rank, &world);
  int nprow = 1;
  for (int p = 1; p * p <= world; ++p)
    if (world % p == 0) nprow = p;
  const int npcol = world / nprow;
  // Row-major over all processes: grid process numbers are world ranks, which
  // is how the row layout names its owners (and COSTA's 'R' order).
  const examples::Grid grid = examples::make_grid(nprow, npcol);
  std::vector<int> grid_row(static_cast<std::size_t>(world)), grid_col(grid_row.size()), owners(grid_row.size());
  for (int p = 0; p < world; ++p) {
    grid_row[static_cast<std::size_t>(p)] = p / npcol;
    grid_col[static_cast<std::size_t>(p)] = p % npcol;
    owners[static_cast<std::size_t>(p)] = p;
  }
  const std::vector<mr2d_int> splits = mr2d::uneven_splits(n, world);
  const int r0 = splits[static_cast<std::size_t>(rank)];
  const int my_rows = splits[static_cast<std::size_t>(rank) + 1] - r0;
  const mr2d::GridLayout rows = mr2d::uneven_rows(n, n, world, rank);
  const mr2d_matrix by_rows = rows.matrix();

  const std::size_t row_elems = std::max<std::size_t>(1, static_cast<std::size_t>(my_rows) * static_cast<std::size_t>(n));
  std::vector<double> a(row_elems), back(row_elems), back_hand(row_elems);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = static_cast<double>(k % 1000003) + 0.25 * rank;
  // Ordinary memory on both sides, as COSTA and the hand-written move get.
  using Matrix = examples::DistMatrix<double, std::allocator<double>>;
  Matrix b(grid, n, n, nb, nb), b_hand(grid, n, n, nb, nb);
  const mr2d_matrix cyclic = mr2d::matrix(b.desc);
  const uneven_rows::HandExchange hand = uneven_rows::hand_exchange(n, splits, b, grid_row, grid_col, rank);
  uneven_rows::hand_move(a.data(), hand.rows_side, b_hand.data(), hand.grid_side, MPI_COMM_WORLD);
  uneven_rows::hand_move(b_hand.data(), hand.grid_side, back_hand.data(), hand.rows_side, MPI_COMM_WORLD);
  if (!same_everywhere(back_hand, a)) fail("the hand-written moves do not bring the rows back");

  mr2d_plan to_grid = nullptr, to_rows = nullptr;
  if (mr2d_plan_create_layout_transform(&to_grid, MR2D_D, "N", n, n, 1, 1, &by_rows, 1, 1, &cyclic,
                                        grid.ctxt, nullptr) ||
      mr2d_plan_create_layout_transform(&to_rows, MR2D_D, "N", n, n, 1, 1, &cyclic, 1, 1, &by_rows,
                                        grid.ctxt, nullptr))
    fail(std::string("plan: ") + mr2d_last_error());
  const double one = 1, zero = 0;
  const auto check = [](int status) {
    if (status != MR2D_SUCCESS) fail(mr2d_last_error());
  };
  Direction forward{"rows -> grid", {}, [&] { return same_everywhere(b.local, b_hand.local); },
                    [&] { std::fill(b.local.begin(), b.local.end(), -1.0); }};
  Direction backward{"grid -> rows", {}, [&] { return same_everywhere(back, a); },
                     [&] { std::fill(back.begin(), back.end(), -1.0); }};
  forward.variants = {
      [&] { check(mr2d_plan_execute(to_grid, a.data(), b.data())); },
      [&] {
        check(mr2d_layout_transform(MR2D_D, "N", n, n, &one, a.data(), 1, 1, &by_rows, &zero, b.data(),
                                    1, 1, &cyclic, grid.ctxt, nullptr));
      },
      [&] { uneven_rows::hand_move(a.data(), hand.rows_side, b.data(), hand.grid_side, MPI_COMM_WORLD); }};
  backward.variants = {
      [&] { check(mr2d_plan_execute(to_rows, b_hand.data(), back.data())); },
      [&] {
        check(mr2d_layout_transform(MR2D_D, "N", n, n, &one, b_hand.data(), 1, 1, &cyclic, &zero,
                                    back.data(), 1, 1, &by_rows, grid.ctxt, nullptr));
      },
      [&] { uneven_rows::hand_move(b_hand.data(), hand.grid_side, back.data(), hand.rows_side, MPI_COMM_WORLD); }};

  // Even rows are a P x 1 block-cyclic matrix of n/P x n blocks: ScaLAPACK can move them too.
  const examples::Grid column = examples::make_grid(world, 1);
  int rows_desc[9] = {1, column.ctxt, n, n, std::max(1, n / world), n, 0, 0, std::max(1, my_rows)};
  const int ione = 1;
  const bool even = n % world == 0;
  forward.variants.push_back(even ? std::function<void()>([&] {
    pdgemr2d_(&n, &n, a.data(), &ione, &ione, rows_desc, b.data(), &ione, &ione, b.desc, &grid.ctxt);
  }) : std::function<void()>());
  backward.variants.push_back(even ? std::function<void()>([&] {
    pdgemr2d_(&n, &n, b_hand.data(), &ione, &ione, b.desc, back.data(), &ione, &ione, rows_desc, &grid.ctxt);
  }) : std::function<void()>());

#ifdef MR2D_BENCH_WITH_COSTA
  // COSTA's custom layout of the rows (owners row-major, here one column of blocks).
  const std::vector<int> costa_splits(splits.begin(), splits.end());
  const int costa_cols[2] = {0, n};
  const costa::block_t costa_rows_block{a.data(), std::max(1, my_rows), rank, 0};
  const costa::block_t costa_back_block{back.data(), std::max(1, my_rows), rank, 0};
  auto costa_a = costa::custom_layout<double>(world, 1, costa_splits.data(), costa_cols, owners.data(),
                                             my_rows > 0 ? 1 : 0, &costa_rows_block, 'C');
  auto costa_back = costa::custom_layout<double>(world, 1, costa_splits.data(), costa_cols, owners.data(),
                                                my_rows > 0 ? 1 : 0, &costa_back_block, 'C');
  auto costa_b = costa::block_cyclic_layout<double>(n, n, nb, nb, 1, 1, n, n, nprow, npcol, 'R', 0, 0,
                                                   b.data(), b.ld(), 'C', rank);
  auto costa_b_hand = costa::block_cyclic_layout<double>(n, n, nb, nb, 1, 1, n, n, nprow, npcol, 'R', 0,
                                                        0, b_hand.data(), b_hand.ld(), 'C', rank);
  forward.variants.push_back([&] { costa::transform<double>(costa_a, costa_b, MPI_COMM_WORLD); });
  backward.variants.push_back([&] { costa::transform<double>(costa_b_hand, costa_back, MPI_COMM_WORLD); });
#else
  forward.variants.emplace_back();
  backward.variants.emplace_back();
#endif
  const char* names[] = {"mr2d-plan", "mr2d", "alltoallv", "pdgemr2d", "costa"};

  if (rank == 0)
    std::printf("uneven rows: %d x %d doubles, %d processes (%d to %d rows each) <-> %dx%d grid of %dx%d "
                "blocks, median of %d\n%-13s %10s %10s %10s %10s %10s | %11s %9s %9s\n",
                n, n, world, n / world, (n + world - 1) / world, nprow, npcol, nb, nb, reps, "direction",
                names[0], names[1], names[2], names[3], names[4], "alltoallv/x", "pdgemr2d/x", "costa/x");
  for (Direction* d : {&forward, &backward}) {
    // Each variant present must give what the hand-written move gives.
    std::vector<std::function<void()>> timed;
    std::vector<int> column_of;
    for (std::size_t v = 0; v < d->variants.size(); ++v) {
      if (!d->variants[v]) continue;
      d->clear();
      d->variants[v]();
      if (!d->matches_hand()) fail(std::string(d->name) + ": " + names[v] + " differs from MPI_Alltoallv's result");
      timed.push_back(d->variants[v]);
      column_of.push_back(static_cast<int>(v));
    }
    const std::vector<double> t = mr2d::bench::interleaved_medians(reps, timed);
    std::vector<double> cell(d->variants.size(), 0.0);
    for (std::size_t k = 0; k < t.size(); ++k) cell[static_cast<std::size_t>(column_of[k])] = t[k];
    if (rank != 0) continue;
    std::printf("%-13s", d->name);
    for (const double s : cell) {
      if (s > 0) std::printf(" %10.4f", s);
      else std::printf(" %10s", "n/a");
    }
    const auto ratio = [&](std::size_t v, int width) {
      if (cell[v] > 0) std::printf(" %*.2f", width, cell[v] / cell[0]);
      else std::printf(" %*s", width, "n/a");
    };
    std::printf(" |");
    ratio(2, 11);
    ratio(3, 9);
    ratio(4, 9);
    std::printf("\n");
  }
  mr2d_plan_destroy(&to_grid);
  mr2d_plan_destroy(&to_rows);
  MPI_Finalize();
  return 0;
}

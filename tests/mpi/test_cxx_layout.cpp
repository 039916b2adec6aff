// SPDX-License-Identifier: BSD-3-Clause
// The C++ layer of grid layouts (mr2d_layout.hpp). Rows split evenly over P
// ranks are also a P x 1 block-cyclic matrix, so mr2d::layout_copy and
// layout plans from and to mr2d::uneven_rows give, in the whole local arrays
// (padding included), what ScaLAPACK's Cp?gemr2d gives from and to that
// descriptor, submatrices included; mr2d::layout_transform gives what
// mr2d::transform gives. Uneven rows (N % P != 0) go to block-cyclic and back
// over a communicator, checked element by element. Then uneven_splits, the
// copies of a GridLayout, and a bad split that must throw on every process
// with B untouched. Any number of processes.
#include <mpi.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d_layout.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

int rank = 0, world = 1, failures = 0;

void expect(bool ok, const std::string& what) {
  if (ok) return;
  std::printf("rank %d FAILED: %s\n", rank, what.c_str());
  ++failures;
}

/// A block-cyclic m x n matrix on grid g (mb x nb blocks, lld padded by
/// `pad` rows), its local array filled with `fill`.
template <class T>
struct Local {
  int desc[9] = {};
  int rows = 0, cols = 0;
  std::vector<T> a;
  Local(const Grid& g, int m, int n, int mb, int nb, int pad, T fill) {
    if (g.member()) {
      rows = numroc(m, mb, g.myrow, 0, g.nprow);
      cols = numroc(n, nb, g.mycol, 0, g.npcol);
    }
    const int lld = std::max(1, rows) + pad;
    const int d[9] = {1, g.member() ? g.ctxt : -1, m, n, mb, nb, 0, 0, lld};
    std::copy(d, d + 9, desc);
    a.assign(static_cast<std::size_t>(lld) * static_cast<std::size_t>(std::max(1, cols)), fill);
  }
};

template <class T> void reference_gemr2d(int m, int n, T* a, int ia, int ja, int* desca, T* b,
                                         int ib, int jb, int* descb, int ctxt);
template <> void reference_gemr2d<double>(int m, int n, double* a, int ia, int ja, int* desca,
                                          double* b, int ib, int jb, int* descb, int ctxt) {
  Cpdgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ctxt);
}
template <> void reference_gemr2d<std::complex<float>>(int m, int n, std::complex<float>* a, int ia,
                                                       int ja, int* desca, std::complex<float>* b,
                                                       int ib, int jb, int* descb, int ctxt) {
  Cpcgemr2d(m, n, reinterpret_cast<mr2d_scomplex*>(a), ia, ja, desca,
            reinterpret_cast<mr2d_scomplex*>(b), ib, jb, descb, ctxt);
}

bool same(const void* x, const void* y, std::size_t bytes) { return std::memcmp(x, y, bytes) == 0; }

/// Even rows (k per rank) against ScaLAPACK through the P x 1 descriptor
/// that describes the same storage; sub(A) starts at row 2, sub(B) at column 2.
template <class T>
void even_rows_against_reference(const Grid& all, const Grid& column, const Grid& target) {
  const int k = 5, m = k * world, n = 9;
  const std::string type = std::to_string(sizeof(T)) + "-byte ";
  const mr2d::GridLayout rows = mr2d::uneven_rows(m, n, world, rank);  // owners: world ranks
  Local<T> a(column, m, n, k, n, 0, T(0));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < a.rows; ++i)
      a.a[static_cast<std::size_t>(i + j * k)] = code_of<T>(k * rank + i, j);
  Local<T> mine(target, m, n, 3, 2, 2, T(-7)), reference(target, m, n, 3, 2, 2, T(-7));
  mr2d::layout_copy(m - 2, n - 1, a.a.data(), 2, 1, rows.matrix(), mine.a.data(), 1, 2,
                    mr2d::matrix(mine.desc), all.ctxt);
  reference_gemr2d(m - 2, n - 1, a.a.data(), 2, 1, a.desc, reference.a.data(), 1, 2,
                   reference.desc, all.ctxt);
  expect(same(mine.a.data(), reference.a.data(), mine.a.size() * sizeof(T)),
         type + "rows -> block-cyclic as pgemr2d gives it");

  // And back through a plan into a second row array.
  Local<T> back(column, m, n, k, n, 0, T(-3)), back_reference(column, m, n, k, n, 0, T(-3));
  const mr2d::Plan<T> plan = mr2d::plan_layout_transform<T>('N', m - 2, n - 1, 1, 2,
                                                            mr2d::matrix(mine.desc), 2, 1,
                                                            rows.matrix(), all.ctxt);
  plan.execute(mine.a.data(), back.a.data());
  reference_gemr2d(m - 2, n - 1, mine.a.data(), 1, 2, mine.desc, back_reference.a.data(), 2, 1,
                   back_reference.desc, all.ctxt);
  expect(same(back.a.data(), back_reference.a.data(), back.a.size() * sizeof(T)),
         type + "block-cyclic -> rows by plan as pgemr2d gives it");

  // B := 2 A^T - B between the layouts, as the descriptor transform gives it.
  Local<T> t_mine(target, n, m, 2, 3, 1, T(1)), t_reference(target, n, m, 2, 3, 1, T(1));
  mr2d::layout_transform('T', n, m, T(2), a.a.data(), 1, 1, rows.matrix(), T(-1),
                         t_mine.a.data(), 1, 1, mr2d::matrix(t_mine.desc), all.ctxt);
  mr2d::transform('T', n, m, T(2), a.a.data(), 1, 1, a.desc, T(-1), t_reference.a.data(), 1, 1,
                  t_reference.desc, all.ctxt);
  expect(same(t_mine.a.data(), t_reference.a.data(), t_mine.a.size() * sizeof(T)),
         type + "2 A^T - B from rows as mr2d::transform gives it");
}

/// N % P != 0 over MPI_COMM_WORLD: rows to a pr x pc grid and back.
void uneven_rows_over_comm(int pr, int pc) {
  const int m = 7 * world + (world > 1 ? world - 1 : 0), n = 6;
  const std::vector<mr2d_int> splits = mr2d::uneven_splits(m, world);
  const int r0 = splits[static_cast<std::size_t>(rank)];
  const int mine_rows = splits[static_cast<std::size_t>(rank) + 1] - r0;
  const mr2d::GridLayout rows = mr2d::uneven_rows(m, n, world, rank);
  std::vector<double> a(static_cast<std::size_t>(std::max(1, mine_rows * n))), back(a.size(), -1);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < mine_rows; ++i) a[static_cast<std::size_t>(i + j * mine_rows)] = code_of<double>(r0 + i, j);
  Grid shape;  // positions only: row-major ranks of the communicator
  shape.nprow = pr;
  shape.npcol = pc;
  shape.myrow = rank / pc;
  shape.mycol = rank % pc;
  const mr2d_grid grid{pr, pc, nullptr};
  Local<double> b(shape, m, n, 4, 4, 1, -1.0);
  mr2d::comm_layout_transform(MPI_COMM_WORLD, 'N', m, n, 1.0, a.data(), 1, 1, rows.matrix(), 0.0,
                              b.a.data(), 1, 1, mr2d::matrix(b.desc, &grid));
  long long wrong = 0;
  const int lld = b.desc[8];
  for (int j = 0; j < b.cols; ++j)
    for (int i = 0; i < lld; ++i) {
      const double got = b.a[static_cast<std::size_t>(i + j * lld)];
      wrong += i < b.rows ? got != code_of<double>(global_of(i, 4, shape.myrow, 0, pr),
                                                   global_of(j, 4, shape.mycol, 0, pc))
                          : got != -1.0;  // padding untouched
    }
  expect(wrong == 0, "uneven rows -> block-cyclic over a communicator: " + std::to_string(wrong) + " wrong");
  const mr2d::Plan<double> plan = mr2d::comm_plan_layout_transform<double>(
      MPI_COMM_WORLD, 'N', m, n, 1, 1, mr2d::matrix(b.desc, &grid), 1, 1, rows.matrix());
  plan.execute(b.a.data(), back.data());
  expect(mine_rows == 0 || back == a, "block-cyclic -> uneven rows by a communicator plan");
}

void splits_and_copies(const Grid& all, const Grid& target) {
  expect(mr2d::uneven_splits(10, 4) == std::vector<mr2d_int>{0, 3, 6, 8, 10}, "10 rows over 4");
  expect(mr2d::uneven_splits(2, 4) == std::vector<mr2d_int>{0, 1, 2, 2, 2}, "2 rows over 4");
  bool threw = false;
  try {
    mr2d::uneven_splits(5, 0);
  } catch (const mr2d::Error& e) {
    threw = e.status() == MR2D_ERR_ARGUMENT;
  }
  expect(threw, "uneven_splits over 0 parts throws");

  // A copy points at its own tables and still describes the matrix after the original is gone.
  const int m = 3 * world + 1, n = 4;
  auto original = std::make_unique<mr2d::GridLayout>(mr2d::uneven_rows(m, n, world, rank));
  const mr2d::GridLayout copy = *original;
  expect(copy.c().row_splits != original->c().row_splits &&
             copy.c().row_splits == copy.row_splits().data() && copy.c().nblocks == original->c().nblocks,
         "a copied GridLayout points at its own tables");
  original.reset();
  const std::vector<mr2d_int> splits = copy.row_splits();
  const int r0 = splits[static_cast<std::size_t>(rank)];
  const int mine_rows = splits[static_cast<std::size_t>(rank) + 1] - r0;
  std::vector<double> a(static_cast<std::size_t>(std::max(1, mine_rows * n)));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < mine_rows; ++i) a[static_cast<std::size_t>(i + j * mine_rows)] = code_of<double>(r0 + i, j);
  Local<double> b(target, m, n, 2, 2, 0, -1.0), reference(target, m, n, 2, 2, 0, -1.0);
  mr2d::layout_copy(m, n, a.data(), 1, 1, copy.matrix(), b.a.data(), 1, 1, mr2d::matrix(b.desc),
                    all.ctxt);
  long long wrong = 0;
  for (int j = 0; j < b.cols; ++j)
    for (int i = 0; i < b.rows; ++i)
      wrong += b.a[static_cast<std::size_t>(i + j * b.desc[8])] !=
               code_of<double>(global_of(i, 2, target.myrow, 0, target.nprow),
                               global_of(j, 2, target.mycol, 0, target.npcol));
  expect(wrong == 0, "a copied layout moves the matrix");

  // Splits one row short of the matrix: every process throws, B untouched.
  std::vector<mr2d_int> short_splits = splits;
  short_splits.back() -= 1;
  std::vector<int> owners(static_cast<std::size_t>(world));
  for (int p = 0; p < world; ++p) owners[static_cast<std::size_t>(p)] = p;
  const mr2d::GridLayout bad = mr2d::row_layout(m, n, short_splits, owners, rank);
  reference.a = b.a;
  int status = MR2D_SUCCESS;
  std::string message;
  try {
    mr2d::layout_copy(m, n, a.data(), 1, 1, bad.matrix(), b.a.data(), 1, 1, mr2d::matrix(b.desc),
                      all.ctxt);
  } catch (const mr2d::Error& e) {
    status = e.status();
    message = e.what();
  }
  expect(status == MR2D_ERR_ARGUMENT, "short splits throw MR2D_ERR_ARGUMENT, got " + std::to_string(status));
  expect(message.find("(MA)") != std::string::npos, "the message names MA: " + message);
  expect(b.a == reference.a, "B untouched after the error");
  threw = false;
  try {
    mr2d::row_layout(m, n, splits, std::vector<int>{0}, rank);
  } catch (const mr2d::Error&) {
    threw = true;
  }
  expect(threw == (world != 1), "row_layout with too few owners throws");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  int pr = 1;
  for (int r = 1; r * r <= world; ++r)
    if (world % r == 0) pr = r;
  const int pc = world / pr;
  // The union: 1 x P row-major, so process (0, c) is world rank c, and row
  // layouts name their owners by world rank.
  const Grid all = make_grid(1, world, "R", {});
  const Grid column = make_grid(world, 1, "R", {});
  const Grid target = make_grid(pr, pc, "C", {});
  try {
    even_rows_against_reference<double>(all, column, target);
    even_rows_against_reference<std::complex<float>>(all, column, target);
    uneven_rows_over_comm(pr, pc);
    splits_and_copies(all, target);
  } catch (const mr2d::Error& e) {
    std::printf("rank %d FAILED: unexpected mr2d::Error %d: %s\n", rank, e.status(), e.what());
    ++failures;
  }
  MPI_Allreduce(MPI_IN_PLACE, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("cxx layout: %d failures\n", failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

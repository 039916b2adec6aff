// The main demo: one redistribution between two different grids on the same
// processes, verified element by element, timed against ScaLAPACK's pdgemr2d
// in the same run. Run with 4 processes: `cmake --build build --target demo`.
//   mr2d_demo [N]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "mr2d/mr2d.h"
#include "mr2d/scalapack.h"

extern "C" {
void Cblacs_pinfo(int* mypnum, int* nprocs);
void Cblacs_get(int ictxt, int what, int* val);
void Cblacs_gridinit(int* ictxt, const char* order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int* nprow, int* npcol, int* myrow, int* mycol);
int numroc_(const int* n, const int* nb, const int* iproc, const int* isrc, const int* nprocs);
}

namespace {

struct Dist {
  int ctxt, nprow, npcol, myrow, mycol, mb, nb, rows, cols;
  int desc[9];
  std::vector<double> data;
};

Dist make_dist(int n, int nprow, int npcol, const char* order, int mb, int nb) {
  Dist d{};
  Cblacs_get(0, 0, &d.ctxt);
  Cblacs_gridinit(&d.ctxt, order, nprow, npcol);
  Cblacs_gridinfo(d.ctxt, &d.nprow, &d.npcol, &d.myrow, &d.mycol);
  d.mb = mb;
  d.nb = nb;
  int zero = 0;
  d.rows = numroc_(&n, &mb, &d.myrow, &zero, &d.nprow);
  d.cols = numroc_(&n, &nb, &d.mycol, &zero, &d.npcol);
  const int desc[9] = {1, d.ctxt, n, n, mb, nb, 0, 0, std::max(1, d.rows)};
  std::copy(desc, desc + 9, d.desc);
  d.data.assign(static_cast<std::size_t>(std::max(1, d.rows)) * static_cast<std::size_t>(d.cols), 0.0);
  return d;
}

int global_of(int l, int nb, int p, int np) { return (l / nb * np + p) * nb + l % nb; }
double value(int i, int j) { return i * 1.0e5 + j; }

template <class F>
double median_seconds(int reps, F&& call) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    call();
    double local = MPI_Wtime() - t0, slowest = 0;
    MPI_Allreduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t.push_back(slowest);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, nprocs = 1;
  Cblacs_pinfo(&rank, &nprocs);
  const int n = argc > 1 ? std::atoi(argv[1]) : 2000;
  if (nprocs != 4) {
    if (rank == 0) std::fprintf(stderr, "mr2d_demo runs on 4 processes (got %d)\n", nprocs);
    MPI_Finalize();
    return 2;
  }
  // A: 2x2 grid, 64x64 blocks. B: 4x1 grid in column-major order, 100x37 blocks.
  Dist a = make_dist(n, 2, 2, "R", 64, 64);
  Dist b = make_dist(n, 4, 1, "C", 100, 37);
  for (int j = 0; j < a.cols; ++j)
    for (int i = 0; i < a.rows; ++i)
      a.data[static_cast<std::size_t>(i + j * a.desc[8])] =
          value(global_of(i, a.mb, a.myrow, a.nprow), global_of(j, a.nb, a.mycol, a.npcol));
  int ctxt_union = 0;
  Cblacs_get(0, 0, &ctxt_union);
  Cblacs_gridinit(&ctxt_union, "R", 1, 4);

  mr2d_reset_stats();
  int status = mr2d_pdgemr2d(n, n, a.data.data(), 1, 1, a.desc, b.data.data(), 1, 1, b.desc, ctxt_union);
  mr2d_stats st;
  mr2d_get_stats(&st);
  long long errors = status == MR2D_SUCCESS ? 0 : 1;
  for (int j = 0; j < b.cols; ++j)
    for (int i = 0; i < b.rows; ++i)
      errors += b.data[static_cast<std::size_t>(i + j * b.desc[8])] !=
                value(global_of(i, b.mb, b.myrow, b.nprow), global_of(j, b.nb, b.mycol, b.npcol));
  long long total_errors = 0;
  MPI_Allreduce(&errors, &total_errors, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);

  if (rank == 0)
    std::printf("mr2d demo: %d x %d doubles, A on a 2x2 grid (64x64 blocks) -> B on a 4x1 "
                "column-major grid (100x37 blocks), 4 processes\n", n, n);
  // Rank 0 prints every process's line, so the output is in order.
  long long mine[10] = {a.myrow, a.mycol, a.rows, a.cols, b.myrow, b.mycol, b.rows, b.cols,
                        st.messages_sent, 0};
  double bytes[3] = {st.bytes_sent / 1e6, st.bytes_received / 1e6, st.bytes_local / 1e6};
  std::vector<long long> all(40);
  std::vector<double> all_bytes(12);
  MPI_Gather(mine, 10, MPI_LONG_LONG, all.data(), 10, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  MPI_Gather(bytes, 3, MPI_DOUBLE, all_bytes.data(), 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  for (int r = 0; rank == 0 && r < nprocs; ++r) {
    const long long* v = &all[static_cast<std::size_t>(10 * r)];
    const double* mb = &all_bytes[static_cast<std::size_t>(3 * r)];
    std::printf("  process %d: A(%lld,%lld) holds %lldx%lld, B(%lld,%lld) holds %lldx%lld; sent %lld "
                "messages, %.2f MB out, %.2f MB in, %.2f MB kept locally\n",
                r, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], mb[0], mb[1], mb[2]);
  }
  if (rank == 0) std::printf("verification: %s (%lld wrong elements)\n", total_errors ? "FAILED" : "passed", total_errors);

  const int reps = 7;
  double ours = median_seconds(reps, [&] {
    mr2d_pdgemr2d(n, n, a.data.data(), 1, 1, a.desc, b.data.data(), 1, 1, b.desc, ctxt_union);
  });
  double theirs = median_seconds(reps, [&] {
    Cpdgemr2d(n, n, a.data.data(), 1, 1, a.desc, b.data.data(), 1, 1, b.desc, ctxt_union);
  });
  if (rank == 0)
    std::printf("time (median of %d, slowest process): mr2d %.4f s, ScaLAPACK %.4f s, speedup %.1fx\n",
                reps, ours, theirs, theirs / ours);
  MPI_Finalize();
  return total_errors == 0 ? 0 : 1;
}

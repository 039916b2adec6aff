// SPDX-License-Identifier: BSD-3-Clause
// Node peers reading A in place (mr2d_alloc): redistributions whose A lies in
// mr2d_alloc memory on all, some or none of the processes, B in ordinary or
// mr2d_alloc memory, every element type, copies, trapezoids, transforms with
// op T and a batch, plans executed repeatedly with A rewritten in between.
// Every B is compared with ScaLAPACK's (p?gemr2d, p?trmr2d, PBLAS p?tran*)
// over the whole local array, padding included, and the statistics must show
// that the direct path ran exactly where it should: every node-local byte
// direct where every sender's A is shared, none where none is, some but not
// all in mixed cases (bytes_direct against bytes_received). Copies whose
// runs alternate between the kept part and a peer's (in B's columns or in
// A's) run through the two-source and two-target kernels, direct or not.
//
// With --refused R (and MR2D_TEST_REFUSE_DIRECT=R) rank R cannot map its
// peers' arrays: its messages fall back to the pool, everyone else's not.
//
//   test_direct [--rounds R] [--refused R]
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "mr2d/mr2d.hpp"
#include "mr2d/scalapack.h"

using namespace mr2d_test;

namespace {

// Which processes hold their arrays in mr2d_alloc memory.
enum class Shared { none, all, even };

bool holds_shared(Shared s, int rank) {
  return s == Shared::all || (s == Shared::even && rank % 2 == 0);
}

// A local array, in mr2d_alloc memory (through the C++ allocator) or not.
template <class T>
struct Array {
  int lld = 1, rows = 0, cols = 0;
  std::vector<T> plain;
  std::vector<T, mr2d::SharedAllocator<T>> shared;
  bool in_shared = false;
  T* ptr() {
    T* p = in_shared ? shared.data() : plain.data();
    return rows * cols == 0 ? nullptr : p;
  }
  T& at(int r, int c) { return (in_shared ? shared.data() : plain.data())[r + static_cast<std::size_t>(c) * lld]; }
  std::size_t bytes() const { return sizeof(T) * static_cast<std::size_t>(lld) * static_cast<std::size_t>(cols); }
};

struct Layout {
  int M, N, mb, nb;
};

template <class T>
Array<T> make_array(const Layout& l, const Grid& g, bool shared, int pad) {
  Array<T> a;
  if (!g.member()) return a;
  a.rows = numroc(l.M, l.mb, g.myrow, 0, g.nprow);
  a.cols = numroc(l.N, l.nb, g.mycol, 0, g.npcol);
  a.lld = std::max(a.rows, 1) + pad;
  const std::size_t n = static_cast<std::size_t>(a.lld) * static_cast<std::size_t>(a.cols);
  a.in_shared = shared;
  if (shared) {
    a.shared.assign(n, sentinel<T>());
  } else {
    a.plain.assign(n, sentinel<T>());
  }
  return a;
}

// A's elements for round `round`: codes of the global position, shifted so
// that every round moves different values.
template <class T>
void fill(Array<T>& a, const Layout& l, const Grid& g, int round) {
  for (int c = 0; c < a.cols; ++c)
    for (int r = 0; r < a.rows; ++r)
      a.at(r, c) = code_of<T>(global_of(r, l.mb, g.myrow, 0, g.nprow) + 100 * round,
                              global_of(c, l.nb, g.mycol, 0, g.npcol));
}

void desc_of(const Layout& l, const Grid& g, int lld, int d[9]) {
  const int v[9] = {1, g.member() ? g.ctxt : -1, l.M, l.N, l.mb, l.nb, 0, 0, lld};
  std::memcpy(d, v, sizeof v);
}

template <class T>
bool same_array(Array<T>& x, Array<T>& y) {
  return x.bytes() == y.bytes() && (x.bytes() == 0 || std::memcmp(x.ptr(), y.ptr(), x.bytes()) == 0);
}

// A copy's layouts, sub-matrix and its corners in A and B.
struct Problem {
  Layout la, lb;
  int m, n;
  int ia, ja, ib, jb;
};

// Blocks of A and B that meet at odd corners: the general kernels.
constexpr Problem kMixed{{67, 53, 4, 3}, {70, 58, 5, 2}, 60, 50, 2, 3, 1, 2};

// ScaLAPACK's redistributions, by element type.
template <class T>
void ref_copy(const char* uplo, int m, int n, T* a, int* desca, T* b, int* descb, int ictxt,
              const Problem& pr = kMixed) {
  char u[2] = {uplo != nullptr ? uplo[0] : 'G', 0}, d[2] = {'N', 0};
  const int ia = pr.ia, ja = pr.ja, ib = pr.ib, jb = pr.jb;
#define MR2D_TEST_REF(x, U)                                                         \
  if constexpr (std::is_same_v<T, U>) {                                              \
    if (uplo != nullptr) Cp##x##trmr2d(u, d, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt); \
    else Cp##x##gemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);                 \
  }
  MR2D_TEST_REF(s, float)
  MR2D_TEST_REF(d, double)
  MR2D_TEST_REF(c, mr2d_scomplex)
  MR2D_TEST_REF(z, mr2d_dcomplex)
  MR2D_TEST_REF(i, int)
#undef MR2D_TEST_REF
}

// PBLAS's transposes: C := beta C + alpha A' (A n x m, C m x n).
template <class T>
void ref_tran(int m, int n, const T& alpha, T* a, int* desca, const T& beta, T* c, int* descc) {
  const int ia = 2, ja = 3, ic = 1, jc = 2;
  if constexpr (std::is_same_v<T, float>) pstran_(&m, &n, &alpha, a, &ia, &ja, desca, &beta, c, &ic, &jc, descc);
  if constexpr (std::is_same_v<T, double>) pdtran_(&m, &n, &alpha, a, &ia, &ja, desca, &beta, c, &ic, &jc, descc);
  if constexpr (std::is_same_v<T, mr2d_scomplex>)
    pctranu_(&m, &n, &alpha, a, &ia, &ja, desca, &beta, c, &ic, &jc, descc);
  if constexpr (std::is_same_v<T, mr2d_dcomplex>)
    pztranu_(&m, &n, &alpha, a, &ia, &ja, desca, &beta, c, &ic, &jc, descc);
}

template <class T>
T scalar(double x) {
  if constexpr (std::is_same_v<T, mr2d_scomplex>) return {static_cast<float>(x), 0.5f};
  else if constexpr (std::is_same_v<T, mr2d_dcomplex>) return {x, 0.25};
  else return static_cast<T>(x);
}

// What one case asserts about the direct path, from everyone's counters.
struct Direct {
  long long direct = 0, received = 0;
};

int g_refused = -1;  // --refused: the rank that cannot map its peers' arrays

int check_direct(Shared shared, const Direct& mine, bool shm, int rank, const std::string& name) {
  long long in[3] = {mine.direct, mine.received, rank == g_refused ? mine.direct : 0}, sum[3];
  MPI_Allreduce(in, sum, 3, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  bool ok = sum[1] > 0 && sum[2] == 0;
  if (!shm || shared == Shared::none) ok = ok && sum[0] == 0;
  else if (shared == Shared::all && g_refused < 0) ok = ok && sum[0] == sum[1];
  else ok = ok && sum[0] > 0 && sum[0] < sum[1];
  if (!ok && rank == 0)
    std::printf("FAIL %s: %lld of %lld bytes received directly (shared memory %s)\n", name.c_str(), sum[0],
                sum[1], shm ? "on" : "off");
  return ok ? 0 : 1;
}

// Copies (gemr2d, or trmr2d with `uplo`) through one plan executed `rounds`
// times; A rewritten every round, while peers may still be reading it
// unless the call waited for them.
template <class T>
int copy_case(const Grid& ga, const Grid& gb, const Grid& gu, Shared a_shared, bool b_shared,
              const char* uplo, int rounds, int rank, const Problem& pr = kMixed) {
  const Layout la = pr.la, lb = pr.lb;
  const int m = pr.m, n = pr.n;
  const bool mine = holds_shared(a_shared, rank);
  Array<T> a = make_array<T>(la, ga, mine, 2);
  int desca[9], descb[9];
  desc_of(la, ga, a.lld, desca);
  Array<T> probe = make_array<T>(lb, gb, false, 1);
  desc_of(lb, gb, probe.lld, descb);
  mr2d_plan plan = nullptr;
  const int type = mr2d::type_of<T>::value;
  int bad = (uplo != nullptr ? mr2d_plan_create_trmr2d(&plan, type, uplo, "N", m, n, pr.ia, pr.ja, desca, pr.ib,
                                                       pr.jb, descb, gu.ctxt, nullptr)
                             : mr2d_plan_create_gemr2d(&plan, type, m, n, pr.ia, pr.ja, desca, pr.ib, pr.jb, descb,
                                                       gu.ctxt, nullptr)) != MR2D_SUCCESS;
  mr2d_plan_info info{};
  if (plan != nullptr) mr2d_plan_query(plan, &info);
  Direct d;
  for (int round = 0; round < rounds && plan != nullptr; ++round) {
    fill(a, la, ga, round);
    Array<T> b = make_array<T>(lb, gb, b_shared && mine, 1), ref = make_array<T>(lb, gb, false, 1);
    mr2d_stats before, after;
    mr2d_get_stats(&before);
    bad += mr2d_plan_execute(plan, a.ptr(), b.ptr()) != MR2D_SUCCESS;
    mr2d_get_stats(&after);
    d.direct += after.bytes_direct - before.bytes_direct;
    d.received += after.bytes_received - before.bytes_received;
    ref_copy<T>(uplo, m, n, a.ptr(), desca, ref.ptr(), descb, gu.ctxt, pr);
    bad += !same_array(b, ref);
  }
  mr2d_plan_destroy(&plan);
  const std::string name = std::string(uplo ? "trmr2d" : "gemr2d") + " type " + std::to_string(type) + " " +
                           std::to_string(m) + " x " + std::to_string(n) + " " +
                           ga.name + " -> " + gb.name + " A shared " + std::to_string(static_cast<int>(a_shared)) +
                           " B shared " + std::to_string(b_shared);
  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (total > 0 && rank == 0) std::printf("FAIL %s: B differs from ScaLAPACK's\n", name.c_str());
  return (total > 0 ? 1 : 0) + check_direct(a_shared, d, info.shm_bytes > 0, rank, name);
}

// B := alpha A' + beta B through a transform plan, against PBLAS on one grid.
template <class T>
int transpose_case(const Grid& g, Shared a_shared, int rounds, int rank) {
  const Layout la{50, 52, 3, 4}, lb{48, 49, 4, 5};
  const int m = 45, n = 38;  // B's sub-matrix m x n, A's n x m
  const bool mine = holds_shared(a_shared, rank);
  Array<T> a = make_array<T>(la, g, mine, 1);
  int desca[9], descb[9];
  desc_of(la, g, a.lld, desca);
  Array<T> probe = make_array<T>(lb, g, false, 2);
  desc_of(lb, g, probe.lld, descb);
  mr2d_plan plan = nullptr;
  int bad = mr2d_plan_create_transform(&plan, mr2d::type_of<T>::value, "T", m, n, 2, 3, desca, 1, 2, descb,
                                       g.ctxt, nullptr) != MR2D_SUCCESS;
  mr2d_plan_info info{};
  if (plan != nullptr) mr2d_plan_query(plan, &info);
  const T alpha = scalar<T>(1.5), beta = scalar<T>(-2.0);
  Direct d;
  for (int round = 0; round < rounds && plan != nullptr; ++round) {
    fill(a, la, g, round);
    Array<T> b = make_array<T>(lb, g, mine, 2), ref = make_array<T>(lb, g, false, 2);
    fill(b, lb, g, round + 7);
    fill(ref, lb, g, round + 7);
    mr2d_stats before, after;
    mr2d_get_stats(&before);
    bad += mr2d_plan_execute_transform(plan, &alpha, a.ptr(), &beta, b.ptr()) != MR2D_SUCCESS;
    mr2d_get_stats(&after);
    d.direct += after.bytes_direct - before.bytes_direct;
    d.received += after.bytes_received - before.bytes_received;
    ref_tran<T>(m, n, alpha, a.ptr(), desca, beta, ref.ptr(), descb);
    bad += !same_array(b, ref);
  }
  mr2d_plan_destroy(&plan);
  const std::string name = "transform T type " + std::to_string(mr2d::type_of<T>::value) + " on " + g.name +
                           " A shared " + std::to_string(static_cast<int>(a_shared));
  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (total > 0 && rank == 0) std::printf("FAIL %s: B differs from PBLAS's\n", name.c_str());
  return (total > 0 ? 1 : 0) + check_direct(a_shared, d, info.shm_bytes > 0, rank, name);
}

// A batch of a double and a complex copy, A of both parts shared or not.
int batch_case(const Grid& ga, const Grid& gb, const Grid& gu, Shared a_shared, int rounds, int rank) {
  const Layout la{67, 53, 4, 3}, lb{70, 58, 5, 2};
  const int m = 60, n = 50;
  const bool mine = holds_shared(a_shared, rank);
  Array<double> a0 = make_array<double>(la, ga, mine, 0);
  Array<mr2d_dcomplex> a1 = make_array<mr2d_dcomplex>(la, ga, mine, 3);
  int desca0[9], desca1[9], descb[9];
  desc_of(la, ga, a0.lld, desca0);
  desc_of(la, ga, a1.lld, desca1);
  Array<double> probe = make_array<double>(lb, gb, false, 1);
  desc_of(lb, gb, probe.lld, descb);
  mr2d_plan parts[2] = {nullptr, nullptr}, batch = nullptr;
  int bad = mr2d_plan_create_gemr2d(&parts[0], MR2D_D, m, n, 2, 3, desca0, 1, 2, descb, gu.ctxt, nullptr) != 0;
  bad += mr2d_plan_create_gemr2d(&parts[1], MR2D_Z, m, n, 2, 3, desca1, 1, 2, descb, gu.ctxt, nullptr) != 0;
  bad += mr2d_plan_create_batch(&batch, 2, parts, nullptr) != MR2D_SUCCESS;
  mr2d_plan_info info{};
  if (batch != nullptr) mr2d_plan_query(batch, &info);
  Direct d;
  for (int round = 0; round < rounds && batch != nullptr; ++round) {
    fill(a0, la, ga, round);
    fill(a1, la, ga, round + 1);
    Array<double> b0 = make_array<double>(lb, gb, false, 1), r0 = b0;
    Array<mr2d_dcomplex> b1 = make_array<mr2d_dcomplex>(lb, gb, false, 1), r1 = b1;
    const void* a[2] = {a0.ptr(), a1.ptr()};
    void* b[2] = {b0.ptr(), b1.ptr()};
    mr2d_stats before, after;
    mr2d_get_stats(&before);
    bad += mr2d_plan_execute_batch(batch, a, b) != MR2D_SUCCESS;
    mr2d_get_stats(&after);
    d.direct += after.bytes_direct - before.bytes_direct;
    d.received += after.bytes_received - before.bytes_received;
    ref_copy<double>(nullptr, m, n, a0.ptr(), desca0, r0.ptr(), descb, gu.ctxt);
    ref_copy<mr2d_dcomplex>(nullptr, m, n, a1.ptr(), desca1, r1.ptr(), descb, gu.ctxt);
    bad += !same_array(b0, r0) + !same_array(b1, r1);
  }
  for (mr2d_plan& p : parts) mr2d_plan_destroy(&p);
  mr2d_plan_destroy(&batch);
  const std::string name = "batch " + ga.name + " -> " + gb.name + " A shared " +
                           std::to_string(static_cast<int>(a_shared));
  int total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (total > 0 && rank == 0) std::printf("FAIL %s: B differs from ScaLAPACK's\n", name.c_str());
  return (total > 0 ? 1 : 0) + check_direct(a_shared, d, info.shm_bytes > 0, rank, name);
}

// Copies whose runs alternate (the two-source and two-target kernels): rows
// of A dealt in blocks of 5 over a column of processes, gathered whole in B's
// columns on a row of them, so that B's columns take runs of 5 alternately
// from the kept part and each peer; and single rows of A's columns dealt to
// B's processes in turn, so that A's columns give every other row to the
// kept part and to a peer. Whole blocks and one block more, every sharing.
template <class T>
int alternating_cases(const Grid& col, const Grid& row, const Grid& gu, int world, int rounds, int rank) {
  const int runs = 5 * world;
  const Problem gather{{runs * 12, 40, 5, 4}, {runs * 12 + 5, 40, runs * 12 + 5, 3}, runs * 12, 40, 1, 1, 1, 1};
  const Problem gather_extra{{runs * 12 + 5, 40, 5, 4}, {runs * 12 + 5, 40, runs * 12 + 5, 3}, runs * 12 + 5, 40,
                             1, 1, 1, 1};
  const Problem split{{61, 30, 61, 1}, {61, 30, 1, 30}, 61, 30, 1, 1, 1, 1};
  int failures = 0;
  for (Shared s : {Shared::all, Shared::none, Shared::even})
    for (bool b_shared : {false, true}) {
      failures += copy_case<T>(col, row, gu, s, b_shared, nullptr, rounds, rank, gather);
      failures += copy_case<T>(col, row, gu, s, b_shared, nullptr, rounds, rank, gather_extra);
      failures += copy_case<T>(row, col, gu, s, b_shared, nullptr, rounds, rank, split);
    }
  return failures;
}

// The C API itself: sizes, alignment, errors, mr2d_free of foreign pointers.
int c_api_case() {
  int bad = 0;
  void* p = mr2d_alloc(10000);
  bad += p == nullptr || reinterpret_cast<std::uintptr_t>(p) % 4096 != 0;
  if (p != nullptr) {
    bad += static_cast<unsigned char*>(p)[9999] != 0;  // zero-filled
    std::memset(p, 1, 10000);
  }
  bad += mr2d_alloc(0) != nullptr || std::strstr(mr2d_last_error(), "bytes") == nullptr;
  int local = 0;
  bad += mr2d_free(&local) != MR2D_ERR_ARGUMENT;
  bad += p != nullptr && mr2d_free(static_cast<char*>(p) + 8) != MR2D_ERR_ARGUMENT;
  bad += mr2d_free(p) != MR2D_SUCCESS;
  bad += mr2d_free(nullptr) != MR2D_SUCCESS;
  return bad;
}

template <class T>
int all_cases_of_type(const Grid& ga, const Grid& gb, const Grid& gu, const Grid& g2d, int rounds, int rank) {
  int failures = 0;
  for (Shared s : {Shared::all, Shared::even, Shared::none})
    for (bool b_shared : {false, true}) failures += copy_case<T>(ga, gb, gu, s, b_shared, nullptr, rounds, rank);
  failures += copy_case<T>(gb, ga, gu, Shared::all, true, "U", rounds, rank);
  if constexpr (!std::is_same_v<T, int>)
    for (Shared s : {Shared::all, Shared::even}) failures += transpose_case<T>(g2d, s, rounds, rank);
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  int rounds = 3;
  for (int k = 1; k + 1 < argc; k += 2)
    if (std::strcmp(argv[k], "--rounds") == 0) rounds = std::atoi(argv[k + 1]);
    else if (std::strcmp(argv[k], "--refused") == 0) g_refused = std::atoi(argv[k + 1]);
  if (!world_fits(world >= 2, "at least 2", world, rank, "test_direct")) {
    MPI_Finalize();
    return 1;
  }
  const Grid gu = make_grid(1, world, "R", {});
  const Grid col = make_grid(world, 1, "R", {});
  const Grid row = make_grid(1, world, "C", {});
  const Grid g2d = world % 2 == 0 && world > 2 ? make_grid(2, world / 2, "C", {}) : make_grid(1, world, "R", {});
  int failures = 0, cases = 0;
  failures += all_cases_of_type<float>(col, row, gu, g2d, rounds, rank);
  failures += all_cases_of_type<double>(col, g2d, gu, g2d, rounds, rank);
  failures += all_cases_of_type<mr2d_scomplex>(g2d, row, gu, g2d, rounds, rank);
  failures += all_cases_of_type<mr2d_dcomplex>(col, row, gu, g2d, rounds, rank);
  failures += all_cases_of_type<int>(row, col, gu, g2d, rounds, rank);
  cases += 5 * 9 - 2 * 2;
  failures += alternating_cases<double>(col, row, gu, world, rounds, rank);
  failures += alternating_cases<mr2d_dcomplex>(col, row, gu, world, rounds, rank);
  failures += alternating_cases<float>(col, row, gu, world, rounds, rank);
  cases += 3 * 18;
  for (Shared s : {Shared::all, Shared::even}) {
    failures += batch_case(col, row, gu, s, rounds, rank);
    ++cases;
  }
  int bad = c_api_case(), total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  failures += total > 0;
  ++cases;
  if (rank == 0) std::printf("direct: %d checks over %d cases, %d failed\n", 2 * cases, cases, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

// SPDX-License-Identifier: BSD-3-Clause
// How the drop-in's ScaLAPACK and PBLAS names fail (the library is loaded
// with dlopen beside ScaLAPACK, so both libraries' routines run here):
//   test_dropin_errors gemr2d DROPIN   PDGEMR2D with M = -1 on every process,
//       then "continued" and exit 0 if B is untouched: with MR2D_ON_ERROR
//       unset the job must stop first (dropin_abort.cmake checks both).
//   test_dropin_errors pblas DROPIN    bad arguments to pdtran, pdgeadd and
//       pdtradd (TRANS and UPLO too where they have them): this program
//       defines PB_Cabort, as PBLAS's testers do, so errors return; the
//       drop-in must report each through it with the same routine and INFO as
//       ScaLAPACK's PBLAS on every process, and leave C untouched. PBLAS
//       prints only through its own handlers (PB_Cwarn, PB_Cabort), which a
//       program may replace, as its testers do: the drop-in's call must write
//       nothing to stderr itself; its message, kept for mr2d_last_error,
//       names the process that found the error.
#include <dlfcn.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "../mpi/grids.hpp"
#include "../mpi/local_matrix.hpp"

using namespace mr2d_test;

namespace {

int g_info = 0;
std::string g_routine;

}  // namespace

// PBLAS's error entry, replaced as its testers do: record, do not stop.
extern "C" void PB_Cabort(int ictxt, char* routine, int info) {
  (void)ictxt;
  g_info = info;
  g_routine = routine;
}

namespace {

using Gemr2d = void (*)(const int*, const int*, const double*, const int*, const int*, const int*, double*,
                        const int*, const int*, const int*, const int*);
using Tran = void (*)(const int*, const int*, const double*, const double*, const int*, const int*, const int*,
                      const double*, double*, const int*, const int*, const int*);
using Geadd = void (*)(const char*, const int*, const int*, const double*, const double*, const int*, const int*,
                       const int*, const double*, double*, const int*, const int*, const int*);
using Tradd = void (*)(const char*, const char*, const int*, const int*, const double*, const double*, const int*,
                       const int*, const int*, const double*, double*, const int*, const int*, const int*);

struct Setup {
  int m = 6, n = 5, ia = 1, ja = 1, ic = 1, jc = 1;
  int desca[9], descc[9];
  char trans[2] = {'T', 0}, uplo[2] = {'U', 0};
};

// The routines checked; `letters`: which of TRANS (1) and UPLO (2) it has.
struct Routine {
  const char* name;
  int letters;
};
const Routine kRoutines[] = {{"pdtran_", 0}, {"pdgeadd_", 1}, {"pdtradd_", 3}};

// What `f` writes to stderr (file descriptor 2).
template <class F>
std::string stderr_of(F&& f) {
  std::fflush(stderr);
  FILE* file = std::tmpfile();
  const int saved = dup(2);
  if (file == nullptr || saved < 0) {
    f();
    return "(stderr not captured)";
  }
  dup2(fileno(file), 2);
  f();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::string text;
  std::rewind(file);
  for (int ch = std::fgetc(file); ch != EOF; ch = std::fgetc(file)) text += static_cast<char>(ch);
  std::fclose(file);
  return text;
}

void call(const Routine& r, void* f, const Setup& s, const double* a, double* c) {
  const double alpha = 1, beta = 0;
  if (r.letters == 0)
    reinterpret_cast<Tran>(f)(&s.m, &s.n, &alpha, a, &s.ia, &s.ja, s.desca, &beta, c, &s.ic, &s.jc, s.descc);
  else if (r.letters == 1)
    reinterpret_cast<Geadd>(f)(s.trans, &s.m, &s.n, &alpha, a, &s.ia, &s.ja, s.desca, &beta, c, &s.ic, &s.jc,
                               s.descc);
  else
    reinterpret_cast<Tradd>(f)(s.uplo, s.trans, &s.m, &s.n, &alpha, a, &s.ia, &s.ja, s.desca, &beta, c, &s.ic,
                               &s.jc, s.descc);
}

int run_gemr2d(void* dropin, const Grid& g) {
  auto gemr2d = reinterpret_cast<Gemr2d>(dlsym(dropin, "pdgemr2d_"));
  if (gemr2d == nullptr) return 2;
  const int m = -1, n = 4, one = 1;
  const int lld = std::max(1, numroc(8, 2, g.myrow, 0, g.nprow));
  const int desc[9] = {1, g.ctxt, 8, 8, 2, 2, 0, 0, lld};
  std::vector<double> a(static_cast<std::size_t>(lld * 8), 1.0), b(a.size(), -7.0);
  const std::vector<double> before = b;
  gemr2d(&m, &n, a.data(), &one, &one, desc, b.data(), &one, &one, desc, &g.ctxt);
  std::printf("continued after PDGEMR2D, B %s\n", b == before ? "untouched" : "CHANGED");
  return b == before ? 0 : 1;
}

int run_pblas(void* dropin, const Grid& g, int rank) {
  auto last_error = reinterpret_cast<const char* (*)()>(dlsym(dropin, "mr2d_last_error"));
  if (last_error == nullptr) return 2;
  const int M = 8, N = 8, mb = 2;
  const int lld = std::max(1, numroc(M, mb, g.myrow, 0, g.nprow));
  const int cols = numroc(N, mb, g.mycol, 0, g.npcol);
  struct Break {
    const char* name;
    int needs;  // letters the routine must have (TRANS 1, UPLO 2)
    std::function<void(Setup&)> breaks;
    bool error = true;  // PBLAS reports one (else: none, and C untouched)
  };
  const std::vector<Break> cases = {
      {"DESCA(CTXT_) = 12345", 0, [](Setup& s) { s.desca[1] = 12345; }},
      {"DESCA(CTXT_) = -1", 0, [](Setup& s) { s.desca[1] = -1; }},
      {"M = -1", 0, [](Setup& s) { s.m = -1; }},
      {"N = -2", 0, [](Setup& s) { s.n = -2; }},
      {"IA = 0", 0, [](Setup& s) { s.ia = 0; }},
      {"JC beyond C", 0, [](Setup& s) { s.jc = 6; }},
      {"DESCA(M_) = -1", 0, [](Setup& s) { s.desca[2] = -1; }},
      {"DESCA(MB_) = 0", 0, [](Setup& s) { s.desca[4] = 0; }},
      {"DESCC(RSRC_) = 7", 0, [](Setup& s) { s.descc[6] = 7; }},
      {"DESCC(LLD_) = 0", 0, [](Setup& s) { s.descc[8] = 0; }},
      {"DESCC(CTXT_) other", 0, [](Setup& s) { s.descc[1] = s.desca[1] + 1000; }},
      {"DESCA(DTYPE_) = 3", 0, [](Setup& s) { s.desca[0] = 3; }},
      {"TRANS = 'X'", 1, [](Setup& s) { s.trans[0] = 'X'; }},
      {"TRANS = 'X', M = -1", 1, [](Setup& s) { s.trans[0] = 'X'; s.m = -1; }},
      {"TRANS = 'N', IA beyond A", 1, [](Setup& s) { s.trans[0] = 'N'; s.ia = 4; }},
      {"UPLO = 'X'", 2, [](Setup& s) { s.uplo[0] = 'X'; }},
      {"UPLO = 'X', TRANS = 'X'", 2, [](Setup& s) { s.uplo[0] = 'X'; s.trans[0] = 'X'; }},
      {"UPLO = 'l', N = -2", 2, [](Setup& s) { s.uplo[0] = 'l'; s.n = -2; }},
      // An empty operation: PBLAS still checks the letters and descriptors,
      // without bounds and with LLD_ >= 1 only.
      {"M = 0, TRANS = 'X'", 1, [](Setup& s) { s.m = 0; s.trans[0] = 'X'; }},
      {"N = 0, UPLO = 'X'", 2, [](Setup& s) { s.n = 0; s.uplo[0] = 'X'; }},
      {"M = 0, IA = 0", 0, [](Setup& s) { s.m = 0; s.ia = 0; }},
      {"N = 0, DESCC(MB_) = 0", 0, [](Setup& s) { s.n = 0; s.descc[4] = 0; }},
      {"M = 0, DESCA(LLD_) = 0", 0, [](Setup& s) { s.m = 0; s.desca[8] = 0; }},
      {"M = 0, DESCC(CTXT_) other", 0, [](Setup& s) { s.m = 0; s.descc[1] = s.desca[1] + 1000; }},
      {"M = 0, IA beyond A", 0, [](Setup& s) { s.m = 0; s.ia = 40; }, false},
      {"N = 0, DESCA(LLD_) = 1", 0, [](Setup& s) { s.n = 0; s.desca[8] = 1; }, false},
  };
  int failures = 0;
  for (const Routine& r : kRoutines) {
    void* mine = dlsym(dropin, r.name);
    void* theirs = dlsym(RTLD_DEFAULT, r.name);
    if (mine == nullptr || theirs == nullptr || mine == theirs) {
      std::fprintf(stderr, "cannot tell ScaLAPACK's %s from the drop-in's\n", r.name);
      return 2;
    }
    for (const Break& b : cases) {
      if ((b.needs & r.letters) != b.needs) continue;
      Setup s;
      const int d[9] = {1, g.ctxt, M, N, mb, mb, 0, 0, lld};
      std::memcpy(s.desca, d, sizeof d);
      std::memcpy(s.descc, d, sizeof d);
      b.breaks(s);
      std::vector<double> a(static_cast<std::size_t>(lld * cols), 1.5), c(a.size(), -2.0);
      const std::vector<double> before = c;
      g_info = 0;
      g_routine.clear();
      const std::string pblas_stderr = stderr_of([&] { call(r, theirs, s, a.data(), c.data()); });
      const int want = g_info;
      const std::string want_routine = g_routine;
      c = before;
      g_info = 0;
      g_routine.clear();
      const std::string got_stderr = stderr_of([&] { call(r, mine, s, a.data(), c.data()); });
      const std::string message = last_error();
      const bool named = !b.error || message.find("[detected on ") != std::string::npos;
      const bool ok = (want != 0) == b.error && g_info == want && g_routine == want_routine && c == before &&
                      got_stderr.empty() && named;
      int bad = ok ? 0 : 1, total = 0;
      MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      if (bad)
        std::fprintf(stderr,
                     "rank %d: %s %s: drop-in INFO %d from %s, PBLAS INFO %d from %s, C %s; drop-in stderr \"%s\" "
                     "(PBLAS's through its handlers: \"%s\"); message \"%s\"\n",
                     rank, r.name, b.name, g_info, g_routine.c_str(), want, want_routine.c_str(),
                     c == before ? "untouched" : "CHANGED", got_stderr.c_str(), pblas_stderr.c_str(), message.c_str());
      if (rank == 0) std::printf("%-9s %-26s %s  PBLAS INFO %d\n", r.name, b.name, total ? "FAILED" : "ok", want);
      failures += total > 0;
    }
  }
  if (rank == 0) std::printf("drop-in PBLAS errors: %d failed\n", failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: test_dropin_errors gemr2d|pblas DROPIN\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  void* dropin = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
  if (dropin == nullptr) {
    std::fprintf(stderr, "cannot load %s: %s\n", argv[2], dlerror());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int rank = 0, size = 1;
  Cblacs_pinfo(&rank, &size);
  const Grid g = make_grid(1, size, "R", {});
  const int rc = std::strcmp(argv[1], "gemr2d") == 0 ? run_gemr2d(dropin, g) : run_pblas(dropin, g, rank);
  MPI_Finalize();
  return rc;
}

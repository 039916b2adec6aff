// SPDX-License-Identifier: BSD-3-Clause
// Round trips in ScaLAPACK's test style: for every line of a parameter file
// (format in round_trip.dat), A on grid 0 goes to B on grid 1 and back to a
// fresh A, through mr2d and through ScaLAPACK on the same inputs. Every
// process compares its whole local arrays (padding included) bit for bit with
// ScaLAPACK's after each leg, and the returned A with the codes it started
// from (inside the window and trapezoid) and the sentinel elsewhere.
#include <mpi.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "grids.hpp"
#include "local_matrix.hpp"
#include "typed_calls.hpp"

using namespace mr2d_test;

namespace {

struct Layout {
  int nprow = 1, npcol = 1, rows = 0, cols = 0, mb = 1, nb = 1;
  char order = 'R';
};

struct Line {
  int number = 0, type = MR2D_D;
  bool trapezoidal = false;
  char uplo = 'G', diag = 'N';
  Layout g0, g1;
  int m = 0, n = 0, ia = 1, ja = 1, ib = 1, jb = 1;
};

bool parse_shape(const std::string& s, Layout& l) {
  return std::sscanf(s.c_str(), "%dx%d:%c", &l.nprow, &l.npcol, &l.order) == 3;
}

bool parse_blocks(const std::string& s, Layout& l) { return std::sscanf(s.c_str(), "%dx%d", &l.mb, &l.nb) == 2; }

std::vector<Line> read_lines(const char* path) {
  std::ifstream in(path);
  std::vector<Line> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream f(text);
    std::string type, routine, g0, g1, b0, b1;
    Line l;
    l.number = number;
    f >> type >> routine >> g0 >> g1 >> l.g0.rows >> l.g0.cols >> l.g1.rows >> l.g1.cols >> b0 >> b1 >> l.m >>
        l.n >> l.ia >> l.ja >> l.ib >> l.jb;
    const std::string letters = "sdczi";
    if (!f || type.size() != 1 || letters.find(type[0]) == std::string::npos || !parse_shape(g0, l.g0) ||
        !parse_shape(g1, l.g1) || !parse_blocks(b0, l.g0) || !parse_blocks(b1, l.g1))
      throw std::runtime_error("round_trip: bad line " + std::to_string(number) + ": " + text);
    l.type = static_cast<int>(letters.find(type[0]));
    l.trapezoidal = routine.rfind("tr-", 0) == 0 && routine.size() == 5;
    if (l.trapezoidal) {
      l.uplo = routine[3];
      l.diag = routine[4];
    } else if (routine != "ge") {
      throw std::runtime_error("round_trip: bad routine on line " + std::to_string(number));
    }
    lines.push_back(l);
  }
  return lines;
}

Grid grid_of(const Layout& l, int world) {
  if (l.order != 'X') return make_grid(l.nprow, l.npcol, std::string(1, l.order), {});
  std::vector<int> map(static_cast<std::size_t>(l.nprow * l.npcol));  // column-major usermap
  for (int r = 0; r < l.nprow; ++r)
    for (int c = 0; c < l.npcol; ++c) map[static_cast<std::size_t>(r + c * l.nprow)] = world - 1 - (r * l.npcol + c);
  return make_grid(l.nprow, l.npcol, "R", map);
}

template <class T>
struct Side {
  int desc[9];
  LocalArray<T> array;
};

template <class T>
Side<T> side(const Layout& l, const Grid& g, bool with_codes) {
  Side<T> s;
  const int d[9] = {1, g.member() ? g.ctxt : -1, l.rows, l.cols, l.mb, l.nb, 0, 0, 1};
  std::copy(d, d + 9, s.desc);
  if (g.member()) {
    fill_codes(s.array, l.rows, l.cols, l.mb, l.nb, 0, 0, g.myrow, g.nprow, g.mycol, g.npcol, 1);
    if (!with_codes) std::fill(s.array.data.begin(), s.array.data.end(), sentinel<T>());
    s.desc[8] = s.array.lld;
  }
  return s;
}

template <class T>
int differences(const LocalArray<T>& x, const LocalArray<T>& y) {
  int bad = 0;
  for (std::size_t k = 0; k < x.data.size(); ++k) bad += same_bits(x.data[k], y.data[k]) ? 0 : 1;
  return bad;
}

// One leg, src window (si, sj) -> dst window (di, dj), by mr2d into `ours` and
// by ScaLAPACK into `ref`; returns mr2d's status.
template <class T>
int leg(const Line& l, const Calls& calls, Side<T>& src, int si, int sj, Side<T>& ours, Side<T>& ref,
        int di, int dj, int ictxt) {
  char uplo[2] = {l.uplo, 0}, diag[2] = {l.diag, 0};
  if (l.trapezoidal) {
    calls.ref_tr(uplo, diag, l.m, l.n, src.array.ptr(), si, sj, src.desc, ref.array.ptr(), di, dj, ref.desc, ictxt);
    return calls.our_tr(uplo, diag, l.m, l.n, src.array.ptr(), si, sj, src.desc, ours.array.ptr(), di, dj, ours.desc,
                        ictxt);
  }
  calls.ref_ge(l.m, l.n, src.array.ptr(), si, sj, src.desc, ref.array.ptr(), di, dj, ref.desc, ictxt);
  return calls.our_ge(l.m, l.n, src.array.ptr(), si, sj, src.desc, ours.array.ptr(), di, dj, ours.desc, ictxt);
}

template <class T>
int run_line(const Line& l, const Grid& g0, const Grid& g1, int ictxt) {
  const Calls& calls = kCalls[l.type];
  Side<T> a = side<T>(l.g0, g0, true);
  Side<T> b = side<T>(l.g1, g1, false), b_ref = b;
  int bad = leg(l, calls, a, l.ia, l.ja, b, b_ref, l.ib, l.jb, ictxt) != MR2D_SUCCESS;
  bad += differences(b.array, b_ref.array);
  Side<T> back = side<T>(l.g0, g0, false), back_ref = back;
  bad += leg(l, calls, b, l.ib, l.jb, back, back_ref, l.ia, l.ja, ictxt) != MR2D_SUCCESS;
  bad += differences(back.array, back_ref.array);
  if (g0.member()) {
    // The round trip returns exactly the window (trapezoid) of A.
    for (int c = 0; c < back.array.cols; ++c)
      for (int r = 0; r < back.array.lld; ++r) {
        T want = sentinel<T>();
        if (r < back.array.rows) {
          const int gi = global_of(r, l.g0.mb, g0.myrow, 0, g0.nprow) - (l.ia - 1);
          const int gj = global_of(c, l.g0.nb, g0.mycol, 0, g0.npcol) - (l.ja - 1);
          if (gi >= 0 && gi < l.m && gj >= 0 && gj < l.n && in_trapezoid(l.trapezoidal, l.uplo, l.diag, l.m, l.n, gi, gj))
            want = a.array.at(r, c);
        }
        bad += same_bits(back.array.at(r, c), want) ? 0 : 1;
      }
  }
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  Cblacs_pinfo(&rank, &world);
  if (argc < 2 || !world_is(8, world, rank, "round_trip")) {
    if (rank == 0 && argc < 2) std::fprintf(stderr, "usage: round_trip PARAMETER_FILE (on 8 processes)\n");
    MPI_Finalize();
    return 2;
  }
  const std::vector<Line> lines = read_lines(argv[1]);
  const Grid all = make_grid(1, world, "R", {});
  int failed = 0;
  for (const Line& l : lines) {
    const Grid g0 = grid_of(l.g0, world), g1 = grid_of(l.g1, world);
    const int bad = with_element_type(l.type, [&](auto zero) {
      return run_line<decltype(zero)>(l, g0, g1, all.ctxt);
    });
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total != 0) {
      ++failed;
      if (rank == 0) std::printf("line %d: %d differences\n", l.number, total);
    }
    if (g0.member()) Cblacs_gridexit(g0.ctxt);
    if (g1.member()) Cblacs_gridexit(g1.ctxt);
  }
  if (rank == 0)
    std::printf("round-trip: %zu lines, %zu passed\n", lines.size(), lines.size() - static_cast<std::size_t>(failed));
  MPI_Finalize();
  return failed == 0 ? 0 : 1;
}

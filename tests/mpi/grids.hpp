// SPDX-License-Identifier: BSD-3-Clause
// Fixed sets of BLACS grids for MPI tests: every shape that fits the world,
// built row-major, column-major and by Cblacs_gridmap on a random subset in a
// random order, plus union grids of all processes in several shapes and
// orders. The same seed gives the same grids on every rank.
#pragma once

#include <mpi.h>

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "mr2d/mr2d.h"

#include "mr2d/blacs.h"

namespace mr2d_test {

struct Grid {
  int ctxt = -1;          // -1 on processes outside the grid
  int nprow = 0, npcol = 0;
  int myrow = -1, mycol = -1;
  std::string name;       // e.g. "2x3:C" or "2x2:map[3,1,2,0]"
  bool member() const { return myrow >= 0; }
};

inline Grid make_grid(int nprow, int npcol, const std::string& order,
                      const std::vector<int>& map /* column-major, empty for gridinit */) {
  Grid g;
  g.nprow = nprow;
  g.npcol = npcol;
  int ctxt = 0;
  Cblacs_get(0, 0, &ctxt);
  if (map.empty()) {
    Cblacs_gridinit(&ctxt, order.c_str(), nprow, npcol);
    g.name = std::to_string(nprow) + "x" + std::to_string(npcol) + ":" + order;
  } else {
    std::vector<int> m(map);
    Cblacs_gridmap(&ctxt, m.data(), nprow, nprow, npcol);
    g.name = std::to_string(nprow) + "x" + std::to_string(npcol) + ":map[";
    for (std::size_t k = 0; k < map.size(); ++k) g.name += (k ? "," : "") + std::to_string(map[k]);
    g.name += "]";
  }
  int pr = -1, pc = -1, r = -1, c = -1;
  Cblacs_gridinfo(ctxt, &pr, &pc, &r, &c);
  if (r >= 0 && r < nprow && c >= 0 && c < npcol) {
    g.ctxt = ctxt;
    g.myrow = r;
    g.mycol = c;
  }
  return g;
}

/// False (after printing on rank 0 that `program` needs `need` processes)
/// unless `fits`.
inline bool world_fits(bool fits, const char* need, int world, int rank, const char* program) {
  if (fits) return true;
  if (rank == 0) std::fprintf(stderr, "%s needs %s processes, got %d\n", program, need, world);
  return false;
}

namespace hang_alarm {
inline char message[160];
inline std::size_t length = 0;
inline void fire(int) {
  (void)!write(2, message, length);
  _exit(2);
}
}  // namespace hang_alarm

/// Ends the process after `seconds` with "PROGRAM: no answer within the alarm
/// (a hang)" on stderr, so that a hang fails its test instead of stalling it.
inline void arm_hang_alarm(const char* program, unsigned seconds) {
  std::snprintf(hang_alarm::message, sizeof hang_alarm::message, "%s: no answer within the alarm (a hang)\n", program);
  hang_alarm::length = std::strlen(hang_alarm::message);
  std::signal(SIGALRM, hang_alarm::fire);
  alarm(seconds);
}

/// False (after printing why on rank 0) unless the world has `want` processes.
inline bool world_is(int want, int world, int rank, const char* program) {
  return world_fits(world == want, std::to_string(want).c_str(), world, rank, program);
}

/// Grids for matrices: every shape up to the world size in three orders.
inline std::vector<Grid> matrix_grids(int world, std::mt19937_64& rng) {
  std::vector<Grid> grids;
  for (int pr = 1; pr <= world; ++pr) {
    for (int pc = 1; pr * pc <= world; ++pc) {
      grids.push_back(make_grid(pr, pc, "R", {}));
      if (pr > 1 && pc > 1) grids.push_back(make_grid(pr, pc, "C", {}));
      std::vector<int> procs(static_cast<std::size_t>(world));
      for (int k = 0; k < world; ++k) procs[static_cast<std::size_t>(k)] = k;
      std::shuffle(procs.begin(), procs.end(), rng);
      procs.resize(static_cast<std::size_t>(pr * pc));
      grids.push_back(make_grid(pr, pc, "", procs));
    }
  }
  return grids;
}

/// Union grids: all processes as 1 x P, P x 1, a 2D shape and a permuted map.
inline std::vector<Grid> union_grids(int world, std::mt19937_64& rng) {
  std::vector<Grid> grids;
  grids.push_back(make_grid(1, world, "R", {}));
  grids.push_back(make_grid(world, 1, "R", {}));
  for (int pr = 2; pr < world; ++pr) {
    if (world % pr == 0) {
      grids.push_back(make_grid(pr, world / pr, "C", {}));
      break;
    }
  }
  std::vector<int> procs(static_cast<std::size_t>(world));
  for (int k = 0; k < world; ++k) procs[static_cast<std::size_t>(k)] = k;
  std::shuffle(procs.begin(), procs.end(), rng);
  grids.push_back(make_grid(world, 1, "", procs));
  return grids;
}

}  // namespace mr2d_test

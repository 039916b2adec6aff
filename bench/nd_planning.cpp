// SPDX-License-Identifier: BSD-3-Clause
// Planning of N-dimensional redistributions per dimension, without MPI
// (nd/dim_plan.hpp, nd/matrix_plan.hpp; bench/README.md, "N-D planning"):
// everything a process computes to plan a call once the descriptions are
// agreed (its per-dimension plan, the engine's plan made of it, and the
// pairs of all processes a schedule needs, or the finding that they are
// too many to schedule). One process's plan
// of a 1024^3 double pencil transpose, A(x, y, z) on a 1 x 64 x 64 grid to
// B(y, z, x) on 64 x 1 x 64 (perm 2, 0, 1), 4,096 processes, for block sizes
// 1, 7, 64 and BLOCK; and an N x N row-cyclic to column-cyclic copy on 2
// processes per dimension against the 2D door's plan of the same problem
// (plan::make_plan). Printed per case: the slowest of the processes timed
// (median of REPS plans each), the plan's stored runs, partners and bytes,
// and the growth of the peak resident memory over the case.
//   mr2d_nd_planning [REPS]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "nd/check.hpp"
#include "nd/dim_plan.hpp"
#include "nd/matrix_plan.hpp"
#include "plan/plan.hpp"
#include "program_args.hpp"

using namespace mr2d;

namespace {

long peak_kib() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return r.ru_maxrss;
}

// Bytes the plan holds: its runs (one cycle each, with their prefix counts),
// its per-dimension peer entries and its partners.
Index plan_bytes(const nd::DimPlan& p) {
  Index bytes = p.stored_runs() * static_cast<Index>(sizeof(index::Run) + sizeof(Index));
  for (const nd::Direction* dir : {&p.send, &p.receive}) {
    for (const nd::DimPeers& peers : dir->dims)
      bytes += static_cast<Index>(peers.size() * sizeof(std::pair<Index, index::RunSet>));
    for (const nd::Partner& q : dir->partners)
      bytes += static_cast<Index>(sizeof(nd::Partner) + q.at.size() * sizeof(std::int32_t));
  }
  return bytes;
}

struct Sides {
  nd::Description a, b;
  std::vector<int> perm;  // canonical
  Index processes = 0;
};

// Median seconds of `reps` calls of f().
template <class F>
double median_seconds(int reps, F&& f) {
  std::vector<double> t;
  for (int k = 0; k < reps; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Plans `s` on each of `ranks` and prints the slowest.
void per_dimension(const char* name, const Sides& s, const std::vector<Index>& ranks, int reps) {
  const long before = peak_kib();
  double worst = 0;
  Index runs = 0, partners = 0, bytes = 0;
  for (Index me : ranks) {
    nd::Array a, b;
    if (!nd::check_array(s.a, s.processes, me, a).ok() || !nd::check_array(s.b, s.processes, me, b).ok()) {
      std::printf("%s: invalid description\n", name);
      return;
    }
    nd::DimPlan plan;
    nd::MatrixPlan matrix;
    std::vector<model::Edge> pairs;
    const std::vector<Index> leading;  // every process at its local counts
    worst = std::max(worst, median_seconds(reps, [&] {
                       (void)nd::plan_by_dimension(a, b, s.perm, me, plan);
                       matrix = nd::matrix_plan(plan, a, b, s.perm, me, s.processes, 8, leading);
                       (void)nd::pair_bytes(a, b, s.perm, 8, 200000, pairs);
                     }));
    runs = std::max(runs, plan.stored_runs());
    partners =
        std::max(partners, static_cast<Index>(std::max(plan.send.partners.size(), plan.receive.partners.size())));
    bytes = std::max(bytes, plan_bytes(plan));
  }
  std::printf("%-34s %12.6f %10lld %9lld %12lld %12ld\n", name, worst, static_cast<long long>(runs),
              static_cast<long long>(partners), static_cast<long long>(bytes), peak_kib() - before);
}

Sides pencils(Index block) {
  Sides s;
  s.processes = 4096;
  for (nd::Description* d : {&s.a, &s.b}) {
    d->ndims = 3;
    d->sizes = {1024, 1024, 1024};
    d->storage_order = 1;
  }
  s.a.grid = {1, 64, 64};
  s.b.grid = {64, 1, 64};
  s.a.blocks = {nd::kCollapsed, block, block};
  s.b.blocks = {block, nd::kCollapsed, block};
  (void)nd::check_perm(s.a, s.b, {2, 0, 1}, s.perm);
  return s;
}

// N x N doubles, rows cyclic over 2 processes to columns cyclic over 2.
Sides rows_to_columns(Index n) {
  Sides s;
  s.processes = 2;
  for (nd::Description* d : {&s.a, &s.b}) {
    d->ndims = 2;
    d->sizes = {n, n};
    d->storage_order = 1;
  }
  s.a.grid = {2, 1};
  s.a.blocks = {1, nd::kCollapsed};
  s.b.grid = {1, 2};
  s.b.blocks = {nd::kCollapsed, 1};
  (void)nd::check_perm(s.a, s.b, {}, s.perm);
  return s;
}

// The 2D door's plan of the same copy on process 0.
void two_d(Index n, int reps) {
  model::Problem p;
  p.m = p.n = n;
  p.a.rows = p.a.cols = p.b.rows = p.b.cols = n;
  p.a.nprow = 2;
  p.a.mb = 1;
  p.a.nb = n;
  p.a.rank_of = {0, 1};
  p.b.npcol = 2;
  p.b.mb = n;
  p.b.nb = 1;
  p.b.rank_of = {0, 1};
  const long before = peak_kib();
  const double t = median_seconds(reps, [&] { (void)plan::make_plan(p, 0, n / 2, n); });
  const std::string name = "2D door, " + std::to_string(n) + "^2 on 2";
  std::printf("%-34s %12.6f %10s %9s %12s %12ld\n", name.c_str(), t, "-", "-", "-", peak_kib() - before);
}

}  // namespace

const char kUsage[] =
    "usage: mr2d_nd_planning [REPS]\n"
    "  Times one process's per-dimension plan of a 1024^3 pencil transpose on 4096 processes\n"
    "  (blocks 1, 7, 64, BLOCK) and of N x N row- to column-cyclic copies on 2 processes\n"
    "  against the 2D door's plan; REPS plans per process timed (default 5).\n";

int main(int argc, char** argv) {
  const program_args::Args args(argc, argv, kUsage);
  const int reps = args.count() >= 1 ? static_cast<int>(args.integer(args.at(1), "REPS", 1, 1000)) : 5;
  std::printf("%-34s %12s %10s %9s %12s %12s\n", "case", "seconds", "runs", "partners", "plan bytes", "peak +KiB");
  const std::vector<Index> some = {0, 1, 2077, 4095};
  for (Index block : {Index{1}, Index{7}, Index{64}, nd::kBlockDefault}) {
    const std::string name =
        "1024^3 pencils, 4096, block " + (block == nd::kBlockDefault ? std::string("BLOCK") : std::to_string(block));
    per_dimension(name.c_str(), pencils(block), some, reps);
  }
  for (Index n : {Index{4096}, Index{16384}}) {
    const std::string name = "N-D door, " + std::to_string(n) + "^2 on 2";
    per_dimension(name.c_str(), rows_to_columns(n), {0, 1}, reps);
    two_d(n, reps);
  }
  return 0;
}

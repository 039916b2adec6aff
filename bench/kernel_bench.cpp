// SPDX-License-Identifier: BSD-3-Clause
// mr2d_kernel_bench: times the pack, unpack and local-copy kernels of one
// process (rank 0) for representative layouts against a plain memcpy of the
// same bytes. No MPI: the plan of rank 0 is built directly and its largest
// send and receive transfers are packed into / unpacked from a message.
// Cases with op T time the transposing unpack and copy of a transform
// (B := A'), streamed where a whole execution would stream B. Where the kept
// part's runs alternate with a message's, the one-pass kernels follow.
//
//   mr2d_kernel_bench [--reps N] [--case NAME] [--scale F] [--calls N]
//
// Prints one line per case and kernel: median milliseconds over N
// repetitions, GB/s of copied data, and the ratio to memcpy. --scale
// multiplies every matrix's m and n (0.25 keeps most cases in cache, where
// the bookkeeping rather than memory bandwidth sets the time). --calls fixes
// the calls per repetition (for profiles: every kernel then runs equally often).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "index/cyclic_1d.hpp"
#include "kernels/pack.hpp"
#include "kernels/streamed_stores.hpp"
#include "kernels/transform.hpp"
#include "kernels/two_sources.hpp"
#include "kernels/two_targets.hpp"
#include "mr2d/mr2d.h"
#include "layouts.hpp"
#include "program_args.hpp"
#include "plan/plan.hpp"

using namespace mr2d;

namespace {

struct Case {
  const char* name;
  Index m, n, elem_size;
  Index ap, aq, amb, anb;  // A grid and blocks
  Index bp, bq, bmb, bnb;  // B grid and blocks
  index::Shape shape;
  char op = 'N';     // T: B := A' (B's grid and blocks as B's own)
  Index ldb_pad = 0;  // elements added to B's local leading dimension
};

const Case kCases[] = {
    {"bs1-to-64 d", 2400, 2400, 8, 2, 2, 1, 1, 2, 2, 64, 64, index::Shape::full},
    {"bs1-to-64 z", 2400, 2400, 16, 2, 2, 1, 1, 2, 2, 64, 64, index::Shape::full},
    {"bs1-to-64 s", 2400, 2400, 4, 2, 2, 1, 1, 2, 2, 64, 64, index::Shape::full},
    {"5x8-to-8x5 2x1-1x2 d", 4800, 6400, 8, 2, 1, 5, 8, 1, 2, 8, 5, index::Shape::full},
    {"C4b 5x8-to-8x5 2x2 d", 4800, 6400, 8, 2, 2, 5, 8, 2, 2, 8, 5, index::Shape::full},
    {"C4b 5x8-to-8x5 2x2 z", 2400, 3200, 16, 2, 2, 5, 8, 2, 2, 8, 5, index::Shape::full},
    // C9-np2: runs of one element in A's columns (every other row kept).
    {"C9 100x1-to-1x100 1x2-2x1 d", 4000, 4000, 8, 1, 2, 100, 1, 2, 1, 1, 100, index::Shape::full},
    {"C2 36-to-128 d", 4000, 4000, 8, 2, 2, 36, 36, 2, 2, 128, 128, index::Shape::full},
    {"64-to-64 2x2-1x4 d", 4000, 4000, 8, 2, 2, 64, 64, 1, 4, 64, 64, index::Shape::full},
    {"lower 5x8-to-8x5 d", 2400, 2400, 8, 2, 2, 5, 8, 2, 2, 8, 5, index::Shape::lower},
    {"lower 36-to-128 d", 4000, 4000, 8, 2, 2, 36, 36, 2, 2, 128, 128, index::Shape::lower},
    // Rank 0 of the 4-process transpose benchmark: B's rows 2048 doubles
    // apart, a power of two; then the same with them 2056 apart.
    {"T 36-to-128 d", 4000, 4000, 8, 2, 2, 36, 36, 2, 2, 128, 128, index::Shape::full, 'T'},
    {"T 36-to-128 ldb+8 d", 4000, 4000, 8, 2, 2, 36, 36, 2, 2, 128, 128, index::Shape::full, 'T', 8},
    {"T 64-to-64 1x1 d", 4000, 4000, 8, 1, 1, 64, 64, 1, 1, 64, 64, index::Shape::full, 'T'},
    {"T 64-to-64 1x2 d", 4000, 4000, 8, 1, 2, 64, 64, 1, 2, 64, 64, index::Shape::full, 'T'},
    {"T 36-to-128 z", 2000, 2000, 16, 2, 2, 36, 36, 2, 2, 128, 128, index::Shape::full, 'T'},
    // 4096 x 4096: B's rows 16 or 32 KiB apart, runs of 100, 256, 64 and
    // (one process) 4096 columns adjacent in B.
    {"T 100-to-128 4096 d", 4096, 4096, 8, 2, 2, 100, 100, 2, 2, 128, 128, index::Shape::full, 'T'},
    {"T 256-to-64 1x2 4096 d", 4096, 4096, 8, 1, 2, 256, 256, 1, 2, 64, 64, index::Shape::full, 'T'},
    {"T 64-to-64 1x2 4096 d", 4096, 4096, 8, 1, 2, 64, 64, 1, 2, 64, 64, index::Shape::full, 'T'},
    {"T 64-to-64 1x1 4096 d", 4096, 4096, 8, 1, 1, 64, 64, 1, 1, 64, 64, index::Shape::full, 'T'},
};

Index local_elems(const model::MatrixLayout& l, Index* ld) {
  const Index rows = index::numroc(l.rows, l.mb, 0, 0, l.nprow);
  const Index cols = index::numroc(l.cols, l.nb, 0, 0, l.npcol);
  *ld = std::max<Index>(rows, 1);
  return *ld * cols;
}

// Median milliseconds per call over `reps` repetitions; a repetition repeats
// the call until it lasts 5 ms, so that short calls are not lost in timer noise.
int fixed_calls = 0;  // calls per repetition from --calls; 0: fill 5 ms

template <class F>
double median_ms(int reps, F&& f) {
  using Clock = std::chrono::steady_clock;
  auto ms_of = [&](int calls) {
    const auto t0 = Clock::now();
    for (int k = 0; k < calls; ++k) f();
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  };
  const double first = ms_of(1);  // warm-up: first touch
  const int calls = fixed_calls > 0 ? fixed_calls
                                    : static_cast<int>(std::clamp(5.0 / std::max(first, 1e-3), 1.0, 1000.0));
  std::vector<double> ms;
  for (int r = 0; r < reps; ++r) ms.push_back(ms_of(calls) / calls);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

const plan::Transfer* largest(const std::vector<plan::Transfer>& list) {
  const plan::Transfer* best = nullptr;
  for (const plan::Transfer& t : list)
    if (best == nullptr || t.count > best->count) best = &t;
  return best;
}

void report(const char* name, const char* kernel, Index bytes, double ms, double memcpy_ms) {
  std::printf("%-24s %-7s %9.2f MB %9.3f ms %7.2f GB/s  x%.2f memcpy\n", name, kernel,
              static_cast<double>(bytes) / 1e6, ms, static_cast<double>(bytes) / ms / 1e6,
              ms / memcpy_ms);
}

// Where the kept part's runs alternate with those of the largest transfer
// (kernels/weave.hpp), the one-pass kernel the transport uses against the
// two kernels one after the other, as an execution would call them: "2src"
// and "kept,unp" fill B from the kept part and the received message, "split"
// and "pack,kept" pack the sent message and copy the kept part.
void time_kept_with_message(const Case& c, const plan::Plan& pl, int reps, const std::vector<unsigned char>& a,
                            Index lda, std::vector<unsigned char>& b, Index ldb, std::vector<unsigned char>& msg,
                            const plan::Transfer* send, const plan::Transfer* recv) {
  const bool stream = kernels::streaming_pays(pl.bytes_into_b());
  const index::RunSet& rows = pl.rows(pl.self);
  const index::RunSet& cols = pl.cols(pl.self);
  const auto bytes_of = [&](const plan::Transfer& t) { return (t.count + pl.self.count) * c.elem_size; };
  // The one-pass kernel and the two in sequence over `t`'s and the kept
  // part's bytes, against a memcpy of as many bytes.
  auto compare = [&](const plan::Transfer& t, const char* one_pass, const char* two_kernels, auto fused,
                     auto sequence) {
    const Index bytes = bytes_of(t);
    std::vector<unsigned char> both(static_cast<std::size_t>(2 * bytes));
    const double base =
        median_ms(reps, [&] { std::memcpy(both.data(), both.data() + bytes, static_cast<std::size_t>(bytes)); });
    report(c.name, one_pass, bytes, median_ms(reps, fused), base);
    report(c.name, two_kernels, bytes, median_ms(reps, sequence), base);
  };
  if (recv != nullptr) {
    const kernels::TwoSourceSide kept{a.data(), lda, false, &rows, &cols};
    const kernels::TwoSourceSide message{msg.data(), 0, true, &pl.rows(*recv), &pl.cols(*recv)};
    if (kernels::two_sources_fit(kept, message, pl.trapezoid, c.elem_size, {}))
      compare(*recv, "2src", "kept,unp",
              [&] { kernels::copy_two_sources(kept, message, c.elem_size, b.data(), ldb, {}, stream); },
              [&] {
                kernels::copy_local(a.data(), lda, b.data(), ldb, rows, cols, pl.trapezoid, c.elem_size, {}, stream);
                kernels::unpack(msg.data(), pl.rows(*recv), pl.cols(*recv), pl.trapezoid, c.elem_size, b.data(), ldb);
              });
  }
  if (send != nullptr) {
    const kernels::TwoTargetSide kept{b.data(), ldb, false, &rows, &cols};
    const kernels::TwoTargetSide message{msg.data(), 0, true, &pl.rows(*send), &pl.cols(*send)};
    if (kernels::two_targets_fit(kept, message, pl.trapezoid, c.elem_size, {}))
      compare(*send, "split", "pack,kept",
              [&] { kernels::split_two_ways(a.data(), lda, kept, message, c.elem_size, {}, stream); },
              [&] {
                kernels::pack(a.data(), lda, pl.rows(*send), pl.cols(*send), pl.trapezoid, c.elem_size, msg.data());
                kernels::copy_local(a.data(), lda, b.data(), ldb, rows, cols, pl.trapezoid, c.elem_size, {}, stream);
              });
  }
}

void run_case(Case c, int reps, double scale) {
  c.m = std::max<Index>(1, static_cast<Index>(static_cast<double>(c.m) * scale));
  c.n = std::max<Index>(1, static_cast<Index>(static_cast<double>(c.n) * scale));
  model::Problem pb;
  pb.m = c.m;
  pb.n = c.n;
  pb.elem_size = c.elem_size;
  pb.shape = c.shape;
  pb.a = test::grid_layout(c.ap, c.aq, c.amb, c.anb, c.m, c.n);
  // B is sub(A)'s shape, or its transpose's with op T.
  const Index b_rows = c.op == 'T' ? c.n : c.m, b_cols = c.op == 'T' ? c.m : c.n;
  pb.b = test::grid_layout(c.bp, c.bq, c.bmb, c.bnb, b_rows, b_cols);
  Index lda = 1, ldb = 1;
  const Index a_elems = local_elems(pb.a, &lda);
  local_elems(pb.b, &ldb);
  ldb += c.ldb_pad;
  const Index b_elems = ldb * std::max<Index>(index::numroc(b_cols, c.bnb, 0, 0, c.bq), 1);
  if (c.op == 'T') model::plan_in_a_space(pb);
  const plan::Plan pl = plan::make_plan(pb, 0, lda, ldb);
  const kernels::Update update = kernels::make_update(c.elem_size == 16 ? MR2D_Z : MR2D_D, c.op, nullptr, nullptr);
  const kernels::Update* how = c.op == 'T' ? &update : nullptr;
  const bool stream = how != nullptr && kernels::streaming_pays(pl.bytes_into_b());
  const auto es = static_cast<std::size_t>(c.elem_size);
  std::vector<unsigned char> a(static_cast<std::size_t>(a_elems) * es, 1);
  std::vector<unsigned char> b(static_cast<std::size_t>(b_elems) * es, 2);
  const plan::Transfer* send = largest(pl.sends);
  const plan::Transfer* recv = largest(pl.recvs);
  Index msg_elems = std::max(send ? send->count : 0, recv ? recv->count : 0);
  if (pl.has_self) msg_elems = std::max(msg_elems, pl.self.count);
  std::vector<unsigned char> msg(static_cast<std::size_t>(msg_elems) * es, 3);
  std::vector<unsigned char> copy_src(msg.size(), 4);

  auto timed_memcpy = [&](Index count) {
    return median_ms(reps, [&] { std::memcpy(msg.data(), copy_src.data(), static_cast<std::size_t>(count) * es); });
  };
  if (send != nullptr) {
    const double base = timed_memcpy(send->count);
    const double ms = median_ms(reps, [&] {
      kernels::pack(a.data(), lda, pl.rows(*send), pl.cols(*send), pl.trapezoid, c.elem_size, msg.data());
    });
    report(c.name, "pack", send->count * c.elem_size, ms, base);
  }
  if (recv != nullptr) {
    const double base = timed_memcpy(recv->count);
    const double ms = median_ms(reps, [&] {
      kernels::unpack_with(msg.data(), pl.rows(*recv), pl.cols(*recv), pl.trapezoid, c.elem_size, how, b.data(), ldb,
                           {}, stream);
    });
    report(c.name, "unpack", recv->count * c.elem_size, ms, base);
  }
  if (pl.has_self) {
    const double base = timed_memcpy(pl.self.count);
    const double ms = median_ms(reps, [&] {
      kernels::copy_with(a.data(), lda, b.data(), ldb, pl.rows(pl.self), pl.cols(pl.self), pl.trapezoid,
                         {c.elem_size, how, {}, stream});
    });
    report(c.name, "copy", pl.self.count * c.elem_size, ms, base);
  }
  if (pl.has_self && how == nullptr) time_kept_with_message(c, pl, reps, a, lda, b, ldb, msg, send, recv);
}

}  // namespace

int main(int argc, char** argv) {
  const program_args::Args args(
      argc, argv,
      "usage: mr2d_kernel_bench [--reps N] [--case NAME] [--scale F] [--calls N]\n"
      "  times the pack, unpack and local-copy kernels of one process against memcpy,\n"
      "  median of N repetitions (default 7); --case runs one case, --scale\n"
      "  multiplies every matrix's sides (default 1), --calls fixes the calls per\n"
      "  repetition. No MPI. Guide: bench/README.md, \"Kernel profile\"\n");
  int reps = 7;
  double scale = 1.0;
  std::string only;
  args.options([&](const std::string& name, const char* value) {
    if (name == "--reps") reps = static_cast<int>(args.integer(value, name, 1, 1000000));
    else if (name == "--case") only = value;
    else if (name == "--scale") scale = args.real(value, name, 1e-3, 16.0);
    else if (name == "--calls") fixed_calls = static_cast<int>(args.integer(value, name, 1, 1000000000));
    else return false;
    return true;
  });
  bool ran = false;
  for (const Case& c : kCases)
    if (only.empty() || only == c.name) {
      run_case(c, reps, scale);
      ran = true;
    }
  if (!ran) args.reject("no case named '" + only + "'");
  return 0;
}

// SPDX-License-Identifier: BSD-3-Clause
// Local windows and overlap; see footprint.hpp.
#include "check/footprint.hpp"

#include <algorithm>

#include "common/checked.hpp"
#include "index/cyclic_1d.hpp"

namespace mr2d::check {

LocalWindow local_window(const std::array<Index, DESC_LEN>& d, const GridInfo& g, Index i, Index j, Index rows,
                         Index cols) {
  if (!g.member() || rows <= 0 || cols <= 0) return {};
  LocalWindow w;
  w.row0 = index::numroc(i - 1, d[MB], g.myrow, d[RSRC], g.nprow);
  w.row1 = index::numroc(i - 1 + rows, d[MB], g.myrow, d[RSRC], g.nprow);
  w.col0 = index::numroc(j - 1, d[NB], g.mycol, d[CSRC], g.npcol);
  w.col1 = index::numroc(j - 1 + cols, d[NB], g.mycol, d[CSRC], g.npcol);
  return w;
}

std::optional<Index> window_span(Index count, Index stride) {
  if (count <= 0) return 0;
  const std::optional<Index> steps = checked_mul(count - 1, stride);
  return steps ? checked_add(*steps, 1) : std::nullopt;
}

void call_windows(const Call& call, LocalWindow& a, LocalWindow& b) {
  // A transposing call reads an n x m window of A.
  const bool transposed = is_transposed(call.op);
  const Index a_rows = transposed ? call.n : call.m, a_cols = transposed ? call.m : call.n;
  a = local_window(call.found.desca, call.found.grid_a, call.ia, call.ja, window_span(a_rows, call.sa).value_or(0),
                   window_span(a_cols, call.ta).value_or(0));
  b = local_window(call.found.descb, call.found.grid_b, call.ib, call.jb, window_span(call.m, call.sb).value_or(0),
                   window_span(call.n, call.tb).value_or(0));
}

namespace {

bool intervals_meet(Index a0, Index a1, Index b0, Index b1) { return a0 < b1 && b0 < a1; }

}  // namespace

bool windows_overlap(std::uintptr_t a, Index lda, const LocalWindow& wa, std::uintptr_t b, Index ldb,
                     const LocalWindow& wb, Index es) {
  if (wa.empty() || wb.empty() || es <= 0) return false;
  // Byte spans from the first to the last element of each window (the
  // arrays exist, so these fit in the address space).
  const auto span = [es](std::uintptr_t base, Index ld, const LocalWindow& w, std::uintptr_t& lo, std::uintptr_t& hi) {
    lo = base + static_cast<std::uintptr_t>((w.row0 + w.col0 * ld) * es);
    hi = base + static_cast<std::uintptr_t>((w.row1 - 1 + (w.col1 - 1) * ld + 1) * es);
  };
  std::uintptr_t a_lo, a_hi, b_lo, b_hi;
  span(a, lda, wa, a_lo, a_hi);
  span(b, ldb, wb, b_lo, b_hi);
  if (a_hi <= b_lo || b_hi <= a_lo) return false;
  const std::uintptr_t apart = b >= a ? b - a : a - b;
  if (lda != ldb || lda <= 0 || apart % static_cast<std::uintptr_t>(es) != 0) return true;
  // B's element (r, c) is A's element (r + dr, c + dc): compare the windows
  // in A's rows and columns, unless B's columns wrap around A's.
  const auto elems = static_cast<Index>(apart / static_cast<std::uintptr_t>(es));
  const Index shift = b >= a ? elems : -elems;
  const Index dc = shift >= 0 ? shift / lda : -((-shift + lda - 1) / lda);
  const Index dr = shift - dc * lda;
  if (dr + wb.row1 > lda) return true;
  return intervals_meet(wa.row0, wa.row1, wb.row0 + dr, wb.row1 + dr) &&
         intervals_meet(wa.col0, wa.col1, wb.col0 + dc, wb.col1 + dc);
}

}  // namespace mr2d::check

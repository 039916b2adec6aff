// SPDX-License-Identifier: BSD-3-Clause
// Two-source column copies; see two_sources.hpp.
#include "kernels/two_sources.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/copy_loops.hpp"
#include "kernels/streamed_stores.hpp"
#include "kernels/weave.hpp"

namespace mr2d::kernels {

using index::RunSet;

namespace {

// `count` pairs of runs of `len` bytes (a compile-time constant where the
// length has a loop of its own): the first's at to + k*step, the second's
// `gap` further.
template <class Len>
void copy_pairs(unsigned char* to, const Weave& w, const unsigned char*& f0, const unsigned char*& f1, Index count,
                Len len) {
  const auto step = static_cast<std::ptrdiff_t>(w.step), gap = static_cast<std::ptrdiff_t>(w.gap);
  const auto s0 = static_cast<std::ptrdiff_t>(w.other_step[0]), s1 = static_cast<std::ptrdiff_t>(w.other_step[1]);
  for (Index k = 0; k < count; ++k) {
    std::memcpy(to, f0, static_cast<std::size_t>(len));
    std::memcpy(to + gap, f1, static_cast<std::size_t>(len));
    to += step;
    f0 += s0;
    f1 += s1;
  }
}

template <std::size_t ES>
void copy_pairs_of(unsigned char* to, const Weave& w, const unsigned char*& f0, const unsigned char*& f1, Index count) {
  if (!with_short_length(w.len / Index{ES}, [&](auto len) {
        copy_pairs(to, w, f0, f1, count, std::integral_constant<std::size_t, decltype(len)::value * ES>{});
      }))
    copy_pairs(to, w, f0, f1, count, static_cast<std::size_t>(w.len));
}

// Bytes of pairs assembled at a time before they are streamed out.
constexpr Index kStageBytes = 4096;

// A gapless stretch of B's column assembled in a cache-resident buffer that
// has the column's position within its lines, whole lines streamed out.
class LineStage {
 public:
  explicit LineStage(unsigned char* to)
      : phase_(static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(to) % kStreamLine)),
        line_(to - phase_),
        begin_(phase_),
        end_(phase_) {}

  unsigned char* tail() { return buffer() + end_; }
  void grow(Index bytes) { end_ += static_cast<std::size_t>(bytes); }

  // Writes out the whole lines held; the partial line at the start goes
  // through the caches (its other bytes are not ours).
  void drain() {
    const std::size_t line = kStreamLine;
    const std::size_t whole = end_ / line;
    if (whole == 0) return;
    std::size_t from = 0;
    if (begin_ != 0) {
      std::memcpy(line_ + begin_, buffer() + begin_, line - begin_);
      from = 1;
    }
    stream_lines(line_ + from * line, buffer() + from * line, whole - from);
    std::memmove(buffer(), buffer() + whole * line, end_ - whole * line);
    line_ += whole * line;
    end_ -= whole * line;
    begin_ = 0;
  }

  // Writes the rest, through the caches.
  void finish() { std::memcpy(line_ + begin_, buffer() + begin_, end_ - begin_); }

 private:
  static unsigned char* buffer() {
    alignas(64) thread_local unsigned char stage[kStageBytes + 2 * kStreamLine + 16 * 16];
    return stage;
  }

  std::size_t phase_;
  unsigned char* line_;  // B's address of buffer()[0]
  std::size_t begin_, end_;
};

template <std::size_t ES>
void copy_column(unsigned char* to, const Weave& w, const unsigned char* f0, const unsigned char* f1, bool stream) {
  to += w.lead;
  f0 += w.other0[0];
  f1 += w.other0[1];
  const Index full = w.full_pairs();
  const Index bytes = (2 * w.pairs + (w.extra ? 1 : 0)) * w.len - (w.len - w.tail);
  // After the full pairs: the last pair with a short second run, or the
  // first's extra run (`tail` long either way), at `at`.
  auto last_runs = [&](unsigned char* at) {
    if (full < w.pairs) {
      std::memcpy(at, f0, static_cast<std::size_t>(w.len));
      std::memcpy(at + w.gap, f1, static_cast<std::size_t>(w.tail));
      return w.gap + w.tail;
    }
    if (w.extra) std::memcpy(at, f0, static_cast<std::size_t>(w.tail));
    return w.extra ? w.tail : Index{0};
  };
  if (!stream || !w.gapless() || bytes < static_cast<Index>(kStreamRunMin)) {
    copy_pairs_of<ES>(to, w, f0, f1, full);
    last_runs(to + full * w.step);
    return;
  }
  LineStage stage(to);
  const Index group = kStageBytes / w.step > 0 ? kStageBytes / w.step : 1;
  for (Index k = 0; k < full; k += group) {
    const Index count = full - k < group ? full - k : group;
    copy_pairs_of<ES>(stage.tail(), w, f0, f1, count);
    stage.grow(count * w.step);
    stage.drain();
  }
  stage.grow(last_runs(stage.tail()));
  stage.drain();
  stage.finish();
}

}  // namespace

bool two_sources_fit(const TwoSourceSide& one, const TwoSourceSide& two, const index::Trapezoid& trapezoid,
                     Index elem_size, Window window) {
  return woven_fit(woven_sides(one, two, Walk::unpack), WeaveSide::to, trapezoid, elem_size, window);
}

TwoSourceCount copy_two_sources(const TwoSourceSide& one, const TwoSourceSide& two, Index elem_size, void* b, Index ldb,
                                Window window, bool stream) {
  const WovenColumns& c = woven_columns(woven_sides(one, two, Walk::unpack), WeaveSide::to, elem_size, window);
  const Index es = elem_size;
  auto* bytes = static_cast<unsigned char*>(b);
  for_each_woven_column(c, one, two, es,
                        [&](auto size, Index column, const unsigned char* f0, const unsigned char* f1) {
                          copy_column<decltype(size)::value>(bytes + column * ldb * es, c.bytes, f0, f1, stream);
                        });
  if (stream) stream_fence();
  return c.counts();
}

}  // namespace mr2d::kernels

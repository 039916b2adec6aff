// SPDX-License-Identifier: BSD-3-Clause
// The data of per-dimension plans; see dim_copy.hpp.
#include "nd/dim_copy.hpp"

#include <algorithm>
#include <cstring>

namespace mr2d::nd {

namespace {

// Calls piece(offset, len) for every run of A's fastest dimension in the
// product of `dir`'s run sets for `p`, in message order: `offset` is the
// element offset of the run's first element on this side (the source local
// indices where `source`, else the destinations), `stride[d]` the element
// stride of dimension d of A on this side.
template <class Piece>
void walk(const Direction& dir, const Partner& p, bool source, const std::vector<Index>& stride, int d, Index base,
          Piece& piece) {
  const index::RunSet& runs =
      dir.dims[static_cast<std::size_t>(d)][static_cast<std::size_t>(p.at[static_cast<std::size_t>(d)])].second;
  const Index s = stride[static_cast<std::size_t>(d)];
  runs.for_each([&](Index, Index len, Index src, Index dst) {
    const Index first = source ? src : dst;
    if (d == 0) {
      piece(base + first * s, len);
      return;
    }
    for (Index k = 0; k < len; ++k) walk(dir, p, source, stride, d - 1, base + (first + k) * s, piece);
  });
}

}  // namespace

std::vector<Index> strides_of(const Array& x) {
  std::vector<Index> s(x.leading.size(), 1);
  for (std::size_t d = 1; d < s.size(); ++d) s[d] = s[d - 1] * std::max<Index>(x.leading[d - 1], 1);
  return s;
}

Index pack(const DimPlan& plan, const Partner& to, const char* a, const std::vector<Index>& a_strides, Index es,
           char* out) {
  char* at = out;
  const Index s0 = a_strides.front();
  auto piece = [&](Index offset, Index len) {
    if (s0 == 1) {
      std::memcpy(at, a + offset * es, static_cast<std::size_t>(len * es));
      at += len * es;
      return;
    }
    for (Index k = 0; k < len; ++k, at += es) std::memcpy(at, a + (offset + k * s0) * es, static_cast<std::size_t>(es));
  };
  walk(plan.send, to, true, a_strides, static_cast<int>(a_strides.size()) - 1, 0, piece);
  return static_cast<Index>(at - out);
}

void unpack(const DimPlan& plan, const Partner& from, const char* in, const std::vector<Index>& b_strides,
            const std::vector<int>& perm, Index es, char* b) {
  // B's strides in A's dimension order: the walk goes by A's dimensions.
  std::vector<Index> stride(perm.size());
  for (std::size_t d = 0; d < perm.size(); ++d) stride[d] = b_strides[static_cast<std::size_t>(perm[d])];
  const char* at = in;
  const Index s0 = stride.front();
  auto piece = [&](Index offset, Index len) {
    if (s0 == 1) {
      std::memcpy(b + offset * es, at, static_cast<std::size_t>(len * es));
      at += len * es;
      return;
    }
    for (Index k = 0; k < len; ++k, at += es) std::memcpy(b + (offset + k * s0) * es, at, static_cast<std::size_t>(es));
  };
  walk(plan.receive, from, false, stride, static_cast<int>(stride.size()) - 1, 0, piece);
}

}  // namespace mr2d::nd

// SPDX-License-Identifier: BSD-3-Clause
// COSTA's steady state (see costa_variant.hpp): both grid layouts are built
// once and every call is costa::transform(from, to, comm). COSTA keeps its
// message buffers between calls in a per-type workspace, but plans the
// messages again on every call; its transformer<T> object only batches
// layout pairs into the same call (and forgets them after it), so it would
// add nothing for one pair.
#include "costa_variant.hpp"

#include <complex>
#include <costa/grid2grid/transform.hpp>
#include <costa/grid2grid/workspace.hpp>
#include <costa/layout.hpp>
#include <exception>
#include <memory>

namespace mr2d::bench {

namespace {

// The whole m x n matrix, grid ranks in row-major order, column-major local arrays.
template <class T>
costa::grid_layout<T> layout_of(const Case& c, DistributedMatrix& d, int rank) {
  const GridSpec& g = d.grid;
  return costa::block_cyclic_layout<T>(c.m, c.n, g.mb, g.nb, 1, 1, c.m, c.n, g.prow, g.pcol, 'R', 0, 0,
                                       reinterpret_cast<T*>(d.bytes.data()), d.ld(), 'C', rank);
}

template <class T>
CostaCall prepare(const Case& c, DistributedMatrix& a, DistributedMatrix& b, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  struct Layouts {
    costa::grid_layout<T> from, to;
  };
  auto layouts = std::make_shared<Layouts>(Layouts{layout_of<T>(c, a, rank), layout_of<T>(c, b, rank)});
  CostaCall call;
  call.run = [layouts, comm] { costa::transform<T>(layouts->from, layouts->to, comm); };
  call.workspace_bytes = [] {
    const auto* w = costa::memory::get_costa_context_instance<T>();
    return static_cast<long long>((w->send_buffer.size() + w->recv_buffer.size()) * sizeof(T));
  };
  return call;
}

}  // namespace

CostaCall prepare_costa(const Case& c, DistributedMatrix& a, DistributedMatrix& b, MPI_Comm comm) {
  // COSTA copies rectangles only, and has no integer instantiation.
  if (c.trapezoidal) return {{}, {}, "n/a: trapezoid"};
  try {
    switch (c.type) {
      case 's': return prepare<float>(c, a, b, comm);
      case 'd': return prepare<double>(c, a, b, comm);
      case 'c': return prepare<std::complex<float>>(c, a, b, comm);
      case 'z': return prepare<std::complex<double>>(c, a, b, comm);
      default: return {{}, {}, "n/a: integer type"};
    }
  } catch (const std::exception& e) {  // layouts depend on global facts only: every process throws alike
    return {{}, {}, std::string("failed: ") + e.what()};
  }
}

}  // namespace mr2d::bench

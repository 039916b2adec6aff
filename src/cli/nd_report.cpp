// SPDX-License-Identifier: BSD-3-Clause
// The N-D part of `mr2d plan`'s report; see nd_report.hpp.
#include "cli/nd_report.hpp"

#include <algorithm>
#include <sstream>

#include "nd/check.hpp"

namespace mr2d::cli {

namespace {

// `values` joined by `sep`.
std::string joined(const std::vector<Index>& values, const char* sep) {
  std::ostringstream out;
  for (std::size_t k = 0; k < values.size(); ++k) out << (k ? sep : "") << values[k];
  return out.str();
}

// A per-dimension field of a checked side in user order.
std::vector<Index> field(const NdSide& side, Index nd::Dim::*member) {
  std::vector<Index> out;
  for (const int e : side.user_dim) out.push_back(side.array.dims[static_cast<std::size_t>(e)].*member);
  return out;
}

const char* order_name(int order) { return order == static_cast<int>(nd::Order::c) ? "C" : "F"; }

// Local counts (user order) at grid position `position` of a side, all 0 off the grid.
std::vector<Index> shape_of(const NdSide& side, Index position) {
  std::vector<Index> shape(side.user_dim.size(), 0);
  if (position < 0) return shape;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    const nd::Dim& x = side.array.dims[static_cast<std::size_t>(side.user_dim[d])];
    shape[d] = nd::local_count(x, (position / x.weight) % x.procs);
  }
  return shape;
}

// A's dimensions `dims` (Fortran order) as the user numbers them.
std::vector<Index> user_dims(const NdSide& side, const std::vector<std::size_t>& dims) {
  std::vector<Index> out;
  for (std::size_t d : dims)
    for (std::size_t u = 0; u < side.user_dim.size(); ++u)
      if (side.user_dim[u] == static_cast<int>(d)) out.push_back(static_cast<Index>(u));
  return out;
}

// Bytes each rank sends, receives and keeps.
struct Bytes {
  Index out = 0, in = 0, kept = 0;
};

std::vector<Bytes> bytes_of(const std::vector<model::Edge>& edges, Index union_size, Index elem_size) {
  std::vector<Bytes> bytes(static_cast<std::size_t>(union_size));
  for (const model::Edge& e : edges) {
    if (e.from == e.to) {
      bytes[static_cast<std::size_t>(e.from)].kept += e.count * elem_size;
    } else {
      bytes[static_cast<std::size_t>(e.from)].out += e.count * elem_size;
      bytes[static_cast<std::size_t>(e.to)].in += e.count * elem_size;
    }
  }
  return bytes;
}

std::string share_text(const NdSide& side, const NdShare& s) {
  return joined(shape_of(side, s.position), "x") + " (" + std::to_string(s.elements) + " elements)";
}

std::string share_json(const NdSide& side, const NdShare& s) {
  return "{\"shape\": [" + joined(shape_of(side, s.position), ", ") + "], \"elements\": " + std::to_string(s.elements) +
         "}";
}

// Each rank's position and the window elements it holds (the product of its
// counts inside the window, dimension by dimension).
std::vector<NdShare> shares_of(const NdSide& side, Index union_size) {
  std::vector<NdShare> shares(static_cast<std::size_t>(union_size));
  for (Index p = 0; p < side.array.positions; ++p) {
    NdShare& s = shares[static_cast<std::size_t>(side.array.rank_at(p))];
    s.position = p;
    s.elements = 1;
    for (const nd::Dim& x : side.array.dims) {
      const auto [first, end] = nd::window_range(x, (p / x.weight) % x.procs);
      s.elements *= end - first;
    }
  }
  return shares;
}

// "the first `most` of `total` ...; N more" where the list is cut.
std::string more_line(Index total, Index most, const char* what) {
  return total > most ? "    ... " + std::to_string(total - most) + " more " + what + " (--json lists all)\n" : "";
}

}  // namespace

std::vector<NdProcess> nd_processes(const NdPlan& plan) {
  const std::vector<NdShare> a = shares_of(plan.a, plan.union_size);
  const std::vector<NdShare> b = shares_of(plan.b, plan.union_size);
  std::vector<NdProcess> out(a.size());
  for (std::size_t r = 0; r < out.size(); ++r) out[r] = {a[r], b[r]};
  return out;
}

std::string nd_side_text(const NdSide& side) {
  const nd::Description& d = side.written;
  std::ostringstream out;
  out << d.ndims << "-D " << joined(d.sizes, "x") << ", grid " << joined(d.grid, "x") << " ("
      << order_name(d.grid_order) << " order" << (d.ranks.empty() ? "" : ", rank map") << "), blocks "
      << joined(field(side, &nd::Dim::block), ",") << ", sources " << joined(field(side, &nd::Dim::source), ",")
      << ", window " << joined(field(side, &nd::Dim::start), ",") << " + " << joined(field(side, &nd::Dim::count), "x")
      << ", storage " << order_name(d.storage_order);
  return out.str();
}

std::string nd_side_json(const NdSide& side) {
  const nd::Description& d = side.written;
  std::ostringstream out;
  out << "{\"ndims\": " << d.ndims << ", \"sizes\": [" << joined(d.sizes, ", ") << "], \"grid\": ["
      << joined(d.grid, ", ") << "], \"grid_order\": \"" << order_name(d.grid_order) << "\", \"blocks\": ["
      << joined(field(side, &nd::Dim::block), ", ") << "], \"sources\": ["
      << joined(field(side, &nd::Dim::source), ", ") << "], \"starts\": [" << joined(field(side, &nd::Dim::start), ", ")
      << "], \"counts\": [" << joined(field(side, &nd::Dim::count), ", ") << "], \"storage_order\": \""
      << order_name(d.storage_order)
      << "\", \"ranks\": " << (d.ranks.empty() ? "null" : "[" + joined(d.ranks, ", ") + "]") << "}";
  return out.str();
}

void nd_text(std::ostream& out, const NdPlan& plan, const std::vector<NdProcess>& processes,
             const std::vector<model::Edge>& edges, Index elem_size, Index most) {
  const nd::MatrixForm& f = plan.form;
  const std::vector<Bytes> bytes = bytes_of(edges, plan.union_size, elem_size);
  out << "  perm " << joined(plan.perm, ",") << ": dimension d of A becomes dimension perm[d] of B; " << plan.elements
      << " elements, " << plan.elements * elem_size << " bytes\n"
      << "  matrix form: sub(B) (" << f.m << " x " << f.n << ") := " << (f.op == 'N' ? "sub(A)" : "sub(A)^T") << ", op "
      << f.op << "; rows: A's dimensions " << joined(user_dims(plan.a, f.rows), ",")
      << ", columns: " << (f.cols.empty() ? std::string("none") : joined(user_dims(plan.a, f.cols), ",")) << "\n"
      << "  per process (A and B: local shape, window elements; bytes out, in, kept):\n";
  const Index shown = std::min<Index>(static_cast<Index>(processes.size()), most);
  for (Index r = 0; r < shown; ++r) {
    const NdProcess& p = processes[static_cast<std::size_t>(r)];
    const Bytes& b = bytes[static_cast<std::size_t>(r)];
    out << "    " << r << ": A " << share_text(plan.a, p.a) << ", B " << share_text(plan.b, p.b) << "; " << b.out
        << " out, " << b.in << " in, " << b.kept << " kept\n";
  }
  out << more_line(static_cast<Index>(processes.size()), most, "processes");
  out << "  pairs (bytes from -> to):";
  Index pairs = 0;
  for (const model::Edge& e : edges) {
    if (e.from == e.to) continue;
    if (++pairs <= most)
      out << (pairs % 8 == 1 ? "\n    " : "  ") << e.from << "->" << e.to << " " << e.count * elem_size;
  }
  out << (pairs == 0 ? " none\n" : "\n") << more_line(pairs, most, "pairs");
}

void nd_json(std::ostream& out, const NdPlan& plan, const std::vector<NdProcess>& processes,
             const std::vector<model::Edge>& edges, Index elem_size) {
  const nd::MatrixForm& f = plan.form;
  const std::vector<Bytes> bytes = bytes_of(edges, plan.union_size, elem_size);
  out << "\"nd\": {\"perm\": [" << joined(plan.perm, ", ") << "], \"elements\": " << plan.elements
      << ", \"bytes\": " << plan.elements * elem_size << ",\n  \"form\": {\"op\": \"" << f.op << "\", \"m\": " << f.m
      << ", \"n\": " << f.n << ", \"rows\": [" << joined(user_dims(plan.a, f.rows), ", ") << "], \"cols\": ["
      << joined(user_dims(plan.a, f.cols), ", ") << "]},\n  \"per_process\": [";
  for (std::size_t r = 0; r < processes.size(); ++r)
    out << (r ? ",\n    " : "\n    ") << "{\"rank\": " << r << ", \"a\": " << share_json(plan.a, processes[r].a)
        << ", \"b\": " << share_json(plan.b, processes[r].b) << ", \"bytes_out\": " << bytes[r].out
        << ", \"bytes_in\": " << bytes[r].in << ", \"bytes_kept\": " << bytes[r].kept << "}";
  out << "],\n  \"pairs\": [";
  bool first = true;
  for (const model::Edge& e : edges) {
    if (e.from == e.to) continue;
    out << (first ? "\n    " : ",\n    ") << "{\"from\": " << e.from << ", \"to\": " << e.to
        << ", \"bytes\": " << e.count * elem_size << "}";
    first = false;
  }
  out << "]}";
}

}  // namespace mr2d::cli

// SPDX-License-Identifier: BSD-3-Clause
// The move between two pencil layouts as an application writes it by hand,
// the baseline the 3D examples time beside mr2d: over the communicator of
// the processes that exchange (a row or a column of the process grid), every
// process packs the box each peer needs in the peer's storage order, one
// MPI_Alltoallv moves them, and each box is unpacked in whole lines.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "pencils.hpp"

namespace examples {

/// Copies a box of e[0] x e[1] x e[2] elements (e[0] innermost) between two
/// arrays whose neighbours along the box's dimensions are s[k] and d[k] apart.
template <class T>
void copy_box(const T* src, const std::array<std::size_t, 3>& s, T* dst, const std::array<std::size_t, 3>& d,
              const std::array<int, 3>& e) {
  for (int k = 0; k < e[2]; ++k)
    for (int j = 0; j < e[1]; ++j) {
      const T* from = src + static_cast<std::size_t>(j) * s[1] + static_cast<std::size_t>(k) * s[2];
      T* to = dst + static_cast<std::size_t>(j) * d[1] + static_cast<std::size_t>(k) * d[2];
      for (int i = 0; i < e[0]; ++i) to[static_cast<std::size_t>(i) * d[0]] = from[static_cast<std::size_t>(i) * s[0]];
    }
}

template <class T>
class PencilAlltoallv {
 public:
  /// Collective over `comm`, which holds every process this one exchanges
  /// with; `from` and `to` are the layouts as this process holds them.
  PencilAlltoallv(const Pencils& from, const Pencils& to, MPI_Comm comm) : comm_(comm) {
    int size = 0, world = 0;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    std::vector<int> ranks(static_cast<std::size_t>(size));
    MPI_Allgather(&world, 1, MPI_INT, ranks.data(), 1, MPI_INT, comm);
    for (int p = 0; p < size; ++p) {
      const int peer = ranks[static_cast<std::size_t>(p)];
      sends_.push_back(Piece::between(from, to.at(peer), to, from));
      receives_.push_back(Piece::between(from.at(peer), to, to, to));
    }
    send_counts_ = offsets(sends_, send_displs_);
    receive_counts_ = offsets(receives_, receive_displs_);
    out_.resize(static_cast<std::size_t>(send_displs_.back() + send_counts_.back()) / sizeof(T));
    in_.resize(static_cast<std::size_t>(receive_displs_.back() + receive_counts_.back()) / sizeof(T));
  }

  /// Moves `a` (in `from`) into `b` (in `to`).
  void execute(const T* a, T* b) {
    for (std::size_t p = 0; p < sends_.size(); ++p)
      sends_[p].pack(a, out_.data() + static_cast<std::size_t>(send_displs_[p]) / sizeof(T));
    MPI_Alltoallv(out_.data(), send_counts_.data(), send_displs_.data(), MPI_BYTE, in_.data(), receive_counts_.data(),
                  receive_displs_.data(), MPI_BYTE, comm_);
    for (std::size_t p = 0; p < receives_.size(); ++p)
      receives_[p].unpack(in_.data() + static_cast<std::size_t>(receive_displs_[p]) / sizeof(T), b);
  }

 private:
  /// The box one pair of processes exchanges, in the target's storage order:
  /// where it starts in the array it is read from or written to, and that
  /// array's strides along the box's dimensions.
  struct Piece {
    std::array<int, 3> extent{};
    std::size_t offset = 0;
    std::array<std::size_t, 3> strides{};

    /// The box of `source` that `target` holds, placed in `array` (one of the
    /// two), with the dimensions in the order of `order`.
    static Piece between(const Pencils& source, const Pencils& target, const Pencils& order, const Pencils& array) {
      Piece p;
      for (int d = 0; d < 3; ++d) {
        const int axis = order.axis(d);
        const Span s = source.span(source.dim_of(axis)), t = target.span(target.dim_of(axis));
        const int first = std::max(s.first, t.first), last = std::min(s.first + s.count, t.first + t.count);
        p.extent[static_cast<std::size_t>(d)] = std::max(0, last - first);
        const int in = array.dim_of(axis);
        p.strides[static_cast<std::size_t>(d)] = array.stride(in);
        p.offset += static_cast<std::size_t>(std::max(0, first - array.span(in).first)) * array.stride(in);
      }
      if (p.elements() == 0) p.extent = {0, 0, 0};
      return p;
    }
    std::size_t elements() const {
      return static_cast<std::size_t>(extent[0]) * static_cast<std::size_t>(extent[1]) *
             static_cast<std::size_t>(extent[2]);
    }
    std::array<std::size_t, 3> packed() const {
      return {1, static_cast<std::size_t>(extent[0]),
              static_cast<std::size_t>(extent[0]) * static_cast<std::size_t>(extent[1])};
    }
    void pack(const T* a, T* buffer) const { copy_box(a + offset, strides, buffer, packed(), extent); }
    void unpack(const T* buffer, T* b) const { copy_box(buffer, packed(), b + offset, strides, extent); }
  };

  /// Byte counts of the pieces, and their displacements in one buffer.
  static std::vector<int> offsets(const std::vector<Piece>& pieces, std::vector<int>& displs) {
    std::vector<int> counts;
    long long at = 0;
    for (const Piece& p : pieces) {
      const long long bytes = static_cast<long long>(p.elements() * sizeof(T));
      if (at + bytes > INT_MAX) throw std::overflow_error("PencilAlltoallv: more than 2 GiB per process");
      counts.push_back(static_cast<int>(bytes));
      displs.push_back(static_cast<int>(at));
      at += bytes;
    }
    return counts;
  }

  MPI_Comm comm_;
  std::vector<Piece> sends_, receives_;
  std::vector<int> send_counts_, send_displs_, receive_counts_, receive_displs_;
  std::vector<T> out_, in_;
};

}  // namespace examples

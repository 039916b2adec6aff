// SPDX-License-Identifier: BSD-3-Clause
// The move as an application writes it by hand, for the baselines the
// examples time beside mr2d: every process holds one rectangle of the matrix
// on each side, packs what each peer needs, posts one MPI_Ialltoallv and
// unpacks once it completed. Started, tested and waited like an mr2d request.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace examples {

/// Rows [row0, row0 + rows) and columns [col0, col0 + cols) of the global
/// matrix, held by one process column-major with leading dimension ld.
struct Block {
  int row0 = 0, rows = 0, col0 = 0, cols = 0, ld = 1;
};

template <class T>
class BlockAlltoallv {
 public:
  /// Collective over `comm`: this process reads `source` and writes `target`
  /// (either may be empty); every element of a target lies in some source.
  BlockAlltoallv(const Block& source, const Block& target, MPI_Comm comm) : comm_(comm) {
    int size = 0;
    MPI_Comm_size(comm, &size);
    const int mine[8] = {source.row0, source.rows, source.col0, source.cols,
                         target.row0, target.rows, target.col0, target.cols};
    std::vector<int> all(8 * static_cast<std::size_t>(size));
    MPI_Allgather(mine, 8, MPI_INT, all.data(), 8, MPI_INT, comm);
    auto block = [&](int p, int at, int ld) {
      const int* v = &all[8 * static_cast<std::size_t>(p) + static_cast<std::size_t>(at)];
      return Block{v[0], v[1], v[2], v[3], ld};
    };
    for (int p = 0; p < size; ++p) {
      sends_.push_back(overlap(source, block(p, 4, 1), source));
      receives_.push_back(overlap(block(p, 0, 1), target, target));
    }
    send_counts_ = counts(sends_, send_displs_);
    receive_counts_ = counts(receives_, receive_displs_);
    out_.resize(total(send_counts_) / sizeof(T));
    in_.resize(total(receive_counts_) / sizeof(T));
  }
  BlockAlltoallv(const BlockAlltoallv&) = delete;
  BlockAlltoallv& operator=(const BlockAlltoallv&) = delete;
  ~BlockAlltoallv() {
    if (request_ != MPI_REQUEST_NULL) MPI_Wait(&request_, MPI_STATUS_IGNORE);
  }

  /// Packs from `a` (the source's first element) and posts the exchange;
  /// `b` (the target's first element) is written by test() or wait().
  void start(const T* a, T* b) {
    b_ = b;
    T* at = out_.data();
    for (const Piece& s : sends_) at = pack_columns(s, a, at);
    MPI_Ialltoallv(out_.data(), send_counts_.data(), send_displs_.data(), MPI_BYTE, in_.data(), receive_counts_.data(),
                   receive_displs_.data(), MPI_BYTE, comm_, &request_);
  }
  /// True once the exchange is complete and unpacked.
  bool test() {
    if (request_ == MPI_REQUEST_NULL) return true;
    int done = 0;
    MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
    if (done) unpack();
    return done != 0;
  }
  void wait() {
    if (request_ == MPI_REQUEST_NULL) return;
    MPI_Wait(&request_, MPI_STATUS_IGNORE);
    unpack();
  }
  void execute(const T* a, T* b) {
    start(a, b);
    wait();
  }

 private:
  /// rows x cols elements at `offset` in a local array of leading dimension ld.
  struct Piece {
    std::size_t offset = 0;
    int rows = 0, cols = 0, ld = 1;
  };

  /// Where `x` and `y` overlap, placed in `local`'s array.
  static Piece overlap(const Block& x, const Block& y, const Block& local) {
    const int r0 = std::max(x.row0, y.row0), r1 = std::min(x.row0 + x.rows, y.row0 + y.rows);
    const int c0 = std::max(x.col0, y.col0), c1 = std::min(x.col0 + x.cols, y.col0 + y.cols);
    if (r1 <= r0 || c1 <= c0) return Piece{0, 0, 0, local.ld};
    return Piece{static_cast<std::size_t>(r0 - local.row0) +
                     static_cast<std::size_t>(c0 - local.col0) * static_cast<std::size_t>(local.ld),
                 r1 - r0, c1 - c0, local.ld};
  }

  /// Between a piece in its local array and its packed columns (leading
  /// dimension its row count); each returns the end of the packed run.
  static const T* unpack_columns(const Piece& p, const T* packed, T* local) {
    for (int j = 0; j < p.cols; ++j)
      std::memcpy(local + p.offset + static_cast<std::size_t>(j) * static_cast<std::size_t>(p.ld),
                  packed + static_cast<std::size_t>(j) * static_cast<std::size_t>(p.rows),
                  static_cast<std::size_t>(p.rows) * sizeof(T));
    return packed + static_cast<std::size_t>(p.rows) * static_cast<std::size_t>(p.cols);
  }
  static T* pack_columns(const Piece& p, const T* local, T* packed) {
    for (int j = 0; j < p.cols; ++j)
      std::memcpy(packed + static_cast<std::size_t>(j) * static_cast<std::size_t>(p.rows),
                  local + p.offset + static_cast<std::size_t>(j) * static_cast<std::size_t>(p.ld),
                  static_cast<std::size_t>(p.rows) * sizeof(T));
    return packed + static_cast<std::size_t>(p.rows) * static_cast<std::size_t>(p.cols);
  }

  void unpack() {
    const T* at = in_.data();
    for (const Piece& r : receives_) at = unpack_columns(r, at, b_);
  }
  /// Byte counts per peer (MPI's int counts) and their displacements.
  static std::vector<int> counts(const std::vector<Piece>& pieces, std::vector<int>& displs) {
    std::vector<int> c;
    long long offset = 0;
    for (const Piece& p : pieces) {
      const long long bytes = static_cast<long long>(p.rows) * p.cols * static_cast<long long>(sizeof(T));
      if (offset + bytes > INT_MAX) throw std::length_error("BlockAlltoallv: more than INT_MAX bytes");
      displs.push_back(static_cast<int>(offset));
      c.push_back(static_cast<int>(bytes));
      offset += bytes;
    }
    return c;
  }
  static std::size_t total(const std::vector<int>& c) {
    std::size_t t = 0;
    for (const int k : c) t += static_cast<std::size_t>(k);
    return t;
  }

  MPI_Comm comm_;
  std::vector<Piece> sends_, receives_;
  std::vector<int> send_counts_, send_displs_, receive_counts_, receive_displs_;
  std::vector<T> out_, in_;
  T* b_ = nullptr;
  MPI_Request request_ = MPI_REQUEST_NULL;
};

}  // namespace examples

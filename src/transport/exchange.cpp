// (MPI) Plan execution; see exchange.hpp.
#include "transport/exchange.hpp"

#include <algorithm>
#include <vector>

#include "kernels/pack.hpp"
#include "mr2d/mr2d.h"
#include "transport/buffers.hpp"

namespace mr2d::transport {

namespace {

constexpr int kTag = 2718;

// Messages travel in pieces. MPI counts are int, so no piece exceeds 1 GiB.
// Mid-sized messages go as pieces small enough for MPI's eager protocol: each
// then lands without the request/acknowledge round trip of the rendezvous
// protocol, which otherwise dominates a small redistribution.
constexpr Index kEagerPiece = 4000;
constexpr Index kEagerMessageLimit = 64 * 1024;
constexpr Index kMaxPiece = Index{1} << 30;

Index piece_size(Index bytes) { return bytes <= kEagerMessageLimit ? kEagerPiece : kMaxPiece; }
Index pieces_of(Index bytes) {
  const Index piece = piece_size(bytes);
  return bytes == 0 ? 0 : (bytes + piece - 1) / piece;
}

// Posts one message as its pieces (MPI_Isend or MPI_Irecv), appending the requests.
template <class Post, class Buffer>
int post_pieces(Post post, Buffer* base, Index bytes, int peer, MPI_Comm comm,
                std::vector<MPI_Request>& reqs) {
  const Index piece = piece_size(bytes);
  for (Index off = 0; off < bytes; off += piece) {
    MPI_Request req;
    int err = post(base + off, static_cast<int>(std::min(piece, bytes - off)), MPI_BYTE, peer, kTag,
                   comm, &req);
    if (err != MPI_SUCCESS) return err;
    reqs.push_back(req);
  }
  return MPI_SUCCESS;
}

Status mpi_error(const char* what, int err) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(err, text, &len);
  return {MR2D_ERR_MPI, std::string("mr2d: ") + what + " failed: " + std::string(text, static_cast<std::size_t>(len))};
}

}  // namespace

Status execute(const plan::Plan& plan, const void* a, void* b, MPI_Comm comm, Traffic& traffic) {
  const Index es = plan.elem_size;
  auto* sendbuf = static_cast<unsigned char*>(
      send_pool().get(static_cast<std::size_t>(std::max<Index>(plan.send_elems * es, 1))));
  auto* recvbuf = static_cast<unsigned char*>(
      recv_pool().get(static_cast<std::size_t>(std::max<Index>(plan.recv_elems * es, 1))));
  if (sendbuf == nullptr || recvbuf == nullptr)
    return {MR2D_ERR_MEMORY, "mr2d: out of memory for message buffers"};

  // Receives first, so every message finds its buffer.
  std::vector<MPI_Request> recv_reqs;
  std::vector<std::size_t> recv_owner;  // transfer index of each request
  std::vector<Index> pending(plan.recvs.size(), 0);
  for (std::size_t k = 0; k < plan.recvs.size(); ++k) {
    const plan::Transfer& t = plan.recvs[k];
    const Index bytes = t.count * es;
    unsigned char* base = recvbuf + t.offset * es;
    int err = post_pieces(MPI_Irecv, base, bytes, t.peer, comm, recv_reqs);
    if (err != MPI_SUCCESS) return mpi_error("MPI_Irecv", err);
    pending[k] = pieces_of(bytes);
    recv_owner.resize(recv_reqs.size(), k);
  }

  std::vector<MPI_Request> send_reqs;
  for (const plan::Transfer& t : plan.sends) {
    unsigned char* base = sendbuf + t.offset * es;
    Index packed = kernels::pack(a, plan.lda, plan.rows(t), plan.cols(t), plan.trapezoid, es, base);
    MR2D_CHECK(packed == t.count);
    const Index bytes = t.count * es;
    int err = post_pieces(MPI_Isend, base, bytes, t.peer, comm, send_reqs);
    if (err != MPI_SUCCESS) return mpi_error("MPI_Isend", err);
    traffic.messages_sent += 1;
    traffic.bytes_sent += bytes;
  }

  if (plan.has_self) {
    Index copied = kernels::copy_local(a, plan.lda, b, plan.ldb, plan.rows(plan.self),
                                       plan.cols(plan.self), plan.trapezoid, es);
    MR2D_CHECK(copied == plan.self.count);
    traffic.bytes_local += copied * es;
  }

  for (std::size_t done = 0; done < recv_reqs.size(); ++done) {
    int which = MPI_UNDEFINED;
    int err = MPI_Waitany(static_cast<int>(recv_reqs.size()), recv_reqs.data(), &which,
                          MPI_STATUS_IGNORE);
    if (err != MPI_SUCCESS) return mpi_error("MPI_Waitany", err);
    std::size_t k = recv_owner[static_cast<std::size_t>(which)];
    if (--pending[k] > 0) continue;
    const plan::Transfer& t = plan.recvs[k];
    Index unpacked = kernels::unpack(recvbuf + t.offset * es, plan.rows(t), plan.cols(t),
                                     plan.trapezoid, es, b, plan.ldb);
    MR2D_CHECK(unpacked == t.count);
    traffic.bytes_received += t.count * es;
  }
  if (!send_reqs.empty()) {
    int err = MPI_Waitall(static_cast<int>(send_reqs.size()), send_reqs.data(), MPI_STATUSES_IGNORE);
    if (err != MPI_SUCCESS) return mpi_error("MPI_Waitall", err);
  }
  return {};
}

}  // namespace mr2d::transport

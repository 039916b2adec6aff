// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Give-up notices; see give_up_notice.hpp.
#include "transport/give_up_notice.hpp"

#include <algorithm>
#include <string>

#include "mr2d/mr2d.h"

namespace mr2d::transport {

std::vector<int> mpi_peers(const route::Route& route, bool shm) {
  std::vector<int> peers;
  for (const auto* side : {&route.sends, &route.recvs})
    for (const route::Message& m : *side)
      if (!(shm && m.node_local)) peers.push_back(m.peer);
  std::sort(peers.begin(), peers.end());
  peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
  return peers;
}

void send_give_ups(MPI_Comm comm, int tag, const std::vector<int>& peers) {
  static char nothing = 0;
  for (int peer : peers) {
    MPI_Request req = MPI_REQUEST_NULL;
    // Empty, so it completes at once wherever it is matched; nobody waits for it.
    if (MPI_Isend(&nothing, 0, MPI_BYTE, peer, tag, comm, &req) == MPI_SUCCESS) MPI_Request_free(&req);
  }
}

namespace {

// What waits first with `tag` from `source` on `comm`.
enum class Waiting { nothing, data, notice };

// Looks at that message; a notice (empty) is taken, `from` naming its sender.
Waiting look(MPI_Comm comm, int source, int tag, int& from) {
  int flag = 0, count = -1;
  MPI_Status status;
  if (MPI_Iprobe(source, tag, comm, &flag, &status) != MPI_SUCCESS || !flag) return Waiting::nothing;
  MPI_Get_count(&status, MPI_BYTE, &count);
  if (count != 0) return Waiting::data;  // of a later stage, received when its stage comes
  char nothing = 0;
  from = status.MPI_SOURCE;
  MPI_Recv(&nothing, 0, MPI_BYTE, from, tag, comm, MPI_STATUS_IGNORE);
  return Waiting::notice;
}

}  // namespace

Status take_give_up(MPI_Comm comm, int tag, const std::vector<int>& peers) {
  if (peers.empty()) return {};
  // One probe for the common case: nothing with this tag waits unmatched,
  // or what waits first is a notice. Only a data message of a later stage
  // waiting ahead makes each peer's first message worth a look.
  int from = -1;
  const Waiting first = look(comm, MPI_ANY_SOURCE, tag, from);
  if (first == Waiting::notice) return peer_gave_up(from);
  if (first == Waiting::nothing) return {};
  for (int peer : peers)
    if (look(comm, peer, tag, from) == Waiting::notice) return peer_gave_up(from);
  return {};
}

Status peer_gave_up(int peer) {
  return failure(MR2D_ERR_INCONSISTENT, "",
                 "rank " + std::to_string(peer) +
                     " gave up this execution (an error there: see its message); this process's B may be partly "
                     "written");
}

}  // namespace mr2d::transport

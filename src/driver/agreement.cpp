// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The agreement collectives; see agreement.hpp. They wait as transfers
// do (transport/bounded_collective.hpp): bounded by MR2D_TIMEOUT, after which
// the union context refuses further calls rather than let a late process's
// next collective match the one left waiting.
#include "driver/agreement.hpp"

#include "transport/bounded_collective.hpp"
#include "transport/errors_return.hpp"

namespace mr2d::driver {

Status agree_gather(MPI_Comm comm, const std::int64_t* mine, int words, std::int64_t* all, const char* routine) {
  transport::ErrorsReturn guard(comm);
  return transport::bounded_allgather(comm, mine, words, MPI_INT64_T, all,
                                      {routine, "exchange their view of the call"});
}

Status agree_reduce(MPI_Comm comm, const std::int64_t* mine, std::int64_t* out, int words, MPI_Op op,
                    const char* routine) {
  transport::ErrorsReturn guard(comm);
  return transport::bounded_allreduce(comm, mine, out, words, MPI_INT64_T, op, {routine, "agree on the call"});
}

Status exchange_words(MPI_Comm comm, const Word& mine, const check::Wording& wording, const char* routine,
                      std::vector<Word>& all) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  all.assign(static_cast<std::size_t>(size), Word{});
  Status s = agree_gather(comm, reinterpret_cast<const std::int64_t*>(&mine), kWordInts,
                          reinterpret_cast<std::int64_t*>(all.data()), routine);
  if (!s.ok()) return s;
  return first_fault(all, wording);
}

Status first_fault(const std::vector<Word>& all, const check::Wording& wording) {
  for (std::size_t k = 0; k < all.size(); ++k)
    if (!all[k].fault.ok()) return check::status_of(all[k].fault.found_by(static_cast<std::int64_t>(k)), wording);
  return {};
}

std::int64_t first_differing_print(const std::vector<Word>& all, int k) {
  const auto at = static_cast<std::size_t>(k);
  for (std::size_t p = 1; p < all.size(); ++p)
    if (all[p].prints[at] != all[0].prints[at]) return static_cast<std::int64_t>(p);
  return -1;
}

}  // namespace mr2d::driver

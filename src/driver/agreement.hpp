// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The one way processes of a union agree: every collective of a call
// that can wait on a peer (reports, cache vote, batch creation) goes through
// these, so that one place bounds them by MR2D_TIMEOUT and turns MPI failures
// into a status that names the routine.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "check/message.hpp"
#include "check/report.hpp"
#include "common/fault.hpp"
#include "common/status.hpp"

namespace mr2d::driver {

/// Every process's `words` integers from `mine`, gathered in rank order into
/// `all` (words x union size) on every process. Collective over `comm`.
Status agree_gather(MPI_Comm comm, const std::int64_t* mine, int words, std::int64_t* all, const char* routine);

/// The element-wise reduction `op` (MPI_BAND, MPI_BOR, MPI_MAX, MPI_MIN) of
/// every process's `words` integers, on every process. Collective over `comm`.
Status agree_reduce(MPI_Comm comm, const std::int64_t* mine, std::int64_t* out, int words, MPI_Op op,
                    const char* routine);

/// Door-specific values one Word carries, at most.
inline constexpr int kWordValues = 8;

/// What every process sends in the agreement exchange of a grid-layout,
/// N-D or batch call: the first fault it found (none: ok), fingerprints
/// that must be the same everywhere (descriptions hashed; compared with
/// process 0's), values its door reads from every process (leading sizes,
/// side kinds, window starts) and its options.
struct Word {
  Fault fault;
  std::uint64_t prints[3] = {};
  std::int64_t values[kWordValues] = {};
  check::OptionsReport options;
};
static_assert(std::has_unique_object_representations_v<Word>);
/// A Word's 64-bit integers (its MPI_INT64_T count).
inline constexpr int kWordInts = static_cast<int>(sizeof(Word) / sizeof(std::int64_t));

/// The first process's fault among `all` (found_by that process), worded
/// by `wording`, or success where none has one.
Status first_fault(const std::vector<Word>& all, const check::Wording& wording);

/// The exchange: every process's word in rank order into `all`, then the
/// first process's fault (found_by that process), if any, as every
/// process's status, worded by `wording`. Collective over `comm`.
Status exchange_words(MPI_Comm comm, const Word& mine, const check::Wording& wording, const char* routine,
                      std::vector<Word>& all);

/// The first process whose print `k` differs from process 0's, or -1.
std::int64_t first_differing_print(const std::vector<Word>& all, int k);

}  // namespace mr2d::driver

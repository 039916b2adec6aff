// SPDX-License-Identifier: BSD-3-Clause
// The record each process contributes to the parameter exchange: the first
// fault it found locally (common/fault.hpp) and the global values it holds. A flat struct of
// 64-bit integers, so that one MPI_Allgather of kReportWords MPI_INT64_T moves
// it and every process reads the same fields. Pure data, no MPI.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "common/fault.hpp"

namespace mr2d::check {

/// One matrix as one process sees it: the grid shape and, for members only,
/// the process's coordinates (else -1), its descriptor's global fields and the
/// 0-based window start (else 0).
struct MatrixReport {
  std::int64_t nprow = 0, npcol = 0;
  std::int64_t row = 0, col = 0;
  std::int64_t m = 0, n = 0, mb = 0, nb = 0, rsrc = 0, csrc = 0;
  std::int64_t i0 = 0, j0 = 0;
};

/// The options one process resolved that shape what goes on the wire
/// (api/options.hpp): processes that differ in any of them would exchange
/// messages cut, routed or carried differently, so a call refuses them.
struct OptionsReport {
  std::int64_t schedule = 0, chunk_request = 0, indexing = 0, phases = 0, transport = 0;
  std::int64_t node_ranks = 0;  ///< MR2D_NODE_RANKS (0: the real nodes)
  std::int64_t shm_budget = 0;
  std::int64_t timeout_us = 0;  ///< MR2D_TIMEOUT in microseconds (0: none)
  std::int64_t progress = 0;    ///< MR2D_PROGRESS: 1 thread, 0 off
};

struct Report {
  Fault error;  ///< the first fault found here
  MatrixReport a, b;
  std::int64_t sub_m = 0, sub_n = 0;  ///< M, N
  std::int64_t shape = 0, unit = 0;   ///< index::Shape and unit diagonal (bit 0), decoded from UPLO, DIAG;
                                      ///< bit 1: the diagonal starts at the corner (p?tradd)
  std::int64_t elem_size = 0;
  std::int64_t type = -1;                       ///< mr2d_type of the elements
  std::int64_t sa = 0, ta = 0, sb = 0, tb = 0;  ///< strides
  std::int64_t transposed = 0;                  ///< op T or C (1), N (0)
  std::int64_t conjugated = 0;                  ///< op C (1)
  OptionsReport options;
};

/// Int64 words of a Report: its MPI_INT64_T count.
inline constexpr int kReportWords = static_cast<int>(sizeof(Report) / sizeof(std::int64_t));

// Members only, all int64_t, no padding: the words are the members. The
// counts change with the members, and with them the exchange format.
static_assert(std::is_standard_layout_v<Report> && std::is_trivially_copyable_v<Report>);
static_assert(std::has_unique_object_representations_v<Report>);
static_assert(sizeof(MatrixReport) == 12 * sizeof(std::int64_t));
static_assert(sizeof(OptionsReport) == 9 * sizeof(std::int64_t));
static_assert(kReportWords == kFaultWords + 2 * 12 + 12 + 9);

/// The report as its words, in member order.
inline std::vector<std::int64_t> words_of(const Report& report) {
  std::vector<std::int64_t> words(kReportWords);
  std::memcpy(words.data(), &report, sizeof report);
  return words;
}

}  // namespace mr2d::check

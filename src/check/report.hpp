// SPDX-License-Identifier: BSD-3-Clause
// The record each process contributes to the parameter exchange: the first
// error it found locally and the global values it holds. A flat struct of
// 64-bit integers, so that one MPI_Allgather of kReportWords MPI_INT64_T moves
// it and every process reads the same fields. Pure data, no MPI.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace mr2d::check {

/// Why an argument is illegal; each has one message text.
enum class Reason : std::int64_t {
  none = 0,
  negative,           ///< value < 0
  not_positive,       ///< value < 1
  src_out_of_grid,    ///< RSRC_/CSRC_ outside [0, limit)
  start_below_one,    ///< IA/JA/IB/JB < 1
  beyond_matrix,      ///< submatrix end = value > limit (M_ or N_)
  lld_too_small,      ///< LLD_ = value < limit (local rows)
  bad_letter,         ///< UPLO/DIAG not one of the accepted letters
  null_array,         ///< A or B is NULL though this process holds part of it
  not_in_union,       ///< this process is not in the union context's grid
  no_member,          ///< nobody in the union is in this grid
  grid_hole,          ///< grid position (value / limit) has no process in the union
  grid_twice,         ///< two union processes claim the same grid position
  inconsistent,       ///< processes passed different values (value vs limit)
  null_pointer,       ///< a pointer argument this process needs is NULL
  grid_shape,         ///< a described grid of value x limit positions
  grid_too_large,     ///< a described grid of value positions, more than limit processes
  rank_out_of_range,  ///< a described grid holds rank value, not in [0, limit)
  rank_twice,         ///< a described grid holds rank value at two positions
  bad_type,           ///< the type argument is value, not an mr2d_type
  type_differs,       ///< element types differ: value here, limit on the first process
  bad_option,         ///< options field number value (kOptionFields) holds limit
  too_large,          ///< sizes whose product in bytes does not fit in 64 bits
  not_a_grid,         ///< the context value is no grid this process is in
  null_plan_out,      ///< the plan argument (where the new plan goes) is NULL
  overlaps_a,         ///< B's window shares memory with A's on this process
  bad_dtype,          ///< a PBLAS descriptor's DTYPE_ is value, neither 1 nor 2
  other_context,      ///< PBLAS: C's context is value, A's is limit
  first_block,        ///< PBLAS: a first block of value, not the block size limit
  bad_environment,    ///< numeric variable value (kNumericEnv) holds limit (text_word), which does not parse
};

/// An illegal argument as its message names it; code 0 means none.
struct ArgumentError {
  std::int64_t code = 0;              ///< an mr2d_status
  std::int64_t arg = 0;               ///< 1-based position in the routine's argument list
  std::int64_t entry = 0;             ///< 1-based descriptor entry, 0 for a plain argument
  std::int64_t reason = 0;            ///< a Reason
  std::int64_t value = 0, limit = 0;  ///< the numbers the reason's text quotes
};

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
};

struct Report {
  ArgumentError error;
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
static_assert(sizeof(ArgumentError) == 6 * sizeof(std::int64_t));
static_assert(sizeof(MatrixReport) == 12 * sizeof(std::int64_t));
static_assert(sizeof(OptionsReport) == 7 * sizeof(std::int64_t));
static_assert(kReportWords == 6 + 2 * 12 + 12 + 7);

/// The report as its words, in member order.
inline std::vector<std::int64_t> words_of(const Report& report) {
  std::vector<std::int64_t> words(kReportWords);
  std::memcpy(words.data(), &report, sizeof report);
  return words;
}

}  // namespace mr2d::check

// The arguments of one p?gemr2d / p?trmr2d call as this process passed them,
// and the record each process contributes to the parameter exchange. Pure
// data, no MPI.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "common/index_types.hpp"
#include "index/trapezoid.hpp"

namespace mr2d::desc {

/// Descriptor entries, 0-based (ScaLAPACK's DTYPE_ .. LLD_ minus one).
enum DescEntry { DTYPE = 0, CTXT, M_, N_, MB, NB, RSRC, CSRC, LLD, DESC_LEN };

/// A process's place in one BLACS grid, as Cblacs_gridinfo reports it.
struct GridInfo {
  Index nprow = -1, npcol = -1, myrow = -1, mycol = -1;
  bool member() const {
    return nprow > 0 && npcol > 0 && myrow >= 0 && myrow < nprow && mycol >= 0 && mycol < npcol;
  }
};

/// How UPLO/DIAG letters outside {U,L} x {N,U} are treated.
enum class Letters { strict, scalapack };

struct LocalCall {
  const char* routine = "";     ///< name for messages, e.g. "PDGEMR2D"
  bool trapezoidal = false;
  char uplo = 'L', diag = 'N';
  Letters letters = Letters::strict;
  Index m = 0, n = 0;
  Index ia = 1, ja = 1, ib = 1, jb = 1;  ///< 1-based, as passed
  bool strided = false;                  ///< mr2d_gemr2d_strided: strides are arguments
  Index sa = 1, ta = 1, sb = 1, tb = 1;  ///< row and column strides in A and B
  std::array<Index, DESC_LEN> desca{}, descb{};
  Index elem_size = 0;
  GridInfo grid_a, grid_b;
  bool a_null = false, b_null = false;  ///< local array pointers are NULL
};

/// Why an argument is illegal; each has one message text.
enum class Reason : std::int64_t {
  none = 0,
  negative,          ///< value < 0
  not_positive,      ///< value < 1
  src_out_of_grid,   ///< RSRC_/CSRC_ outside [0, limit)
  start_below_one,   ///< IA/JA/IB/JB < 1
  beyond_matrix,     ///< submatrix end = value > limit (M_ or N_)
  lld_too_small,     ///< LLD_ = value < limit (local rows)
  bad_letter,        ///< UPLO/DIAG not one of the accepted letters
  null_array,        ///< A or B is NULL though this process holds part of it
  not_in_union,      ///< this process is not in the union context's grid
  no_member,         ///< nobody in the union is in this grid
  grid_hole,         ///< grid position (value / limit) has no process in the union
  grid_twice,        ///< two union processes claim the same grid position
  inconsistent,      ///< processes passed different values (value vs limit)
};

/// One process's contribution to the parameter exchange: fixed-size, 64-bit.
enum ReportField {
  R_CODE, R_ARG, R_ENTRY, R_REASON, R_VALUE, R_LIMIT,
  R_A_NPROW, R_A_NPCOL, R_A_ROW, R_A_COL, R_A_M, R_A_N, R_A_MB, R_A_NB, R_A_RSRC, R_A_CSRC,
  R_A_I, R_A_J,
  R_B_NPROW, R_B_NPCOL, R_B_ROW, R_B_COL, R_B_M, R_B_N, R_B_MB, R_B_NB, R_B_RSRC, R_B_CSRC,
  R_B_I, R_B_J,
  R_SUB_M, R_SUB_N, R_SHAPE, R_UNIT, R_ELEM, R_SA, R_TA, R_SB, R_TB, REPORT_LEN
};
using Report = std::array<std::int64_t, REPORT_LEN>;

}  // namespace mr2d::desc

// SPDX-License-Identifier: BSD-3-Clause
// The arguments of one p?gemr2d / p?trmr2d call as this process passed them.
// Pure data, no MPI.
#pragma once

#include <array>
#include <cstdint>

#include "common/fault.hpp"
#include "common/index_types.hpp"
#include "check/arg_lists.hpp"
#include "check/report.hpp"
#include "index/trapezoid.hpp"

namespace mr2d::check {

/// Descriptor entries, 0-based (ScaLAPACK's DTYPE_ .. LLD_ minus one).
enum DescEntry { DTYPE = 0, CTXT, M_, N_, MB, NB, RSRC, CSRC, LLD, DESC_LEN };
/// Entries of PBLAS's type 2 descriptors that ScaLAPACK's have not, as messages
/// number them (1-based, after LLD_): IMB_ and INB_.
enum PblasEntry { IMB_ENTRY = DESC_LEN + 1, INB_ENTRY, ENTRY_NAMES = INB_ENTRY };

/// A process's place in one BLACS grid, as Cblacs_gridinfo reports it.
struct GridInfo {
  Index nprow = -1, npcol = -1, myrow = -1, mycol = -1;
  bool member() const { return nprow > 0 && npcol > 0 && myrow >= 0 && myrow < nprow && mycol >= 0 && mycol < npcol; }
};

/// What describes one side of a call: a descriptor on a grid (this process
/// may be outside it), or a grid layout (mr2d_layout.h) over the whole union,
/// whose window is checked against its extent and its tables elsewhere.
enum class SideKind { descriptor, grid_layout };

/// A grid layout's global rows and columns.
struct Extent {
  Index rows = 0, cols = 0;
};

/// How UPLO/DIAG letters outside {U,L} x {N,U} are treated.
enum class Letters { strict, scalapack };

/// Which argument list the entry has (for the positions and names in messages).
enum class Entry {
  redistribute,  ///< p?gemr2d, p?trmr2d, mr2d_gemr2d_strided
  transform,     ///< mr2d_transform, mr2d_trtransform (TRANS, ALPHA, BETA)
  pblas_tran,    ///< PBLAS p?tran*: B is C, A's context is the union
  pblas_geadd,   ///< PBLAS p?geadd: as p?tran*, TRANS first
  pblas_tradd,   ///< PBLAS p?tradd: as p?geadd, UPLO first, PBLAS's trapezoid and arithmetic
};

/// Whether the entry is one of PBLAS's (C's names, A's context the union).
inline bool is_pblas(Entry entry) {
  return entry == Entry::pblas_tran || entry == Entry::pblas_geadd || entry == Entry::pblas_tradd;
}

/// Whether an op letter transposes ('T', 'C', either case).
inline bool is_transposed(char op) { return op == 'T' || op == 't' || op == 'C' || op == 'c'; }

/// The fields of mr2d_options in order, as messages name them.
inline constexpr const char* kOptionFields[] = {"schedule", "chunk_bytes", "indexing",
                                                "phases",   "transport",   "shm_budget"};

/// What the local stage finds before any exchange (the entry point leaves
/// it as it is): this process's place in each grid, the descriptors'
/// values, the arrays, the grid-layout sides and the settings that do not
/// parse.
struct Located {
  GridInfo grid_a, grid_b;
  std::array<Index, DESC_LEN> desca{}, descb{};
  bool a_null = false, b_null = false;  ///< local array pointers are NULL
  /// Addresses of the local arrays (0: not known yet, a plan's).
  std::uintptr_t a_addr = 0, b_addr = 0;
  /// The grids are GRIDA and GRIDB within a communicator (COMM), not BLACS
  /// contexts: messages name those arguments instead of the CTXT_ entries.
  bool described = false;
  /// Of a grid-layout call's sides: which are grid layouts, and their
  /// extents (a grid-layout side is in no grid: grid_a, grid_b say nothing).
  SideKind kind_a = SideKind::descriptor, kind_b = SideKind::descriptor;
  Extent extent_a, extent_b;
  /// An options field with no valid value: its number in kOptionFields, or -1.
  int bad_option = -1;
  Index bad_option_value = 0;
  /// A numeric environment variable that does not parse: its number in
  /// kEnvSettings (common/env.hpp), or -1, and its value.
  int bad_env = -1;
  const char* bad_env_value = nullptr;
};

/// One call as its entry point received it, whatever the entry: the part
/// the checks read (driver::CallSpec adds the union, the descriptions and
/// arrays as pointers, and the options), and what the local stage found.
struct Call {
  const char* routine = "";  ///< name for messages, e.g. "PDGEMR2D"
  ArgList args;              ///< the entry point's argument list (messages' positions and names)
  Entry entry = Entry::redistribute;
  /// 'N', or 'T'/'C': sub(B) is op(sub(A)), m x n are sub(B)'s dimensions and
  /// sub(A) is n x m. UPLO then names sub(B)'s trapezoid.
  char op = 'N';
  bool trapezoidal = false;
  char uplo = 'L', diag = 'N';  ///< UPLO's and DIAG's first letters ('\0': NULL)
  Letters letters = Letters::strict;
  Index m = 0, n = 0;                    ///< sub(B)'s dimensions
  Index ia = 1, ja = 1, ib = 1, jb = 1;  ///< 1-based, as passed
  bool strided = false;                  ///< mr2d_gemr2d_strided: strides are arguments
  Index sa = 1, ta = 1, sb = 1, tb = 1;  ///< row and column strides in A and B
  Index elem_size = 0;                   ///< of `type`, 0 for a code that is none
  int type = -1;                         ///< mr2d_type of the elements
  int type_position = 0;                 ///< of the type argument; 0: the routine's name fixes it
  bool plan_out_null = false;            ///< plan creation: nowhere to put the plan
  /// A grid-layout call (mr2d_layout.h): messages name the sides MA and MB.
  bool layout = false;
  /// The first fault found before the descriptors are read (a grid
  /// description, a missing or PBLAS descriptor), its argument named.
  Fault fault;
  Located found;
};

}  // namespace mr2d::check

// SPDX-License-Identifier: BSD-3-Clause
// Kernels of the transform B := alpha * op(A) + beta * B on the receiving
// side: unpack a message, or take the kept part from A, combining each
// element with what B holds, and with op = T or C writing B transposed. The
// plan of a transposing call is built against B's layout seen transposed
// (rows of B are columns of A), so the run sets name B's local columns as
// rows and B's local rows as columns; these kernels address B accordingly.
// Transposition is cache-blocked: a block of message columns is written as
// short contiguous pieces of B's columns. Pure, no MPI.
#pragma once

#include <cstring>

#include "common/index_types.hpp"
#include "index/runs_1d.hpp"
#include "index/trapezoid.hpp"
#include "kernels/pack.hpp"

namespace mr2d::kernels {

/// What the receiving side does with each element x of op(A) landing on y in B.
struct Update {
  int type = 1;                              ///< an mr2d_type (s d c z i)
  char op = 'N';                             ///< 'N', 'T' or 'C' (conjugate transpose; 'T' for real and integer)
  alignas(16) unsigned char alpha[16] = {};  ///< a value of the type
  alignas(16) unsigned char beta[16] = {};
  /// PBLAS's p?tradd arithmetic (with alpha not 0): y scaled by beta first (a
  /// beta of 0 gives +0), x scaled by alpha apart, the two summed as BLAS's
  /// axpy with 1 sums them (complex: (1, 0) * s + t).
  bool tradd = false;

  bool transposed() const { return op != 'N'; }
  /// Copying is all it does: op N, alpha 1, beta 0 (the plain kernels serve it).
  bool plain() const;
};

/// Builds an Update for `type` and `op` from values of the type (null alpha
/// means 1, null beta 0), with p?tradd's arithmetic where `tradd`.
Update make_update(int type, char op, const void* alpha, const void* beta, bool tradd = false);

/// unpack with the update applied (see pack.hpp for the other arguments;
/// with op T or C, `stream` only serves copies: alpha 1, beta 0, op T).
Index unpack_update(const void* buf, const index::RunSet& rows, const index::RunSet& cols,
                    const index::Trapezoid& trapezoid, const Update& update, void* b, Index ldb, Window window = {},
                    bool stream = false);

/// copy_local with the update applied.
Index copy_update(const void* a, Index lda, void* b, Index ldb, const index::RunSet& rows, const index::RunSet& cols,
                  const index::Trapezoid& trapezoid, const Update& update, Window window = {}, bool stream = false);

/// unpack, or unpack_update where `update` is given (not null). With
/// `stream`, a plain unpack writes its long runs (kStreamRunMin and more)
/// around the caches: the message is cached but B is not, and a cached store
/// first reads B's line (bench/README.md, "Streamed stores", has what that
/// saves); the updates stream transposed copies only.
inline Index unpack_with(const void* buf, const index::RunSet& rows, const index::RunSet& cols,
                         const index::Trapezoid& trapezoid, Index elem_size, const Update* update, void* b, Index ldb,
                         Window window, bool stream) {
  return update != nullptr ? unpack_update(buf, rows, cols, trapezoid, *update, b, ldb, window, stream)
                           : unpack(buf, rows, cols, trapezoid, elem_size, b, ldb, window, stream);
}

/// How a copy writes B: the element size, the update (null: a plain copy),
/// the window of columns and whether B is written around the caches.
struct Writing {
  Index elem_size;
  const Update* update;
  Window window;
  bool stream;
};

/// copy_local, or copy_update where `w.update` is given (not null).
inline Index copy_with(const void* a, Index lda, void* b, Index ldb, const index::RunSet& rows,
                       const index::RunSet& cols, const index::Trapezoid& trapezoid, const Writing& w) {
  return w.update != nullptr ? copy_update(a, lda, b, ldb, rows, cols, trapezoid, *w.update, w.window, w.stream)
                             : copy_local(a, lda, b, ldb, rows, cols, trapezoid, w.elem_size, w.window, w.stream);
}

}  // namespace mr2d::kernels

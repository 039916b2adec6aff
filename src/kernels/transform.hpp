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
  int type = 1;         ///< an mr2d_type (s d c z i)
  char op = 'N';        ///< 'N', 'T' or 'C' (conjugate transpose; 'T' for real and integer)
  alignas(16) unsigned char alpha[16] = {};  ///< a value of the type
  alignas(16) unsigned char beta[16] = {};
  /// B's part is large (streaming_pays): transposed copies are written
  /// around the caches (see transpose_copy.hpp).
  bool stream = false;

  bool transposed() const { return op != 'N'; }
  /// Copying is all it does: op N, alpha 1, beta 0 (the plain kernels serve it).
  bool plain() const;
};

/// Whether writing `bytes` of B in one execution around the caches pays: B
/// would not stay in the caches anyway (twice a core's 2 MiB L2 and more).
inline bool streaming_pays(Index bytes) { return bytes >= (Index{4} << 20); }

/// Builds an Update for `type` and `op` from values of the type (null alpha
/// means 1, null beta 0).
Update make_update(int type, char op, const void* alpha, const void* beta);

/// unpack with the update applied (see pack.hpp for the other arguments).
Index unpack_update(const void* buf, const index::RunSet& rows, const index::RunSet& cols,
                    const index::Trapezoid& trapezoid, const Update& update, void* b, Index ldb,
                    Window window = {});

/// copy_local with the update applied.
Index copy_update(const void* a, Index lda, void* b, Index ldb, const index::RunSet& rows,
                  const index::RunSet& cols, const index::Trapezoid& trapezoid,
                  const Update& update, Window window = {});

/// unpack, or unpack_update where `update` is given (not null).
inline Index unpack_with(const void* buf, const index::RunSet& rows, const index::RunSet& cols,
                         const index::Trapezoid& trapezoid, Index elem_size, const Update* update,
                         void* b, Index ldb, Window window) {
  return update != nullptr ? unpack_update(buf, rows, cols, trapezoid, *update, b, ldb, window)
                           : unpack(buf, rows, cols, trapezoid, elem_size, b, ldb, window);
}

/// copy_local, or copy_update where `update` is given (not null).
inline Index copy_with(const void* a, Index lda, void* b, Index ldb, const index::RunSet& rows,
                       const index::RunSet& cols, const index::Trapezoid& trapezoid, Index elem_size,
                       const Update* update, Window window) {
  return update != nullptr ? copy_update(a, lda, b, ldb, rows, cols, trapezoid, *update, window)
                           : copy_local(a, lda, b, ldb, rows, cols, trapezoid, elem_size, window);
}

}  // namespace mr2d::kernels

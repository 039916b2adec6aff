// SPDX-License-Identifier: BSD-3-Clause
// C++ interface of mr2d: a thin layer over mr2d.h that throws mr2d::Error
// instead of returning status codes and releases plans automatically.
#ifndef MR2D_MR2D_HPP
#define MR2D_MR2D_HPP

#include <complex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mr2d/mr2d.h"
#include "mr2d/shared_allocator.hpp"

namespace mr2d {

/// A failed mr2d call: the status code and the library's message.
class Error : public std::runtime_error {
 public:
  /// An error with status code `status` (MR2D_ERR_*) and its message.
  Error(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  /// The status code (MR2D_ERR_*).
  int status() const noexcept { return status_; }

 private:
  int status_;
};

/// Version of the library the program runs with, "MAJOR.MINOR.PATCH".
inline std::string version() { return mr2d_version(); }

/// Throws Error with mr2d_last_error() unless `status` is MR2D_SUCCESS.
inline void check(int status) {
  if (status != MR2D_SUCCESS) throw Error(status, mr2d_last_error());
}

/// Element type code of T: float, double, mr2d_scomplex or std::complex<float>,
/// mr2d_dcomplex or std::complex<double>, mr2d_int.
template <class T>
struct type_of;
/// \cond SPECIALIZATIONS
template <>
struct type_of<float> {
  static constexpr int value = MR2D_S;
};
template <>
struct type_of<double> {
  static constexpr int value = MR2D_D;
};
template <>
struct type_of<mr2d_scomplex> {
  static constexpr int value = MR2D_C;
};
template <>
struct type_of<mr2d_dcomplex> {
  static constexpr int value = MR2D_Z;
};
template <>
struct type_of<std::complex<float>> {
  static constexpr int value = MR2D_C;
};
template <>
struct type_of<std::complex<double>> {
  static constexpr int value = MR2D_Z;
};
template <>
struct type_of<mr2d_int> {
  static constexpr int value = MR2D_I;
};
/// \endcond

// The standard guarantees std::complex<T> is laid out as T[2] (real, imaginary),
// which is what ScaLAPACK's complex elements are.
static_assert(sizeof(std::complex<float>) == sizeof(mr2d_scomplex) &&
                  alignof(std::complex<float>) == alignof(mr2d_scomplex),
              "std::complex<float> must match mr2d_scomplex");
static_assert(sizeof(std::complex<double>) == sizeof(mr2d_dcomplex) &&
                  alignof(std::complex<double>) == alignof(mr2d_dcomplex),
              "std::complex<double> must match mr2d_dcomplex");

/// sub(B) := sub(A) (p?gemr2d semantics); throws on error.
template <class T>
void gemr2d(mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, T* b, mr2d_int ib,
            mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  check(mr2d_gemr2d(type_of<T>::value, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt));
}

/// Trapezoidal copy (p?trmr2d semantics); throws on error.
template <class T>
void trmr2d(char uplo, char diag, mr2d_int m, mr2d_int n, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
            T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  const char u[2] = {uplo, 0}, d[2] = {diag, 0};
  check(mr2d_trmr2d(type_of<T>::value, u, d, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt));
}

/// sub(B) := alpha * op(sub(A)) + beta * sub(B), op 'N', 'T' or 'C'
/// (mr2d_transform: m x n are sub(B)'s dimensions); throws on error.
template <class T>
void transform(char trans, mr2d_int m, mr2d_int n, T alpha, const T* a, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
               T beta, T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt) {
  const char t[2] = {trans, 0};
  check(mr2d_transform(type_of<T>::value, t, m, n, &alpha, a, ia, ja, desca, &beta, b, ib, jb, descb, ictxt));
}

/// The transform on the trapezoid of sub(B) (mr2d_trtransform); throws on error.
template <class T>
void trtransform(char uplo, char diag, char trans, mr2d_int m, mr2d_int n, T alpha, const T* a, mr2d_int ia,
                 mr2d_int ja, const mr2d_int* desca, T beta, T* b, mr2d_int ib, mr2d_int jb, const mr2d_int* descb,
                 mr2d_int ictxt) {
  const char u[2] = {uplo, 0}, d[2] = {diag, 0}, t[2] = {trans, 0};
  check(mr2d_trtransform(type_of<T>::value, u, d, t, m, n, &alpha, a, ia, ja, desca, &beta, b, ib, jb, descb, ictxt));
}

/// A started execution (mr2d_plan_start*; rules in mr2d.h): wait() completes
/// it and throws Error if it failed; test() moves it on and tells whether it
/// has completed (throwing likewise). The destructor waits for a request
/// still outstanding: a destructor cannot throw, so its error is then only
/// printed and kept for mr2d_last_error(), as every error is.
class Request {
 public:
  Request() = default;
  /// Takes ownership of `request`, a handle of the C API.
  explicit Request(mr2d_request request) noexcept : request_(request) {}
  Request(const Request&) = delete;
  Request& operator=(const Request&) = delete;
  /// Takes over `other`'s request; `other` is left completed.
  Request(Request&& other) noexcept : request_(std::exchange(other.request_, nullptr)) {}
  /// Waits for this object's request, then takes over `other`'s.
  Request& operator=(Request&& other) noexcept {
    if (this != &other) {
      mr2d_request_wait(&request_);
      request_ = std::exchange(other.request_, nullptr);
    }
    return *this;
  }
  ~Request() { mr2d_request_wait(&request_); }

  /// Waits until the execution completes.
  void wait() { check(mr2d_request_wait(&request_)); }
  /// Moves the execution on without waiting; whether it has completed.
  bool test() {
    int done = 0;
    check(mr2d_request_test(&request_, &done));
    return done != 0;
  }
  /// Whether the request has completed (or there is none).
  bool done() const noexcept { return request_ == nullptr; }

 private:
  mr2d_request request_ = nullptr;
};

/// A persistent plan for element type T; same rules as mr2d_plan in mr2d.h.
template <class T>
class Plan {
 public:
  /// General copy (collective over the union context).
  Plan(mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, mr2d_int ib, mr2d_int jb,
       const mr2d_int* descb, mr2d_int ictxt, const mr2d_options* options = nullptr) {
    check(mr2d_plan_create_gemr2d(&plan_, type_of<T>::value, m, n, ia, ja, desca, ib, jb, descb, ictxt, options));
  }
  /// Trapezoidal copy (collective over the union context).
  Plan(char uplo, char diag, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca, mr2d_int ib,
       mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt, const mr2d_options* options = nullptr) {
    const char u[2] = {uplo, 0}, d[2] = {diag, 0};
    check(mr2d_plan_create_trmr2d(&plan_, type_of<T>::value, u, d, m, n, ia, ja, desca, ib, jb, descb, ictxt, options));
  }
  /// Plan of a transform (mr2d_plan_create_transform); run it with
  /// execute(alpha, a, beta, b).
  static Plan transform(char trans, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja, const mr2d_int* desca,
                        mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt,
                        const mr2d_options* options = nullptr) {
    Plan p;
    const char t[2] = {trans, 0};
    check(
        mr2d_plan_create_transform(&p.plan_, type_of<T>::value, t, m, n, ia, ja, desca, ib, jb, descb, ictxt, options));
    return p;
  }
  /// Plan of a trapezoidal transform (mr2d_plan_create_trtransform).
  static Plan trtransform(char uplo, char diag, char trans, mr2d_int m, mr2d_int n, mr2d_int ia, mr2d_int ja,
                          const mr2d_int* desca, mr2d_int ib, mr2d_int jb, const mr2d_int* descb, mr2d_int ictxt,
                          const mr2d_options* options = nullptr) {
    Plan p;
    const char u[2] = {uplo, 0}, d[2] = {diag, 0}, t[2] = {trans, 0};
    check(mr2d_plan_create_trtransform(&p.plan_, type_of<T>::value, u, d, t, m, n, ia, ja, desca, ib, jb, descb, ictxt,
                                       options));
    return p;
  }
  /// Takes ownership of `plan`, a handle the C API created for elements of
  /// type T (e.g. mr2d_plan_create_comm_gemr2d of mr2d_comm.h).
  static Plan adopt(mr2d_plan plan) noexcept {
    Plan p;
    p.plan_ = plan;
    return p;
  }
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;
  /// Takes over `other`'s plan; `other` is left empty.
  Plan(Plan&& other) noexcept : plan_(std::exchange(other.plan_, nullptr)) {}
  /// Exchanges the plans of the two objects.
  Plan& operator=(Plan&& other) noexcept {
    std::swap(plan_, other.plan_);
    return *this;
  }
  ~Plan() { mr2d_plan_destroy(&plan_); }

  /// Moves A's data into B (collective over the union context).
  void execute(const T* a, T* b) const { check(mr2d_plan_execute(plan_, a, b)); }
  /// B := alpha * op(A) + beta * B with a transform plan (collective).
  void execute(T alpha, const T* a, T beta, T* b) const {
    check(mr2d_plan_execute_transform(plan_, &alpha, a, &beta, b));
  }
  /// Starts moving A's data into B and returns at once (mr2d_plan_start):
  /// until the request completes, A must not be written nor B touched.
  Request start(const T* a, T* b) const {
    mr2d_request r = nullptr;
    check(mr2d_plan_start(plan_, a, b, &r));
    return Request(r);
  }
  /// Starts B := alpha * op(A) + beta * B with a transform plan.
  Request start(T alpha, const T* a, T beta, T* b) const {
    mr2d_request r = nullptr;
    check(mr2d_plan_start_transform(plan_, &alpha, a, &beta, b, &r));
    return Request(r);
  }
  /// What the plan moves and what `auto` chose (mr2d_plan_query).
  mr2d_plan_info info() const {
    mr2d_plan_info i;
    check(mr2d_plan_query(plan_, &i));
    return i;
  }
  /// The C handle (owned by this object), e.g. for mr2d::Batch.
  mr2d_plan handle() const noexcept { return plan_; }

 private:
  Plan() = default;
  mr2d_plan plan_ = nullptr;
};

/// Plans of any element types moved together, one message per pair of
/// processes (mr2d_plan_create_batch; same rules).
class Batch {
 public:
  /// Batches `parts` (collective over their union context); the parts may be
  /// destroyed afterwards.
  explicit Batch(const std::vector<mr2d_plan>& parts, const mr2d_options* options = nullptr) : parts_(parts.size()) {
    check(mr2d_plan_create_batch(&plan_, static_cast<int>(parts.size()), parts.data(), options));
  }
  /// Batches typed plans, e.g. Batch(Plan<double>&, Plan<int>&).
  template <class... T>
  explicit Batch(const Plan<T>&... parts) : Batch(std::vector<mr2d_plan>{parts.handle()...}) {}
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;
  /// Takes over `other`'s plan; `other` is left empty.
  Batch(Batch&& other) noexcept : plan_(std::exchange(other.plan_, nullptr)), parts_(std::exchange(other.parts_, 0)) {}
  /// Exchanges the plans of the two objects.
  Batch& operator=(Batch&& other) noexcept {
    std::swap(plan_, other.plan_);
    std::swap(parts_, other.parts_);
    return *this;
  }
  ~Batch() { mr2d_plan_destroy(&plan_); }

  /// Part k moves a[k] into b[k] (collective over the union context).
  void execute(const std::vector<const void*>& a, const std::vector<void*>& b) const {
    sizes(a.size(), b.size());
    check(mr2d_plan_execute_batch(plan_, a.data(), b.data()));
  }
  /// The same with alpha[k] and beta[k] (values of part k's type, or null)
  /// for the transform parts (mr2d_plan_execute_batch_transform).
  void execute(const std::vector<const void*>& alpha, const std::vector<const void*>& a,
               const std::vector<const void*>& beta, const std::vector<void*>& b) const {
    sizes(a.size(), b.size());
    sizes(alpha.size(), beta.size());
    check(mr2d_plan_execute_batch_transform(plan_, alpha.data(), a.data(), beta.data(), b.data()));
  }
  /// Starts the batch and returns at once (mr2d_plan_start_batch).
  Request start(const std::vector<const void*>& a, const std::vector<void*>& b) const {
    sizes(a.size(), b.size());
    mr2d_request r = nullptr;
    check(mr2d_plan_start_batch(plan_, a.data(), b.data(), &r));
    return Request(r);
  }
  /// What the batch moves (mr2d_plan_query): messages per peer, bytes of all parts.
  mr2d_plan_info info() const {
    mr2d_plan_info i;
    check(mr2d_plan_query(plan_, &i));
    return i;
  }

 private:
  // Every vector must hold one entry per part.
  void sizes(std::size_t x, std::size_t y) const {
    if (x != parts_ || y != parts_)
      throw Error(MR2D_ERR_ARGUMENT,
                  "mr2d::Batch::execute: " + std::to_string(parts_) + " parts need as many entries in each vector");
  }
  mr2d_plan plan_ = nullptr;
  std::size_t parts_ = 0;
};

/// A placement of B's grid on ranks (mr2d_relabel_gemr2d / _trmr2d).
struct Relabelling {
  std::vector<int> usermap;    ///< rank of B's position (r, c) at r + c * b.nprow (Cblacs_gridmap)
  mr2d_relabel_report report;  ///< bytes moved before and after, and whether the placement is exact
};

namespace detail {
inline Relabelling relabel_ranks(int type, const char* uplo, const char* diag, mr2d_int m, mr2d_int n,
                                 const mr2d_layout& a, const std::vector<int>& a_usermap, const mr2d_layout& b,
                                 const std::vector<int>& ranks) {
  const long long a_positions = static_cast<long long>(a.nprow) * a.npcol;
  if (a.nprow >= 1 && a.npcol >= 1 && static_cast<long long>(a_usermap.size()) < a_positions)
    throw Error(MR2D_ERR_ARGUMENT, "mr2d::relabel_ranks: a_usermap has " + std::to_string(a_usermap.size()) +
                                       " entries, fewer than the " + std::to_string(a_positions) +
                                       " positions of A's grid");
  // Invalid or oversized grids are reported by the C call before it writes.
  const long long b_positions = static_cast<long long>(b.nprow) * b.npcol;
  Relabelling r{
      std::vector<int>(b.nprow >= 1 && b.npcol >= 1 && b_positions <= (1 << 24) ? static_cast<std::size_t>(b_positions)
                                                                                : 1),
      mr2d_relabel_report{}};
  const int nranks = static_cast<int>(ranks.size());
  check(uplo == nullptr ? mr2d_relabel_gemr2d(type, m, n, &a, a_usermap.data(), &b, ranks.data(), nranks,
                                              r.usermap.data(), &r.report)
                        : mr2d_relabel_trmr2d(type, uplo, diag, m, n, &a, a_usermap.data(), &b, ranks.data(), nranks,
                                              r.usermap.data(), &r.report));
  return r;
}
}  // namespace detail

/// The usermap for B's grid that keeps the most of sub(B) := sub(A) (m x n
/// elements of T) in place, B's positions going to distinct ranks of `ranks`
/// (the default order: position (r, c) on ranks[r * b.npcol + c]). Local, no
/// MPI; throws on error. a_usermap[r + c * a.nprow] is the rank at A's (r, c).
template <class T>
Relabelling relabel_ranks(mr2d_int m, mr2d_int n, const mr2d_layout& a, const std::vector<int>& a_usermap,
                          const mr2d_layout& b, const std::vector<int>& ranks) {
  return detail::relabel_ranks(type_of<T>::value, nullptr, nullptr, m, n, a, a_usermap, b, ranks);
}

/// The same for the trapezoidal copy (p?trmr2d semantics).
template <class T>
Relabelling relabel_ranks(char uplo, char diag, mr2d_int m, mr2d_int n, const mr2d_layout& a,
                          const std::vector<int>& a_usermap, const mr2d_layout& b, const std::vector<int>& ranks) {
  const char u[2] = {uplo, 0}, d[2] = {diag, 0};
  return detail::relabel_ranks(type_of<T>::value, u, d, m, n, a, a_usermap, b, ranks);
}

}  // namespace mr2d

#endif  // MR2D_MR2D_HPP

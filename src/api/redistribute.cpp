// (MPI) The call pipeline; see redistribute.hpp.
#include "api/redistribute.hpp"

#include <mpi.h>

#include <cstdio>
#include <new>
#include <string>
#include <vector>

#include "api/stats.hpp"
#include "desc/validate.hpp"
#include "grid/blacs.hpp"
#include "plan/plan.hpp"
#include "transport/comm_cache.hpp"
#include "transport/exchange.hpp"

namespace mr2d::api {

namespace {

thread_local std::string g_last_error;

desc::LocalCall to_local_call(const Arguments& args) {
  desc::LocalCall call;
  call.routine = args.routine;
  call.trapezoidal = args.trapezoidal;
  if (args.trapezoidal) {
    call.uplo = args.uplo != nullptr ? args.uplo[0] : '\0';
    call.diag = args.diag != nullptr ? args.diag[0] : '\0';
  }
  call.letters = args.letters;
  call.m = args.m;
  call.n = args.n;
  call.ia = args.ia;
  call.ja = args.ja;
  call.ib = args.ib;
  call.jb = args.jb;
  // Only CTXT_ is meaningful on non-members, but the array always has 9 entries.
  for (int k = 0; k < desc::DESC_LEN; ++k) {
    call.desca[static_cast<std::size_t>(k)] = args.desca != nullptr ? args.desca[k] : -1;
    call.descb[static_cast<std::size_t>(k)] = args.descb != nullptr ? args.descb[k] : -1;
  }
  call.elem_size = args.elem_size;
  call.a_null = args.a == nullptr;
  call.b_null = args.b == nullptr;
  return call;
}

}  // namespace

Status prepare(const Arguments& args, Prepared& out) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized)
    return {MR2D_ERR_CONTEXT, std::string("mr2d: ") + args.routine + ": MPI is not initialized"};
  arm_stats_report();
  out.trapezoidal = args.trapezoidal;
  // ScaLAPACK returns before looking at anything else for an empty window.
  out.empty = args.m == 0 || args.n == 0;
  if (out.empty) return {};

  desc::LocalCall call = to_local_call(args);
  MPI_Comm union_comm = MPI_COMM_WORLD;
  if (args.scope == Union::context) {
    desc::GridInfo u = grid::grid_info(args.ictxt);
    if (!u.member()) {
      desc::Report r{};
      r[desc::R_CODE] = MR2D_ERR_CONTEXT;
      r[desc::R_ARG] = args.trapezoidal ? 13 : 11;
      r[desc::R_REASON] = static_cast<std::int64_t>(desc::Reason::not_in_union);
      return desc::local_error(call, r, -1);
    }
    union_comm = grid::context_comm(args.ictxt);
  }
  call.grid_a = grid::grid_info(call.desca[desc::CTXT]);
  call.grid_b = grid::grid_info(call.descb[desc::CTXT]);
  desc::Report mine = desc::make_report(call);

  MPI_Comm comm = transport::private_comm(union_comm);
  if (comm == MPI_COMM_NULL)
    return {MR2D_ERR_MPI, std::string("mr2d: ") + args.routine + ": MPI_Comm_dup failed"};
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<desc::Report> reports(static_cast<std::size_t>(size));
  int err = MPI_Allgather(mine.data(), desc::REPORT_LEN, MPI_INT64_T, reports.data(),
                          desc::REPORT_LEN, MPI_INT64_T, comm);
  if (err != MPI_SUCCESS)
    return {MR2D_ERR_MPI, std::string("mr2d: ") + args.routine + ": MPI_Allgather failed"};

  Status verdict = desc::agree(reports, call, out.problem);
  if (!verdict.ok()) return verdict;

  const Index lda = call.grid_a.member() ? call.desca[desc::LLD] : 0;
  const Index ldb = call.grid_b.member() ? call.descb[desc::LLD] : 0;
  out.comm = comm;
  out.plan = plan::make_plan(out.problem, rank, lda, ldb);
  return {};
}

Status execute_prepared(const Prepared& prepared, const void* a, void* b) {
  mr2d_stats& st = stats();
  (prepared.trapezoidal ? st.calls_trmr2d : st.calls_gemr2d) += 1;
  if (prepared.empty) return {};
  transport::Traffic traffic;
  Status done = transport::execute(prepared.plan, a, b, prepared.comm, traffic);
  st.messages_sent += traffic.messages_sent;
  st.bytes_sent += traffic.bytes_sent;
  st.bytes_received += traffic.bytes_received;
  st.bytes_local += traffic.bytes_local;
  return done;
}

namespace {

Status run(const Arguments& args) {
  Prepared prepared;
  Status status = prepare(args, prepared);
  if (!status.ok()) {
    (args.trapezoidal ? stats().calls_trmr2d : stats().calls_gemr2d) += 1;
    return status;
  }
  return execute_prepared(prepared, args.a, args.b);
}

}  // namespace

void set_last_error(const std::string& message) { g_last_error = message; }

int redistribute(const Arguments& args, bool print_errors) noexcept {
  return guarded(args.routine, print_errors, [&] { return run(args); });
}

int finish(const char* routine, bool print_errors, Status status) noexcept {
  (void)routine;
  try {
    set_last_error(status.message);
  } catch (...) {
  }
  if (!status.ok() && print_errors) {
    std::fprintf(stderr, "%s\n", status.message.c_str());
    std::fflush(stderr);
  }
  return status.code;
}

Status internal_failure(const char* routine) noexcept {
  try {
    throw;
  } catch (const InternalError& e) {
    return {MR2D_ERR_INTERNAL, std::string("mr2d: internal error: ") + e.what};
  } catch (const std::bad_alloc&) {
    return {MR2D_ERR_MEMORY, std::string("mr2d: ") + routine + ": out of memory"};
  } catch (...) {
    return {MR2D_ERR_INTERNAL, std::string("mr2d: ") + routine + ": unexpected exception"};
  }
}

}  // namespace mr2d::api

extern "C" MR2D_API const char* mr2d_last_error(void) {
  return mr2d::api::g_last_error.c_str();
}

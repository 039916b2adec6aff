// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The call pipeline; see redistribute.hpp.
#include "driver/redistribute.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "driver/agreement.hpp"
#include "driver/comm_cache.hpp"
#include "driver/grid_source.hpp"
#include "driver/network_option.hpp"
#include "driver/on_error.hpp"
#include "driver/option_fault.hpp"
#include "driver/options.hpp"
#include "driver/options_agreement.hpp"
#include "driver/public_enums.hpp"
#include "driver/stats.hpp"
#include "check/validate.hpp"
#include "common/env.hpp"
#include "grid/blacs.hpp"
#include "index/cyclic_1d.hpp"
#include "kernels/streamed_stores.hpp"
#include "kernels/transform.hpp"
#include "problem/edges.hpp"
#include "plan/indexing.hpp"
#include "plan/phases.hpp"
#include "plan/plan.hpp"
#include "plan/plan_cache.hpp"
#include "schedule/schedule.hpp"
#include "transport/exchange.hpp"

namespace mr2d::driver {

namespace {

thread_local std::string g_last_error;

check::LocalCall to_local_call(const Arguments& args) {
  check::LocalCall call;
  call.routine = args.routine;
  call.entry = args.entry;
  call.op = args.op;
  call.trapezoidal = args.trapezoidal;
  if (args.trapezoidal) {
    call.uplo = args.uplo != nullptr ? args.uplo[0] : '\0';
    call.diag = args.diag != nullptr ? args.diag[0] : '\0';
  }
  call.letters = args.letters;
  call.fault = args.fault;
  call.m = args.m;
  call.n = args.n;
  call.ia = args.ia;
  call.ja = args.ja;
  call.ib = args.ib;
  call.jb = args.jb;
  // Only CTXT_ is meaningful on non-members, but the array always has 9 entries.
  for (int k = 0; k < check::DESC_LEN; ++k) {
    call.desca[static_cast<std::size_t>(k)] = args.desca != nullptr ? args.desca[k] : -1;
    call.descb[static_cast<std::size_t>(k)] = args.descb != nullptr ? args.descb[k] : -1;
  }
  call.elem_size = args.elem_size;
  call.type = args.type;
  call.type_position = args.type_position;
  call.plan_out_null = args.plan_out_null;
  call.bad_option = invalid_option_field(args.options, call.bad_option_value);
  // Read once, as the variables themselves are.
  static const int bad_env = env_fault();
  static const std::string bad_env_value = bad_env >= 0 ? std::getenv(kNumericEnv[bad_env].name) : "";
  call.bad_env = bad_env;
  call.bad_env_value = bad_env >= 0 ? bad_env_value.c_str() : nullptr;
  call.strided = args.strided;
  call.sa = args.sa;
  call.ta = args.ta;
  call.sb = args.sb;
  call.tb = args.tb;
  // Plan creation: the arrays come at execution, which checks them.
  call.a_null = !args.deferred_arrays && args.a == nullptr;
  call.b_null = !args.deferred_arrays && args.b == nullptr;
  call.layout = args.layout_names;
  if (!args.deferred_arrays) {
    call.a_addr = reinterpret_cast<std::uintptr_t>(args.a);
    call.b_addr = reinterpret_cast<std::uintptr_t>(args.b);
  }
  return call;
}

}  // namespace

bool grids_alive(const GridFlags& grids) {
  for (const auto& alive : grids)
    if (!*alive) return false;
  return true;
}

void count_call(bool trapezoidal) {
  mr2d_stats one{};
  (trapezoidal ? one.calls_trmr2d : one.calls_gemr2d) = 1;
  add_stats(one);
}

void add_traffic(const transport::Traffic& traffic) {
  mr2d_stats delta{};
  delta.messages_sent = traffic.messages_sent;
  delta.bytes_sent = traffic.bytes_sent;
  delta.bytes_received = traffic.bytes_received;
  delta.bytes_local = traffic.bytes_local;
  delta.bytes_direct = traffic.bytes_direct;
  add_stats(delta);
}

namespace {

// A grid-layout side stands in as a 1 x 1 grid on union rank 0, so that
// the descriptor checks cover its window; its arrays are checked elsewhere.
void stand_in_grids(const Arguments& args, MPI_Comm union_comm, check::LocalCall& call) {
  int rank = 0;
  MPI_Comm_rank(union_comm, &rank);
  const check::GridInfo solo{1, 1, rank == 0 ? 0 : -1, rank == 0 ? 0 : -1};
  if (args.solo_a) {
    call.grid_a = solo;
    call.a_null = false;
    call.a_addr = 0;
  }
  if (args.solo_b) {
    call.grid_b = solo;
    call.b_null = false;
    call.b_addr = 0;
  }
}

}  // namespace

Status stage_local(const Arguments& args, LocalStage& st) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized)
    return {MR2D_ERR_CONTEXT, std::string("mr2d: ") + args.routine + ": MPI is not initialized"};
  arm_stats_report();
  // Invalid options are this process's error in the agreement (to_local_call).
  resolve(args.options, st.options);
  st.call = to_local_call(args);
  MPI_Comm union_comm = MPI_COMM_NULL;
  Status located = locate_grids(args, st.call, union_comm);
  if (!located.ok()) return located;
  if (args.solo_a || args.solo_b) stand_in_grids(args, union_comm, st.call);
  st.report = check::make_report(st.call);
  st.lda = st.call.grid_a.member() ? st.call.desca[check::LLD] : 0;
  st.ldb = st.call.grid_b.member() ? st.call.descb[check::LLD] : 0;
  st.report.options = report_options(st.options);
  st.comm = union_comm;
  Status s = transport::channel_for(union_comm, st.channel);
  if (!s.ok()) s.message = std::string("mr2d: ") + args.routine + ": " + s.message.substr(6);
  return s;
}

namespace {

// Shared-memory links are set up collectively, so only once every process
// knows that all of them use the same transport.
Status prepare_transport(const Arguments& args, const LocalStage& st) {
  Status s = transport::prepare_transport(*st.channel, st.options.transport, st.options.shm_budget);
  if (!s.ok()) s.message = std::string("mr2d: ") + args.routine + ": " + s.message.substr(6);
  return s;
}

}  // namespace

Status agree_stage(const Arguments& args, const LocalStage& st, Prepared& out) {
  int size = 1;
  MPI_Comm_size(st.comm, &size);
  std::vector<check::Report> reports(static_cast<std::size_t>(size));
  Status exchanged = agree_gather(st.comm, reinterpret_cast<const std::int64_t*>(&st.report), check::kReportWords,
                                  reinterpret_cast<std::int64_t*>(reports.data()), args.routine);
  if (!exchanged.ok()) return exchanged;
  Status verdict = check::agree(reports, st.call, out.problem);
  if (!verdict.ok()) return verdict;
  std::vector<check::OptionsReport> options(reports.size());
  for (std::size_t k = 0; k < reports.size(); ++k) options[k] = reports[k].options;
  verdict = agree_options(options, args.routine);
  if (verdict.ok()) verdict = prepare_transport(args, st);
  if (!verdict.ok()) return verdict;
  check::call_windows(st.call, out.arrays.a, out.arrays.b);
  out.arrays.lda = st.lda;
  out.arrays.ldb = st.ldb;
  out.arrays.elem_size = out.problem.elem_size;
  out.channel = st.channel;
  out.serial = st.channel->next_serial++;
  out.node_local = st.options.transport != transport::Transport::mpi;
  for (MPI_Comm comm : grid_lifetimes(args, st.call)) out.grids.push_back(transport::liveness(comm));
  return {};
}

namespace {

// The one collective exchange, the global checks and this process's plan.
Status stage_global(const Arguments& args, const LocalStage& st, Prepared& out) {
  Status agreed = agree_stage(args, st, out);
  if (!agreed.ok()) return agreed;
  int rank = 0;
  MPI_Comm_rank(st.comm, &rank);
  // A transform updates B in one pass: an intermediate matrix would apply it twice.
  const plan::Phases via = out.problem.transposed || args.entry != check::Entry::redistribute ? plan::Phases::one
                           : st.options.phases == plan::Phases::automatic ? plan::choose_phases(out.problem, {})
                                                                          : st.options.phases;
  out.phases = to_public(via);
  const std::vector<model::Problem> problems = plan::passes_for(out.problem, via);
  // The intermediate matrix (two passes) lives on B's grid: its local leading
  // dimension is its local row count.
  Index ld_middle = 1;
  if (problems.size() > 1) {
    const model::MatrixLayout& mid = problems[0].b;
    const plan::GridCoord c = plan::coord_of(mid, rank);
    if (c.member()) {
      const Index rows = index::numroc(mid.rows, mid.mb, c.row, mid.rsrc, mid.nprow);
      ld_middle = std::max<Index>(rows, 1);
      out.middle_elems = rows * index::numroc(mid.cols, mid.nb, c.col, mid.csrc, mid.npcol);
    }
  }
  for (std::size_t k = 0; k < problems.size(); ++k) {
    Pass pass;
    pass.problem = problems[k];
    const Index lda = k == 0 ? st.lda : ld_middle;
    const Index ldb = k + 1 == problems.size() ? st.ldb : ld_middle;
    pass.plan = plan::make_plan(pass.problem, rank, lda, ldb);
    out.cdc = plan::apply_indexing(pass.plan, st.options.indexing) || out.cdc;
    // Every process derives the same schedule from the agreed problem.
    const auto edges = model::all_edges(pass.problem);
    model::CostModel costs = cost_model();
    costs.chunk_bytes = chunk_bytes_for(st.options, pass.problem.transposed);
    const schedule::Schedule sched = schedule::make(st.options.schedule, pass.problem, edges, costs);
    pass.route = route::make_route({&pass.plan}, sched, costs.chunk_bytes,
                                   transport::node_routing(*st.channel, out.node_local, costs.chunk_bytes));
    pass.route.steps_lower_bound = schedule::lower_bound(edges);
    pass.route.steps = sched.kind == schedule::Kind::async ? (pass.route.steps_lower_bound > 0 ? 1 : 0)
                                                           : static_cast<Index>(sched.steps.size());
    pass.route.predicted_seconds = schedule::predicted_seconds(sched, edges, pass.problem.elem_size, costs);
    out.passes.push_back(std::move(pass));
  }
  return {};
}

using CallCache = plan::PlanCache<Prepared>;

// The cache of prepared calls lives on the union communicator (BLACS's, or
// the caller's for described grids).
CallCache& call_cache(MPI_Comm comm) { return comm_cache<Prepared>(comm); }

}  // namespace

namespace {

void mark_transform(const Arguments& args, Prepared& out) {
  out.trapezoidal = args.trapezoidal;
  out.transform = args.entry != check::Entry::redistribute;
  out.type = args.type;
  out.op = args.op;
  out.tradd = args.entry == check::Entry::pblas_tradd;
}

// ScaLAPACK returns before looking at anything else for an empty window; a
// type code that is none is still an error (found here alone: nothing is
// exchanged). PBLAS checks its arguments first, each process its own, as
// here.
Status empty_call(const Arguments& args) {
  const bool pblas = check::is_pblas(args.entry);
  if (args.elem_size != 0 && !pblas) return {};
  check::LocalCall call = to_local_call(args);
  if (pblas) {
    call.grid_a = grid::grid_info(call.desca[check::CTXT]);
    call.grid_b = grid::grid_info(call.descb[check::CTXT]);
  }
  const check::Report report = check::make_report(call);
  if (report.error.code == 0) return {};
  return check::own_error(call, report, grid::world_rank());
}

}  // namespace

Status prepare(const Arguments& args, Prepared& out) {
  mark_transform(args, out);
  out.empty = args.m == 0 || args.n == 0;
  if (out.empty) return empty_call(args);
  LocalStage st;
  Status s = stage_local(args, st);
  if (!s.ok()) return s;
  return stage_global(args, st, out);
}

Status check_arrays(const Footprint& arrays, const void* a, const void* b, const char* routine, int part) {
  const auto fault = [&](const std::string& what) {
    const std::string in_part = part >= 0 ? " of part " + std::to_string(part) : "";
    return Status{MR2D_ERR_ARGUMENT,
                  std::string("mr2d: ") + routine + ": " + what.substr(0, 1) + in_part + what.substr(1)};
  };
  if (a == nullptr && !arrays.a.empty()) return fault("A is NULL although this process holds part of sub(A)");
  if (b == nullptr && !arrays.b.empty()) return fault("B is NULL although this process holds part of sub(B)");
  if (check::windows_overlap(reinterpret_cast<std::uintptr_t>(a), arrays.lda, arrays.a,
                             reinterpret_cast<std::uintptr_t>(b), arrays.ldb, arrays.b, arrays.elem_size))
    return fault("B shares memory with A on this process (sub(A) and sub(B) must not overlap)");
  return {};
}

Status abandon_prepared(const Prepared& prepared, const Status& why) {
  if (prepared.empty || !prepared.channel) return why;
  const Pass& first = prepared.passes.front();
  return transport::abandon(*prepared.channel, {transport::Part{&first.plan}}, first.route, 2 * prepared.serial,
                            prepared.node_local, why);
}

Status execute_prepared(const Prepared& prepared, const void* a, void* b, const void* alpha, const void* beta) {
  count_call(prepared.trapezoidal);
  if (prepared.empty) return {};
  kernels::Update update;
  if (prepared.transform) update = kernels::make_update(prepared.type, prepared.op, alpha, beta, prepared.tradd);
  // The pass into B; one into the intermediate matrix is read again at once.
  const bool stream = kernels::streaming_pays(prepared.passes.back().plan.bytes_into_b());
  const kernels::Update* how = prepared.transform && !update.plain() ? &update : nullptr;
  if (!grids_alive(prepared.grids))
    return {MR2D_ERR_CONTEXT,
            "mr2d: the grid of A or B of this plan was exited (blacs_gridexit) or its communicator freed"};
  transport::Channel& channel = *prepared.channel;
  transport::Traffic traffic;
  Status done;
  // Pass k of plan s has id 2s + k: unique per channel, the same everywhere.
  const std::uint64_t id = 2 * prepared.serial;
  if (prepared.passes.size() == 1) {
    const Pass& p = prepared.passes[0];
    done = transport::execute(channel, {{&p.plan, a, b, how, stream}}, p.route, id, prepared.node_local, traffic);
  } else {
    void* middle = channel.middle.get(
        static_cast<std::size_t>(std::max<Index>(prepared.middle_elems * prepared.problem.elem_size, 1)));
    if (middle == nullptr) return {MR2D_ERR_MEMORY, "mr2d: out of memory for the intermediate matrix"};
    const Pass& first = prepared.passes[0];
    const Pass& second = prepared.passes[1];
    done =
        transport::execute(channel, {{&first.plan, a, middle, nullptr}}, first.route, id, prepared.node_local, traffic);
    if (done.ok())
      done = transport::execute(channel, {{&second.plan, middle, b, how, stream}}, second.route, id + 1,
                                prepared.node_local, traffic);
  }
  add_traffic(traffic);
  return done;
}

namespace {

// A repeated call reuses the prepared call of the same arguments when every
// process has it: one small all-reduce of generations replaces the exchange
// of reports and the planning.
Status run(const Arguments& args) {
  Prepared empty;
  mark_transform(args, empty);
  empty.empty = args.m == 0 || args.n == 0;
  if (empty.empty) {
    Status s = empty_call(args);
    return s.ok() ? execute_prepared(empty, args.a, args.b) : s;
  }
  LocalStage st;
  Status s = stage_local(args, st);
  if (!s.ok()) {
    count_call(args.trapezoidal);
    return s;
  }
  CallCache& cache = call_cache(st.comm);
  // A grid of A or B exited (and perhaps rebuilt under the same handle) makes
  // its entries useless; every process drops them before the vote below.
  cache.erase_if([](const Prepared& p) { return !grids_alive(p.grids); });
  CallCache::Key key = check::words_of(st.report);
  key.push_back(st.lda);
  key.push_back(st.ldb);
  key.push_back(args.trapezoidal ? 1 : 0);
  key.push_back(static_cast<std::int64_t>(args.entry));
  key.push_back(args.type);
  const auto mine = static_cast<std::int64_t>(cache.candidates(key));
  std::int64_t common = 0;
  s = agree_reduce(st.comm, &mine, &common, 1, MPI_BAND, args.routine);
  if (!s.ok()) return s;
  if (auto cached = cache.take(key, static_cast<std::uint64_t>(common))) {
    mr2d_stats reused{};
    reused.plans_reused = 1;
    add_stats(reused);
    return execute_prepared(*cached, args.a, args.b, args.alpha, args.beta);
  }

  auto prepared = std::make_shared<Prepared>();
  mark_transform(args, *prepared);
  const std::int64_t generation = cache.next_generation();
  s = stage_global(args, st, *prepared);
  if (!s.ok()) {
    count_call(args.trapezoidal);
    return s;
  }
  cache.insert(std::move(key), prepared, generation);
  return execute_prepared(*prepared, args.a, args.b, args.alpha, args.beta);
}

}  // namespace

void set_last_error(const std::string& message) { g_last_error = message; }

const char* last_error() { return g_last_error.c_str(); }

int redistribute(const Arguments& args, bool print_errors) noexcept {
  Status status = caught(args.routine, [&]() -> Status {
    // PBLAS checks A's context first: a process outside its grid has none.
    if (check::is_pblas(args.entry) && !grid::grid_info(args.ictxt).member()) {
      const check::LocalCall call = to_local_call(args);
      check::Report r{};
      r.error = {MR2D_ERR_CONTEXT, check::arg_position(call, "DESCA"),
                 check::CTXT + 1,  static_cast<std::int64_t>(check::Reason::not_a_grid),
                 args.ictxt,       0};
      return check::own_error(call, r, grid::world_rank());
    }
    return run(args);
  });
  const int code = finish(args.routine, print_errors && !reports_through_pb_cabort(args, status), status);
  if (code != MR2D_SUCCESS && args.dropin != DropIn::none) stop_on_error(args, status);
  return code;
}

int finish(const char* routine, bool print_errors, Status status) noexcept {
  (void)routine;
  try {
    set_last_error(status.message);
  } catch (...) {}
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

}  // namespace mr2d::driver

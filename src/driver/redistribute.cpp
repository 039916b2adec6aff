// SPDX-License-Identifier: BSD-3-Clause
// (MPI) The call pipeline; see redistribute.hpp.
#include "driver/redistribute.hpp"

#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "driver/agreement.hpp"
#include "driver/call_cache.hpp"
#include "driver/grid_source.hpp"
#include "driver/option_fault.hpp"
#include "driver/options.hpp"
#include "driver/options_agreement.hpp"
#include "driver/stats.hpp"
#include "driver/reason_words.hpp"
#include "check/validate.hpp"
#include "common/env.hpp"
#include "grid/blacs.hpp"
#include "transport/exchange.hpp"

namespace mr2d::driver {

namespace {

// A grid-layout call's side as the checks see it: a grid layout, with its
// extent (a NULL side's fault is the layout exchange's), or a descriptor.
void layout_side(const mr2d_matrix* m, check::SideKind& kind, check::Extent& extent) {
  if (!is_grid_layout(m)) return;
  kind = check::SideKind::grid_layout;
  if (m != nullptr) extent = {m->layout->rows, m->layout->cols};
}

}  // namespace

// The call as the checks read it, with what this process finds without MPI.
check::Call local_call_of(const CallSpec& args) {
  check::Call call = args;
  check::Located& found = call.found;
  // Only CTXT_ is meaningful on non-members, but the array always has 9 entries.
  for (int k = 0; k < check::DESC_LEN; ++k) {
    found.desca[static_cast<std::size_t>(k)] = args.a.desc != nullptr ? args.a.desc[k] : -1;
    found.descb[static_cast<std::size_t>(k)] = args.b.desc != nullptr ? args.b.desc[k] : -1;
  }
  found.bad_option = invalid_option_field(args.options, found.bad_option_value);
  // Read once, as the variables themselves are.
  static const int bad_env = env_fault();
  static const std::string bad_env_value = bad_env >= 0 ? std::getenv(kEnvSettings[bad_env].name) : "";
  found.bad_env = bad_env;
  found.bad_env_value = bad_env >= 0 ? bad_env_value.c_str() : nullptr;
  // Plan creation: the arrays come at execution, which checks them.
  found.a_null = !args.deferred_arrays && args.a_array == nullptr;
  found.b_null = !args.deferred_arrays && args.b_array == nullptr;
  if (args.layout) {
    layout_side(args.a.matrix, found.kind_a, found.extent_a);
    layout_side(args.b.matrix, found.kind_b, found.extent_b);
  }
  if (!args.deferred_arrays) {
    found.a_addr = reinterpret_cast<std::uintptr_t>(args.a_array);
    found.b_addr = reinterpret_cast<std::uintptr_t>(args.b_array);
  }
  return call;
}

Status stage_local(const CallSpec& args, LocalStage& st) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) return failure(MR2D_ERR_CONTEXT, args.routine, "MPI is not initialized");
  arm_stats_report();
  // Invalid options are this process's error in the agreement (local_call_of).
  resolve(args.options, st.options);
  st.call = local_call_of(args);
  MPI_Comm union_comm = MPI_COMM_NULL;
  Status located = locate_grids(args, st.call, union_comm);
  if (!located.ok()) return located;
  st.report = check::make_report(st.call);
  st.lda = st.call.found.grid_a.member() ? st.call.found.desca[check::LLD] : 0;
  st.ldb = st.call.found.grid_b.member() ? st.call.found.descb[check::LLD] : 0;
  st.report.options = report_options(st.options);
  st.comm = union_comm;
  Status s = transport::channel_for(union_comm, st.channel);
  return named(s, args.routine);
}

namespace {

// Shared-memory links are set up collectively, so only once every process
// knows that all of them use the same transport.
Status prepare_transport(const CallSpec& args, const LocalStage& st) {
  Status s = transport::prepare_transport(*st.channel, st.options.transport, st.options.shm_budget);
  return named(s, args.routine);
}

// Every process's report, in rank order.
Status gather_reports(const LocalStage& st, std::vector<check::Report>& reports, const char* routine) {
  return agree_gather(st.comm, reinterpret_cast<const std::int64_t*>(&st.report), check::kReportWords,
                      reinterpret_cast<std::int64_t*>(reports.data()), routine);
}

// Every process's report and door word in one gather, the words checked.
Status gather_with_words(const LocalStage& st, const DoorWords& door, std::vector<check::Report>& reports,
                         const char* routine) {
  constexpr int kInts = check::kReportWords + kWordInts;
  std::int64_t mine[kInts];
  std::memcpy(mine, &st.report, sizeof(check::Report));
  std::memcpy(mine + check::kReportWords, door.mine, sizeof(Word));
  std::vector<std::int64_t> all(reports.size() * kInts);
  Status s = agree_gather(st.comm, mine, kInts, all.data(), routine);
  if (!s.ok()) return s;
  std::vector<Word> words(reports.size());
  // Both are plain words (report.hpp, agreement.hpp assert it).
  for (std::size_t k = 0; k < reports.size(); ++k) {
    std::memcpy(static_cast<void*>(&reports[k]), all.data() + k * kInts, sizeof(check::Report));
    std::memcpy(static_cast<void*>(&words[k]), all.data() + k * kInts + check::kReportWords, sizeof(Word));
  }
  s = first_fault(words, worded(check::wording_of(st.call)));
  return s.ok() ? door.check(words) : s;
}

}  // namespace

Status agree_stage(const CallSpec& args, const LocalStage& st, Execution& out, const DoorWords& door) {
  int size = 1;
  MPI_Comm_size(st.comm, &size);
  std::vector<check::Report> reports(static_cast<std::size_t>(size));
  Status verdict = door.mine == nullptr ? gather_reports(st, reports, args.routine)
                                        : gather_with_words(st, door, reports, args.routine);
  if (!verdict.ok()) return verdict;
  out.parts.resize(1);
  Part& part = out.parts.front();
  verdict = check::agree(reports, st.call, part.problem);
  if (!verdict.ok()) return verdict;
  std::vector<check::OptionsReport> options(reports.size());
  for (std::size_t k = 0; k < reports.size(); ++k) options[k] = reports[k].options;
  verdict = agree_options(options, args.routine);
  if (verdict.ok()) verdict = prepare_transport(args, st);
  if (!verdict.ok()) return verdict;
  check::call_windows(st.call, part.arrays.a, part.arrays.b);
  part.arrays.lda = st.lda;
  part.arrays.ldb = st.ldb;
  part.arrays.elem_size = part.problem.elem_size;
  out.channel = st.channel;
  out.serial = st.channel->next_serial++;
  out.node_local = st.options.transport != transport::Transport::mpi;
  for (MPI_Comm comm : grid_lifetimes(args, st.call)) out.grids.push_back(transport::liveness(comm));
  return {};
}

void mark_call(const CallSpec& args, Part& out) {
  out.trapezoidal = args.trapezoidal;
  out.transform = args.entry != check::Entry::redistribute;
  out.type = args.type;
  out.op = args.op;
  out.tradd = args.entry == check::Entry::pblas_tradd;
}

// ScaLAPACK returns before looking at anything else for an empty window; a
// type code that is none is still an error (found here alone: nothing is
// exchanged). PBLAS checks its arguments first, each process its own, as
// here. A grid-layout call checks only its type.
Status empty_call(const CallSpec& args, Execution& out) {
  out.parts.resize(1);
  mark_call(args, out.parts.front());
  out.parts.front().empty = true;
  const bool pblas = check::is_pblas(args.entry);
  if (args.elem_size != 0 && !pblas) return {};
  check::Call call;
  if (args.layout) {
    call.routine = args.routine;
    call.args = args.args;
    call.type = args.type;
    call.type_position = args.type_position;
    call.layout = true;
  } else {
    call = local_call_of(args);
  }
  if (pblas) {
    call.found.grid_a = grid::grid_info(call.found.desca[check::CTXT]);
    call.found.grid_b = grid::grid_info(call.found.descb[check::CTXT]);
  }
  const check::Report report = check::make_report(call);
  if (report.error.code == 0) return {};
  return check::own_error(call, report, grid::world_rank());
}

CallCache::Key call_key(const CallSpec& args, const LocalStage& st, std::int64_t door) {
  CallCache::Key key = check::words_of(st.report);
  key.insert(key.end(),
             {door, st.lda, st.ldb, args.trapezoidal ? 1 : 0, static_cast<std::int64_t>(args.entry), args.type});
  return key;
}

}  // namespace mr2d::driver

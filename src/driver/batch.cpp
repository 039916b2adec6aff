// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Batched redistribution; see batch.hpp.
#include "driver/batch.hpp"

#include <mpi.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "check/validate.hpp"
#include "driver/agreement.hpp"
#include "driver/option_fault.hpp"
#include "driver/options.hpp"
#include "driver/options_agreement.hpp"
#include "driver/planner.hpp"
#include "plan/indexing.hpp"
#include "problem/edges.hpp"
#include "transport/exchange.hpp"
#include "check/reasons.hpp"
#include "driver/reasons.hpp"
#include "driver/reason_words.hpp"

namespace mr2d::driver {

namespace {

// A batch's faults are worded after mr2d_plan_create_batch's arguments.
check::Wording batch_wording(const char* routine) {
  check::Wording w;
  w.routine = routine;
  w.args = check::list_of(check::kCreateBatch);
  return worded(w);
}

// A fault of the parts argument at entry `index`.
Fault part_fault(DriverReason why, std::int64_t index) {
  return Fault::of(MR2D_ERR_ARGUMENT, why)
      .named(check::arg_position(check::list_of(check::kCreateBatch), "parts"))
      .in(0, index);
}

// A part as the batch moves it: one pass, straight from A to B.
Part one_pass(const Execution& e, plan::Indexing indexing) {
  Part part = e.parts.front();
  if (part.empty || part.passes.size() <= 1) return part;
  const plan::Plan& first = part.plans.front();
  plan::Plan whole = plan::make_plan(part.problem, first.me, first.lda, part.plans.back().ldb);
  part.cdc = plan::apply_indexing(whole, indexing);
  part.plans.assign(1, std::move(whole));
  part.pieces.assign(1, Piece{});
  part.passes.assign(1, part.problem);
  part.phases = MR2D_PHASES_ONE;
  part.middle_elems = 0;
  return part;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

// Every process's parts and options, summed up: equal where the calls match.
std::uint64_t fingerprint(const std::vector<const Execution*>& parts, const Resolved& o) {
  std::uint64_t h = mix(0, parts.size());
  for (const Execution* p : parts) h = mix(h, p == nullptr ? 1 : p->channel == nullptr ? 2 : 3 + p->serial);
  const check::OptionsReport words = report_options(o);
  for (std::int64_t v : {words.schedule, words.chunk_request, words.indexing, words.phases, words.transport,
                         words.node_ranks, words.shm_budget, words.timeout_us, words.progress})
    h = mix(h, static_cast<std::uint64_t>(v));
  return h;
}

// Checks the parts on this process: the first with data (its channel carries
// the batch), or null when none has any; `local` receives what is wrong here.
const Execution* first_with_data(const std::vector<const Execution*>& parts, Fault& local) {
  const Execution* first = nullptr;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Execution* p = parts[k];
    const auto index = static_cast<std::int64_t>(k);
    if (p == nullptr) {
      if (local.ok()) local = part_fault(DriverReason::null_part, index);
    } else if (p->channel != nullptr) {
      if (first == nullptr)
        first = p;
      else if (p->channel != first->channel && local.ok())
        local = part_fault(DriverReason::other_union, index);
    }
  }
  return first;
}

// One status everywhere: the fault of the first process that found one,
// else MR2D_ERR_INCONSISTENT unless every process has the same fingerprint.
Status agree(const char* routine, MPI_Comm comm, const Fault& local, std::uint64_t print) {
  Word mine;
  mine.fault = local;
  mine.prints[0] = print;
  std::vector<Word> all;
  Status s = exchange_words(comm, mine, batch_wording(routine), routine, all);
  if (!s.ok()) return s;
  if (first_differing_print(all, 0) >= 0)
    return failure(MR2D_ERR_INCONSISTENT, routine,
                   "processes passed different parts (count, plans or their order) or options");
  return {};
}

// The communicating pairs of all parts together, in bytes.
std::vector<model::Edge> merged_pairs(const std::vector<Part>& parts, int& nranks) {
  std::map<std::pair<int, int>, Index> bytes;
  nranks = 0;
  for (const Part& part : parts) {
    if (part.empty) continue;
    if (part.layout() || part.nd) {  // its pairs in bytes, from the owner tables
      nranks = std::max(nranks, part.nranks);
      for (const model::Edge& e : part.pairs) bytes[{e.from, e.to}] += e.count;
      continue;
    }
    nranks = std::max(nranks, model::rank_count(part.problem));
    for (const model::Edge& e : model::all_edges(part.problem))
      if (e.from != e.to) bytes[{e.from, e.to}] += e.count * part.problem.elem_size;
  }
  std::vector<model::Edge> edges;
  edges.reserve(bytes.size());
  for (const auto& [pair, count] : bytes) edges.push_back(model::Edge{pair.first, pair.second, count});
  return edges;
}

}  // namespace

Status check_part_list(const char* routine, int count, bool parts_null) {
  const check::ArgList args = check::list_of(check::kCreateBatch);
  Fault f;
  if (count < 1)
    f = Fault::of(MR2D_ERR_ARGUMENT, Reason::not_positive, count).named(check::arg_position(args, "count"));
  else if (parts_null)
    f = Fault::of(MR2D_ERR_ARGUMENT, Reason::null_pointer).named(check::arg_position(args, "parts"));
  return f.ok() ? Status{} : check::status_of(f, batch_wording(routine));
}

Status plan_batch(const char* routine, const std::vector<const Execution*>& parts, const mr2d_options* options,
                  bool out_null, Execution& out) {
  out.batch = true;
  Resolved opts;
  const check::ArgList args = check::list_of(check::kCreateBatch);
  Fault local;
  if (out_null) local = Fault::of(MR2D_ERR_ARGUMENT, Reason::null_pointer).named(check::arg_position(args, "batch"));
  Index value = 0;
  if (const int field = invalid_option_field(options, value); field >= 0 && local.ok())
    local = Fault::of(MR2D_ERR_ARGUMENT, Reason::bad_option, value)
                .named(check::arg_position(args, "options"))
                .in(0, field);
  resolve(options, opts);
  const Execution* first = first_with_data(parts, local);
  // Without data here there is no union to talk over (as for a call with M = 0).
  if (first == nullptr) {
    if (!local.ok()) return check::status_of(local, batch_wording(routine));
    for (const Execution* p : parts) out.parts.push_back(one_pass(*p, opts.indexing));
    return {};
  }
  Status s = agree(routine, first->channel->union_comm, local, fingerprint(parts, opts));
  if (!s.ok()) return s;
  out.channel = first->channel;
  out.serial = out.channel->next_serial++;
  out.node_local = opts.transport != transport::Transport::mpi;
  s = transport::prepare_transport(*out.channel, opts.transport, opts.shm_budget);
  if (!s.ok()) return s;
  out.parts.reserve(parts.size());
  bool tiled = false;  // some part is a grid layout
  PassPairs pairs;
  for (const Execution* p : parts) {
    out.parts.push_back(one_pass(*p, opts.indexing));
    out.grids.insert(out.grids.end(), p->grids.begin(), p->grids.end());
    const Part& part = out.parts.back();
    tiled = tiled || (part.layout() && !part.empty);
    pairs.transposed = pairs.transposed || (!part.empty && part.problem.transposed);
    // A part that knows only its own pairs: no process can schedule them
    // all, each orders its own (the others' pairs it holds are left out).
    pairs.own = pairs.own || part.own_pairs;
  }
  pairs.bytes = merged_pairs(out.parts, pairs.nranks);
  if (pairs.own) {
    int me = 0;
    MPI_Comm_rank(out.channel->union_comm, &me);
    pairs.bytes.erase(std::remove_if(pairs.bytes.begin(), pairs.bytes.end(),
                                     [me](const model::Edge& e) { return e.from != me && e.to != me; }),
                      pairs.bytes.end());
  }
  // Grid-layout parts hold different numbers of tile plans on different
  // processes: both ends of a message align for several plans.
  route_execution(out, opts, {pairs}, tiled ? route::kPartAlignment : 0);
  return {};
}

}  // namespace mr2d::driver

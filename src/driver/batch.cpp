// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Batched redistribution; see batch.hpp.
#include "driver/batch.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "driver/agreement.hpp"
#include "driver/network_option.hpp"
#include "driver/option_fault.hpp"
#include "check/call.hpp"
#include "driver/options.hpp"
#include "driver/options_agreement.hpp"
#include "driver/public_enums.hpp"
#include "kernels/streamed_stores.hpp"
#include "kernels/transform.hpp"
#include "problem/edges.hpp"
#include "plan/indexing.hpp"
#include "schedule/schedule.hpp"
#include "transport/exchange.hpp"

namespace mr2d::driver {

namespace {

Status error(int code, const char* routine, const std::string& what) {
  return {code, std::string("mr2d: ") + routine + ": " + what};
}

// The problem a prepared call's single pass plans, or the whole problem when
// it went through an intermediate matrix (a batch moves it in one pass).
const model::Problem& one_pass_problem(const Prepared& p) {
  return p.passes.size() == 1 ? p.passes.front().problem : p.problem;
}

BatchPart part_of(const Prepared& p, const std::shared_ptr<const LayoutPrepared>& layout, plan::Indexing indexing) {
  BatchPart part;
  part.empty = p.empty;
  part.trapezoidal = p.trapezoidal;
  part.transform = p.transform;
  part.type = p.type;
  part.op = p.op;
  part.cdc = p.cdc;
  part.arrays = p.arrays;
  part.layout = layout;
  if (p.empty || layout) return part;
  if (p.passes.size() == 1) {
    part.plan = p.passes.front().plan;
    return part;
  }
  const plan::Plan& first = p.passes.front().plan;
  part.plan = plan::make_plan(p.problem, first.me, first.lda, p.passes.back().plan.ldb);
  part.cdc = plan::apply_indexing(part.plan, indexing);
  return part;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }

// Every process's parts and options, summed up: equal where the calls match.
std::uint64_t fingerprint(const std::vector<const Prepared*>& parts, const Resolved& o) {
  std::uint64_t h = mix(0, parts.size());
  for (const Prepared* p : parts) h = mix(h, p == nullptr ? 1 : p->empty ? 2 : 3 + p->serial);
  const check::OptionsReport words = report_options(o);
  for (std::int64_t v : {words.schedule, words.chunk_request, words.indexing, words.phases, words.transport,
                         words.node_ranks, words.shm_budget})
    h = mix(h, static_cast<std::uint64_t>(v));
  return h;
}

// Checks the parts on this process: the first with data (its channel carries
// the batch), or null when none has any; `local` receives what is wrong here.
const Prepared* first_with_data(const char* routine, const std::vector<const Prepared*>& parts, Status& local) {
  const Prepared* first = nullptr;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Prepared* p = parts[k];
    if (p == nullptr) {
      local = error(MR2D_ERR_ARGUMENT, routine,
                    "argument 3 (parts): entry " + std::to_string(k) + " is NULL or a batch plan");
    } else if (!p->empty) {
      if (first == nullptr)
        first = p;
      else if (p->channel != first->channel)
        local = error(MR2D_ERR_ARGUMENT, routine,
                      "argument 3 (parts): entry " + std::to_string(k) +
                          " was planned over another union context than the earlier parts");
    }
  }
  return first;
}

// One status everywhere: the error of the first process that found one (its
// message sent to all), else MR2D_ERR_INCONSISTENT unless every process has
// the same fingerprint.
Status agree(const char* routine, MPI_Comm comm, Status local, std::uint64_t print) {
  const auto signed_print = static_cast<std::int64_t>(print >> 1);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  // MPI_MAX of the negated rank: the lowest rank with an error.
  const std::int64_t none = std::numeric_limits<std::int64_t>::min();
  std::int64_t mine[3] = {local.ok() ? none : -static_cast<std::int64_t>(rank), signed_print, -signed_print};
  std::int64_t all[3] = {0, 0, 0};
  Status s = agree_reduce(comm, mine, all, 3, MPI_MAX, routine);
  if (!s.ok()) return s;
  if (all[0] != none) {
    // Only on the error path: the first failing process's code and message,
    // its length first, then its bytes (the others contribute zeros).
    const int root = static_cast<int>(-all[0]);
    std::int64_t head[2] = {0, 0};
    if (rank == root) {
      head[0] = local.code;
      head[1] = static_cast<std::int64_t>(local.message.size());
    }
    std::int64_t got[2] = {0, 0};
    s = agree_reduce(comm, head, got, 2, MPI_BOR, routine);
    if (!s.ok()) return s;
    std::vector<std::int64_t> words(static_cast<std::size_t>((got[1] + 7) / 8)), text(words.size());
    if (rank == root && !words.empty()) std::memcpy(words.data(), local.message.data(), local.message.size());
    s = agree_reduce(comm, words.data(), text.data(), static_cast<int>(words.size()), MPI_BOR, routine);
    if (!s.ok()) return s;
    return {static_cast<int>(got[0]),
            std::string(reinterpret_cast<const char*>(text.data()), static_cast<std::size_t>(got[1])) +
                " [detected on process " + std::to_string(root) + "]"};
  }
  if (all[1] != -all[2])
    return error(MR2D_ERR_INCONSISTENT, routine,
                 "processes passed different parts (count, plans or their order) or options");
  return {};
}

// The plans a part puts in the batch's messages: its one plan, or a grid-layout
// part's tile plans.
void add_plans(const BatchPart& part, std::vector<const plan::Plan*>& plans) {
  if (part.empty) return;
  if (!part.layout) {
    plans.push_back(&part.plan);
    return;
  }
  const std::vector<const plan::Plan*> tiles = layout_plans(*part.layout);
  plans.insert(plans.end(), tiles.begin(), tiles.end());
}

// The communicating pairs of all parts together, in bytes.
std::vector<model::Edge> merged_pairs(const std::vector<const Prepared*>& parts,
                                      const std::vector<std::shared_ptr<const LayoutPrepared>>& layouts, int& nranks) {
  std::map<std::pair<int, int>, Index> bytes;
  nranks = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Prepared* p = parts[k];
    if (p->empty) continue;
    if (const auto& layout = layouts[k]) {  // its pairs in bytes, from the owner tables
      nranks = std::max(nranks, layout->nranks);
      for (const model::Edge& e : layout->edges) bytes[{e.from, e.to}] += e.count;
      continue;
    }
    const model::Problem& problem = one_pass_problem(*p);
    nranks = std::max(nranks, model::rank_count(problem));
    for (const model::Edge& e : model::all_edges(problem))
      if (e.from != e.to) bytes[{e.from, e.to}] += e.count * problem.elem_size;
  }
  std::vector<model::Edge> edges;
  edges.reserve(bytes.size());
  for (const auto& [pair, count] : bytes) edges.push_back(model::Edge{pair.first, pair.second, count});
  return edges;
}

}  // namespace

Status make_batch(const char* routine, const std::vector<const Prepared*>& parts,
                  const std::vector<std::shared_ptr<const LayoutPrepared>>& layouts, const mr2d_options* options,
                  bool out_null, Batch& out) {
  Resolved opts;
  Status local;
  if (out_null) local = error(MR2D_ERR_ARGUMENT, routine, "argument 1 (batch) is NULL");
  Index value = 0;
  if (const int field = invalid_option_field(options, value); field >= 0 && local.ok())
    local = error(MR2D_ERR_ARGUMENT, routine,
                  "argument 4 (options): " + std::string(check::kOptionFields[field]) + " is " + std::to_string(value) +
                      ", not one of its values");
  resolve(options, opts);
  const Prepared* first = first_with_data(routine, parts, local);
  // Without data here there is no union to talk over (as for a call with M = 0).
  if (first == nullptr) {
    if (!local.ok()) return local;
    for (std::size_t k = 0; k < parts.size(); ++k) out.parts.push_back(part_of(*parts[k], layouts[k], opts.indexing));
    return {};
  }
  Status s = agree(routine, first->channel->union_comm, local, fingerprint(parts, opts));
  if (!s.ok()) return s;
  out.channel = first->channel;
  out.serial = out.channel->next_serial++;
  out.node_local = opts.transport != transport::Transport::mpi;
  s = transport::prepare_transport(*out.channel, opts.transport, opts.shm_budget);
  if (!s.ok()) return s;
  std::vector<const plan::Plan*> plans;
  out.parts.reserve(parts.size());
  bool tiled = false;  // some part is a grid layout
  for (std::size_t k = 0; k < parts.size(); ++k) {
    out.parts.push_back(part_of(*parts[k], layouts[k], opts.indexing));
    out.grids.insert(out.grids.end(), parts[k]->grids.begin(), parts[k]->grids.end());
    tiled = tiled || (layouts[k] && !parts[k]->empty);
  }
  for (const BatchPart& part : out.parts) add_plans(part, plans);
  int nranks = 0;
  const std::vector<model::Edge> edges = merged_pairs(parts, layouts, nranks);
  bool transposed = false;
  for (const Prepared* p : parts) transposed = transposed || (!p->empty && p->problem.transposed);
  model::CostModel costs = cost_model();
  costs.chunk_bytes = chunk_bytes_for(opts, transposed);
  const schedule::Schedule sched = schedule::make_for_pairs(opts.schedule, edges, nranks, costs);
  // Grid-layout parts hold different numbers of tile plans on different
  // processes: both ends of a message align for several plans.
  out.route = route::make_route(plans, sched, costs.chunk_bytes,
                                transport::node_routing(*out.channel, out.node_local, costs.chunk_bytes),
                                tiled ? route::kPartAlignment : 0);
  out.route.steps_lower_bound = schedule::lower_bound(edges);
  out.route.steps =
      sched.kind == schedule::Kind::async ? (edges.empty() ? 0 : 1) : static_cast<Index>(sched.steps.size());
  out.route.predicted_seconds = schedule::predicted_seconds(sched, edges, 1, costs);
  return {};
}

Status execute_batch(const char* routine, const Batch& batch, const void* const* a, void* const* b,
                     const void* const* alpha, const void* const* beta) {
  for (const BatchPart& part : batch.parts) count_call(part.trapezoidal);
  if (batch.channel == nullptr) return {};
  if (!grids_alive(batch.grids))
    return {MR2D_ERR_CONTEXT,
            "mr2d: a grid of A or B of this batch was exited (blacs_gridexit) or its communicator freed"};
  for (std::size_t k = 0; k < batch.parts.size(); ++k) {
    const BatchPart& part = batch.parts[k];
    Status arrays = part.layout ? check_layout_arrays(*part.layout, a[k], b[k], routine, static_cast<int>(k))
                                : check_arrays(part.arrays, a[k], b[k], routine, static_cast<int>(k));
    if (arrays.ok()) continue;
    std::vector<const plan::Plan*> plans;
    for (const BatchPart& each : batch.parts) add_plans(each, plans);
    transport::Parts planned;
    for (const plan::Plan* plan : plans) planned.push_back(transport::Part{plan});
    return transport::abandon(*batch.channel, planned, batch.route, 2 * batch.serial, batch.node_local, arrays);
  }
  std::vector<kernels::Update> updates(batch.parts.size());
  Index into_b = 0;  // bytes the batch writes into its B's here
  for (const BatchPart& part : batch.parts)
    if (!part.empty) into_b += part.layout ? layout_bytes_into_b(*part.layout) : part.plan.bytes_into_b();
  transport::Parts parts;
  for (std::size_t k = 0; k < batch.parts.size(); ++k) {
    const BatchPart& part = batch.parts[k];
    if (part.empty) continue;
    const kernels::Update* how = nullptr;
    if (part.transform) {
      updates[k] = kernels::make_update(part.type, part.op, alpha != nullptr ? alpha[k] : nullptr,
                                        beta != nullptr ? beta[k] : nullptr);
      if (!updates[k].plain()) how = &updates[k];
    }
    if (part.layout)
      add_layout_parts(*part.layout, a[k], b[k], how, kernels::streaming_pays(into_b), parts);
    else
      parts.push_back(transport::Part{&part.plan, a[k], b[k], how, kernels::streaming_pays(into_b)});
  }
  transport::Traffic traffic;
  const Status done =
      transport::execute(*batch.channel, parts, batch.route, 2 * batch.serial, batch.node_local, traffic);
  add_traffic(traffic);
  return done;
}

mr2d_plan_info describe_route(const route::Route& r, const std::vector<const plan::Plan*>& plans, bool cdc,
                              bool node_local, const transport::Channel* channel) {
  mr2d_plan_info info{};
  info.phases = MR2D_PHASES_ONE;
  info.indexing = cdc ? MR2D_INDEXING_CDC : MR2D_INDEXING_BBC;
  for (const plan::Plan* plan : plans)
    if (plan->has_self) info.bytes_local += plan->self.count * plan->elem_size;
  info.messages_sent = static_cast<long long>(r.sends.size());
  info.messages_received = static_cast<long long>(r.recvs.size());
  for (const route::Message& m : r.sends)
    for (const route::Chunk& c : m.chunks) info.bytes_sent += c.payload;
  for (const route::Message& m : r.recvs)
    for (const route::Chunk& c : m.chunks) info.bytes_received += c.payload;
  info.steps = r.steps;
  info.steps_lower_bound = r.steps_lower_bound;
  info.predicted_seconds = r.predicted_seconds;
  info.schedule = to_public(r.kind);
  info.extra_bytes = r.send_buffer_bytes + r.recv_buffer_bytes;
  info.shm_bytes = node_local && channel != nullptr && channel->shm ? channel->shm->bytes_held() : 0;
  return info;
}

mr2d_plan_info describe_batch(const Batch& batch) {
  std::vector<const plan::Plan*> plans;
  bool cdc = false;
  for (const BatchPart& part : batch.parts) {
    cdc = cdc || part.cdc;
    add_plans(part, plans);
  }
  return describe_route(batch.route, plans, cdc, batch.node_local, batch.channel.get());
}

}  // namespace mr2d::driver

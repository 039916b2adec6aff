// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Batched redistribution; see batch.hpp.
#include "driver/batch.hpp"

#include <mpi.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "check/call.hpp"
#include "driver/agreement.hpp"
#include "driver/option_fault.hpp"
#include "driver/options.hpp"
#include "driver/options_agreement.hpp"
#include "driver/planner.hpp"
#include "plan/indexing.hpp"
#include "problem/edges.hpp"
#include "transport/exchange.hpp"

namespace mr2d::driver {

namespace {

// What one process found wrong with its batch, as integers every process
// can word alike.
enum class Fault : std::int64_t { none, out_null, bad_option, null_part, other_union };

struct Finding {
  Fault fault = Fault::none;
  std::int64_t index = 0, value = 0;  ///< the part or option field, and its value
};

std::string wording(const char* routine, const Finding& f) {
  std::string what;
  switch (f.fault) {
    case Fault::out_null:
      what = "argument 1 (batch) is NULL";
      break;
    case Fault::bad_option:
      what = "argument 4 (options): " + std::string(f.index >= 0 && f.index < 6 ? check::kOptionFields[f.index] : "?") +
             " is " + std::to_string(f.value) + ", not one of its values";
      break;
    case Fault::null_part:
      what = "argument 3 (parts): entry " + std::to_string(f.index) + " is NULL or a batch plan";
      break;
    case Fault::other_union:
      what = "argument 3 (parts): entry " + std::to_string(f.index) +
             " was planned over another union context than the earlier parts";
      break;
    case Fault::none:
      break;
  }
  return message_of(routine, what);
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
                         words.node_ranks, words.shm_budget})
    h = mix(h, static_cast<std::uint64_t>(v));
  return h;
}

// Checks the parts on this process: the first with data (its channel carries
// the batch), or null when none has any; `local` receives what is wrong here.
const Execution* first_with_data(const std::vector<const Execution*>& parts, Finding& local) {
  const Execution* first = nullptr;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Execution* p = parts[k];
    const auto index = static_cast<std::int64_t>(k);
    if (p == nullptr) {
      if (local.fault == Fault::none) local = {Fault::null_part, index};
    } else if (p->channel != nullptr) {
      if (first == nullptr)
        first = p;
      else if (p->channel != first->channel && local.fault == Fault::none)
        local = {Fault::other_union, index};
    }
  }
  return first;
}

// One status everywhere: the fault of the first process that found one,
// else MR2D_ERR_INCONSISTENT unless every process has the same fingerprint.
Status agree(const char* routine, MPI_Comm comm, const Finding& local, std::uint64_t print) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  constexpr int kWords = 4;
  const std::int64_t mine[kWords] = {static_cast<std::int64_t>(local.fault), local.index, local.value,
                                     static_cast<std::int64_t>(print >> 1)};
  std::vector<std::int64_t> all(static_cast<std::size_t>(kWords) * static_cast<std::size_t>(size));
  Status s = agree_gather(comm, mine, kWords, all.data(), routine);
  if (!s.ok()) return s;
  for (int k = 0; k < size; ++k) {
    const std::int64_t* w = &all[static_cast<std::size_t>(k) * kWords];
    if (w[0] != 0)
      return {MR2D_ERR_ARGUMENT, wording(routine, {static_cast<Fault>(w[0]), w[1], w[2]}) + " [detected on process " +
                                     std::to_string(k) + "]"};
  }
  for (int k = 1; k < size; ++k)
    if (all[static_cast<std::size_t>(k) * kWords + 3] != all[3])
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
    if (part.layout()) {  // its pairs in bytes, from the owner tables
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

Status plan_batch(const char* routine, const std::vector<const Execution*>& parts, const mr2d_options* options,
                  bool out_null, Execution& out) {
  out.batch = true;
  Resolved opts;
  Finding local;
  if (out_null) local = {Fault::out_null};
  Index value = 0;
  if (const int field = invalid_option_field(options, value); field >= 0 && local.fault == Fault::none)
    local = {Fault::bad_option, field, value};
  resolve(options, opts);
  const Execution* first = first_with_data(parts, local);
  // Without data here there is no union to talk over (as for a call with M = 0).
  if (first == nullptr) {
    if (local.fault != Fault::none) return {MR2D_ERR_ARGUMENT, wording(routine, local)};
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
  }
  pairs.bytes = merged_pairs(out.parts, pairs.nranks);
  // Grid-layout parts hold different numbers of tile plans on different
  // processes: both ends of a message align for several plans.
  route_execution(out, opts, {pairs}, tiled ? route::kPartAlignment : 0);
  return {};
}

}  // namespace mr2d::driver

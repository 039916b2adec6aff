// SPDX-License-Identifier: BSD-3-Clause
// (MPI) N-dimensional calls; see nd_call.hpp.
#include "driver/nd_call.hpp"

#include <climits>
#include <limits>
#include <vector>

#include "common/env.hpp"
#include "check/footprint.hpp"
#include "check/validate.hpp"
#include "driver/agreement.hpp"
#include "driver/call_cache.hpp"
#include "driver/grid_source.hpp"
#include "driver/options_agreement.hpp"
#include "driver/planner.hpp"
#include "driver/redistribute.hpp"
#include "nd/check.hpp"
#include "nd/dim_plan.hpp"
#include "nd/matrix_plan.hpp"
#include "plan/indexing.hpp"
#include "transport/exchange.hpp"
#include "check/reasons.hpp"
#include "driver/reasons.hpp"
#include "driver/reason_words.hpp"
#include "nd/reasons.hpp"

namespace mr2d::driver {

Fault read_description(const mr2d_nd_array* in, Index union_size, nd::Description& out) {
  const auto field_fault = [](nd::NdReason why, nd::Field f, Index value = 0, Index limit = 0) {
    return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).in(f, 0);
  };
  if (in == nullptr) return Fault::of(MR2D_ERR_ARGUMENT, Reason::null_pointer);
  if (in->ndims < 1 || in->ndims > nd::kMaxDims)
    return field_fault(nd::NdReason::nd_dims, nd::Field::ndims, in->ndims, nd::kMaxDims);
  if (in->sizes == nullptr) return field_fault(nd::NdReason::nd_null_field, nd::Field::sizes);
  if (in->grid == nullptr) return field_fault(nd::NdReason::nd_null_field, nd::Field::grid);
  const auto n = static_cast<std::size_t>(in->ndims);
  auto take = [n](const auto* table, std::vector<Index>& to) {
    if (table != nullptr) to.assign(table, table + n);
  };
  out.ndims = in->ndims;
  take(in->sizes, out.sizes);
  take(in->blocks, out.blocks);
  take(in->grid, out.grid);
  take(in->sources, out.sources);
  take(in->leading, out.leading);
  take(in->starts, out.starts);
  take(in->counts, out.counts);
  out.grid_order = in->grid_order;
  out.storage_order = in->storage_order;
  if (in->ranks != nullptr) {
    // The table holds one rank per grid position: read only once the grid
    // is known to fit the union (check_array reports it otherwise).
    Index positions = 1;
    for (Index p : out.grid) {
      if (p < 1 || positions > union_size / p) return {};
      positions *= p;
    }
    out.ranks.assign(in->ranks, in->ranks + positions);
  }
  return {};
}

namespace {

// FNV-1a over 64-bit values.
struct Hash {
  std::uint64_t h = 1469598103934665603ULL;
  void mix(Index v) {
    for (int k = 0; k < 8; ++k) {
      h ^= static_cast<std::uint64_t>(v >> (8 * k)) & 0xff;
      h *= 1099511628211ULL;
    }
  }
  void table(const std::vector<Index>& t) {
    mix(static_cast<Index>(t.size()));
    for (Index v : t) mix(v);
  }
};

// The global parts of a description (leading sizes are each process's own).
std::uint64_t hash_of(const nd::Description& d) {
  Hash h;
  h.mix(d.ndims);
  h.mix(d.grid_order);
  h.mix(d.storage_order);
  for (const std::vector<Index>* t : {&d.sizes, &d.blocks, &d.grid, &d.sources, &d.starts, &d.counts, &d.ranks})
    h.table(*t);
  return h.h;
}

// The N-D exchange's Word: prints hash DA, DB and PERM; values hold A's
// leading sizes (every process's, so that receivers read senders' A in place).
enum Print { kPrintA = 0, kPrintB = 1, kPrintPerm = 2 };
static_assert(nd::kMaxDims <= kWordValues);

// The local window of `x` on `rank` as one column of elements, from its
// first element to its last (empty where it holds none of it).
check::LocalWindow window_of(const nd::Array& x, Index rank) {
  if (!nd::holds_window(x, rank)) return {};
  const Index pos = nd::position_of(x, rank);
  const std::vector<Index> strides = nd::strides_of(x);
  Index first = 0, last = 0;
  for (std::size_t d = 0; d < x.dims.size(); ++d) {
    const nd::Dim& dim = x.dims[d];
    const auto [lo, end] = nd::window_range(dim, (pos / dim.weight) % dim.procs);
    first += lo * strides[d];
    last += (end - 1) * strides[d];
  }
  return {first, last + 1, 0, 1};
}

// What one process finds without talking to the others.
struct NdLocal {
  CallSpec spec;  ///< the call as the common checks see it
  LocalStage st;
  nd::Array a, b;
  std::vector<int> perm;
  Word word;
  Part part;  ///< its arrays' footprint, once the descriptions passed
  int me = 0, size = 1;
};

// The local stage: the common checks (type, options, settings, the plan
// handle), the descriptions, the permutation and the arrays given (`direct`).
Status nd_local(const CallSpec& nd_spec, bool direct, NdLocal& loc) {
  loc.spec = nd_spec;
  CallSpec& spec = loc.spec;
  spec.layout = true;
  spec.entry = check::Entry::transform;
  spec.a.matrix = nullptr;
  spec.b.matrix = nullptr;
  spec.ia = spec.ja = spec.ib = spec.jb = 1;
  Status s = stage_local(spec, loc.st);
  if (!s.ok()) return s;
  const check::Call& call = loc.st.call;
  MPI_Comm_rank(loc.st.comm, &loc.me);
  MPI_Comm_size(loc.st.comm, &loc.size);
  const Index me = loc.me, size = loc.size;
  const std::int64_t arg_perm = check::arg_position(call, "PERM"), arg_da = check::arg_position(call, "DA"),
                     arg_db = check::arg_position(call, "DB");
  nd::Description da, db;
  std::vector<Index> perm;
  Fault f = loc.st.report.error;
  if (f.ok()) f = read_description(nd_spec.a.nd, size, da).named(arg_da);
  if (f.ok()) f = read_description(nd_spec.b.nd, size, db).named(arg_db);
  if (f.ok()) f = nd::check_array(da, size, me, loc.a).named(arg_da);
  if (f.ok()) f = nd::check_array(db, size, me, loc.b).named(arg_db);
  if (f.ok()) {
    if (nd_spec.perm != nullptr) perm.assign(nd_spec.perm, nd_spec.perm + std::min(da.ndims, db.ndims));
    f = nd::check_perm(da, db, perm, loc.perm);
    f = f.named(f.table < 0 ? arg_perm : arg_db);
  }
  Part& part = loc.part;
  if (f.ok()) {
    part.arrays.a = window_of(loc.a, me);
    part.arrays.b = window_of(loc.b, me);
    part.arrays.lda = std::max<Index>(part.arrays.a.row1, 1);
    part.arrays.ldb = std::max<Index>(part.arrays.b.row1, 1);
    part.arrays.elem_size = spec.elem_size;
  }
  // The arrays of a direct call, checked as a plan's execution checks them.
  if (f.ok() && direct) {
    const Footprint& w = part.arrays;
    if (nd_spec.a_array == nullptr && !w.a.empty())
      f = Fault::of(MR2D_ERR_ARGUMENT, DriverReason::array_null, 0).in(0, -1);
    else if (nd_spec.b_array == nullptr && !w.b.empty())
      f = Fault::of(MR2D_ERR_ARGUMENT, DriverReason::array_null, 1).in(0, -1);
    else if (check::windows_overlap(reinterpret_cast<std::uintptr_t>(nd_spec.a_array), w.lda, w.a,
                                    reinterpret_cast<std::uintptr_t>(nd_spec.b_array), w.ldb, w.b, w.elem_size))
      f = Fault::of(MR2D_ERR_ARGUMENT, DriverReason::arrays_overlap, 1).in(0, -1);
  }
  Word& word = loc.word;
  word.fault = f.ok() ? f : f.found_by(me);
  word.prints[kPrintA] = hash_of(da);
  word.prints[kPrintB] = hash_of(db);
  Hash perm_hash;
  perm_hash.table(perm);
  word.prints[kPrintPerm] = perm_hash.h;
  std::copy(loc.a.leading.begin(), loc.a.leading.end(), word.values);
  word.options = loc.st.report.options;
  return {};
}
// The one exchange and the global checks: the first fault anywhere, the
// options, then the descriptions and the permutation compared with process
// 0's. The same verdict on every process.
Status agree_nd(const NdLocal& loc, std::vector<Index>& a_leading) {
  const char* routine = loc.spec.routine;
  const check::Wording wording = worded(worded(check::wording_of(loc.st.call)));
  std::vector<Word> all;
  Status agreed = exchange_words(loc.st.comm, loc.word, wording, routine, all);
  if (!agreed.ok()) return agreed;
  std::vector<check::OptionsReport> options;
  options.reserve(all.size());
  for (const Word& w : all) options.push_back(w.options);
  agreed = agree_options(options, routine);
  if (!agreed.ok()) return agreed;
  const check::Call& call = loc.st.call;
  // The first process whose descriptions differ from process 0's, PERM
  // named before DA and DB.
  std::int64_t first = -1, arg = 0;
  for (const auto& [print, name] : {std::pair{kPrintPerm, "PERM"}, {kPrintA, "DA"}, {kPrintB, "DB"}}) {
    const std::int64_t k = first_differing_print(all, print);
    if (k >= 0 && (first < 0 || k < first)) {
      first = k;
      arg = check::arg_position(call, name);
    }
  }
  if (first >= 0)
    return check::status_of(Fault::of(MR2D_ERR_INCONSISTENT, nd::NdReason::nd_differs).named(arg).found_by(first),
                            wording);
  const auto n = static_cast<std::size_t>(loc.a.ndims());
  a_leading.resize(all.size() * n);
  for (std::size_t k = 0; k < all.size(); ++k)
    std::copy(all[k].values, all[k].values + n, a_leading.begin() + static_cast<std::ptrdiff_t>(k * n));
  return {};
}

// Pairs of processes a schedule of the whole redistribution takes at most;
// beyond, every process orders its own messages by shift (or sends them all
// at once under async).
// MR2D_TEST_PAIRS_LIMIT, a testing hook, makes it smaller so that tests on a
// few processes take that way too.
Index schedule_pairs_max() {
  constexpr Index kSchedulePairsMax = 200000;
  static const Index hook = count_env("MR2D_TEST_PAIRS_LIMIT", -1);
  return hook >= 0 ? hook : kSchedulePairsMax;
}

// Agrees on the call and plans it into `out`: one part whose one plan is
// this process's per-dimension plan as a matrix (nd/matrix_plan.hpp), on
// the route every execution takes.
Status plan_nd(NdLocal& loc, Execution& out) {
  std::vector<Index> a_leading;
  Status s = agree_nd(loc, a_leading);
  if (!s.ok()) return s;
  s = named(transport::prepare_transport(*loc.st.channel, loc.st.options.transport, loc.st.options.shm_budget),
            loc.spec.routine);
  if (!s.ok()) return s;
  out.channel = loc.st.channel;
  out.serial = out.channel->next_serial++;
  out.node_local = loc.st.options.transport != transport::Transport::mpi;
  for (MPI_Comm comm : grid_lifetimes(loc.spec, loc.st.call)) out.grids.push_back(transport::liveness(comm));
  // Every process plans the same agreed descriptions: a fault here is the
  // same everywhere without another exchange.
  nd::DimPlan dims;
  const Fault f = nd::plan_by_dimension(loc.a, loc.b, loc.perm, loc.me, dims);
  if (!f.ok())
    return check::status_of(f.named(check::arg_position(loc.st.call, "DA")).found_by(kEveryProcess),
                            worded(check::wording_of(loc.st.call)));
  const Index es = loc.spec.elem_size;
  nd::MatrixPlan mp = nd::matrix_plan(dims, loc.a, loc.b, loc.perm, loc.me, loc.size, es, a_leading);
  Part& part = loc.part;
  part.nd = true;
  part.transform = true;
  part.type = loc.spec.type;
  part.op = mp.op;
  part.problem.elem_size = es;
  part.problem.transposed = mp.op != 'N';
  part.plans.assign(1, std::move(mp.plan));
  part.cdc = plan::apply_indexing(part.plans.front(), loc.st.options.indexing);
  part.pieces.assign(1, Piece{});
  part.nranks = loc.size;
  PassPairs pairs;
  pairs.nranks = loc.size;
  pairs.transposed = part.problem.transposed;
  if (!nd::pair_bytes(loc.a, loc.b, loc.perm, es, schedule_pairs_max(), part.pairs)) {
    // Too many pairs to gather: this process's own, in the shift order (all
    // at once where async is asked for).
    pairs.own = true;
    part.own_pairs = true;
    const plan::Plan& p = part.plans.front();
    for (const plan::Transfer& t : p.sends) part.pairs.push_back({p.me, t.peer, t.count * es});
    for (const plan::Transfer& t : p.recvs) part.pairs.push_back({t.peer, p.me, t.count * es});
  }
  pairs.bytes = part.pairs;
  out.parts.assign(1, std::move(part));
  route_execution(out, loc.st.options, {pairs}, 0);
  return {};
}

// The door (redistribute.hpp): its local stage reads and checks the
// descriptions, its key holds their hashes, the permutation and this
// process's leading sizes, its plan is the per-dimension one. A call is
// never empty here: an empty window plans to nothing.
struct NdDoor {
  static constexpr std::int64_t kKey = 3;
  NdLocal loc;
  bool empty(const CallSpec&) const { return false; }
  // Direct calls give their arrays; plans get them at execution.
  Status local(const CallSpec& args) { return nd_local(args, !args.deferred_arrays, loc); }
  const LocalStage& stage() const { return loc.st; }
  void add_key(CallCache::Key& key) const {
    key.insert(key.end(), {static_cast<std::int64_t>(loc.word.prints[kPrintA]),
                           static_cast<std::int64_t>(loc.word.prints[kPrintB]),
                           static_cast<std::int64_t>(loc.word.prints[kPrintPerm])});
    for (const nd::Array* x : {&loc.a, &loc.b}) {
      key.push_back(static_cast<std::int64_t>(x->leading.size()));
      key.insert(key.end(), x->leading.begin(), x->leading.end());
    }
    // A process with a fault of its own plans, so that every process hears of it.
    if (!loc.word.fault.ok()) key.push_back(-1 - static_cast<std::int64_t>(loc.word.fault.code));
  }
  Status plan(const CallSpec&, Execution& out) { return plan_nd(loc, out); }
};

}  // namespace

Status nd_direct(const CallSpec& args) {
  NdDoor door;
  return run_direct(door, args);
}

Status plan_nd_call(const CallSpec& args, Execution& out) {
  NdDoor door;
  return plan_through(door, args, out);
}

}  // namespace mr2d::driver

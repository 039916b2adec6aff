// SPDX-License-Identifier: BSD-3-Clause
// (MPI) N-dimensional calls; see nd_call.hpp.
#include "driver/nd_call.hpp"

#include <climits>
#include <limits>
#include <vector>

#include "check/validate.hpp"
#include "driver/agreement.hpp"
#include "driver/grid_source.hpp"
#include "driver/persistent_plan.hpp"
#include "driver/redistribute.hpp"
#include "nd/check.hpp"
#include "nd/lower.hpp"
#include "driver/dispatch.hpp"

namespace mr2d::driver {

namespace {

// The grid-layout tables of one side, kept alive for the lowered call.
struct SideTables {
  std::vector<mr2d_int> row_splits, col_splits;
  std::vector<int> owners;
  std::vector<mr2d_block> blocks;
  mr2d_grid_layout layout{};
  mr2d_matrix matrix{};
};

}  // namespace

Fault read_description(const mr2d_nd_array* in, Index union_size, nd::Description& out) {
  const auto field_fault = [](Reason why, nd::Field f, Index value = 0, Index limit = 0) {
    return Fault::of(MR2D_ERR_ARGUMENT, why, value, limit).in(f, 0);
  };
  if (in == nullptr) return Fault::of(MR2D_ERR_ARGUMENT, Reason::null_pointer);
  if (in->ndims < 1 || in->ndims > nd::kMaxDims)
    return field_fault(Reason::nd_dims, nd::Field::ndims, in->ndims, nd::kMaxDims);
  if (in->sizes == nullptr) return field_fault(Reason::nd_null_field, nd::Field::sizes);
  if (in->grid == nullptr) return field_fault(Reason::nd_null_field, nd::Field::grid);
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

// What each process sends in the N-D exchange.
struct Word {
  Fault fault;
  std::uint64_t hash_a = 0, hash_b = 0, hash_perm = 0;
};
constexpr int kWords = static_cast<int>(sizeof(Word) / sizeof(std::int64_t));
static_assert(std::has_unique_object_representations_v<Word>);

void fill_side(const nd::Layout& l, SideTables& t) {
  t.row_splits.assign(l.row_splits.begin(), l.row_splits.end());
  t.col_splits.assign(l.col_splits.begin(), l.col_splits.end());
  t.owners.assign(l.owners.begin(), l.owners.end());
  t.blocks.clear();
  t.blocks.reserve(l.mine.size());
  for (const nd::Block& b : l.mine)
    t.blocks.push_back({static_cast<int>(b.row), static_cast<int>(b.col), nullptr, static_cast<long long>(b.offset),
                        static_cast<mr2d_int>(b.ld)});
  t.layout.rows = static_cast<mr2d_int>(l.rows);
  t.layout.cols = static_cast<mr2d_int>(l.cols);
  t.layout.block_rows = static_cast<int>(l.block_rows());
  t.layout.block_cols = static_cast<int>(l.block_cols());
  t.layout.row_splits = t.row_splits.data();
  t.layout.col_splits = t.col_splits.data();
  t.layout.owners = t.owners.data();
  t.layout.nblocks = static_cast<int>(t.blocks.size());
  t.layout.blocks = t.blocks.data();
  t.matrix = {nullptr, nullptr, &t.layout};
}

// Whether the lowered tables fit the public types (32-bit mr2d_int builds).
bool fits(const nd::Lowered& l) {
  constexpr Index most = std::numeric_limits<mr2d_int>::max();
  for (const nd::Layout* s : {&l.a, &l.b}) {
    if (s->rows > most || s->cols > most || s->block_rows() > INT_MAX || s->block_cols() > INT_MAX) return false;
    for (const nd::Block& b : s->mine)
      if (b.ld > most) return false;
  }
  return true;
}

// Checks, agrees and lowers the call: `spec` becomes the grid-layout call
// whose tables `tables` hold; `direct`: the call passes its arrays.
Status lower_call(const NdSpec& nd_spec, CallSpec& spec, SideTables (&tables)[2], bool direct) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) return failure(MR2D_ERR_CONTEXT, spec.routine, "MPI is not initialized");
  spec = nd_spec.base;
  spec.layout = true;
  spec.entry = check::Entry::transform;
  spec.a.matrix = nullptr;
  spec.b.matrix = nullptr;
  check::LocalCall call = local_call_of(spec);
  MPI_Comm comm = MPI_COMM_NULL;
  Status located = locate_grids(spec, call, comm);
  if (!located.ok()) return located;
  int me = 0, size = 1;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_size(comm, &size);

  const std::int64_t arg_perm = check::arg_position(call, "PERM"), arg_da = check::arg_position(call, "DA"),
                     arg_db = check::arg_position(call, "DB");
  nd::Description da, db;
  nd::Array a, b;
  std::vector<Index> perm;
  std::vector<int> canonical_perm;
  Fault f = read_description(nd_spec.da, size, da).named(arg_da);
  if (f.ok()) f = read_description(nd_spec.db, size, db).named(arg_db);
  if (f.ok()) f = nd::check_array(da, size, me, a).named(arg_da);
  if (f.ok()) f = nd::check_array(db, size, me, b).named(arg_db);
  if (f.ok()) {
    if (nd_spec.perm != nullptr) perm.assign(nd_spec.perm, nd_spec.perm + std::min(da.ndims, db.ndims));
    f = nd::check_perm(da, db, perm, canonical_perm);
    f = f.named(f.table < 0 ? arg_perm : arg_db);
  }
  // A NULL array where this process holds part of its window, named as
  // the array (the lowered layout's blocks are not the caller's).
  if (f.ok() && direct) {
    if (nd_spec.base.a_array == nullptr && nd::holds_window(a, me))
      f = Fault::of(MR2D_ERR_ARGUMENT, Reason::array_null, 0).in(0, -1);
    else if (nd_spec.base.b_array == nullptr && nd::holds_window(b, me))
      f = Fault::of(MR2D_ERR_ARGUMENT, Reason::array_null, 1).in(0, -1);
  }
  Word word;
  word.fault = f.ok() ? f : f.found_by(me);
  word.hash_a = hash_of(da);
  word.hash_b = hash_of(db);
  Hash perm_hash;
  perm_hash.table(perm);
  word.hash_perm = perm_hash.h;

  std::vector<Word> all(static_cast<std::size_t>(size));
  Status gathered = agree_gather(comm, reinterpret_cast<const std::int64_t*>(&word), kWords,
                                 reinterpret_cast<std::int64_t*>(all.data()), spec.routine);
  if (!gathered.ok()) return gathered;
  const check::Wording wording = check::wording_of(call);
  for (const Word& w : all)
    if (!w.fault.ok()) return check::status_of(w.fault, wording);
  for (int k = 1; k < size; ++k) {
    const Word& w = all[static_cast<std::size_t>(k)];
    const std::int64_t differs = w.hash_perm != all[0].hash_perm ? arg_perm
                                 : w.hash_a != all[0].hash_a     ? arg_da
                                 : w.hash_b != all[0].hash_b     ? arg_db
                                                                 : 0;
    if (differs != 0)
      return check::status_of(Fault::of(MR2D_ERR_INCONSISTENT, Reason::nd_differs).named(differs).found_by(k), wording);
  }
  // Every process now lowers the same descriptions: the faults below are
  // the same everywhere without another exchange.
  nd::Lowered lowered;
  f = nd::lower(a, b, canonical_perm, me, lowered);
  if (f.ok() && !fits(lowered)) f = Fault::of(MR2D_ERR_ARGUMENT, Reason::too_large, 0, 0);
  // The side whose description cuts too many blocks is the one named.
  const bool a_side = f.why() == Reason::nd_too_many_blocks && f.index == 0;
  if (!f.ok()) return check::status_of(f.named(a_side ? arg_da : arg_db).found_by(kEveryProcess), wording);
  fill_side(lowered.a, tables[0]);
  fill_side(lowered.b, tables[1]);
  spec.op = lowered.op;
  spec.m = static_cast<mr2d_int>(lowered.m);
  spec.n = static_cast<mr2d_int>(lowered.n);
  spec.a.i = spec.a.j = spec.b.i = spec.b.j = 1;
  spec.a.matrix = &tables[0].matrix;
  spec.b.matrix = &tables[1].matrix;
  return {};
}

}  // namespace

int nd_transform(const NdSpec& nd_spec) noexcept {
  CallSpec spec;
  SideTables tables[2];
  Status s = caught(nd_spec.base.routine, [&] { return lower_call(nd_spec, spec, tables, true); });
  if (!s.ok()) return finish(nd_spec.base.routine, true, s);
  return redistribute(spec, true);
}

int create_nd_plan(mr2d_plan* plan, const NdSpec& nd_spec) noexcept {
  if (plan != nullptr) *plan = nullptr;
  CallSpec spec;
  SideTables tables[2];
  Status s = caught(nd_spec.base.routine, [&] { return lower_call(nd_spec, spec, tables, false); });
  if (!s.ok()) return finish(nd_spec.base.routine, true, s);
  return create_plan(plan, spec);
}

}  // namespace mr2d::driver

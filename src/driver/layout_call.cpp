// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Grid-layout calls; see layout_call.hpp.
#include "driver/layout_call.hpp"

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>

#include "check/footprint.hpp"
#include "check/validate.hpp"
#include "driver/agreement.hpp"
#include "driver/call_cache.hpp"
#include "driver/planner.hpp"
#include "driver/redistribute.hpp"
#include "driver/reason_words.hpp"
#include "grid/blacs.hpp"
#include "layout/overlap.hpp"
#include "layout/tile_plans.hpp"
#include "layout/tiles.hpp"
#include "plan/indexing.hpp"
#include "check/reasons.hpp"
#include "layout/reasons.hpp"

namespace mr2d::driver {

namespace {

// A fault of a grid-layout side at `index` of `table`.
Fault side_fault(layout::LayoutReason why, Index table = 0, Index index = 0, Index value = 0) {
  return Fault::of(MR2D_ERR_ARGUMENT, why, value).in(table, index);
}

// What a process gives for a side (Word::grid_a, grid_b).
enum SideKind : std::int64_t { kDescriptor = 0, kLayout = 1, kNeither = 2 };

SideKind side_kind(const mr2d_matrix* m) {
  if (is_grid_layout(m)) return kLayout;
  return m->desc == nullptr ? kNeither : kDescriptor;
}

// Copies one side's tables and blocks, checking what this process sees.
Fault read_side(const mr2d_matrix* m, int union_size, int me, LayoutSide& out) {
  if (m == nullptr) return side_fault(layout::LayoutReason::null_side);
  if (!is_grid_layout(m)) return {};
  out.grid = true;
  const mr2d_grid_layout& l = *m->layout;
  if (l.rows < 0) return side_fault(layout::LayoutReason::negative_extent, 0, 0, l.rows);
  if (l.cols < 0) return side_fault(layout::LayoutReason::negative_extent, 1, 0, l.cols);
  if (l.block_rows < 1) return side_fault(layout::LayoutReason::no_blocks, 0, 0, l.block_rows);
  if (l.block_cols < 1) return side_fault(layout::LayoutReason::no_blocks, 1, 0, l.block_cols);
  if (l.row_splits == nullptr) return side_fault(layout::LayoutReason::null_table, 0);
  if (l.col_splits == nullptr) return side_fault(layout::LayoutReason::null_table, 1);
  if (l.owners == nullptr) return side_fault(layout::LayoutReason::null_table, 2);
  if (l.nblocks < 0) return side_fault(layout::LayoutReason::block_count, 3, 0, l.nblocks);
  if (l.nblocks > 0 && l.blocks == nullptr) return side_fault(layout::LayoutReason::null_table, 3);
  layout::Tables& t = out.tables;
  t.rows = l.rows;
  t.cols = l.cols;
  t.row_splits.assign(l.row_splits, l.row_splits + l.block_rows + 1);
  t.col_splits.assign(l.col_splits, l.col_splits + l.block_cols + 1);
  t.owners.assign(l.owners, l.owners + static_cast<std::size_t>(l.block_rows) * static_cast<std::size_t>(l.block_cols));
  Fault f = layout::check_tables(t, union_size);
  if (!f.ok()) return f;
  std::vector<layout::Block> given;
  given.reserve(static_cast<std::size_t>(l.nblocks));
  for (int k = 0; k < l.nblocks; ++k) {
    const mr2d_block& b = l.blocks[k];
    given.push_back({b.row, b.col, reinterpret_cast<std::uintptr_t>(b.data), b.offset, b.ld, k});
  }
  f = layout::check_blocks(t, me, given, &out.index_of);
  if (!f.ok()) return f;
  // Column-major order by walking the blocks' positions (no sort); index_of
  // becomes each block's index in that order. Blocks listed in that order
  // already (positions increasing) are kept as they are.
  int last = -1;
  bool ordered = true;
  for (int at : out.index_of)
    if (at >= 0) {
      ordered = ordered && at > last;
      last = at;
    }
  if (ordered) {
    out.blocks = std::move(given);
    for (int& at : out.index_of) at = at < 0 ? kNowhere : at;
    return {};
  }
  out.blocks.reserve(given.size());
  for (int& at : out.index_of) {
    if (at < 0) {
      at = kNowhere;
      continue;
    }
    const std::size_t from = static_cast<std::size_t>(at);
    at = static_cast<int>(out.blocks.size());
    out.blocks.push_back(given[from]);
  }
  return {};
}

// A direct call needs the array of a side whose blocks are given by offset.
Fault offsets_need_array(const LayoutSide& s, const void* array) {
  if (array != nullptr) return {};
  for (std::size_t k = 0; k < s.blocks.size(); ++k)
    if (s.blocks[k].by_offset() && s.tables.rows_of(s.blocks[k].row) > 0 && s.tables.cols_of(s.blocks[k].col) > 0)
      return side_fault(layout::LayoutReason::offset_no_array, 3, s.blocks[k].given);
  return {};
}

// The layout exchange's Word: prints 0 and 1 hash the tables of MA and MB;
// values 0 and 1 are their SideKinds, values 2 to 5 the window starts of grid
// sides (IA, JA of a grid A; IB, JB of a grid B): the tiles of every process
// start there, so every process compares its own with process 0's.
constexpr int kKindAt = 0, kStartsAt = 2;

// The argument of a side (1: MA, 2: MB).
std::int64_t side_arg(const check::Call& call, int side) {
  return check::arg_position(call, side == 1 ? "DESCA" : "DESCB");
}

// Every process's words, their faults already checked: a side missing its
// layout, or tables or starts that differ from process 0's, is every
// process's status.
Status agree_layouts(const check::Call& call, const std::vector<Word>& all) {
  const check::Wording wording = worded(check::wording_of(call));
  const int size = static_cast<int>(all.size());
  const auto error = [&](const Fault& f, int side, int k) {
    return check::status_of(f.named(side_arg(call, side)).found_by(k), wording);
  };
  // A side given as neither where others give a layout lacks its layout.
  auto kind = [&](int k, int side) { return all[static_cast<std::size_t>(k)].values[kKindAt + side - 1]; };
  for (int side = 1; side <= 2; ++side) {
    bool layout = false;
    for (int k = 0; k < size; ++k) layout = layout || kind(k, side) == kLayout;
    for (int k = 0; layout && k < size; ++k)
      if (kind(k, side) == kNeither) return error(side_fault(layout::LayoutReason::null_side), side, k);
  }
  static const char* const kStarts[] = {"IA", "JA", "IB", "JB"};
  for (int k = 1; k < size; ++k) {
    const Word& w = all[static_cast<std::size_t>(k)];
    for (int side = 1; side <= 2; ++side) {
      const std::int64_t grid = kind(k, side) == kLayout ? 1 : 0;
      const std::int64_t grid0 = kind(0, side) == kLayout ? 1 : 0;
      if (grid != grid0)
        return error(Fault::of(MR2D_ERR_INCONSISTENT, layout::LayoutReason::kind_differs, grid), side, k);
      if (w.prints[side - 1] != all[0].prints[side - 1])
        return error(Fault::of(MR2D_ERR_INCONSISTENT, layout::LayoutReason::layout_differs), side, k);
    }
    for (int s = 0; s < 4; ++s)
      if (w.values[kStartsAt + s] != all[0].values[kStartsAt + s])
        return check::status_of(Fault::of(MR2D_ERR_INCONSISTENT, Reason::start_differs, w.values[kStartsAt + s],
                                          all[0].values[kStartsAt + s])
                                    .named(check::arg_position(call, kStarts[s]))
                                    .found_by(k),
                                wording);
  }
  return {};
}

// The memory of the blocks (and of a descriptor side's local window) as
// extents; blocks by offset only where the array is known.
void add_extents(const LayoutSide& s, const void* array, bool with_offsets, bool with_pointers, int owner, Index es,
                 std::vector<layout::Extent>& out) {
  for (const layout::Block& b : s.blocks) {
    if (b.by_offset() ? !with_offsets : !with_pointers) continue;
    const std::uintptr_t at = b.by_offset()
                                  ? reinterpret_cast<std::uintptr_t>(array) + static_cast<std::uintptr_t>(b.offset * es)
                                  : b.address;
    out.push_back({at, b.ld * es, s.tables.rows_of(b.row) * es, s.tables.cols_of(b.col), owner, b.given});
  }
}

// Whether one matrix's blocks by offset lie in list order with byte spans
// that do not interleave, as packed blocks do: then no two share memory, and
// the sort and sweep are not needed.
bool offsets_apart(const LayoutSide& s, Index es) {
  std::uintptr_t reach = 0;
  for (const layout::Block& b : s.blocks) {
    const Index height = s.tables.rows_of(b.row) * es, cols = s.tables.cols_of(b.col);
    if (!b.by_offset() || height <= 0 || cols <= 0) continue;  // empty blocks never clash
    const auto at = static_cast<std::uintptr_t>(b.offset * es);
    if (at < reach) return false;
    reach = at + static_cast<std::uintptr_t>((cols - 1) * b.ld * es + height);
  }
  return true;
}

// Memory shared by blocks of one matrix, or by what A reads and B writes.
// A plan sees only blocks given by pointer and, apart, each matrix's blocks
// by offset; a direct call sees everything.
Fault find_overlaps(const Part& p, const CallSpec& la, const check::Call& call) {
  const Index es = la.elem_size;
  auto to_fault = [&](const layout::Clash& c, const std::vector<layout::Extent>& e) -> Fault {
    if (!c.found) return {};
    const layout::Extent& x = e[c.first];
    const layout::Extent& y = e[c.second];
    // Name a block of a grid side (a descriptor window has id -1).
    const layout::Extent& named = x.id >= 0 ? x : y;
    const layout::Extent& other = x.id >= 0 ? y : x;
    const auto why = x.owner == y.owner ? layout::LayoutReason::blocks_overlap : layout::LayoutReason::overlaps_other;
    return side_fault(why, 3, named.id, other.id).named(side_arg(call, named.owner + 1));
  };
  std::vector<std::vector<layout::Extent>> sets;
  if (!la.deferred_arrays) {
    sets.emplace_back();
    sets.back().reserve(p.a.blocks.size() + p.b.blocks.size() + 2);
    add_extents(p.a, la.a_array, true, true, 0, es, sets.back());
    add_extents(p.b, la.b_array, true, true, 1, es, sets.back());
    // A descriptor side's local window, where this process holds one.
    const bool rows_a = check::is_transposed(call.op);
    for (int side = 0; side < 2; ++side) {
      const bool grid = side == 0 ? p.a.grid : p.b.grid;
      const check::GridInfo& g = side == 0 ? call.found.grid_a : call.found.grid_b;
      if (grid || !g.member()) continue;
      const auto& d = side == 0 ? call.found.desca : call.found.descb;
      const Index rows = side == 0 ? (rows_a ? call.n : call.m) : call.m;
      const Index cols = side == 0 ? (rows_a ? call.m : call.n) : call.n;
      const check::LocalWindow w =
          check::local_window(d, g, side == 0 ? call.ia : call.ib, side == 0 ? call.ja : call.jb, rows, cols);
      if (w.empty()) continue;
      const auto base = reinterpret_cast<std::uintptr_t>(side == 0 ? la.a_array : la.b_array);
      sets.back().push_back({base + static_cast<std::uintptr_t>((w.row0 + w.col0 * d[check::LLD]) * es),
                             d[check::LLD] * es, (w.row1 - w.row0) * es, w.col1 - w.col0, side, -1});
    }
  } else {
    sets.emplace_back();
    add_extents(p.a, nullptr, false, true, 0, es, sets.back());
    add_extents(p.b, nullptr, false, true, 1, es, sets.back());
    for (int side = 0; side < 2; ++side) {
      const LayoutSide& s = side == 0 ? p.a : p.b;
      if (offsets_apart(s, es)) continue;
      sets.emplace_back();
      sets.back().reserve(s.blocks.size());
      add_extents(s, nullptr, true, false, side, es, sets.back());
    }
  }
  for (const auto& set : sets) {
    const Fault f = to_fault(layout::find_overlap(set), set);
    if (!f.ok()) return f;
  }
  return {};
}

// This process's block (r, c) of a side: its index, or kNowhere.
int block_index(const LayoutSide& s, Index r, Index c) {
  return s.index_of[static_cast<std::size_t>(r + c * s.tables.block_rows())];
}

// One plan per tile this process takes part in, and the route of them all.
void plan_tiles(const CallSpec& la, const LocalStage& st, int me, int size, Execution& out) {
  Part& part = out.parts.front();
  const model::Problem& agreed = part.problem;
  const bool transposed = agreed.transposed;
  layout::Side a, b;
  if (part.a.grid)
    a = {&part.a.tables, la.ia - 1, la.ja - 1, {}};
  else
    a.cyclic = agreed.a;
  if (part.b.grid)
    b = {&part.b.tables, la.ib - 1, la.jb - 1, {}};
  else
    b.cyclic = agreed.b;
  const Index am = transposed ? la.n : la.m, an = transposed ? la.m : la.n;
  const layout::Tiling tiling = layout::make_tiling(am, an, transposed, a, b, agreed.elem_size);
  auto ld_of = [](const LayoutSide& s) {
    return [&s](Index r, Index c) {
      const int k = block_index(s, r, c);
      return k >= 0 ? s.blocks[static_cast<std::size_t>(k)].ld : Index{0};
    };
  };
  layout::TilePlans tiled = layout::plan_tiles(tiling, me, st.lda, st.ldb, ld_of(part.a), ld_of(part.b));
  part.plans = std::move(tiled.plans);
  for (plan::Plan& p : part.plans) part.cdc = plan::apply_indexing(p, st.options.indexing) || part.cdc;
  part.pieces.reserve(tiled.parts.size());
  for (const layout::TilePart& tile : tiled.parts) {
    const layout::Segment& r = tiling.rows[static_cast<std::size_t>(tile.row)];
    const layout::Segment& c = tiling.cols[static_cast<std::size_t>(tile.col)];
    Piece piece;
    piece.plan = tile.plan;
    piece.a = part.a.grid ? block_index(part.a, r.a, c.a) : kCallArray;
    const auto [br, bc] = tiling.block_b(r, c);
    piece.b = part.b.grid ? block_index(part.b, br, bc) : kCallArray;
    piece.a_shift = tile.a_shift;
    piece.b_shift = tile.b_shift;
    part.pieces.push_back(piece);
  }
  part.pairs = layout::pair_volumes(tiling);
  for (model::Edge& e : part.pairs) e.count *= agreed.elem_size;  // bytes, as for batches
  part.nranks = size;
  PassPairs pairs;
  pairs.bytes = part.pairs;
  pairs.nranks = size;
  pairs.transposed = transposed;
  // Sender and receiver hold different numbers of tile plans: one alignment
  // for all (every plan has the same element type).
  route_execution(out, st.options, {pairs}, 1);
}

}  // namespace

namespace {

// What one process learns of a call without talking to the others: the
// descriptor stage and the local layout findings.
struct LocalLayout {
  LocalStage st;
  Word word;
  int me = 0, size = 1;
};

// The local stage; an error here is this process's alone (as stage_local's).
Status layout_local(const CallSpec& la, Part& out, LocalLayout& loc) {
  out.transform = true;
  out.type = la.type;
  out.op = la.op;
  LocalStage& st = loc.st;
  Status s = stage_local(la, st);
  if (!s.ok()) return s;
  MPI_Comm_rank(st.comm, &loc.me);
  MPI_Comm_size(st.comm, &loc.size);
  Word& word = loc.word;
  const std::int64_t ma = side_arg(st.call, 1), mb = side_arg(st.call, 2);
  Fault f = read_side(la.a.matrix, loc.size, loc.me, out.a).named(ma);
  if (f.ok()) f = read_side(la.b.matrix, loc.size, loc.me, out.b).named(mb);
  if (f.ok() && !la.deferred_arrays) {
    f = offsets_need_array(out.a, la.a_array).named(ma);
    if (f.ok()) f = offsets_need_array(out.b, la.b_array).named(mb);
  }
  // Memory once the tables, blocks and this process's descriptors passed
  // (a descriptor side's local window needs a valid descriptor).
  if (f.ok() && st.report.error.ok()) f = find_overlaps(out, la, st.call);
  word.fault = f;
  word.values[kKindAt] = side_kind(la.a.matrix);
  word.values[kKindAt + 1] = side_kind(la.b.matrix);
  word.prints[0] = out.a.grid && f.ok() ? layout::hash(out.a.tables) : 0;
  word.prints[1] = out.b.grid && f.ok() ? layout::hash(out.b.tables) : 0;
  if (out.a.grid) {
    word.values[kStartsAt] = la.ia;
    word.values[kStartsAt + 1] = la.ja;
  }
  if (out.b.grid) {
    word.values[kStartsAt + 2] = la.ib;
    word.values[kStartsAt + 3] = la.jb;
  }
  return {};
}

// The one exchange, the global checks and this process's plans; `out` holds
// the part whose sides layout_local read.
Status layout_global(const CallSpec& la, const LocalLayout& loc, Execution& out) {
  // The layout words go with the reports: one exchange.
  const DoorWords words{&loc.word, [&](const std::vector<Word>& all) { return agree_layouts(loc.st.call, all); }};
  Status s = agree_stage(la, loc.st, out, words);
  if (!s.ok()) return s;
  plan_tiles(la, loc.st, loc.me, loc.size, out);
  return {};
}

// The door (redistribute.hpp): its local stage reads the sides (tables,
// blocks, memory), its key holds its findings and blocks, its plan agrees
// on the layouts and tiles the problem.
struct LayoutDoor {
  static constexpr std::int64_t kKey = 2;
  LocalLayout loc;
  Part sides;  ///< the sides layout_local read, until plan() takes them
  bool empty(const CallSpec& args) const { return args.m == 0 || args.n == 0; }
  Status local(const CallSpec& args) { return layout_local(args, sides, loc); }
  const LocalStage& stage() const { return loc.st; }
  // Its layout findings and hashes, and its blocks (where they are).
  void add_key(CallCache::Key& key) const {
    std::int64_t words[kWordInts];
    std::memcpy(words, &loc.word, sizeof words);
    key.insert(key.end(), words, words + kWordInts);
    for (const LayoutSide* side : {&sides.a, &sides.b}) {
      key.push_back(static_cast<std::int64_t>(side->blocks.size()));
      for (const layout::Block& b : side->blocks)
        key.insert(key.end(), {b.row, b.col, static_cast<std::int64_t>(b.address), b.offset, b.ld});
    }
  }
  Status plan(const CallSpec& args, Execution& out) {
    out.parts.assign(1, std::move(sides));
    return layout_global(args, loc, out);
  }
};

}  // namespace

Status plan_layout(const CallSpec& args, Execution& out) {
  LayoutDoor door;
  return plan_through(door, args, out);
}

Status layout_direct(const CallSpec& args) {
  LayoutDoor door;
  return run_direct(door, args);
}

}  // namespace mr2d::driver

// Routes; see route.hpp.
#include "route/route.hpp"

#include <algorithm>
#include <unordered_map>

#include "index/runs_2d.hpp"

namespace mr2d::route {

using plan::Plan;
using plan::Transfer;

std::vector<Chunk> cut_chunks(const Plan& plan, const Transfer& t, Index chunk_elems) {
  const index::RunSet& rows = plan.rows(t);
  const index::RunSet& cols = plan.cols(t);
  if (chunk_elems <= 0 || t.count <= chunk_elems) return {Chunk{0, cols.extent(), 0, t.count}};
  std::vector<Chunk> chunks;
  Chunk cur;
  cols.for_each([&](Index tc, Index lenc, Index, Index) {
    for (Index j = tc; j < tc + lenc; ++j) {
      const Index in_column = index::rows_in_column(rows, plan.trapezoid, j);
      if (cur.count > 0 && cur.count + in_column > chunk_elems) {
        cur.col_hi = j;
        chunks.push_back(cur);
        cur = Chunk{j, j, cur.offset + cur.count, 0};
      }
      cur.count += in_column;
    }
  });
  cur.col_hi = cols.extent();
  if (cur.count > 0 || chunks.empty()) chunks.push_back(cur);
  return chunks;
}

ChunkSlots chunk_slots(const std::vector<Chunk>& chunks, Index window) {
  ChunkSlots s;
  // Messages of at most `window` chunks keep every chunk at its own offset.
  s.direct = static_cast<Index>(chunks.size()) <= window;
  for (const Chunk& c : chunks) s.slot = std::max(s.slot, c.count);
  return s;
}

Index slot_elems(const std::vector<Chunk>& chunks, Index window) {
  const ChunkSlots s = chunk_slots(chunks, window);
  if (!s.direct) return s.slot * window;
  const Chunk& last = chunks.back();
  return last.offset + last.count;
}

Route make_route(const Plan& plan, const schedule::Schedule& schedule, Index chunk_elems) {
  Route r;
  r.kind = schedule.kind;
  r.window = chunk_elems > 0 ? kPipelineWindow : 1;
  for (const Transfer& t : plan.sends) r.send_chunks.push_back(cut_chunks(plan, t, chunk_elems));
  for (const Transfer& t : plan.recvs) r.recv_chunks.push_back(cut_chunks(plan, t, chunk_elems));

  if (schedule.kind == schedule::Kind::async) {
    Stage all;
    for (std::size_t k = 0; k < plan.sends.size(); ++k) all.sends.push_back(static_cast<int>(k));
    for (std::size_t k = 0; k < plan.recvs.size(); ++k) all.recvs.push_back(static_cast<int>(k));
    r.stages.push_back(std::move(all));
  } else {
    std::unordered_map<int, int> send_of, recv_of;  // peer -> transfer index
    for (std::size_t k = 0; k < plan.sends.size(); ++k) send_of[plan.sends[k].peer] = static_cast<int>(k);
    for (std::size_t k = 0; k < plan.recvs.size(); ++k) recv_of[plan.recvs[k].peer] = static_cast<int>(k);
    for (const auto& step : schedule.steps) {
      Stage st;
      for (const model::Edge& e : step) {
        if (e.from == plan.me) st.sends.push_back(send_of.at(e.to));
        if (e.to == plan.me) st.recvs.push_back(recv_of.at(e.from));
      }
      if (!st.sends.empty() || !st.recvs.empty()) r.stages.push_back(std::move(st));
    }
  }
  for (const Stage& st : r.stages) {
    Index s = 0, v = 0;
    for (int k : st.sends) s += slot_elems(r.send_chunks[static_cast<std::size_t>(k)], r.window);
    for (int k : st.recvs) v += slot_elems(r.recv_chunks[static_cast<std::size_t>(k)], r.window);
    r.send_buffer_elems = std::max(r.send_buffer_elems, s);
    r.recv_buffer_elems = std::max(r.recv_buffer_elems, v);
  }
  return r;
}

}  // namespace mr2d::route

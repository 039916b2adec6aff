// SPDX-License-Identifier: BSD-3-Clause
// Routes; see route.hpp.
#include "route/route.hpp"

#include <algorithm>
#include <unordered_map>

#include "index/runs_2d.hpp"

namespace mr2d::route {

using plan::Plan;
using plan::Transfer;

namespace {

Index aligned(Index bytes, Index align) { return (bytes + align - 1) / align * align; }

// Appends the columns of one transfer to the message, closing a chunk before
// a column that would take it past `chunk_bytes` (0: never). Sections and
// chunks start at multiples of `align` bytes.
void append_transfer(Message& m, const Section& what, const Plan& plan, const Transfer& t, Index chunk_bytes,
                     Index align) {
  const Index es = plan.elem_size;
  auto open_section = [&](Index col) {
    Chunk& c = m.chunks.back();
    c.bytes = aligned(c.bytes, align);
    Section s = what;
    s.col_lo = s.col_hi = col;
    s.offset = c.bytes;
    c.sections.push_back(s);
  };
  auto add = [&](Index elems) {
    Chunk& c = m.chunks.back();
    c.sections.back().count += elems;
    c.bytes += elems * es;
    c.payload += elems * es;
  };
  auto close_section = [&](Index col) {
    Chunk& c = m.chunks.back();
    c.sections.back().col_hi = col;
    if (c.sections.back().count == 0) c.sections.pop_back();
  };
  if (m.chunks.empty()) m.chunks.push_back(Chunk{});
  open_section(0);
  const index::RunSet& cols = plan.cols(t);
  if (chunk_bytes <= 0 || m.chunks.back().bytes + t.count * es <= chunk_bytes) {
    add(t.count);
  } else {
    const index::RunSet& rows = plan.rows(t);
    auto cut = [&](Index j) {
      const Chunk& c = m.chunks.back();
      close_section(j);
      const Index next = c.offset + aligned(c.bytes, align);
      m.chunks.back().bytes = next - c.offset;
      m.chunks.push_back(Chunk{next, 0, 0, {}});
      open_section(j);
    };
    if (plan.trapezoid.shape == index::Shape::full) {
      // Every column holds the same rows: chunks of whole columns counted,
      // each cut found by its column's position (work per chunk, not per column).
      const Index column = rows.count() * es, columns = cols.count();
      for (Index done = 0; done < columns;) {
        const Chunk& c = m.chunks.back();
        Index fit = (chunk_bytes - c.bytes) / column;
        if (fit < 1 && c.payload > 0) {
          cut(cols.position_of(done));
          continue;
        }
        fit = std::min(std::max<Index>(fit, 1), columns - done);
        add(fit * rows.count());
        done += fit;
      }
    } else {
      cols.for_each([&](Index tc, Index lenc, Index, Index) {
        for (Index j = tc; j < tc + lenc; ++j) {
          const Index in_column = index::rows_in_column(rows, plan.trapezoid, j);
          const Chunk& c = m.chunks.back();
          if (c.payload > 0 && c.bytes + in_column * es > chunk_bytes) cut(j);
          add(in_column);
        }
      });
    }
  }
  close_section(cols.extent());
  m.chunks.back().bytes = aligned(m.chunks.back().bytes, align);
  m.bytes = m.chunks.back().offset + m.chunks.back().bytes;
}

}  // namespace

std::vector<Message> make_messages(const std::vector<const Plan*>& plans, bool sending, Index chunk_bytes,
                                   const NodeLocal& node, Index align) {
  std::vector<Message> messages;
  std::unordered_map<int, std::size_t> of_peer;
  if (align <= 0) align = plans.size() > 1 ? kPartAlignment : 1;
  for (std::size_t p = 0; p < plans.size(); ++p) {
    const std::vector<Transfer>& transfers = sending ? plans[p]->sends : plans[p]->recvs;
    for (std::size_t k = 0; k < transfers.size(); ++k) {
      const Transfer& t = transfers[k];
      auto [it, added] = of_peer.try_emplace(t.peer, messages.size());
      if (added) messages.push_back(Message{t.peer, 0, {}, false, {}});
      messages[it->second].carried.push_back(Carried{static_cast<int>(p), static_cast<int>(k)});
      append_transfer(messages[it->second], Section{static_cast<int>(p), static_cast<int>(k)}, *plans[p], t,
                      node.shares(t.peer) ? node.chunk_bytes : chunk_bytes, align);
    }
  }
  for (Message& m : messages) {
    Index largest = 0;
    for (const Chunk& c : m.chunks) largest = std::max(largest, c.bytes);
    m.node_local = node.shares(m.peer) && largest <= node.pool_bytes;
  }
  return messages;
}

ChunkSlots chunk_slots(const Message& m, Index window) {
  ChunkSlots s;
  // Messages of at most `window` chunks keep every chunk at its own offset.
  s.direct = static_cast<Index>(m.chunks.size()) <= window;
  for (const Chunk& c : m.chunks) s.slot = std::max(s.slot, c.bytes);
  return s;
}

Route make_route(const std::vector<const Plan*>& plans, const schedule::Schedule& schedule, Index chunk_bytes,
                 const NodeLocal& node, Index align) {
  Route r;
  r.kind = schedule.kind;
  r.window = chunk_bytes > 0 ? kPipelineWindow : 1;
  r.sends = make_messages(plans, true, chunk_bytes, node, align);
  r.recvs = make_messages(plans, false, chunk_bytes, node, align);

  if (schedule.kind == schedule::Kind::async) {
    Stage all;
    for (std::size_t k = 0; k < r.sends.size(); ++k) all.sends.push_back(static_cast<int>(k));
    for (std::size_t k = 0; k < r.recvs.size(); ++k) all.recvs.push_back(static_cast<int>(k));
    r.stages.push_back(std::move(all));
  } else {
    const int me = plans.empty() ? -1 : plans.front()->me;
    std::unordered_map<int, int> send_of, recv_of;  // peer -> message index
    for (std::size_t k = 0; k < r.sends.size(); ++k) send_of[r.sends[k].peer] = static_cast<int>(k);
    for (std::size_t k = 0; k < r.recvs.size(); ++k) recv_of[r.recvs[k].peer] = static_cast<int>(k);
    for (const auto& step : schedule.steps) {
      Stage st;
      for (const model::Edge& e : step) {
        if (e.from == me) st.sends.push_back(send_of.at(e.to));
        if (e.to == me) st.recvs.push_back(recv_of.at(e.from));
      }
      if (!st.sends.empty() || !st.recvs.empty()) r.stages.push_back(std::move(st));
    }
  }
  auto region = [&](const Message& m) { return m.node_local ? 0 : chunk_slots(m, r.window).region(m, r.window); };
  for (const Stage& st : r.stages) {
    Index s = 0, v = 0;
    for (int k : st.sends) s += region(r.sends[static_cast<std::size_t>(k)]);
    for (int k : st.recvs) v += region(r.recvs[static_cast<std::size_t>(k)]);
    r.send_buffer_bytes = std::max(r.send_buffer_bytes, s);
    r.recv_buffer_bytes = std::max(r.recv_buffer_bytes, v);
  }
  return r;
}

}  // namespace mr2d::route

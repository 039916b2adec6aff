// SPDX-License-Identifier: BSD-3-Clause
// Messages of one or several plans (a batch): per process one message per
// peer; every transfer's columns covered once, in order, by its sections
// (column positions of a run set have gaps: those of other peers);
// chunks back to back, within the chunk size unless one column is larger,
// sections aligned for their type when plans share a message; and the
// sender's message to a peer laid out exactly like that peer's message from
// the sender, since messages carry data only.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "layouts.hpp"
#include "plan/plan.hpp"
#include "route/route.hpp"

using namespace mr2d;

namespace {

std::mt19937_64 rng(4242);
Index u(Index lo, Index hi) { return std::uniform_int_distribution<Index>(lo, hi)(rng); }

model::MatrixLayout random_grid(Index m, Index n, int nranks) {
  const Index p = u(1, 3), q = u(1, 3);
  const Index procs = std::min<Index>(p * q, nranks);
  model::MatrixLayout l = test::grid_layout(procs == p * q ? p : 1, procs == p * q ? q : procs, u(1, 6),
                                            u(1, 6), m + u(0, 3), n + u(0, 3),
                                            static_cast<int>(u(0, nranks - procs)));
  l.rsrc = u(0, l.nprow - 1);
  l.csrc = u(0, l.npcol - 1);
  return l;
}

model::Problem random_problem(int nranks) {
  model::Problem pb;
  pb.m = u(1, 30);
  pb.n = u(1, 30);
  pb.a = random_grid(pb.m, pb.n, nranks);
  pb.b = random_grid(pb.m, pb.n, nranks);
  pb.shape = static_cast<index::Shape>(u(0, 2));
  pb.elem_size = Index{4} << u(0, 2);
  return pb;
}

struct Key {
  int part, transfer;
  bool operator<(const Key& o) const { return part != o.part ? part < o.part : transfer < o.transfer; }
};

// Checks one side's messages of `plans`; returns them.
std::vector<route::Message> checked_messages(const std::vector<const plan::Plan*>& plans, bool sending,
                                             Index chunk_bytes) {
  const std::vector<route::Message> messages = route::make_messages(plans, sending, chunk_bytes);
  const Index align = plans.size() > 1 ? route::kPartAlignment : 1;
  std::set<int> peers;
  std::map<Key, Index> covered;  // next column each transfer expects
  std::map<Key, Index> counted;  // elements of each transfer's sections
  for (const route::Message& m : messages) {
    EXPECT_TRUE(peers.insert(m.peer).second) << "two messages to peer " << m.peer;
    Index offset = 0;
    for (const route::Chunk& c : m.chunks) {
      EXPECT_EQ(c.offset, offset);
      EXPECT_EQ(c.offset % align, 0);
      Index payload = 0, end = 0;
      for (const route::Section& s : c.sections) {
        const plan::Plan& p = *plans[static_cast<std::size_t>(s.part)];
        const plan::Transfer& t = (sending ? p.sends : p.recvs)[static_cast<std::size_t>(s.transfer)];
        EXPECT_EQ(t.peer, m.peer);
        EXPECT_EQ(s.offset % align, 0);
        EXPECT_GE(s.offset, end);
        Index& next = covered[{s.part, s.transfer}];
        EXPECT_GE(s.col_lo, next) << "columns of a transfer repeated";
        EXPECT_LT(s.col_lo, s.col_hi);
        next = s.col_hi;
        counted[{s.part, s.transfer}] += s.count;
        payload += s.count * p.elem_size;
        end = s.offset + s.count * p.elem_size;
      }
      EXPECT_EQ(c.payload, payload);
      EXPECT_GE(c.bytes, end);
      if (align == 1) {
        EXPECT_EQ(c.bytes, c.payload);
      }
      offset += c.bytes;
    }
    EXPECT_EQ(m.bytes, offset);
  }
  // Every transfer whole: its sections hold all its elements and end at its last column.
  for (std::size_t p = 0; p < plans.size(); ++p) {
    const auto& transfers = sending ? plans[p]->sends : plans[p]->recvs;
    for (std::size_t k = 0; k < transfers.size(); ++k) {
      const Key key{static_cast<int>(p), static_cast<int>(k)};
      EXPECT_EQ(covered[key], plans[p]->cols(transfers[k]).extent());
      EXPECT_EQ(counted[key], transfers[k].count);
    }
  }
  return messages;
}

}  // namespace

TEST(Route, MessagesOfBatchesAgreeBetweenSenderAndReceiver) {
  for (int trial = 0; trial < 300; ++trial) {
    const int nranks = static_cast<int>(u(1, 6));
    std::vector<model::Problem> problems;
    for (Index k = u(1, 4); k > 0; --k) problems.push_back(random_problem(nranks));
    const Index chunk_bytes = std::vector<Index>{0, 48, 256, 4096}[static_cast<std::size_t>(u(0, 3))];
    std::vector<std::vector<plan::Plan>> plans(static_cast<std::size_t>(nranks));
    std::vector<std::vector<route::Message>> sends, recvs;
    for (int r = 0; r < nranks; ++r) {
      std::vector<const plan::Plan*> mine;
      for (const model::Problem& pb : problems) plans[static_cast<std::size_t>(r)].push_back(plan::make_plan(pb, r, 64, 64));
      for (const plan::Plan& p : plans[static_cast<std::size_t>(r)]) mine.push_back(&p);
      sends.push_back(checked_messages(mine, true, chunk_bytes));
      recvs.push_back(checked_messages(mine, false, chunk_bytes));
    }
    for (int r = 0; r < nranks; ++r)
      for (const route::Message& out : sends[static_cast<std::size_t>(r)]) {
        const auto& theirs = recvs[static_cast<std::size_t>(out.peer)];
        auto in = std::find_if(theirs.begin(), theirs.end(), [&](const route::Message& m) { return m.peer == r; });
        ASSERT_NE(in, theirs.end()) << "a send without a receive";
        ASSERT_EQ(in->bytes, out.bytes);
        ASSERT_EQ(in->chunks.size(), out.chunks.size());
        for (std::size_t c = 0; c < out.chunks.size(); ++c) {
          const route::Chunk &x = out.chunks[c], &y = in->chunks[c];
          ASSERT_EQ(x.offset, y.offset);
          ASSERT_EQ(x.bytes, y.bytes);
          ASSERT_EQ(x.sections.size(), y.sections.size());
          for (std::size_t s = 0; s < x.sections.size(); ++s) {
            EXPECT_EQ(x.sections[s].part, y.sections[s].part);
            EXPECT_EQ(x.sections[s].offset, y.sections[s].offset);
            EXPECT_EQ(x.sections[s].count, y.sections[s].count);
          }
        }
      }
  }
}

TEST(Route, ChunksStayWithinTheirSizeUnlessOneColumnIsLarger) {
  const model::Problem pb{40, 40, test::grid_layout(1, 2, 5, 3, 40, 40), test::grid_layout(2, 1, 3, 5, 40, 40, 0)};
  const plan::Plan p = plan::make_plan(pb, 0, 64, 64);
  for (Index chunk : {Index{8}, Index{100}, Index{1000}}) {
    for (const route::Message& m : route::make_messages({&p, &p}, true, chunk))
      for (const route::Chunk& c : m.chunks) {
        // A larger chunk holds one column: as many elements as the transfer's rows.
        const plan::Transfer& t = p.sends[static_cast<std::size_t>(c.sections.front().transfer)];
        const bool one_column = c.sections.size() == 1 && c.sections.front().count == p.rows(t).count();
        EXPECT_TRUE(c.payload <= chunk || one_column) << c.payload << " bytes in a chunk of " << chunk;
      }
  }
}

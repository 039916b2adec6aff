// SPDX-License-Identifier: BSD-3-Clause
// The network model with contention (model/network.hpp), its parsing, and the
// automatic schedule choice it drives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cost/cost_model.hpp"
#include "problem/edges.hpp"
#include "problem/problem.hpp"
#include "cost/network.hpp"
#include "schedule/schedule.hpp"
#include "layouts.hpp"

namespace {

using mr2d::model::Edge;
using mr2d::model::Network;

Network parsed(const std::string& text) {
  Network n;
  std::string error;
  EXPECT_TRUE(mr2d::model::parse_network(text, n, error)) << error;
  return n;
}

TEST(NetworkParse, EmptyLeavesTheNodeLocalModel) {
  EXPECT_FALSE(parsed("").enabled);
}

TEST(NetworkParse, ReadsEveryKey) {
  const Network n =
      parsed("latency=2e-6,bandwidth=1e10,overhead=1e-7,ports=2,incast=0.5,sharing=0.25,topology=fat-tree,leaf=16,"
             "spines=8,eager=65536");
  EXPECT_TRUE(n.enabled);
  EXPECT_DOUBLE_EQ(n.latency_s, 2e-6);
  EXPECT_DOUBLE_EQ(n.bandwidth, 1e10);
  EXPECT_DOUBLE_EQ(n.overhead_s, 1e-7);
  EXPECT_EQ(n.ports, 2);
  EXPECT_DOUBLE_EQ(n.incast, 0.5);
  EXPECT_EQ(n.topology, Network::Topology::fat_tree);
  EXPECT_EQ(n.leaf, 16);
  EXPECT_DOUBLE_EQ(n.sharing, 0.25);
  EXPECT_EQ(n.spines, 8);
  EXPECT_DOUBLE_EQ(n.eager_bytes, 65536);
  const Network t = parsed("torus=8x4");
  EXPECT_EQ(t.topology, Network::Topology::torus);
  EXPECT_EQ(t.torus_x, 8);
  EXPECT_EQ(t.torus_y, 4);
}

TEST(NetworkParse, RejectsBadTextAndKeepsTheOldValue) {
  for (const char* bad : {"latency", "latency=", "latency=abc", "latency=-1", "bandwidth=0", "ports=0",
                          "ports=1.5", "incast=-0.1", "sharing=-1", "eager=-1", "spines=0", "topology=ring", "torus=8", "torus=0x4", "topology=torus", "speed=3",
                          "latency=1e-6,,"}) {
    Network n = parsed("latency=3e-6");
    std::string error;
    EXPECT_FALSE(mr2d::model::parse_network(bad, n, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
    EXPECT_DOUBLE_EQ(n.latency_s, 3e-6) << bad;
  }
}

// Four processes each sending one message to every other: 12 messages.
std::vector<Edge> all_to_all(int p, mr2d::Index count) {
  std::vector<Edge> edges;
  for (int i = 0; i < p; ++i)
    for (int j = 0; j < p; ++j)
      if (i != j) edges.push_back({i, j, count});
  return edges;
}

TEST(NetworkModel, PortsShareBandwidthAndLatenciesOverlap) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,hops=2");
  // 3 messages of 1000 bytes through each port: 3 us of bandwidth, one path latency.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, all_to_all(4, 125), 8), 3e-6 + 2e-6, 1e-12);
  // Three steps of one 1000-byte message each, each paying the path latency.
  std::vector<std::vector<Edge>> steps;
  for (int s = 1; s < 4; ++s) {
    steps.emplace_back();
    for (int i = 0; i < 4; ++i) steps.back().push_back({i, (i + s) % 4, 125});
  }
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, steps, 8), 3 * (1e-6 + 2e-6), 1e-12);
  const Network two = parsed("latency=1e-6,bandwidth=1e9,hops=2,ports=2");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(two, all_to_all(4, 125), 8), 1.5e-6 + 2e-6, 1e-12);
}

TEST(NetworkModel, FatTreePathsWithinAndAcrossLeaves) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,topology=fat-tree,leaf=2");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 1, 125}}, 8), 1e-6 + 2e-6, 1e-12);
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 2, 125}}, 8), 1e-6 + 4e-6, 1e-12);
}

TEST(NetworkModel, FatTreeRoutesUpToTheDestinationsSpine) {
  // 4 leaves of 2 hosts, 2 spines: a message to host h goes up to spine h % 2.
  const Network n = parsed("latency=0,bandwidth=1e9,topology=fat-tree,leaf=2,spines=2");
  // 0->2 and 1->4 leave leaf 0 through the uplink to spine 0 together.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 2, 125}, {1, 4, 125}}, 8), 2e-6, 1e-12);
  // 0->2 and 1->5 take the uplinks to spines 0 and 1.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 2, 125}, {1, 5, 125}}, 8), 1e-6, 1e-12);
  // 2->4 and 6->0 share no uplink or downlink (leaves 1 -> 2 and 3 -> 0).
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{2, 4, 125}, {6, 0, 125}}, 8), 1e-6, 1e-12);
  // 0->4 and 2->6 go down from spine 0 to different leaves; 0->4 and 2->4 share the port of 4.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 4, 125}, {2, 6, 125}}, 8), 1e-6, 1e-12);
  // Within a leaf no switch link is used.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 1, 125}, {2, 3, 125}, {4, 5, 125}}, 8), 1e-6, 1e-12);
  // A step of the two colliding messages costs the same as at once.
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, {{{0, 2, 125}, {1, 4, 125}}}, 8), 2e-6, 1e-12);
}

TEST(NetworkModel, SharingSlowsSendersOfSeveralMessagesOnly) {
  const Network n = parsed("latency=0,bandwidth=1e9,sharing=0.25");
  // 3 messages from each process at once: 3 us x 1.25.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, all_to_all(4, 125), 8), 3.75e-6, 1e-12);
  // Three steps of one message per process: no loss.
  std::vector<std::vector<Edge>> steps;
  for (int s = 1; s < 4; ++s) {
    steps.emplace_back();
    for (int i = 0; i < 4; ++i) steps.back().push_back({i, (i + s) % 4, 125});
  }
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, steps, 8), 3e-6, 1e-12);
  // Three senders to one receiver, one message each: the receiving port is not penalised.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{1, 0, 125}, {2, 0, 125}, {3, 0, 125}}, 8), 3e-6, 1e-12);
  // Two ports: two messages at once are within them.
  const Network two = parsed("latency=0,bandwidth=1e9,sharing=0.25,ports=2");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(two, {{0, 1, 125}, {0, 2, 125}}, 8), 1e-6, 1e-12);
}

TEST(NetworkModel, TorusCountsSharedLinks) {
  // A ring of 4 (4 x 1 torus): 0->2 and 1->3 both go +x through the link 1->2.
  const Network n = parsed("latency=0,bandwidth=1e9,torus=4x1");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 2, 125}, {1, 3, 125}}, 8), 2e-6, 1e-12);
  // 0->1 and 2->3 share no link.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 1, 125}, {2, 3, 125}}, 8), 1e-6, 1e-12);
  // The short way round: 0->3 is one hop -x.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 3, 125}, {1, 0, 125}}, 8), 1e-6, 1e-12);
}

// Stepped execution is per process: a process waits for its peers' earlier
// steps, not for steps it has no message in.
TEST(NetworkModel, StepsWaitOnlyForPeers) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,hops=2");
  // Three steps, each moving 1000 bytes between a different pair: 3 us each.
  const std::vector<std::vector<Edge>> disjoint = {{{0, 1, 125}}, {{2, 3, 125}}, {{4, 5, 125}}};
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, disjoint, 8), 3e-6, 1e-12);
  // A chain: 1 receives from 0, then sends to 2, who then sends to 3.
  const std::vector<std::vector<Edge>> chain = {{{0, 1, 125}}, {{1, 2, 125}}, {{2, 3, 125}}};
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, chain, 8), 9e-6, 1e-12);
  // Steps running at once share resources as async does: 3 senders to one
  // receiver in three steps take no less than its port needs at once.
  const std::vector<std::vector<Edge>> incast = {{{1, 0, 125}}, {{2, 0, 125}}, {{3, 0, 125}}};
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, incast, 8), 9e-6, 1e-12);
  const Network wide = parsed("latency=0,bandwidth=1e9,topology=fat-tree,leaf=2,spines=1");
  // 0->2 and then 1->3 in steps of their own, on one uplink: 2 us, as at once.
  EXPECT_NEAR(mr2d::model::stepped_seconds(wide, {{{0, 2, 125}}, {{1, 3, 125}}}, 8), 2e-6, 1e-12);
}

// Below the eager limit a sender does not wait for its receiver to be ready.
TEST(NetworkModel, EagerSendersGoOn) {
  const Network rendezvous = parsed("latency=0,bandwidth=1e9");
  const Network eager = parsed("latency=0,bandwidth=1e9,eager=2000");
  // Step 0: 1 receives 10 us of data from 0. Step 1: 2 sends 8 bytes to 1,
  // then 1 us of data to 3 in step 2.
  const std::vector<std::vector<Edge>> steps = {{{0, 1, 1250}}, {{2, 1, 1}}, {{2, 3, 125}}};
  // Rendezvous: 2's message starts when 1 is ready (10 us), 2 -> 3 after it.
  EXPECT_NEAR(mr2d::model::stepped_seconds(rendezvous, steps, 8), 10e-6 + 8e-9 + 1e-6, 1e-12);
  // Eager: 2 sends at once and goes on to 3; 1's port is busy for 10 us and 8 ns.
  EXPECT_NEAR(mr2d::model::stepped_seconds(eager, steps, 8), 10e-6 + 8e-9, 1e-12);
}

// Pipelined messages travel in chunks, two at a time: each pair of chunks
// pays the path latency again.
TEST(NetworkModel, ChunksPayTheLatencyPerPair) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,hops=2");
  const std::vector<Edge> one = {{0, 1, 1000}};  // 8000 bytes: 8 us
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, one, 8), 8e-6 + 2e-6, 1e-12);
  // 8 chunks of 1000 bytes: 4 pairs, each 2 us of latency.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, one, 8, 1000), 8e-6 + 4 * 2e-6, 1e-12);
  // 3 chunks (the last one short): 2 pairs.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, one, 8, 3000), 8e-6 + 2 * 2e-6, 1e-12);
  // Chunks as large as the message: one.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, one, 8, 8000), 8e-6 + 2e-6, 1e-12);
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, {one}, 8, 1000), 8e-6 + 4 * 2e-6, 1e-12);
}

TEST(NetworkModel, PerMessageOverheadFavoursFewerMessagesAtOnce) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,overhead=1e-6");
  // Async: 3 us bandwidth + 1 us latency + 3 messages x 1 us overhead.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, all_to_all(4, 125), 8), 7e-6, 1e-12);
}

// The automatic choice under the network model: async in the fluid model
// (steps can only add up what sharing does at once), the stepped schedule
// once simultaneous messages congest a port.
// An m x m matrix of doubles from 8 x 8 to 32 x 32 blocks on a 4 x 4 grid.
mr2d::model::Problem block_change(mr2d::Index m) {
  mr2d::model::Problem pb;
  pb.m = pb.n = m;
  pb.elem_size = 8;
  pb.a = mr2d::test::grid_layout(4, 4, 8, 8, m, m);
  pb.b = mr2d::test::grid_layout(4, 4, 32, 32, m, m);
  return pb;
}

mr2d::model::CostModel on_network(const std::string& text) {
  mr2d::model::CostModel model;
  model.network = parsed(text);
  return model;
}

TEST(NetworkModel, AutomaticChoiceFollowsCongestion) {
  const mr2d::model::Problem pb = block_change(1024);
  const auto edges = mr2d::model::all_edges(pb);
  const auto fluid = on_network("latency=1e-6,bandwidth=1e10,topology=fat-tree");
  const auto congested = on_network("latency=1e-6,bandwidth=1e10,topology=fat-tree,incast=0.2");
  EXPECT_EQ(mr2d::schedule::make(mr2d::schedule::Kind::automatic, pb, edges, fluid).kind,
            mr2d::schedule::Kind::async);
  EXPECT_EQ(mr2d::schedule::make(mr2d::schedule::Kind::automatic, pb, edges, congested).kind,
            mr2d::schedule::Kind::optimal);
}

// A sender of several messages at once losing a quarter (InfiniBand-like):
// once the bytes outweigh the steps' latencies, one message per process at a
// time is predicted faster, and auto takes it.
TEST(NetworkModel, AutomaticChoiceFollowsSharingLoss) {
  const mr2d::model::Problem pb = block_change(4096);
  const auto edges = mr2d::model::all_edges(pb);
  const auto shared = on_network("latency=1e-6,bandwidth=1e10,hops=2,sharing=0.25");
  const auto lossless = on_network("latency=1e-6,bandwidth=1e10,hops=2");
  using mr2d::schedule::Kind;
  const auto picked = mr2d::schedule::make(Kind::automatic, pb, edges, shared);
  EXPECT_NE(picked.kind, Kind::async);
  const double async = mr2d::schedule::predicted_seconds({}, edges, pb.elem_size, shared);
  EXPECT_LT(mr2d::schedule::predicted_seconds(picked, edges, pb.elem_size, shared), async);
  // async loses exactly the quarter; the stepped schedule nothing.
  EXPECT_NEAR(async - 2e-6, 1.25 * (mr2d::schedule::predicted_seconds({}, edges, pb.elem_size, lossless) - 2e-6),
              1e-12);
  EXPECT_DOUBLE_EQ(mr2d::schedule::predicted_seconds(picked, edges, pb.elem_size, shared),
                   mr2d::schedule::predicted_seconds(picked, edges, pb.elem_size, lossless));
  EXPECT_EQ(mr2d::schedule::make(Kind::automatic, pb, edges, lossless).kind, Kind::async);
}

// What lets auto skip building a stepped schedule without congestion: no
// stepped schedule is then predicted faster than async, whatever the
// topology, ports, overhead or layouts (and without a network model).
TEST(NetworkModel, WithoutCongestionNoSteppedScheduleIsPredictedFaster) {
  const char* networks[] = {"", "latency=1e-6,bandwidth=1e10", "latency=2e-6,bandwidth=1e9,ports=2,overhead=5e-7",
                            "latency=1e-6,bandwidth=1e10,topology=fat-tree,hops=4",
                            "latency=1e-6,bandwidth=1e10,overhead=1e-6,topology=torus,torus=4x4"};
  struct Shape {
    int pa, qa, mba, nba, pb, qb, mbb, nbb;
  };
  const Shape shapes[] = {{4, 4, 8, 8, 4, 4, 32, 32}, {8, 2, 16, 16, 2, 8, 16, 16}, {4, 2, 5, 7, 4, 4, 3, 11},
                          {2, 8, 64, 1, 16, 1, 1, 64}};
  using mr2d::schedule::Kind;
  for (const char* text : networks)
    for (const Shape& sh : shapes) {
      mr2d::model::Problem pb;
      pb.m = pb.n = 512;
      pb.elem_size = 8;
      pb.a = mr2d::test::grid_layout(sh.pa, sh.qa, sh.mba, sh.nba, 512, 512);
      pb.b = mr2d::test::grid_layout(sh.pb, sh.qb, sh.mbb, sh.nbb, 512, 512);
      const auto edges = mr2d::model::all_edges(pb);
      mr2d::model::CostModel model;
      std::string error;
      ASSERT_TRUE(mr2d::model::parse_network(text, model.network, error)) << error;
      const double async = mr2d::schedule::predicted_seconds({}, edges, pb.elem_size, model);
      for (Kind k : {Kind::caterpillar, Kind::circulant, Kind::optimal}) {
        const auto stepped = mr2d::schedule::make(k, pb, edges, model);
        EXPECT_LE(async, mr2d::schedule::predicted_seconds(stepped, edges, pb.elem_size, model) * (1 + 1e-12))
            << "network '" << text << "', " << mr2d::schedule::name_of(k);
      }
      EXPECT_EQ(mr2d::schedule::make(Kind::automatic, pb, edges, model).kind, Kind::async) << text;
    }
}

}  // namespace
